import Foundation
import SubsMarkup
import SubsScan

/// An e-mail body laid out as a page of text the way a mail program shows it: block elements start new lines,
/// a table's cells stand side by side in their columns (a row of label and value stays one line), a plain-text
/// body keeps its lines and the columns its spaces make. Positions are in characters; `page` turns them into
/// word boxes (10 points a character, 20 a line) for the invoice extractor.
public struct MailLayout: Sendable, Equatable {
    /// A run of text starting at column `x`.
    public struct Cell: Sendable, Equatable {
        public var x: Int
        public var text: String
    }

    public var lines: [[Cell]]

    public init(lines: [[Cell]] = []) { self.lines = lines }

    /// Bodies longer than this are cut: invoices say what they say in their first screens.
    public static let maxLines = 600
    /// Columns between table cells: wide enough for the extractor to see two cells.
    static let columnGap = 6

    /// Each line's text, cells separated by three spaces.
    public var text: String {
        lines.map { $0.map(\.text).joined(separator: "   ") }.joined(separator: "\n")
    }

    var width: Int { lines.map { $0.last.map { $0.x + $0.text.count } ?? 0 }.max() ?? 0 }

    /// The laid-out text as a page of word boxes.
    public func page(number: Int) -> TextPage {
        var words: [WordBox] = []
        let charWidth = 10, lineHeight = 20
        for (n, line) in lines.prefix(Self.maxLines).enumerated() {
            for cell in line {
                var offset = 0
                for token in cell.text.split(separator: " ", omittingEmptySubsequences: false) {
                    if !token.isEmpty {
                        words.append(WordBox(text: String(token), confidence: 1, x: (cell.x + offset) * charWidth, y: n * lineHeight,
                                             width: token.count * charWidth, height: 12, line: n, page: number))
                    }
                    offset += token.count + 1
                }
            }
        }
        let lineCount = min(lines.count, Self.maxLines)
        return TextPage(page: number, source: .textLayer, words: words, width: max(2000, width * charWidth + 40),
                        height: max(1200, lineCount * lineHeight + 40))
    }

    // MARK: Plain text

    /// A text/plain body: its lines, cells split where a tab or three spaces set text apart; quoting marks
    /// ("> ") of a replied or forwarded mail dropped.
    public static func plain(_ text: String) -> MailLayout {
        var out = MailLayout()
        for raw in text.components(separatedBy: .newlines) {
            var line = raw.replacingOccurrences(of: "\t", with: "    ")
            while line.hasPrefix(">") { line = String(line.dropFirst().drop { $0 == " " }) }
            var cells: [Cell] = []
            var current = "", start = 0, spaces = 0
            for (i, ch) in line.enumerated() {
                if ch == " " || ch == "\u{A0}" {
                    spaces += 1
                    continue
                }
                if spaces >= 3 && !current.isEmpty {
                    cells.append(Cell(x: start, text: current))
                    current = ""
                }
                if current.isEmpty {
                    start = i
                } else if spaces > 0 {
                    current += " "
                }
                spaces = 0
                current.append(ch)
            }
            if !current.isEmpty { cells.append(Cell(x: start, text: current)) }
            if !cells.isEmpty { out.lines.append(cells) }
        }
        return out
    }

    // MARK: HTML

    /// A text/html body parsed by libxml2's HTML parser; nil when it does not parse.
    public static func html(_ data: Data) -> MailLayout? {
        guard let root = try? Markup.parseHTML(data, encoding: "utf-8") else { return nil }
        var builder = Builder()
        builder.walk(root)
        builder.flush()
        return MailLayout(lines: builder.lines)
    }

    static let skipped: Set<String> = ["head", "style", "script", "title", "noscript", "template", "svg", "xml", "meta", "link"]
    static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "section", "header", "footer", "article", "main",
        "aside", "nav", "blockquote", "center", "form", "dl", "dt", "dd", "address", "hr", "figure", "figcaption",
        "body", "html", "tr", "table", "tbody", "thead", "tfoot", "caption", "fieldset", "details", "summary",
    ]

    /// Hidden text (a preheader shown only in the inbox list).
    static func isHidden(_ e: MarkupElement) -> Bool {
        if e.attributes["hidden"] != nil { return true }
        guard let style = e.attributes["style"]?.lowercased().replacingOccurrences(of: " ", with: "") else { return false }
        return style.contains("display:none") || style.contains("visibility:hidden") || style.contains("max-height:0")
            || style.contains("font-size:0") && !style.contains("font-size:0.")
    }

    struct Builder {
        var lines: [[Cell]] = []
        var current = ""
        var pre = 0

        mutating func flush() {
            let text = current.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { lines.append([Cell(x: 0, text: text)]) }
            current = ""
        }

        mutating func append(_ raw: String) {
            if pre > 0 {
                let parts = raw.split(separator: "\n", omittingEmptySubsequences: false)
                for (i, p) in parts.enumerated() {
                    if i > 0 { flush() }
                    append(inline: String(p))
                }
                return
            }
            append(inline: raw)
        }

        mutating func append(inline raw: String) {
            var s = ""
            var space = current.last == " " || current.isEmpty
            for scalar in raw.unicodeScalars {
                switch scalar.value {
                case 0x200B, 0x200C, 0x200D, 0xFEFF, 0x034F, 0x00AD, 0x2060: continue
                default: break
                }
                if CharacterSet.whitespacesAndNewlines.contains(scalar) || scalar == "\u{A0}" {
                    if !space { s.append(" ") }
                    space = true
                } else {
                    s.unicodeScalars.append(scalar)
                    space = false
                }
            }
            current += s
        }

        mutating func walk(_ e: MarkupElement) {
            if MailLayout.skipped.contains(e.name) || MailLayout.isHidden(e) { return }
            switch e.name {
            case "br":
                flush()
                return
            case "img":
                // A logo's alternative text names the sender ("Netflix logo" -> "Netflix").
                let words = (e.attributes["alt"] ?? "").split(separator: " ").filter { !["logo", "logotipo", "logotype", "image", "bild", "imagen"].contains($0.lowercased()) }
                if !words.isEmpty, words.joined(separator: " ").count <= 40 { append(" \(words.joined(separator: " ")) ") }
                return
            case "table":
                flush()
                table(e)
                return
            case "td", "th":
                append(" ")
            default:
                break
            }
            let block = MailLayout.blocks.contains(e.name)
            if block { flush() }
            if e.name == "pre" { flush(); pre += 1 }
            for child in e.children {
                switch child {
                case .text(let t): append(t)
                case .element(let c): walk(c)
                }
            }
            if e.name == "pre" { flush(); pre -= 1 }
            if block { flush() }
            if e.name == "td" || e.name == "th" { append(" ") }
        }

        /// The rows of a table (not of the tables inside it).
        static func rows(_ e: MarkupElement) -> [MarkupElement] {
            var out: [MarkupElement] = []
            for c in e.elements {
                switch c.name {
                case "tr": out.append(c)
                case "tbody", "thead", "tfoot": out += rows(c)
                default: break
                }
            }
            return out
        }

        /// Lays a table out: each cell is laid out alone, then the cells of a row stand side by side, each
        /// column as wide as its widest cell.
        mutating func table(_ e: MarkupElement) {
            let rows = Self.rows(e)
            var boxes: [[(lines: [[Cell]], span: Int)]] = []
            for row in rows where !MailLayout.isHidden(row) {
                var cells: [(lines: [[Cell]], span: Int)] = []
                for cell in row.elements where (cell.name == "td" || cell.name == "th") && !MailLayout.isHidden(cell) {
                    var inner = Builder()
                    inner.pre = pre
                    for child in cell.children {
                        switch child {
                        case .text(let t): inner.append(t)
                        case .element(let c): inner.walk(c)
                        }
                    }
                    inner.flush()
                    let span = max(1, Int(cell.attributes["colspan"] ?? "1") ?? 1)
                    cells.append((inner.lines, min(span, 50)))
                }
                boxes.append(cells)
            }
            // Column widths from the cells spanning one column.
            var widths: [Int] = []
            for row in boxes {
                var column = 0
                for cell in row {
                    let w = MailLayout(lines: cell.lines).width
                    while widths.count < column + cell.span { widths.append(0) }
                    if cell.span == 1 { widths[column] = max(widths[column], w) }
                    column += cell.span
                }
            }
            var starts: [Int] = [0]
            for w in widths { starts.append(starts.last! + (w > 0 ? w + MailLayout.columnGap : 0)) }
            for row in boxes {
                let height = row.map(\.lines.count).max() ?? 0
                guard height > 0 else { continue }
                var column = 0
                var out = Array(repeating: [Cell](), count: height)
                for cell in row {
                    let x = starts[min(column, starts.count - 1)]
                    for (i, line) in cell.lines.enumerated() {
                        out[i] += line.map { Cell(x: $0.x + x, text: $0.text) }
                    }
                    column += cell.span
                }
                lines += out.filter { !$0.isEmpty }
            }
        }
    }
}
