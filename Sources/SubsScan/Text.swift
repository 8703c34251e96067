import Foundation

/// Text helpers for matching labels across languages and OCR noise.
enum Text {
    /// Lower case, accents removed, punctuation turned into spaces, spaces collapsed:
    /// "Montant TTC :" -> "montant ttc", "Gesamtbetrag (inkl. MwSt.)" -> "gesamtbetrag inkl mwst".
    static func fold(_ s: String) -> String {
        // Most lines are ASCII: folded byte by byte, the same result without Foundation's Unicode folding.
        if let ascii = foldASCII(s) { return ascii }
        return foldUnicode(s)
    }

    /// `fold` through Foundation's Unicode folding, for any text.
    static func foldUnicode(_ s: String) -> String {
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

    /// `fold` of an ASCII string (nil for any other): letters lowered, digits kept, every run of
    /// anything else one space, none at either end.
    private static func foldASCII(_ s: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var lastSpace = true
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.append(b); lastSpace = false
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                out.append(b + 32); lastSpace = false
            case 0x80...:
                return nil
            default:
                if !lastSpace { out.append(UInt8(ascii: " ")); lastSpace = true }
            }
        }
        if out.last == UInt8(ascii: " ") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with OCR's slips of one character for another put right: each match of `slip` replaced
    /// by `template`, offsets into the line unchanged when both are one UTF-16 unit. `hint`, a string
    /// every match contains, skips the regular expression on the many lines without it.
    static func correcting(_ text: String, _ slip: NSRegularExpression, with template: String, hint: String) -> String {
        guard text.contains(hint) else { return text }
        return slip.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: template)
    }

    /// True when folded `phrase` occurs in folded `haystack` on word boundaries.
    static func contains(_ haystack: String, phrase: String) -> Bool {
        range(of: phrase, in: haystack) != nil
    }

    /// How many times the phrase (both already folded) occurs on word boundaries.
    static func occurrences(of phrase: String, in haystack: String) -> Int {
        var count = 0
        forEachRange(of: phrase, in: haystack) { _ in count += 1; return true }
        return count
    }

    /// Range of the phrase (both already folded) on word boundaries, searching from the left.
    static func range(of phrase: String, in haystack: String) -> Range<String.Index>? {
        var found: Range<String.Index>?
        forEachRange(of: phrase, in: haystack) { found = $0; return false }
        return found
    }

    /// Visits the phrase's occurrences on word boundaries, left to right, until `body` returns false.
    /// (Folded text has no case or accents left to compare loosely, so its UTF-8 bytes are matched as
    /// they are: a match between spaces starts and ends on whole characters.)
    private static func forEachRange(of phrase: String, in haystack: String, _ body: (Range<String.Index>) -> Bool) {
        let h = Array(haystack.utf8), p = Array(phrase.utf8)
        guard !p.isEmpty, p.count <= h.count else { return }
        let space = UInt8(ascii: " ")
        var i = 0
        while i + p.count <= h.count {
            let end = i + p.count
            if h[i] == p[0], i == 0 || h[i - 1] == space, end == h.count || h[end] == space,
                h[i..<end].elementsEqual(p)
            {
                let lower = haystack.utf8.index(haystack.startIndex, offsetBy: i)
                let upper = haystack.utf8.index(lower, offsetBy: p.count)
                guard body(lower..<upper) else { return }
                i = end
            } else {
                i += 1
            }
        }
    }

    /// True when folded `phrase` occurs in folded `haystack` on word boundaries with one OCR slip at most: a
    /// letter misread ("preximo cargo" for "proximo cargo"), a word parted by a stray space ("nachste
    /// a bbuchung" for "nachste abbuchung") or a doubled letter read once ("next biling date").
    static func containsWithOneSlip(_ haystack: String, phrase: String) -> Bool {
        let h = Array(haystack.utf8), p = Array(phrase.utf8)
        guard !p.isEmpty, h.count + 1 >= p.count else { return false }
        let space = UInt8(ascii: " ")
        func boundary(_ i: Int) -> Bool { i == 0 || i == h.count || h[i - 1] == space || h[i] == space }
        for start in 0..<h.count where start == 0 || h[start - 1] == space {
            // One of a doubled letter missing.
            let shortEnd = start + p.count - 1
            if shortEnd <= h.count, shortEnd == h.count || h[shortEnd] == space {
                let read = h[start..<shortEnd]
                if (1..<p.count).contains(where: { k in
                    p[k] == p[k - 1] && p[k] != space && read.elementsEqual(p[..<k] + p[(k + 1)...])
                }) { return true }
            }
            // The same length, one letter different.
            if start + p.count <= h.count, start + p.count == h.count || h[start + p.count] == space {
                var slips = 0
                for k in 0..<p.count where h[start + k] != p[k] {
                    // A misread letter, never a word break moved.
                    slips += h[start + k] == space || p[k] == space ? 2 : 1
                    if slips > 1 { break }
                }
                if slips <= 1 { return true }
            }
            // One space more, inside a word of the phrase.
            let end = start + p.count + 1
            if end <= h.count, end == h.count || h[end] == space {
                var k = 0, extra = -1
                for i in start..<end {
                    if k < p.count && h[i] == p[k] { k += 1; continue }
                    if extra < 0 && h[i] == space && k > 0 && p[k - 1] != space && k < p.count && p[k] != space { extra = i; continue }
                    extra = -2
                    break
                }
                if extra >= 0 && k == p.count && boundary(start) { return true }
            }
        }
        return false
    }

    /// Whether `regex` (compiled once by its owner) matches anywhere in `s`.
    static func matches(_ regex: NSRegularExpression, _ s: String) -> Bool {
        regex.firstMatch(in: s, range: NSRange(location: 0, length: (s as NSString).length)) != nil
    }

    /// The first of `phrases` found in `haystack` (folded), if any.
    static func firstMatch(_ haystack: String, _ phrases: [String]) -> String? {
        phrases.first { contains(haystack, phrase: $0) }
    }
}
