/// The full stops of spaced initials ("S.H.H. MOTOR", "A.B.C. TRADING") that OCR dropped:
/// Tesseract reads a condensed till font's "S.H.H." as "SHH," because each stop takes a whole
/// letter cell. The stops are plain on the page: a small mark on the baseline after each letter.
/// A word read as two to five capitals is looked at across its box, column by column; when its
/// ink falls into exactly those letters, each but the last followed by such a mark, the stops
/// are put back. Anything else (a letter broken in two, a speck off the baseline, a comma's
/// tail) leaves the word as read.
enum InitialDots {
    /// A run of inked columns: its left edge, width and the rows its ink spans.
    struct InkRun: Equatable {
        var x: Int, width: Int, top: Int, bottom: Int
        var height: Int { bottom - top + 1 }
    }

    /// The word's letters when it reads as initials without their stops: two to five capitals,
    /// with at most one stop or comma after them ("SHH,").
    static func letters(of word: String) -> [Character]? {
        var letters = Array(word)
        if let last = letters.last, last == "." || last == "," { letters.removeLast() }
        guard (2...5).contains(letters.count), letters.allSatisfy({ $0.isUppercase }) else { return nil }
        return letters
    }

    /// `word` spelt with its stops ("S.H.H."), or nil when the ink does not show them.
    static func dotted(_ word: String, runs: [InkRun]) -> String? {
        guard let letters = letters(of: word), runs.count == 2 * letters.count || runs.count == 2 * letters.count - 1
        else { return nil }
        let glyphs = stride(from: 0, to: runs.count, by: 2).map { runs[$0] }
        let marks = stride(from: 1, to: runs.count, by: 2).map { runs[$0] }
        let heights = glyphs.map(\.height).sorted(), widths = glyphs.map(\.width).sorted()
        let letterHeight = heights[heights.count / 2], letterWidth = widths[widths.count / 2]
        let baseline = glyphs.map(\.bottom).sorted()[glyphs.count / 2]
        let slack = max(2, letterHeight * 15 / 100)
        // Letters stand the full height on one baseline; a stop is small and sits on that line.
        guard letterHeight >= 8,
            glyphs.allSatisfy({ $0.height * 10 >= letterHeight * 8 && abs($0.bottom - baseline) <= slack }),
            marks.allSatisfy({
                $0.height * 100 <= letterHeight * 35 && $0.width * 10 <= letterWidth * 6
                    && abs($0.bottom - baseline) <= slack
            })
        else { return nil }
        return letters.map(String.init).joined(separator: ".") + (marks.count == letters.count ? "." : "")
    }

    /// The runs of inked columns of a `width` x `height` gray image (dark: under `threshold`),
    /// left to right.
    static func inkRuns(gray: [UInt8], width: Int, height: Int, threshold: UInt8 = 128) -> [InkRun] {
        guard width > 0, height > 0, gray.count >= width * height else { return [] }
        var runs: [InkRun] = []
        var current: InkRun?
        for x in 0...width {
            var top = Int.max, bottom = -1
            if x < width {
                for y in 0..<height where gray[y * width + x] < threshold {
                    top = min(top, y)
                    bottom = y
                }
            }
            if bottom >= 0 {
                if var run = current {
                    run.width += 1
                    run.top = min(run.top, top)
                    run.bottom = max(run.bottom, bottom)
                    current = run
                } else {
                    current = InkRun(x: x, width: 1, top: top, bottom: bottom)
                }
            } else if let run = current {
                runs.append(run)
                current = nil
            }
        }
        return runs
    }

    /// `word` with its stops put back when the page image shows them under its box.
    static func dotted(_ word: WordBox, on raster: Raster) -> String? {
        guard letters(of: word.text) != nil, word.width > 0, word.height > 0,
            let crop = raster.cropped(x: word.x, y: word.y, width: word.width, height: word.height)?.grayscale(),
            let gray = crop.grayBytes()
        else { return nil }
        return dotted(word.text, runs: inkRuns(gray: gray, width: crop.width, height: crop.height))
    }
}
