import Foundation

/// Currency signs the OCR models have no letter for. Tesseract reads each as some other glyph glued
/// to the number, the same glyph all over one document: "₹3,540.00" as "73,540.00", "₪39.90" as
/// "m39.90", "₩99,000" as "W99,000". Where the document comes from says which sign it was.
enum UnreadableSigns {
    /// The signs, by the currency whose country clues must point to them.
    static let signs: [String: Character] = ["INR": "₹", "KRW": "₩", "ILS": "₪", "TRY": "₺", "VND": "₫"]

    /// Country clues needed before glued glyphs are taken for the sign (a country, a tax name).
    static let minClue = 1.5

    /// A word that is one glyph glued to a money-shaped number (cents or thousands groups), with
    /// at most a punctuation mark after it: the glyph and where the number starts.
    private static let gluedWord = try! NSRegularExpression(
        pattern: #"(?<!\S)(\S)(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+[.,]\d{2})[.,;:)]?(?!\S)"#)

    /// `lines` with the glyph put back as the sign, when one glyph is glued to at least three
    /// money-shaped numbers (two when it cannot be a digit), of at least two values, and to nearly
    /// all of them; nil when there is nothing to repair. The sign replaces one UTF-16 unit with
    /// one, so offsets into the lines stay right.
    static func repaired(_ lines: [String], clues: [String: (score: Double, evidence: String)]) -> [String]? {
        guard let (code, _) = CountryClues.strongest(clues.filter { signs[$0.key] != nil && $0.value.score >= minClue }),
            let sign = signs[code], !lines.contains(where: { $0.contains(sign) })
        else { return nil }
        var glued: [(line: Int, at: Int, glyph: String, number: String)] = []
        for (i, line) in lines.enumerated() {
            let ns = line as NSString
            for m in gluedWord.matches(in: line, range: NSRange(location: 0, length: ns.length)) {
                glued.append((i, m.range(at: 1).location, ns.substring(with: m.range(at: 1)), ns.substring(with: m.range(at: 2))))
            }
        }
        let byGlyph = Dictionary(grouping: glued, by: \.glyph)
        guard let (glyph, hits) = byGlyph.max(by: { $0.value.count < $1.value.count || ($0.value.count == $1.value.count && $0.key > $1.key) }),
            (glyph as NSString).length == 1, !AmountFinder.isMarker(glyph), !"-−(".contains(glyph),
            hits.count >= (glyph.first!.isNumber ? 3 : 2),
            Double(hits.count) >= 0.75 * Double(glued.count),
            Set(hits.map(\.number)).count >= 2
        else { return nil }
        var out = lines
        for hit in hits {
            out[hit.line] = (out[hit.line] as NSString).replacingCharacters(in: NSRange(location: hit.at, length: 1), with: String(sign))
        }
        return out
    }
}
