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
        var stack: [Int] = []
        for y in (height / 3)..<(2 * height / 3) {
            for x in (width / 3)..<(2 * width / 3) {
                let start = y * width + x
                guard smooth[start], label[start] == 0 else { continue }
                next += 1
                label[start] = next
                stack.append(start)
                var size = 0
                while let i = stack.popLast() {
                    size += 1
                    for j in [i - 1, i + 1, i - width, i + width] where j >= 0 && j < gray.count && smooth[j] && label[j] == 0 {
                        // No wrapping from one row's end to the next row's start.
                        if (j == i - 1 || j == i + 1) && j / width != i / width { continue }
                        label[j] = next
                        stack.append(j)
                    }
                }
                if size > best.size { best = (next, size) }
            }
        }
        let area = Double(width * height)
        guard Double(best.size) >= area * 0.2 else { return nil }

        // Extreme points along the diagonals are the corners of a sheet turned less than ~35°.
        // Rows are also filled between their leftmost and rightmost page pixel: text and rules
        // inside the sheet are holes in the smooth region, not outside the page.
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
        let corners = [tl.p, tr.p, br.p, bl.p]
        // A sheet lies inside the picture: a corner on the border means the page is cut off (or
        // the picture is all page), where flattening would guess.
        let margin = 2.0
        for c in corners where c.x < margin || c.y < margin || c.x > Double(width - 1) - margin || c.y > Double(height - 1) - margin {
            return nil
        }
        if Double(touches) > Double(height) * 0.05 { return nil }
        for x in 0..<width where label[width + x] == best.label || label[(height - 2) * width + x] == best.label {
            return nil  // reaches the top or bottom edge
        }
        let quadArea = polygonArea(corners)
        guard quadArea >= area * 0.2, isConvex(corners) else { return nil }
        // The region fills its quadrilateral: it is a sheet, not a blob with a ragged outline.
        let fit = filled / quadArea
        guard fit > 0.94 && fit < 1.06 else { return nil }
        // Sides of a sheet: opposite sides of similar length (a mild perspective only).
        let top = distance(tl.p, tr.p), bottom = distance(bl.p, br.p), left = distance(tl.p, bl.p), right = distance(tr.p, br.p)
        guard min(top, bottom) / max(top, bottom) > 0.6, min(left, right) / max(left, right) > 0.6,
            min(top, left) > Double(min(width, height)) * 0.15
        else { return nil }
        return PageOutline(corners: corners)
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
