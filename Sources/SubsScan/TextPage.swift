/// A word found on a page, with where it is. Boxes are in the page's own pixels (OCR) or points
/// (PDF text layer); `line` numbers the page's lines top to bottom.
public struct WordBox: Sendable, Equatable, Codable {
    public var text: String
    /// 0...1; 1 for text-layer words.
    public var confidence: Double
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var line: Int
    /// 1-based page number.
    public var page: Int

    public init(text: String, confidence: Double, x: Int, y: Int, width: Int, height: Int, line: Int, page: Int) {
        self.text = text
        self.confidence = confidence
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.line = line
        self.page = page
    }
}

/// Where a page's text came from.
public enum TextSource: String, Sendable, Codable {
    case textLayer = "text-layer"
    case ocr
}

/// The words of one page.
public struct TextPage: Sendable, Codable {
    public var page: Int
    public var source: TextSource
    public var words: [WordBox]
    public var width: Int
    public var height: Int
    /// Second readings of some lines, each read alone (their words keep the line number of the line they
    /// read again): OCR reads a big or faint line alone differently, and the extractor weighs both readings.
    public var rereads: [[WordBox]]

    public init(page: Int, source: TextSource, words: [WordBox], width: Int, height: Int, rereads: [[WordBox]] = []) {
        self.page = page
        self.source = source
        self.words = words
        self.width = width
        self.height = height
        self.rereads = rereads
    }

    enum CodingKeys: String, CodingKey { case page, source, words, width, height, rereads }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        page = try c.decode(Int.self, forKey: .page)
        source = try c.decode(TextSource.self, forKey: .source)
        words = try c.decode([WordBox].self, forKey: .words)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        rereads = try c.decodeIfPresent([[WordBox]].self, forKey: .rereads) ?? []
    }

    /// The page's text, one line per line, words separated by a space.
    public var text: String {
        var lines: [String] = []
        var current = -1
        for w in words {
            if w.line != current {
                lines.append(w.text)
                current = w.line
            } else {
                lines[lines.count - 1] += " " + w.text
            }
        }
        return lines.joined(separator: "\n")
    }
}
