import Foundation
import SubsCore

/// A document as the candidate generators see it: its lines with their cells, geometry, folded words and the
/// labels found in them, with what is read once for the whole document (language, money, dates, country clues).
struct DocumentModel {
    /// A word of a line, folded ("Montant" -> "montant"), with where it stands in the line's text.
    struct Token {
        var text: String
        /// UTF-16 offsets into the line's text.
        var start: Int
        var end: Int
    }

    /// A label found on a line: its roles and the characters it covers.
    struct Label {
        var roles: RoleSet
        var start: Int
        var end: Int
    }

    struct Line {
        var index: Int
        /// The line this one stands for: itself, or for a second reading (`isReread`) the line it read again.
        var anchor: Int
        var isReread = false
        var page: Int
        var words: [WordBox]
        var text: String
        /// UTF-16 offset of each word in `text`.
        var wordStarts: [Int]
        /// The cell (a run of words set apart by a wide gap) of each word.
        var wordCell: [Int]
        var cellCount: Int
        var tokens: [Token]
        var labels: [Label]
        var top: Int, bottom: Int, left: Int, right: Int
        /// The median height of its words.
        var height: Double
        var confidence: Double

        /// The word covering UTF-16 offset `offset` (the last word starting at or before it).
        func word(at offset: Int) -> Int {
            var lo = 0
            for (i, s) in wordStarts.enumerated() where s <= offset { lo = i }
            return lo
        }

        /// The horizontal extent of characters `start..<end`.
        func span(_ start: Int, _ end: Int) -> (left: Int, right: Int) {
            let a = word(at: start), b = word(at: max(start, end - 1))
            return (words[a].x, words[b].x + words[b].width)
        }

        func cell(at offset: Int) -> Int { wordCell[word(at: offset)] }

        /// The median height of the words of cell `c`.
        func cellHeight(_ c: Int) -> Double {
            let hs = words.indices.filter { wordCell[$0] == c }.map { words[$0].height }.sorted()
            return hs.isEmpty ? height : Double(hs[hs.count / 2])
        }

        /// The horizontal extent of cell `c`.
        func cellSpan(_ c: Int) -> (left: Int, right: Int) {
            let ws = words.indices.filter { wordCell[$0] == c }
            guard let f = ws.first, let l = ws.last else { return (0, 0) }
            return (words[f].x, words[l].x + words[l].width)
        }
    }

    struct Page {
        var number: Int
        var width: Int
        var height: Int
        var source: TextSource
        /// Median word height on the page.
        var wordHeight: Double
        var lines: Range<Int>
    }

    /// The page's lines in reading order, then the second readings of some (`Line.isReread`), which the
    /// document's own statistics leave out.
    var lines: [Line]
    /// How many of `lines` are the pages' own (the rest are second readings).
    var readLineCount: Int
    var readLines: ArraySlice<Line> { lines[..<readLineCount] }
    var pages: [Page]
    var context: DocumentContext
    /// How many labels of each role the document prints.
    var roleCounts: [LabelRole: Int]
    var language: String?
    var money: [MoneyMention]
    var dates: [DateMention]
    /// Amounts and dates read on the second readings of lines.
    var rereadMoney: [MoneyMention]
    var rereadDates: [DateMention]
    var countryClues: [String: (score: Double, evidence: String)]
    var foldedText: String
    var rawText: String

    func page(of line: Line) -> Page { pages.first { $0.number == line.page } ?? pages[0] }

    static let lexicon = LabelLexicon.bundled

    init(pages textPages: [TextPage], context: DocumentContext = DocumentContext()) {
        self.context = context
        var lines: [Line] = []
        var pages: [Page] = []
        var anchors: [(page: Int, number: Int, index: Int)] = []
        for page in textPages {
            let first = lines.count
            for textLine in TextLine.lines(of: [page]) where !textLine.words.isEmpty {
                anchors.append((page.page, textLine.words[0].line, lines.count))
                lines.append(Self.line(textLine, index: lines.count))
            }
            let heights = page.words.map(\.height).sorted()
            pages.append(Page(
                number: page.page, width: max(1, page.width), height: max(1, page.height), source: page.source,
                wordHeight: heights.isEmpty ? 1 : Double(max(1, heights[heights.count / 2])), lines: first..<lines.count))
        }
        if pages.isEmpty { pages = [Page(number: 1, width: 1, height: 1, source: .textLayer, wordHeight: 1, lines: 0..<0)] }
        let readLines = lines.count
        for page in textPages {
            for reread in page.rereads {
                guard let number = reread.first?.line, let anchor = anchors.first(where: { $0.page == page.page && $0.number == number })?.index,
                    let textLine = TextLine.lines(of: [TextPage(page: page.page, source: page.source, words: reread, width: page.width, height: page.height)]).first
                else { continue }
                var line = Self.line(textLine, index: lines.count)
                line.anchor = anchor
                line.isReread = true
                lines.append(line)
            }
        }
        self.lines = lines
        readLineCount = readLines
        self.pages = pages
        var counts: [LabelRole: Int] = [:]
        var allTokens: [String] = []
        for line in lines[..<readLines] {
            for label in line.labels {
                for r in LabelRole.allCases where label.roles.contains(r) { counts[r, default: 0] += 1 }
            }
            allTokens += line.tokens.map(\.text)
        }
        roleCounts = counts
        let scores = Self.lexicon.languageScores(allTokens)
        language = scores.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }.flatMap { $0.value >= 2 ? $0.key : nil }
        let printed = lines[..<readLines].map(\.text)
        foldedText = printed.map(Text.fold).joined(separator: " \n ")
        rawText = printed.joined(separator: "\n")
        countryClues = CountryClues.scores(folded: foldedText, raw: rawText)
        var money: [MoneyMention] = []
        var dates: [DateMention] = []
        for (i, text) in printed.enumerated() {
            money += AmountFinder.find(in: text, line: i, language: language, keepingNegatives: true)
            dates += DateFinder.find(in: text, line: i)
            // A date broken over two lines ("... will be charged on 3" / "December 2026.").
            if i + 1 < printed.count, lines[i + 1].page == lines[i].page {
                let joined = text + " " + printed[i + 1]
                let cut = (text as NSString).length
                for var d in DateFinder.find(in: joined, line: i) where d.start < cut && d.end > cut + 1 {
                    d.end = cut
                    dates.append(d)
                }
            }
        }
        self.money = money
        self.dates = dates
        var rereadMoney: [MoneyMention] = []
        var rereadDates: [DateMention] = []
        for line in lines[readLines...] {
            rereadMoney += AmountFinder.find(in: line.text, line: line.index, language: language, keepingNegatives: true)
            rereadDates += DateFinder.find(in: line.text, line: line.index)
        }
        self.rereadMoney = rereadMoney
        self.rereadDates = rereadDates
    }

    private static func line(_ t: TextLine, index: Int) -> Line {
        var text = ""
        var starts: [Int] = []
        var cellOf: [Int] = []
        var cellIndex = 0
        var utf16 = 0
        for (c, cell) in t.cells.enumerated() {
            for w in cell {
                if !starts.isEmpty { text += " "; utf16 += 1 }
                starts.append(utf16)
                cellOf.append(c)
                text += w.text
                utf16 += w.text.utf16.count
            }
            cellIndex = c
        }
        let words = t.cells.flatMap { $0 }
        let tokens = tokenize(text)
        let hits = lexicon.hits(in: tokens.map(\.text))
        let labels = hits.map { Label(roles: $0.roles, start: tokens[$0.start].start, end: tokens[$0.end - 1].end) }
        let heights = words.map(\.height).sorted()
        return Line(
            index: index, anchor: index, page: t.page, words: words, text: text, wordStarts: starts, wordCell: cellOf,
            cellCount: cellIndex + 1, tokens: tokens, labels: labels,
            top: t.top, bottom: t.bottom, left: words.first?.x ?? 0, right: words.map { $0.x + $0.width }.max() ?? 0,
            height: Double(heights.isEmpty ? 0 : heights[heights.count / 2]), confidence: t.confidence)
    }

    /// The line's words as folded tokens: runs of letters and digits, lower-cased, accents taken off.
    static func tokenize(_ text: String) -> [Token] {
        var out: [Token] = []
        let units = Array(text.utf16)
        var i = 0
        while i < units.count {
            guard isWordUnit(units[i]) else { i += 1; continue }
            var j = i
            while j < units.count, isWordUnit(units[j]) { j += 1 }
            let piece = String(decoding: units[i..<j], as: UTF16.self)
            let folded = Text.fold(piece)
            if !folded.isEmpty {
                // Folding keeps one token one word, but a ligature may fold to two ("æ" stays; be safe).
                out.append(Token(text: folded.replacingOccurrences(of: " ", with: ""), start: i, end: j))
            }
            i = j
        }
        return out
    }

    private static func isWordUnit(_ u: UInt16) -> Bool {
        switch u {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0..<0x80: return false
        default:
            guard let scalar = Unicode.Scalar(u) else { return true }  // a surrogate: part of a letter outside the BMP
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }
}
