import Foundation

/// OCR's commonest misreadings inside a printed name, mended: a legal form one letter off at the name's end
/// ("SON BHD" for "SDN BHD", "BERHAO"), and an ampersand read as a lone "4" or "E" between two words ("TEO
/// HENG STATIONERY 4 BOOKS"). Only for text that came from OCR; the mended text is one more proposal, which the
/// scorer weighs knowing it was mended.
enum NameMending {
    /// The lexicon's legal forms, folded, as word lists. Only those of five letters or more are mended: shorter
    /// ones are too easily one letter off an ordinary word.
    static let legalFormsByWords: [Int: [[String]]] = Dictionary(grouping: DocumentModel.lexicon.phrases(with: .legal), by: \.count)
    static let maxFormWords = legalFormsByWords.keys.max() ?? 0

    static func mended(_ text: String) -> String? {
        var tokens = DocumentModel.tokenize(text)
        guard tokens.count >= 2 else { return nil }
        let ns = text as NSString
        var out = text
        // The legal form at the end, the longest first: one printed right ends the search ("ENTERPRISE" is no
        // misread "ENTERPRISES"), one a letter off is mended.
        search: for n in stride(from: min(tokens.count - 1, maxFormWords), through: 1, by: -1) {
            let tail = tokens.suffix(n)
            let forms = legalFormsByWords[n] ?? []
            if forms.contains(where: { zip(tail, $0).allSatisfy { $0.text == $1 } }) { break }
            for form in forms where form.joined().count >= 5 {
                guard zip(tail, form).reduce(0, { $0 + editDistance($1.0.text, $1.1, limit: 2) }) == 1 else { continue }
                let start = tail.first!.start
                let printed = ns.substring(from: start)
                let upper = printed == printed.uppercased()
                let canonical = form.map { upper ? $0.uppercased() : $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
                out = ns.substring(to: start) + canonical
                tokens = DocumentModel.tokenize(out)
                break search
            }
        }
        // A lone 4 or E between two words of letters.
        let outNS = out as NSString
        var pieces: [String] = []
        var cursor = 0
        for i in tokens.indices.dropFirst().dropLast() where tokens[i].text == "4" || tokens[i].text == "e" {
            let before = tokens[i - 1].text, after = tokens[i + 1].text
            guard before.count >= 2, after.count >= 2, before.allSatisfy(\.isLetter), after.allSatisfy(\.isLetter),
                tokens[i].end - tokens[i].start == 1
            else { continue }
            pieces.append(outNS.substring(with: NSRange(location: cursor, length: tokens[i].start - cursor)))
            pieces.append("&")
            cursor = tokens[i].end
        }
        if !pieces.isEmpty { out = pieces.joined() + outNS.substring(from: cursor) }
        return out == text ? nil : out
    }

    /// Levenshtein distance, counted up to `limit` (anything further is `limit`).
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) >= limit { return limit }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1]
            for (j, cb) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            previous = current
        }
        return min(limit, previous[b.count])
    }
}
