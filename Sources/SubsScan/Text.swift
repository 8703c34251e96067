import Foundation

/// Text helpers for matching labels across languages and OCR noise.
enum Text {
    /// Lower case, accents removed, punctuation turned into spaces, spaces collapsed:
    /// "Montant TTC :" -> "montant ttc", "Gesamtbetrag (inkl. MwSt.)" -> "gesamtbetrag inkl mwst".
    static func fold(_ s: String) -> String {
        let lowered = s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
            .replacingOccurrences(of: "ß", with: "ss")
        var out = ""
        var lastSpace = true
        for ch in lowered {
            if ch.isLetter || ch.isNumber {
                out.append(ch)
                lastSpace = false
            } else if !lastSpace {
                out.append(" ")
                lastSpace = true
            }
        }
        if out.hasSuffix(" ") { out.removeLast() }
        return out
    }

    /// True when folded `phrase` occurs in folded `haystack` on word boundaries.
    static func contains(_ haystack: String, phrase: String) -> Bool {
        range(of: phrase, in: haystack) != nil
    }

    /// How many times the phrase (both already folded) occurs on word boundaries.
    static func occurrences(of phrase: String, in haystack: String) -> Int {
        guard !phrase.isEmpty else { return 0 }
        var count = 0
        var start = haystack.startIndex
        while let r = haystack.range(of: phrase, range: start..<haystack.endIndex) {
            let beforeOK = r.lowerBound == haystack.startIndex || haystack[haystack.index(before: r.lowerBound)] == " "
            let afterOK = r.upperBound == haystack.endIndex || haystack[r.upperBound] == " "
            if beforeOK && afterOK { count += 1 }
            start = beforeOK && afterOK ? r.upperBound : haystack.index(after: r.lowerBound)
        }
        return count
    }

    /// Range of the phrase (both already folded) on word boundaries, searching from the left.
    static func range(of phrase: String, in haystack: String) -> Range<String.Index>? {
        guard !phrase.isEmpty else { return nil }
        var start = haystack.startIndex
        while let r = haystack.range(of: phrase, range: start..<haystack.endIndex) {
            let beforeOK = r.lowerBound == haystack.startIndex || haystack[haystack.index(before: r.lowerBound)] == " "
            let afterOK = r.upperBound == haystack.endIndex || haystack[r.upperBound] == " "
            if beforeOK && afterOK { return r }
            start = haystack.index(after: r.lowerBound)
        }
        return nil
    }

    /// The first of `phrases` found in `haystack` (folded), if any.
    static func firstMatch(_ haystack: String, _ phrases: [String]) -> String? {
        phrases.first { contains(haystack, phrase: $0) }
    }
}
