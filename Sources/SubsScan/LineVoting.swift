import Foundation
import SubsCore

/// Combines several OCR readings of one text line word by word (ROVER-style voting): one reading
/// seldom beats another everywhere, but where two independent re-readings agree against the first
/// reading, the first is the one that slipped. The re-readings are lined up with the first reading
/// by their text (word boxes of single-line re-reads are too loose to line words up by position).
enum LineVoting {
    /// The first reading with each word replaced where all the other readings (at least two) read
    /// it the same other way. One word read as two ("JK" / "J K") changes only when the first
    /// reading was doubtful of it: a line read alone splits widely spaced print into pieces.
    /// Words only some readings saw are left as the first reading has them; boxes and line come
    /// from `first`.
    static func combine(_ first: [WordBox], _ others: [[WordBox]]) -> [WordBox] {
        guard others.count >= 2, others.allSatisfy({ !$0.isEmpty }), !first.isEmpty else { return first }
        return combine(first, aligned: others.map { align(first.map(\.text), $0) })
    }

    /// The same with the other readings already lined up with `first` (`align`): nil where a
    /// reading has nothing for a word.
    static func combine(_ first: [WordBox], aligned: [[(text: String, confidence: Double)?]]) -> [WordBox] {
        guard aligned.count >= 2, aligned.allSatisfy({ $0.count == first.count }) else { return first }
        var out: [WordBox] = []
        for (i, word) in first.enumerated() {
            let readings = aligned.map { $0[i] }
            // (An accent the first reading saw and the others lost stays: "Hébergix" / "Hebergix".)
            if let agreed = readings.first ?? nil, readings.allSatisfy({ $0?.text == agreed.text }), agreed.text != word.text,
                !agreed.text.contains(" ") || word.confidence < splitConfidence,
                agreed.text != word.text.folding(options: .diacriticInsensitive, locale: nil)
            {
                let confidence = readings.compactMap { $0?.confidence }.reduce(0, +) / Double(readings.count)
                out += split(word, into: agreed.text, confidence: confidence)
            } else if let capital = capitalReading(of: i, in: first, readings: readings.compactMap { $0 }) {
                out += split(word, into: capital.text, confidence: capital.confidence)
            } else if let surer = surerReading(of: word, readings: readings.compactMap { $0 }) {
                out += split(word, into: surer.text, confidence: surer.confidence)
            } else {
                out.append(word)
            }
        }
        return out
    }

    /// Under this confidence the first reading's word may be read as two words.
    static let splitConfidence = 0.8

    /// A word the first reading doubts (under `doubtfulWord`) that no other reading confirms takes
    /// the reading one of them is clearly sure of ("SIN D" / "SIN DU" at 0.70 / "SIN BU"): where the
    /// readings disagree, the surest is likelier right than the one that doubted itself.
    static func surerReading(of word: WordBox, readings: [(text: String, confidence: Double)]) -> (text: String, confidence: Double)? {
        guard word.confidence < doubtfulWord, !readings.contains(where: { $0.text == word.text }),
            let best = readings.max(by: { $0.confidence < $1.confidence }),
            best.confidence >= clearlySure, best.confidence >= word.confidence + 0.2,
            !best.text.contains(" "), best.text.contains(where: \.isLetter)
        else { return nil }
        return best
    }

    /// A word read with less confidence than this is doubtful; a re-reading at least this sure,
    /// where the readings disagree, replaces it.
    static let doubtfulWord = 0.5
    static let clearlySure = 0.65

    /// Where every other word of the line starts with a capital ("Blue lree Cafe"), a word the
    /// first reading starts in lower case is a capital misread ("l" for "T") when another reading
    /// reads the same word with a capital first letter and the rest alike.
    static func capitalReading(of i: Int, in line: [WordBox], readings: [(text: String, confidence: Double)]) -> (text: String, confidence: Double)? {
        guard startsLowerInCapitalisedLine(i, line) else { return nil }
        let word = line[i].text
        return readings.first { r in
            guard let c = r.text.first, c.isUppercase, c.isLetter else { return false }
            return r.text.dropFirst() == word.dropFirst()
        }
    }

    /// Word `i` starts in lower case while the line's other words (two or more) start with capitals.
    static func startsLowerInCapitalisedLine(_ i: Int, _ line: [WordBox]) -> Bool {
        guard let head = line[i].text.first, head.isLowercase else { return false }
        let others = line.indices.filter { $0 != i }.compactMap { line[$0].text.first(where: \.isLetter) }
        return others.count >= 2 && others.allSatisfy(\.isUppercase)
    }

    /// `word` with `text`, its box shared out by characters when `text` is several words.
    static func split(_ word: WordBox, into text: String, confidence: Double) -> [WordBox] {
        let parts = text.split(separator: " ").map(String.init)
        let total = max(1, parts.reduce(0) { $0 + $1.count })
        var out: [WordBox] = []
        var x = word.x
        for (n, part) in parts.enumerated() {
            var w = word
            w.text = part
            w.confidence = confidence
            w.x = x
            w.width = n == parts.count - 1 ? word.x + word.width - x : word.width * part.count / total
            x += w.width
            out.append(w)
        }
        return out
    }

    /// What `other` read at each word of `base`: one word, or two read where base has one ("JK" /
    /// "J K"); nil where other has nothing matching. Lined up by the fewest character edits.
    static func align(_ base: [String], _ other: [WordBox]) -> [(text: String, confidence: Double)?] {
        let n = base.count, m = other.count
        let texts = other.map(\.text)
        // cost[i][j]: aligning base[i...] with other[j...]; move[i][j]: 0 skip base, 1 skip other, 2 one-one, 3 one-two.
        var cost = Array(repeating: Array(repeating: 0.0, count: m + 1), count: n + 1)
        var move = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n, through: 0, by: -1) {
            for j in stride(from: m, through: 0, by: -1) {
                if i == n && j == m { continue }
                var best = Double.infinity, choice = 0
                if i < n, cost[i + 1][j] + 1 < best { best = cost[i + 1][j] + 1; choice = 0 }
                if j < m, cost[i][j + 1] + 1 < best { best = cost[i][j + 1] + 1; choice = 1 }
                if i < n, j < m {
                    let c = cost[i + 1][j + 1] + distance(base[i], texts[j])
                    if c < best { best = c; choice = 2 }
                }
                if i < n, j + 1 < m {
                    // A small penalty: one word read as two only when that is clearly the better fit.
                    let c = cost[i + 1][j + 2] + distance(base[i], texts[j] + texts[j + 1]) + 0.25
                    if c < best { best = c; choice = 3 }
                }
                cost[i][j] = best
                move[i][j] = choice
            }
        }
        var out: [(text: String, confidence: Double)?] = Array(repeating: nil, count: n)
        var i = 0, j = 0
        while i < n || j < m {
            switch move[i][j] {
            case 0: i += 1
            case 1: j += 1
            case 2:
                // A word read wholly otherwise, or run together with its neighbours, is no
                // reading of the same word.
                if sameWord(base[i], texts[j]) { out[i] = (texts[j], other[j].confidence) }
                i += 1; j += 1
            default:
                if sameWord(base[i], texts[j] + texts[j + 1]) {
                    out[i] = (texts[j] + " " + texts[j + 1], (other[j].confidence + other[j + 1].confidence) / 2)
                }
                i += 1; j += 2
            }
        }
        return out
    }

    /// Two readings of one word: at most one character longer or shorter, half the characters alike;
    /// or a mark and a scrap of two characters at most, in the same place (a logo read "Q" once and
    /// "@" twice, "C2" once and "©" twice).
    static func sameWord(_ a: String, _ b: String) -> Bool {
        func mark(_ s: String) -> Bool { s.count == 1 && !s.first!.isLetter && !s.first!.isNumber }
        return (a.count == 1 && b.count == 1) || (a.count <= 2 && mark(b)) || (mark(a) && b.count <= 2)
            || (abs(a.count - b.count) <= 1 && distance(a, b) <= 0.5)
    }

    /// Character edits between two words, as a share of the longer (0 same ... 1 nothing alike).
    static func distance(_ a: String, _ b: String) -> Double {
        let x = a.uppercased(), y = b.uppercased()
        guard !x.isEmpty, !y.isEmpty else { return x.isEmpty && y.isEmpty ? 0 : 1 }
        return Double(editDistance(x, y)) / Double(max(x.count, y.count))
    }
}
