import Foundation
import SubsCore

/// A currency the document could be in: one its amounts are marked with, one a `$` or `kr` could stand for,
/// one it prints as a code or symbol, or the currency of a country it points to.
struct CurrencyCandidate {
    var currency: Currency
    var features: FeatureRow
}

enum CurrencyCandidates {
    static let crowns: Set<String> = ["SEK", "NOK", "DKK", "ISK"]
    static let euroLanguages: Set<String> = ["fr", "de", "es", "it", "nl", "pt"]

    static func make(_ doc: DocumentModel, base: FeatureRow, defaultCurrency: Currency?) -> [CurrencyCandidate] {
        let money = doc.money
        var codes = Set(money.compactMap { $0.currency?.code })
        let dollarMarks = money.filter { $0.marker == "$" && $0.currency == nil }.count
        let crownMarks = money.filter { $0.marker == "kr" && $0.currency == nil }.count
        if dollarMarks > 0 {
            codes.formUnion(CountryClues.dollarCurrencies.filter { doc.countryClues[$0] != nil })
            codes.insert("USD")
            if let d = defaultCurrency, CountryClues.dollarCurrencies.contains(d.code) { codes.insert(d.code) }
        }
        if crownMarks > 0 { codes.formUnion(crowns) }
        let printed = printedCounts(doc)
        codes.formUnion(printed.keys)
        codes.formUnion(doc.countryClues.filter { $0.value.score >= 1 }.keys)
        let strongest = CountryClues.strongest(doc.countryClues)?.key
        let largest = money.max { abs($0.value) < abs($1.value) }
        let labelledTotals = money.filter { m in
            let near = LabelContext(doc, line: m.line, start: m.start, end: m.end).near
            return near.contains(.total) || near.contains(.paid) || near.contains(.totalWeak)
        }
        let marked = money.filter { $0.currency != nil || $0.marker != nil }.count

        var out: [CurrencyCandidate] = []
        for code in codes.sorted() {
            guard let c = Currency(code: code) else { continue }
            let dollar = CountryClues.dollarCurrencies.contains(code), crown = crowns.contains(code)
            func carries(_ m: MoneyMention) -> Bool {
                m.currency == c || (m.currency == nil && (m.marker == "$" && dollar || m.marker == "kr" && crown))
            }
            var row = FeatureRow()
            let count = money.filter { $0.currency == c }.count
            row.add("marked", Double(count))
            row.add("marked_share", marked == 0 ? 0 : Double(count) / Double(marked))
            row.add("dollar_marks", dollar ? Double(dollarMarks) : 0)
            row.add("crown_marks", crown ? Double(crownMarks) : 0)
            row.add("is_dollar", dollar)
            row.add("is_crown", crown)
            row.add("on_largest", largest.map(carries) ?? false)
            row.add("on_total", labelledTotals.contains(where: carries))
            row.add("printed", Double(printed[code] ?? 0))
            row.add("clue", doc.countryClues[code]?.score ?? 0)
            row.add("strongest_clue", strongest == code)
            row.add("clue_other_dollar", dollar ? CountryClues.dollarCurrencies.filter { $0 != code }.map { doc.countryClues[$0]?.score ?? 0 }.max() ?? 0 : 0)
            row.add("euro_language", code == "EUR" && doc.language.map(euroLanguages.contains) == true)
            row.add("user_default", defaultCurrency == c)
            for prior in ["USD", "EUR", "GBP"] { row.add("is_" + prior.lowercased(), code == prior) }
            row.add("unmarked_money", Double(money.count - marked))
            row.append(base)
            out.append(CurrencyCandidate(currency: c, features: row))
        }
        return out
    }

    /// How often each currency's ISO code (as a word) or own symbol is printed anywhere ("Prix (€)", "All
    /// amounts in CHF", "Amount (RM)").
    static func printedCounts(_ doc: DocumentModel) -> [String: Int] {
        var counts: [String: Int] = [:]
        var tokenCounts: [String: Int] = [:]
        for line in doc.readLines { for t in line.tokens { tokenCounts[t.text, default: 0] += 1 } }
        for code in AmountFinder.codes where !AmountFinder.wordLikeCodes.contains(code) {
            if let n = tokenCounts[code.lowercased()], doc.rawText.contains(code) { counts[code, default: 0] += n }
        }
        for (symbol, code) in Currency.symbols where symbol != "$" && symbol != "kr" {
            let wordy = symbol.allSatisfy { $0.isLetter || $0 == "." }
            let n = wordy ? (tokenCounts[Text.fold(symbol)] ?? 0) : doc.rawText.components(separatedBy: symbol).count - 1
            if n > 0 { counts[code, default: 0] += n }
        }
        return counts
    }
}
