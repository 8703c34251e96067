import Foundation
import SubsCore

/// A money amount printed on the document that could be the charge, with its features.
struct AmountCandidate {
    var mention: MoneyMention
    /// The amount without its sign: a bank screen prints the charge below zero.
    var value: Decimal
    var features: FeatureRow
}

enum AmountCandidates {
    /// The roles whose labels say what an amount is.
    static let roles: [LabelRole] = [
        .total, .totalWeak, .paid, .subtotal, .tax, .discount, .shipping, .previous, .received, .tendered, .change,
        .unit, .qty, .rounding, .deposit, .fee, .late, .usage, .dateDue, .datePeriod, .customer, .docNone, .docAnnounce,
    ]

    /// How a candidate's value came about: printed, or worked out from what is printed.
    enum Derivation: Double { case printed = 0, rounded, tenderLessChange }

    /// A negative amount the document works out as a credit: the sum, signs kept, of the amounts printed on
    /// the lines just above it (a plan less a larger discount), where a bank screen's "-12.99" is a charge.
    static func isCredit(_ m: MoneyMention, in doc: DocumentModel) -> Bool {
        guard m.negative else { return false }
        var sum: Decimal = 0
        var terms = 0
        for above in doc.money.filter({ $0.line < m.line }).reversed() {
            sum += above.signedValue
            terms += 1
            if terms >= 2 && sum == m.signedValue { return true }
        }
        return false
    }

    static func make(_ doc: DocumentModel, base: FeatureRow) -> [AmountCandidate] {
        let printed = doc.money
        guard !printed.isEmpty || !doc.rereadMoney.isEmpty else { return [] }
        let derived = derivedTotals(doc)
        // The page's amounts, those of lines read again, and totals worked out: the document's own statistics
        // (ranks, repeats, sums) are of the page's amounts.
        let money = printed + doc.rereadMoney + derived.map(\.0)
        let derivation = Array(repeating: Derivation.printed, count: printed.count + doc.rereadMoney.count) + derived.map(\.1)
        let values = money.map { abs($0.value) }
        let distinct = Array(Set(printed.map { abs($0.value) })).sorted(by: >)
        let positives = printed.filter { !$0.negative }.map(\.value)
        let valueCounts = printed.reduce(into: [Decimal: Int]()) { $0[abs($1.value), default: 0] += 1 }
        let lineCounts = Dictionary(grouping: money.indices, by: { money[$0].line }).mapValues(\.count)
        let lastOnLine = Dictionary(grouping: money.indices.filter { derivation[$0] == .printed }, by: { money[$0].line }).mapValues { $0.max()! }
        let markedCurrencies = printed.compactMap { $0.currency?.code }
        let majorityCurrency = markedCurrencies.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            .max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
        let heights = money.map { height(of: $0, in: doc) }
        let tallest = heights.max() ?? 0
        let lastLine = printed.map(\.line).max() ?? 0
        let roundingLines = Set(printed.filter { m in
            abs(m.value) <= Decimal(string: "0.10")! && LabelContext(doc, line: m.line, start: m.start, end: m.end).near.contains(.rounding)
        }.map(\.line))

        var out: [AmountCandidate] = []
        for (i, m) in money.enumerated() {
            let v = values[i]
            let line = doc.lines[m.line]
            let anchor = line.anchor
            let page = doc.page(of: line)
            let rank = distinct.firstIndex { $0 <= v } ?? distinct.count
            var row = FeatureRow()
            // The value itself.
            row.add("value_log", log10(1 + NSDecimalNumber(decimal: v).doubleValue))
            row.add("fraction_digits", Double(m.fractionDigits))
            row.add("marker", m.marker != nil)
            row.add("marker_symbol", m.marker.map { !AmountFinder.codes.contains($0) } ?? false)
            row.add("marker_code", m.marker.map { AmountFinder.codes.contains($0) } ?? false)
            row.add("negative", m.negative)
            row.add("zero", v == 0)
            row.add("derivation", derivation[i].rawValue)
            row.add("reread", line.isReread)
            row.add("reread_gain", line.isReread ? line.confidence - doc.lines[anchor].confidence : 0)
            row.add("rounding_below", roundingLines.contains(anchor + 1) || roundingLines.contains(anchor + 2))
            row.add("rank", Double(rank))
            row.add("rank_share", Double(rank) / Double(max(1, distinct.count)))
            row.add("is_max", v >= (distinct.first ?? 0))
            row.add("repeats", Double(valueCounts[v] ?? 0))
            row.add("majority_currency", m.currency.map { $0.code == majorityCurrency } ?? false)
            // Arithmetic the document does with it.
            row.add("sum_of_two", sumOfTwo(v, positives))
            row.add("part_of_sum", partOfSum(v, positives))
            row.add("sum_of_above", sumOfLinesAbove(v, line: anchor, printed))
            row.add("tender_minus_change", tenderMinusChange(v, positives))
            // Where it stands.
            row.add("y", Double(line.top) / Double(page.height))
            row.add("x_right", Double(line.span(m.start, m.end).right) / Double(page.width))
            row.add("x_left", Double(line.span(m.start, m.end).left) / Double(page.width))
            row.add("page", Double(page.number - 1))
            row.add("last_page", page.number == doc.pages.last?.number)
            row.add("lines_after", Double(page.lines.upperBound - 1 - anchor) / Double(max(1, page.lines.count)))
            row.add("last_money_line", anchor == lastLine)
            row.add("last_on_line", lastOnLine[m.line] == i || derivation[i] != .printed)
            row.add("on_line", Double(lineCounts[m.line] ?? 1))
            row.add("cells", Double(line.cellCount))
            row.add("cell", Double(line.cell(at: m.start)))
            row.add("last_cell", line.cell(at: m.start) == line.cellCount - 1)
            row.add("words", Double(line.words.count))
            row.add("height", heights[i] / page.wordHeight)
            row.add("tallest", heights[i] >= tallest && tallest > 0)
            row.add("confidence", line.words[line.word(at: m.start)].confidence)
            // What is written beside it.
            let after = (line.text as NSString).substring(from: min(m.end, (line.text as NSString).length))
            let before = (line.text as NSString).substring(to: m.start)
            row.add("per_period", perPeriod(after))
            row.add("percent", line.text.contains("%"))
            row.add("times_before", before.range(of: #"(?:\d\s*[x×@*]|[x×@*]\s*\d?)\s*$"#, options: .regularExpression) != nil)
            row.add("line_has_date", doc.dates.contains { $0.line == anchor })
            LabelContext(doc, line: m.line, start: m.start, end: m.end).add(to: &row, roles: roles)
            row.append(base)
            out.append(AmountCandidate(mention: m, value: v, features: row))
        }
        return out
    }

    /// Totals the document implies where OCR may have garbled the one it prints: a sum less or plus a rounding
    /// adjustment of a few cents printed under it ("Total 60.31", "Rounding -0.01"), and cash tendered less
    /// the change given. Each stands at the line it is worked out from.
    static func derivedTotals(_ doc: DocumentModel) -> [(MoneyMention, Derivation)] {
        let money = doc.money
        var out: [(MoneyMention, Derivation)] = []
        let values = Set(money.map { abs($0.value) })
        func labelled(_ m: MoneyMention, _ role: LabelRole) -> Bool {
            LabelContext(doc, line: m.line, start: m.start, end: m.end).near.contains(role)
        }
        func add(_ value: Decimal, at m: MoneyMention, _ how: Derivation) {
            guard value > 0, !values.contains(value), !out.contains(where: { $0.0.value == value }) else { return }
            var d = m
            d.value = value
            d.negative = false
            out.append((d, how))
        }
        for r in money where abs(r.value) <= Decimal(string: "0.10")! && abs(r.value) > 0 && labelled(r, .rounding) {
            // The amount just above the adjustment, on its line or the two before.
            guard let sum = money.last(where: { $0.line < r.line && $0.line >= r.line - 2 && abs($0.value) > abs(r.value) }) else { continue }
            add(abs(sum.value) - abs(r.value), at: r, .rounded)
            add(abs(sum.value) + abs(r.value), at: r, .rounded)
        }
        for c in money where labelled(c, .change) {
            guard let t = money.last(where: { $0.line < c.line && $0.line >= c.line - 3 && labelled($0, .tendered) && $0.value > c.value })
            else { continue }
            add(t.value - c.value, at: c, .tenderLessChange)
        }
        return out
    }

    private static func height(of m: MoneyMention, in doc: DocumentModel) -> Double {
        let line = doc.lines[m.line]
        let a = line.word(at: m.start), b = line.word(at: max(m.start, m.end - 1))
        return Double(line.words[a...b].map(\.height).max() ?? 0)
    }

    /// Two other amounts add up to it (subtotal and tax, price and shipping).
    static func sumOfTwo(_ v: Decimal, _ all: [Decimal]) -> Bool {
        let smaller = Array(Set(all.filter { $0 > 0 && $0 < v }))
        let set = Set(smaller)
        return smaller.contains { set.contains(v - $0) }
    }

    /// It and another amount add up to a third (it is a subtotal, a tax, a shipping fee).
    static func partOfSum(_ v: Decimal, _ all: [Decimal]) -> Bool {
        guard v > 0 else { return false }
        let set = Set(all)
        return set.contains { $0 > v && $0 != v && set.contains($0 - v) }
    }

    /// The last amounts of the lines just above it add up to it (an item list and its total).
    static func sumOfLinesAbove(_ target: Decimal, line: Int, _ money: [MoneyMention]) -> Bool {
        let lastByLine = Dictionary(grouping: money.filter { $0.line < line && !$0.negative }, by: \.line).mapValues { $0.last!.value }
        var sum: Decimal = 0
        var terms = 0
        for l in lastByLine.keys.sorted(by: >) {
            sum += lastByLine[l]!
            terms += 1
            if terms >= 2 && sum == target { return true }
            if sum > target { return false }
        }
        return false
    }

    /// Cash tendered minus the change given comes to it.
    static func tenderMinusChange(_ v: Decimal, _ all: [Decimal]) -> Bool {
        let set = Set(all)
        return set.contains { $0 > v && set.contains($0 - v) && $0 - v != v }
    }

    /// "/month", "per year", "al mes" right after the amount: a price per period.
    static func perPeriod(_ after: String) -> Bool {
        let head = String(after.prefix(18))
        let words = FrequencyFinder.cueText(head).split(separator: " ").prefix(3).map(String.init)
        for n in stride(from: min(3, words.count), through: 1, by: -1) {
            if FrequencyFinder.phraseTable[words[0..<n].joined(separator: " ")] != nil { return true }
        }
        return false
    }
}
