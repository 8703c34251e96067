import Foundation

/// Groups words into lines by position, and lines into cells (runs of words separated by a wide
/// gap, like table columns), so the extractor can read "label ... value" on one line or a value
/// under its label.
enum LineBuilder {
    /// Renumbers `line` of each word: words whose vertical centres overlap share a line; lines
    /// are ordered top to bottom and words left to right.
    static func assignLines(_ words: [WordBox]) -> [WordBox] {
        guard !words.isEmpty else { return words }
        let sorted = words.sorted { ($0.y + $0.height / 2) < ($1.y + $1.height / 2) }
        var lines: [[WordBox]] = []
        var lineMid: [Double] = []
        var lineHeight: [Double] = []
        for w in sorted {
            let mid = Double(w.y) + Double(w.height) / 2
            if let last = lines.indices.last, abs(mid - lineMid[last]) < max(2, min(lineHeight[last], Double(w.height)) * 0.5) {
                lines[last].append(w)
                let n = Double(lines[last].count)
                lineMid[last] += (mid - lineMid[last]) / n
                lineHeight[last] = max(lineHeight[last], Double(w.height))
            } else {
                lines.append([w])
                lineMid.append(mid)
                lineHeight.append(Double(w.height))
            }
        }
        var out: [WordBox] = []
        for (i, line) in lines.enumerated() {
            for var w in line.sorted(by: { $0.x < $1.x }) {
                w.line = i
                out.append(w)
            }
        }
        return out
    }
}

/// One line of a page as the extractor sees it.
struct TextLine: Sendable {
    var page: Int
    var words: [WordBox]
    /// Word runs separated by gaps wider than about two characters.
    var cells: [[WordBox]]
    var text: String { words.text }

    /// The words covering characters `start..<end` of `text` (UTF-16 offsets, as NSString counts).
    func words(covering start: Int, _ end: Int) -> [WordBox] {
        var offset = 0
        var out: [WordBox] = []
        for w in words {
            let len = (w.text as NSString).length
            if offset < end && start < offset + len { out.append(w) }
            offset += len + 1
        }
        return out
    }
    var top: Int { words.map(\.y).min() ?? 0 }
    var bottom: Int { words.map { $0.y + $0.height }.max() ?? 0 }
    var left: Int { words.first?.x ?? 0 }
    var confidence: Double { words.meanConfidence }

    static func lines(of pages: [TextPage]) -> [TextLine] {
        var out: [TextLine] = []
        for page in pages {
            var byLine: [Int: [WordBox]] = [:]
            for w in page.words { byLine[w.line, default: []].append(w) }
            for key in byLine.keys.sorted() {
                let words = byLine[key]!.sorted { $0.x < $1.x }
                var cells: [[WordBox]] = [[]]
                for w in words {
                    if let prev = cells[cells.count - 1].last {
                        let charWidth = Double(prev.width) / Double(max(1, prev.text.count))
                        let gap = Double(w.x - (prev.x + prev.width))
                        // The type's height is the taller word's: OCR gives a short word a box of a few pixels
                        // at times ("Le" before "Courrier du Vexin"), and the name would be cut after it.
                        let taller = max(prev.height, w.height)
                        // In a text layer, a change of type size also ends a run: a brand's logo type beside
                        // the document's title ("Bean & Bloom Coffee Club PAYMENT RECEIPT"). (OCR's boxes
                        // vary with the letters' shapes, so only gaps count there.)
                        let resized = page.source == .textLayer && abs(w.height - prev.height) * 8 >= taller
                        // A text layer spaces the words of a run evenly, about a third of the type's height
                        // apart: a gap of most of the height, or words overlapping, part two texts placed
                        // apart ("Wordsmith Language School" | "Invoice"; a long brand run into the title).
                        let placedApart = page.source == .textLayer
                            && (gap > max(charWidth * 1.5, Double(taller) * 0.8) || gap < -charWidth)
                        if resized || placedApart || gap > max(charWidth * 2.5, Double(taller) * 1.2) { cells.append([]) }
                    }
                    cells[cells.count - 1].append(w)
                }
                out.append(TextLine(page: page.page, words: words, cells: cells))
            }
        }
        return out
    }
}

extension Array where Element == WordBox {
    /// The words as read, one space between them.
    var text: String { map(\.text).joined(separator: " ") }
    /// How surely the words were read, on average (0 for none).
    var meanConfidence: Double { isEmpty ? 0 : map(\.confidence).reduce(0, +) / Double(count) }
}
