/// Where a prepared page can be cut in two so that two OCR engines read the halves at once: a
/// blank run of rows between two text lines, near the middle. Pure pixel arithmetic.
enum PageSplit {
    /// The cut is looked for in this part of the page's height: the halves stay within 35/65, so
    /// neither engine waits long for the other.
    static let searchedPart = 0.35...0.65
    /// Rows no taller than this are no gap: the space between an ascender and the descender above.
    static let minGapRows = 4
    /// A row counts as blank with at most this share of dark pixels: a table's vertical rules
    /// cross the gap between two lines, a line of text is far darker.
    static let maxInkShare = 0.01

    /// The row to cut at (the first row of the lower half), or nil when the middle of the page
    /// has no blank run of rows (a picture, text set too tight, a page too short to be worth it).
    static func row(gray: [UInt8], width: Int, height: Int) -> Int? {
        guard width > 0, height >= 200, gray.count == width * height else { return nil }
        var whole = [Int](repeating: 0, count: 256)
        for v in gray { whole[Int(v)] += 1 }
        // Ink is what Tesseract will take for ink: darker than the page's threshold. Faint print
        // is lighter than a fixed mid-gray.
        guard let threshold = otsuThreshold(whole) else { return nil }
        let from = Int(Double(height) * searchedPart.lowerBound), to = Int(Double(height) * searchedPart.upperBound)
        let maxInk = Int(Double(width) * maxInkShare)
        var runs: [Range<Int>] = []
        var start: Int?
        for y in from..<to {
            var ink = 0
            let base = y * width
            for x in 0..<width where Int(gray[base + x]) <= threshold { ink += 1 }
            if ink <= maxInk {
                if start == nil { start = y }
            } else if let s = start {
                runs.append(s..<y)
                start = nil
            }
        }
        if let s = start { runs.append(s..<to) }
        let middle = height / 2
        // The gap nearest the middle, cut at its own middle: no line loses a descender or an accent.
        guard let best = runs.filter({ $0.count >= minGapRows }).min(by: { a, b in
            abs((a.lowerBound + a.upperBound) / 2 - middle) < abs((b.lowerBound + b.upperBound) / 2 - middle)
        }) else { return nil }
        let cut = (best.lowerBound + best.upperBound) / 2
        // Tesseract picks one threshold for each image it is given (Otsu's). A half whose own
        // threshold is far from the page's loses its faint print: a receipt's black logo above
        // gray till print pulls the upper half's threshold down until the print turns white.
        var upper = [Int](repeating: 0, count: 256)
        for v in gray[0..<(cut * width)] { upper[Int(v)] += 1 }
        let lower = zip(whole, upper).map { $0 - $1 }
        guard let tu = otsuThreshold(upper), let tl = otsuThreshold(lower),
            abs(tu - threshold) <= maxThresholdShift, abs(tl - threshold) <= maxThresholdShift
        else { return nil }
        return cut
    }

    /// How far a half's threshold may lie from the page's for the halves to read as the page does.
    static let maxThresholdShift = 12

    /// Otsu's threshold of a gray histogram (256 counts): the level that best separates ink from
    /// paper. Nil for an empty or one-tone histogram.
    static func otsuThreshold(_ histogram: [Int]) -> Int? {
        let total = histogram.reduce(0, +)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset) * Double($1.element) }
        var below = 0, belowSum = 0.0, best: (level: Int, spread: Double)?
        for level in 0..<255 {
            below += histogram[level]
            belowSum += Double(level) * Double(histogram[level])
            guard below > 0, below < total else { continue }
            let w0 = Double(below) / Double(total)
            let m0 = belowSum / Double(below), m1 = (sum - belowSum) / Double(total - below)
            let spread = w0 * (1 - w0) * (m0 - m1) * (m0 - m1)
            if spread > (best?.spread ?? -1) { best = (level, spread) }
        }
        return best?.level
    }
}
