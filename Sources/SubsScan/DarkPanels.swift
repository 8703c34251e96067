/// Finds light text on dark or coloured panels inside a light page: a letterhead's band, a mail's
/// brand bar, a total row or a button printed white on colour. Tesseract reads dark on light and
/// binarises the page with one threshold, which turns a mid-tone panel and its letters into one
/// blot (its own retry of inverted lines is off for speed); so each panel is turned into dark
/// letters on white before OCR. Pure Swift over gray bytes, testable without images.
enum DarkPanels {
    struct Panel: Equatable {
        var box: Raster.PixelBox
        /// The panel's own gray (its median): mapped to white, lighter letters to black.
        var ground: UInt8
    }

    /// A panel is at least this much darker than the paper (a pale table header with black text
    /// is read as it is).
    static let contrast = 70
    /// A tile this much covered by panel ground is part of a panel (letters leave holes, not gaps).
    static let groundShare = 0.55
    /// A panel fills its rectangle: text's bold strokes and shaded photos do not.
    static let minFill = 0.8
    /// Light pixels a panel must hold to have anything to read: a bare dark strip (a table's
    /// edge, a scanner's lid) is left alone.
    static let lightShare = 0.01...0.5
    /// Share of a panel's edge that must be ground.
    static let minEdgeGround = 0.9

    /// Panels of `gray` (`width` x `height`, row by row) that carry light marks. Empty on a dark
    /// page (it is inverted whole) and on pages without panels. On a photographed sheet just
    /// flattened (`aslant`), a band's edges may run a little aslant of the pixels.
    static func find(gray: [UInt8], width: Int, height: Int, aslant: Bool = false) -> [Panel] {
        guard width >= 64, height >= 64, gray.count == width * height else { return [] }
        // The paper: the gray most of the page is at or under (90th percentile of a sample).
        var histogram = [Int](repeating: 0, count: 256)
        for i in stride(from: 0, to: gray.count, by: 7) { histogram[Int(gray[i])] += 1 }
        let samples = histogram.reduce(0, +)
        var seen = 0, paper = 255
        for v in 0...255 {
            seen += histogram[v]
            if Double(seen) >= Double(samples) * 0.9 { paper = v; break }
        }
        let limit = UInt8(max(0, paper - contrast))
        guard limit > 40 else { return [] }

        // Tiles sized to the page: a button or a one-line bar is still a few tiles high.
        let tile = max(4, max(width, height) / 320)
        let cols = width / tile, rows = height / tile
        var ground = [Bool](repeating: false, count: cols * rows)
        gray.withUnsafeBufferPointer { g in
            for ty in 0..<rows {
                for tx in 0..<cols {
                    var n = 0
                    for y in (ty * tile)..<((ty + 1) * tile) {
                        let row = y * width
                        for x in (tx * tile)..<((tx + 1) * tile) where g[row + x] < limit { n += 1 }
                    }
                    ground[ty * cols + tx] = Double(n) >= Double(tile * tile) * groundShare
                }
            }
        }
        // A page mostly dark is a dark-mode page, inverted whole elsewhere.
        guard Double(ground.filter { $0 }.count) < Double(ground.count) * 0.5 else { return [] }

        var visited = [Bool](repeating: false, count: ground.count)
        var panels: [Panel] = []
        for start in ground.indices where ground[start] && !visited[start] {
            let region = GridRegion.grow(from: start, width: cols, height: rows,
                                         joins: { ground[$0] && !visited[$0] }, mark: { visited[$0] = true })
            let count = region.count
            var minX = cols, maxX = 0, minY = rows, maxY = 0
            for i in region {
                let x = i % cols, y = i / cols
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
            let w = maxX - minX + 1, h = maxY - minY + 1
            // At least ~3 tiles high and 8 wide, filling its rectangle.
            guard h >= 3, w >= 8, Double(count) >= Double(w * h) * minFill else { continue }
            var box = Raster.PixelBox(x: minX * tile, y: minY * tile, width: w * tile, height: h * tile)
            // Its letters sit inside it: its edge is ground all round. (A run of bold letters
            // packs tiles as densely, but the gaps between them run out to the paper.) The edge is
            // looked at a tile in on a panel six tiles or more each way (a band): its last tiles may be
            // only partly ground, and a flattened photo's band at the sheet's edge has white slivers
            // there. A small panel's edge is looked at where it is: a tile in would be inside a bold
            // heading's letters.
            let inset = w >= 6 && h >= 6 ? tile : 1
            if edgeGroundShare(gray, width: width, box: box, limit: limit, inset: inset) < minEdgeGround {
                // A band whose edge runs aslant of the pixels (a photographed sheet flattened with a
                // little perspective left, not yet deskewed): each side is ground a few tiles in,
                // and the panel is taken from there.
                guard aslant, inset == tile, let fitted = fitted(box, gray, width: width, limit: limit, tile: tile) else { continue }
                box = fitted
            }
            let histogram = grayHistogram(gray, width: width, box: box)
            let (median, light) = groundAndLightShare(histogram, limit: limit)
            guard lightShare.contains(light) else { continue }
            // On a photo whose lighting is not yet evened, shade is as dark as a band: a band is
            // one ink, shade a gradient.
            guard !aslant || groundSpread(histogram, limit: limit) <= maxGroundSpread else { continue }
            panels.append(Panel(box: box, ground: median))
        }
        return panels
    }

    /// The box with each side moved in, a tile at a time up to `maxFitTiles`, to where it is
    /// ground (`minEdgeGround` of its pixels); nil when a side is not ground that far in.
    static func fitted(_ box: Raster.PixelBox, _ gray: [UInt8], width: Int, limit: UInt8, tile: Int) -> Raster.PixelBox? {
        func share(_ points: [(x: Int, y: Int)]) -> Double {
            Double(points.filter { gray[$0.y * width + $0.x] < limit }.count) / Double(max(1, points.count))
        }
        let xs = (box.x + tile)...(box.x + box.width - 1 - tile), ys = (box.y + tile)...(box.y + box.height - 1 - tile)
        func inset(_ side: (Int) -> [(x: Int, y: Int)]) -> Int? {
            (1...maxFitTiles).first { share(side($0 * tile)) >= minEdgeGround }
        }
        guard xs.count > 2 * maxFitTiles * tile, ys.count > 2 * maxFitTiles * tile,
            let top = inset({ d in xs.map { ($0, box.y + d) } }),
            let bottom = inset({ d in xs.map { ($0, box.y + box.height - 1 - d) } }),
            let left = inset({ d in ys.map { (box.x + d, $0) } }),
            let right = inset({ d in ys.map { (box.x + box.width - 1 - d, $0) } })
        else { return nil }
        // (as a box whose edge is ground a tile in: the outer tile is the panel's too)
        let x0 = box.x + (left - 1) * tile, y0 = box.y + (top - 1) * tile
        return Raster.PixelBox(x: x0, y: y0, width: box.x + box.width - (right - 1) * tile - x0,
                               height: box.y + box.height - (bottom - 1) * tile - y0)
    }
    static let maxFitTiles = 4

    /// The spread of a box's ground grays (those under `limit`, of its `histogram`): the width of
    /// their middle half.
    static func groundSpread(_ histogram: [Int], limit: UInt8) -> Int {
        let total = histogram[..<Int(limit)].reduce(0, +)
        var seen = 0, q1: Int?, q3 = 0
        for v in 0..<Int(limit) {
            seen += histogram[v]
            if q1 == nil, seen * 4 >= total { q1 = v }
            if seen * 4 >= total * 3 { q3 = v; break }
        }
        return q3 - (q1 ?? 0)
    }
    /// A band's ground grays spread 2 to 10 on the photos here; shade falling across a sheet, 36.
    static let maxGroundSpread = 16

    /// Share of the pixels on the box's edge (`inset` pixels in) that are panel ground.
    static func edgeGroundShare(_ gray: [UInt8], width: Int, box: Raster.PixelBox, limit: UInt8, inset: Int = 1) -> Double {
        let x0 = box.x + inset, x1 = box.x + box.width - 1 - inset, y0 = box.y + inset, y1 = box.y + box.height - 1 - inset
        guard x1 > x0, y1 > y0 else { return 0 }
        var ground = 0, total = 0
        for x in x0...x1 {
            for y in [y0, y1] { total += 1; if gray[y * width + x] < limit { ground += 1 } }
        }
        for y in y0...y1 {
            for x in [x0, x1] { total += 1; if gray[y * width + x] < limit { ground += 1 } }
        }
        return Double(ground) / Double(total)
    }

    /// How many pixels of the box have each gray, 0...255.
    static func grayHistogram(_ gray: [UInt8], width: Int, box: Raster.PixelBox) -> [Int] {
        var histogram = [Int](repeating: 0, count: 256)
        for y in box.y..<(box.y + box.height) {
            let row = y * width
            for x in box.x..<(box.x + box.width) { histogram[Int(gray[row + x])] += 1 }
        }
        return histogram
    }

    /// A box's median gray and the share of its pixels lighter than the panel limit (its letters),
    /// from its `histogram`.
    static func groundAndLightShare(_ histogram: [Int], limit: UInt8) -> (UInt8, Double) {
        let total = histogram.reduce(0, +)
        var seen = 0, median = 0
        for v in 0...255 {
            seen += histogram[v]
            if seen * 2 >= total { median = v; break }
        }
        let light = histogram[Int(limit)...].reduce(0, +)
        return (UInt8(median), Double(light) / Double(max(1, total)))
    }
}
