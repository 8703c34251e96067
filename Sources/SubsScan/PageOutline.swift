/// Finds the sheet of paper in a photo: the smooth region around the middle of the picture, when
/// it is clearly a quadrilateral lying inside it (a page on a table, seen at an angle). Its four
/// corners let the preparation flatten the page with a projective transform. Pure Swift over gray
/// bytes, so it is cheap on a small copy of the photo and testable without images.
struct PageOutline: Equatable {
    /// Corners in the analysed image's pixels: top-left, top-right, bottom-right, bottom-left.
    var corners: [Point]

    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    /// Sides along the pixel rows and columns: drawn on a screen, not photographed. (Within 3
    /// pixels of the analysed picture: a panel's rounded corners move the found ones by 2.)
    var isSquare: Bool {
        let (tl, tr, br, bl) = (corners[0], corners[1], corners[2], corners[3])
        return abs(tl.y - tr.y) <= 3 && abs(bl.y - br.y) <= 3 && abs(tl.x - bl.x) <= 3 && abs(tr.x - br.x) <= 3
    }

    /// Gradient (on a 3x3-smoothed copy) under which a pixel is smooth paper or background.
    static let smoothGradient = 8.0

    /// The outline of the page in `gray` (`width` x `height`, row by row), or nil when there is
    /// no clear one: a region touching the picture's edges (a scan or a screenshot is all page),
    /// or a shape that is not a four-cornered sheet.
    ///
    /// The sheet is the smooth region grown from the middle of the picture and stopped by the
    /// sheet's edge, where brightness steps. Only the step matters, not the brightness: shadows
    /// and light falling off towards the corners stay inside the sheet.
    static func find(gray: [UInt8], width: Int, height: Int) -> PageOutline? {
        guard width >= 32, height >= 32, gray.count == width * height else { return nil }
        // 3x3 box blur, then central-difference gradient.
        var blur = [Double](repeating: 0, count: gray.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for dy in -1...1 {
                    let yy = min(max(y + dy, 0), height - 1)
                    for dx in -1...1 {
                        sum += Double(gray[yy * width + min(max(x + dx, 0), width - 1)])
                    }
                }
                blur[y * width + x] = sum / 9
            }
        }
        var smooth = [Bool](repeating: false, count: gray.count)
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let i = y * width + x
                let gx = blur[i + 1] - blur[i - 1], gy = blur[i + width] - blur[i - width]
                smooth[i] = (gx * gx + gy * gy) < smoothGradient * smoothGradient
            }
        }
        // Grow regions from the smooth pixels of the middle third; keep the largest.
        var label = [Int32](repeating: 0, count: gray.count)
        var best = (label: Int32(0), size: 0)
        var next: Int32 = 0
        /// Labels the smooth region around `start` with `id`; returns its pixels.
        func grow(from start: Int, as id: Int32) -> [Int] {
            GridRegion.grow(from: start, width: width, height: height, joins: { smooth[$0] && label[$0] == 0 }, mark: { label[$0] = id })
        }
        for y in (height / 3)..<(2 * height / 3) {
            for x in (width / 3)..<(2 * width / 3) {
                let start = y * width + x
                guard smooth[start], label[start] == 0 else { continue }
                next += 1
                let size = grow(from: start, as: next).count
                if size > best.size { best = (next, size) }
            }
        }
        let area = Double(width * height)
        guard Double(best.size) >= area * 0.2 else { return nil }

        /// Extreme points along the diagonals are the corners of a sheet turned less than ~35°.
        /// Rows are also filled between their leftmost and rightmost page pixel: text and rules
        /// inside the sheet are holes in the smooth region, not outside the page.
        func outline() -> (corners: [Point], filled: Double, touches: Int) {
            var tl = (v: Double.infinity, p: Point(x: 0, y: 0)), br = (v: -Double.infinity, p: Point(x: 0, y: 0))
            var tr = tl, bl = tl
            var filled = 0.0
            var touches = 0
            for y in 0..<height {
                var first = -1, last = -1
                for x in 0..<width where label[y * width + x] == best.label {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                filled += Double(last - first + 1)
                if first <= 1 || last >= width - 2 { touches += 1 }
                for x in [first, last] {
                    let p = Point(x: Double(x), y: Double(y))
                    if p.x + p.y < tl.v { tl = (p.x + p.y, p) }
                    if p.x + p.y > br.v { br = (p.x + p.y, p) }
                    if -(p.x - p.y) < tr.v { tr = (-(p.x - p.y), p) }
                    if -(p.y - p.x) < bl.v { bl = (-(p.y - p.x), p) }
                }
            }
            return ([tl.p, tr.p, br.p, bl.p], filled, touches)
        }
        var (corners, filled, touches) = outline()
        // A band printed to the sheet's top or bottom edge (a letterhead, a footer bar) is a region
        // of its own, and so is the paper beyond a fold's crease: each joins the sheet when it lies
        // between the sheet's side lines. In rounds: a thin rule can sit between a band and the
        // sheet, and a letter folded in three has two creases. The other regions grown from the
        // middle were only candidates, free to be joined.
        for i in label.indices where label[i] != best.label { label[i] = 0 }
        func tone(_ pixels: [Int]) -> Double { pixels.reduce(0) { $0 + blur[$1] } / Double(max(pixels.count, 1)) }
        for _ in 0..<4 {
            let sheetTone = tone(label.indices.filter { label[$0] == best.label })
            var joined = false
            for edge in [(corners[0], corners[1]), (corners[3], corners[2])] {
                next += 1
                let id = next
                if let band = band(outside: edge, of: corners, width: width, height: height, free: { smooth[$0] && label[$0] == 0 },
                                   grow: { grow(from: $0, as: id) }, isPaper: { abs(tone($0) - sheetTone) < paperToneStep })
                {
                    for i in band { label[i] = best.label }
                    joined = true
                }
            }
            guard joined else { break }
            (corners, filled, touches) = outline()
        }
        // A sheet lies inside the picture: one reaching the frame along more than a corner's tip is
        // cut off (or the picture is all page), where flattening would guess.
        if Double(touches) > Double(height) * 0.05 { return nil }
        let topContact = (0..<width).filter { label[width + $0] == best.label }.count
        let bottomContact = (0..<width).filter { label[(height - 2) * width + $0] == best.label }.count
        if Double(max(topContact, bottomContact)) > Double(width) * 0.03 { return nil }
        let quadArea = polygonArea(corners)
        guard quadArea >= area * 0.2, isConvex(corners) else { return nil }
        // The region fills its quadrilateral: it is a sheet, not a blob with a ragged outline.
        let fit = filled / quadArea
        guard fit > 0.94 && fit < 1.06 else { return nil }
        // Sides of a sheet: opposite sides of similar length (a mild perspective only).
        let top = distance(corners[0], corners[1]), bottom = distance(corners[3], corners[2])
        let left = distance(corners[0], corners[3]), right = distance(corners[1], corners[2])
        guard min(top, bottom) / max(top, bottom) > 0.6, min(left, right) / max(left, right) > 0.6,
            min(top, left) > Double(min(width, height)) * 0.15
        else { return nil }
        return PageOutline(corners: corners)
    }

    /// Brightness within which paper beyond a crease matches the sheet (of 255, blurred means).
    static let paperToneStep = 24.0

    /// Grows the smooth region just outside the sheet's `edge` (top or bottom side) and tells
    /// whether it is part of the sheet: between the lines of the sheet's sides, about as long as
    /// the edge, clear of the frame, and either a band at most a third of the sheet's height deep or
    /// paper of the sheet's tone (beyond a crease) up to twice its height. A table or a wall behind
    /// the sheet runs out past the sheet's sides.
    private static func band(outside edge: (Point, Point), of corners: [Point], width: Int, height: Int,
                             free: (Int) -> Bool, grow: (Int) -> [Int], isPaper: ([Int]) -> Bool) -> [Int]?
    {
        let (a, b) = edge
        let length = distance(a, b)
        guard length > 0 else { return nil }
        let along = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
        let centre = Point(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        /// Signed distance of `p` from the line through `p0` and `p1`, positive on the centre's side.
        func inward(_ p: Point, _ p0: Point, _ p1: Point) -> Double {
            func cross(_ q: Point) -> Double { (p1.x - p0.x) * (q.y - p0.y) - (p1.y - p0.y) * (q.x - p0.x) }
            let d = cross(p) / distance(p0, p1)
            return cross(centre) < 0 ? -d : d
        }
        // The seed: just past the edge's middle (its few pixels of gradient are not smooth), where
        // three pixels in a row are smooth: the middle of a thin line (a crease) is flat too.
        let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        let out = outwardNormal(a, b, awayFrom: centre)
        func freePixel(_ k: Int) -> Int? {
            let x = Int((mid.x + out.x * Double(k)).rounded()), y = Int((mid.y + out.y * Double(k)).rounded())
            return x > 0 && x < width - 1 && y > 0 && y < height - 1 && free(y * width + x) ? y * width + x : nil
        }
        var seed: Int?
        for k in 2...10 where seed == nil {
            if let pixel = freePixel(k), freePixel(k + 1) != nil, freePixel(k + 2) != nil { seed = pixel }
        }
        guard let seed else { return nil }
        let pixels = grow(seed)
        let sheetHeight = (distance(corners[0], corners[3]) + distance(corners[1], corners[2])) / 2
        let tolerance = max(3, Double(width) * 0.02)
        var lo = Double.infinity, hi = -Double.infinity, depth = 0.0
        for i in pixels {
            let x = i % width, y = i / width
            if x <= 1 || y <= 1 || x >= width - 2 || y >= height - 2 { return nil }
            let p = Point(x: Double(x), y: Double(y))
            if inward(p, corners[0], corners[3]) < -tolerance || inward(p, corners[1], corners[2]) < -tolerance { return nil }
            depth = max(depth, -inward(p, a, b))
            if depth > sheetHeight * 2 { return nil }
            let t = (p.x - a.x) * along.x + (p.y - a.y) * along.y
            lo = min(lo, t)
            hi = max(hi, t)
        }
        guard hi - lo >= length * 0.8 else { return nil }
        return depth <= sheetHeight / 3 || isPaper(pixels) ? pixels : nil
    }

    /// How far (RGB distance) a band's colour stands at least from the ground's: a green bar on a
    /// brown desk measured 57, dark blue on dark gray 100.
    static let bandColourStep = 40.0
    /// Within this distance of the band's colour so far, a pixel is the band's: its tint varies by
    /// less than 10 from the side outwards.
    static let bandColourSpread = 15.0
    /// Pixels of ground past a band (in the small picture outlines are found in): more than the
    /// height of the text printed on a band.
    static let groundBeyondBand = 14

    /// The least colourfulness (largest minus smallest channel) of a band: a gray strip beyond the
    /// sheet is its shadow or the table.
    static let bandColourfulness = 40.0

    /// The outline with its top or bottom side moved out over a coloured band printed to the
    /// sheet's edge, which the gray picture could not tell from the ground: a blue letterhead bar
    /// and a dark desk are both about 80 gray. In colour the band is one colourful tint from the
    /// side outwards, ending in a sharp step to the ground at one distance all along the side.
    /// `rgb` holds three bytes a pixel, row by row, at the size the outline was found in.
    func extendedOverColourBands(rgb: [UInt8], width: Int, height: Int) -> PageOutline {
        guard rgb.count == width * height * 3 else { return self }
        typealias RGB = (r: Double, g: Double, b: Double)
        func colour(_ p: Point) -> RGB? {
            let x = Int(p.x.rounded()), y = Int(p.y.rounded())
            guard x >= 0, y >= 0, x < width, y < height else { return nil }
            let i = (y * width + x) * 3
            return (Double(rgb[i]), Double(rgb[i + 1]), Double(rgb[i + 2]))
        }
        func apart(_ a: RGB, _ b: RGB) -> Double {
            ((a.r - b.r) * (a.r - b.r) + (a.g - b.g) * (a.g - b.g) + (a.b - b.b) * (a.b - b.b)).squareRoot()
        }
        var c = corners
        let sheetHeight = (Self.distance(c[0], c[3]) + Self.distance(c[1], c[2])) / 2
        let centre = Point(x: c.map(\.x).reduce(0, +) / 4, y: c.map(\.y).reduce(0, +) / 4)
        let samples = 21
        for (ia, ib, opposite) in [(0, 1, (3, 2)), (3, 2, (0, 1))] {
            let a = c[ia], b = c[ib]
            let length = Self.distance(a, b)
            guard length > 0 else { continue }
            let out = Self.outwardNormal(a, b, awayFrom: centre)
            // Along the side's middle part, the band's depth seen from each sample (text or a logo
            // printed on the band ends some early).
            var depths: [Int] = []
            for s in 0..<samples {
                let t = 0.15 + 0.7 * Double(s) / Double(samples - 1)
                let base = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                func at(_ k: Int) -> RGB? { colour(Point(x: base.x + out.x * Double(k), y: base.y + out.y * Double(k))) }
                // (from the first colourful pixel past the few of the side's own blur: two in a row alike)
                guard let start = (1...8).first(where: { k in
                    guard let p = at(k), let q = at(k + 1) else { return false }
                    return max(p.r, p.g, p.b) - min(p.r, p.g, p.b) >= Self.bandColourfulness && apart(p, q) <= Self.bandColourSpread
                }), let first = at(start)
                else { continue }
                // Out to the band's last pixel: white text printed on the band interrupts it briefly;
                // past the band, the ground goes on unlike it.
                var sum = first, count = 1.0, last = start, k = start + 1
                func mean() -> RGB { (sum.r / count, sum.g / count, sum.b / count) }
                while Double(k) <= sheetHeight / 3, k - last <= Self.groundBeyondBand, let here = at(k) {
                    if apart(here, mean()) <= Self.bandColourSpread {
                        sum = (sum.r + here.r, sum.g + here.g, sum.b + here.b)
                        count += 1
                        last = k
                    }
                    k += 1
                }
                // A sharp step to the ground (which may run only a few pixels on to the picture's edge).
                guard k - last > Self.groundBeyondBand || (at(k) == nil && k - last > 3), let edge = at(last), let beyond = at(last + 2),
                    apart(edge, beyond) > Self.bandColourStep
                else { continue }
                depths.append(last)
            }
            // The depth most samples agree on, within two pixels, for half of them at least.
            func agreeing(_ d: Int) -> Int { depths.filter { abs($0 - d) <= 2 }.count }
            guard let depth = depths.max(by: { agreeing($0) < agreeing($1) }), depth >= 4, agreeing(depth) * 2 >= samples
            else { continue }
            // Between the sheet's sides: past a side's line, halfway out, the colour changes (a strip
            // of colour running on past the sheet is the table's).
            func endsAtSide(_ corner: Point, _ oppositeCorner: Point, inward: Point) -> Bool {
                let side = Self.distance(corner, oppositeCorner)
                guard side > 0 else { return false }
                let up = Double(depth) / 2 / side
                let p = Point(x: corner.x + (corner.x - oppositeCorner.x) * up, y: corner.y + (corner.y - oppositeCorner.y) * up)
                func across(_ k: Double) -> RGB? { colour(Point(x: p.x + inward.x * k, y: p.y + inward.y * k)) }
                // (five pixels each way, or as far as the picture goes when the sheet reaches its edge)
                guard let reach = [5.0, 4, 3].first(where: { across(-$0) != nil }), let inside = across(reach), let outside = across(-reach)
                else { return false }
                return apart(inside, outside) > Self.bandColourStep
            }
            let along = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
            guard endsAtSide(a, c[opposite.0], inward: along), endsAtSide(b, c[opposite.1], inward: Point(x: -along.x, y: -along.y))
            else { continue }
            for i in [ia, ib] {
                let moved = Point(x: c[i].x + out.x * Double(depth), y: c[i].y + out.y * Double(depth))
                // (a corner a pixel or two past the picture's edge, the band printed to the sheet's cut-off tip, is
                // put on the edge)
                let slack = 2.0
                guard moved.x >= -slack, moved.y >= -slack, moved.x < Double(width) + slack, moved.y < Double(height) + slack
                else { return self }
                c[i] = Point(x: min(max(moved.x, 0), Double(width - 1)), y: min(max(moved.y, 0), Double(height - 1)))
            }
        }
        return PageOutline(corners: c)
    }

    /// The unit normal of the side from `a` to `b` that points away from `centre` (out of the sheet).
    static func outwardNormal(_ a: Point, _ b: Point, awayFrom centre: Point) -> Point {
        let length = distance(a, b)
        let out = Point(x: (b.y - a.y) / length, y: -(b.x - a.x) / length)
        let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        return (mid.x - centre.x) * out.x + (mid.y - centre.y) * out.y < 0 ? Point(x: -out.x, y: -out.y) : out
    }

    /// Width and height of the flattened page: the longer of each pair of opposite sides.
    var flattenedSize: (width: Double, height: Double) {
        let c = corners
        return (max(Self.distance(c[0], c[1]), Self.distance(c[3], c[2])),
                max(Self.distance(c[0], c[3]), Self.distance(c[1], c[2])))
    }

    /// The corners scaled by `factor` (from the analysed copy to the full image).
    func scaled(by factor: Double) -> PageOutline {
        PageOutline(corners: corners.map { Point(x: $0.x * factor, y: $0.y * factor) })
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    static func polygonArea(_ p: [Point]) -> Double {
        var s = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return abs(s) / 2
    }

    static func isConvex(_ p: [Point]) -> Bool {
        var sign = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count], c = p[(i + 2) % p.count]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if cross == 0 { return false }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }
}
