import Foundation
import SubsCore

/// What the projection commands read: subscriptions, settings and rates in one read transaction.
struct ProjectionData {
    let subscriptions: [Subscription]
    let settings: Settings
    let rates: RateTable

    init(_ ctx: Context) throws {
        (subscriptions, settings, rates) = try ctx.openStore().read { tx in
            (try tx.subscriptions(), try Settings.load(from: tx), RateTable(try tx.exchangeRates()))
        }
    }

    /// Converts to the main currency (`subs config set currency`).
    var converter: Converter { Converter(target: settings.currency, rates: rates) }

    /// One line on stderr when rates are missing or old for what is shown.
    func warnAboutRates(for amounts: Amounts, converter: Converter, today: LocalDate) {
        let missing = converter.missing(amounts)
        if !missing.isEmpty {
            let codes = missing.map(\.code).joined(separator: ", ")
            Output.note("note: no exchange rate from \(codes) to \(converter.target.code), so totals are per currency; set one: subs rates set \(missing[0].code) RATE")
        } else if let date = converter.rateDate(amounts), date.days(until: today) > RateTable.staleAfterDays {
            Output.note("note: the exchange rates used are from \(date), over \(RateTable.staleAfterDays) days old; update them: subs rates import FILE or subs rates update --url URL")
        }
    }
}

/// Text and JSON for sums that may be in several currencies.
enum AmountsFormat {
    /// "42.97 EUR" when it converts to the main currency, else "10.00 EUR + 5.00 USD".
    /// "42.97 EUR"; with a currency that has no rate: "40.00 EUR + 1,480 JPY".
    static func text(_ a: Amounts, _ conv: Converter) -> String {
        let (converted, rest) = conv.partial(a)
        if rest.isEmpty { return converted.displayString }
        let parts = (converted.amount != 0 || a.byCurrency[conv.target] != nil ? [converted] : []) + rest
        return parts.map(\.displayString).joined(separator: " + ")
    }

    /// [{"amount": "10.00", "currency": "EUR"}, ...]
    static func json(_ a: Amounts) -> JSONValue {
        .array(a.sums.map { money($0) })
    }

    static func money(_ m: Money) -> JSONValue {
        .object([("amount", .string(m.plainString)), ("currency", .string(m.currency.code))])
    }

    /// The converted total as {"amount", "currency"}, or null without rates.
    static func converted(_ a: Amounts, _ conv: Converter) -> JSONValue {
        if a.isEmpty { return money(Money(0, conv.target)) }
        return conv.total(a).map(money) ?? .null
    }

    /// The change from `before` to `now` in the main currency ("+12.00 EUR (+8.5%)"); sums without a rate
    /// change per currency after it ("+2.00 EUR, +1,480 JPY").
    static func change(from before: Amounts, to now: Amounts, _ conv: Converter) -> String {
        let (a, restBefore) = conv.partial(before)
        let (b, restNow) = conv.partial(now)
        var text = signed(Money(b.amount - a.amount, conv.target))
        if restBefore.isEmpty && restNow.isEmpty { return text + percentText(a.amount, b.amount) }
        var diff = Amounts()
        for m in restNow { diff.add(m) }
        for m in restBefore { diff.add(-m.amount, m.currency) }
        for m in diff.sums where m.amount != 0 { text += ", " + signed(m) }
        return text
    }

    static func signed(_ m: Money) -> String {
        m.amount > 0 ? "+" + m.displayString : m.amount == 0 ? "±" + m.displayString : m.displayString
    }

    static func percentText(_ before: Decimal, _ now: Decimal) -> String {
        guard before != 0 else { return "" }
        let p = (now - before) * 100 / before
        return " (\(p >= 0 ? "+" : "")\(Money.plain(p, scale: 1))%)"
    }
}

/// Horizontal bars of Unicode blocks (eighths), scaled to the largest value and fitted to the width:
/// a label, right-aligned text columns, then the bar in what is left of the line.
struct BarChart {
    struct Row {
        var label: String
        var value: Decimal
        var cells: [String]
        var color: ((String) -> String)? = nil

        init(label: String, value: Decimal, text: String, color: ((String) -> String)? = nil) {
            self.init(label: label, value: value, cells: [text], color: color)
        }

        init(label: String, value: Decimal, cells: [String], color: ((String) -> String)? = nil) {
            self.label = label
            self.value = value
            self.cells = cells
            self.color = color
        }
    }

    var rows: [Row]
    /// Value of a full bar (defaults to the largest value).
    var fullScale: Decimal? = nil
    /// A header line (label and cell titles), bold on a terminal.
    var header: [String]? = nil

    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    func render(_ out: Output) -> String {
        guard !rows.isEmpty else { return "" }
        let columns = rows.map(\.cells.count).max() ?? 0
        var labelWidth = rows.map { $0.label.count }.max() ?? 0
        if let header { labelWidth = max(labelWidth, header[0].count) }
        labelWidth = min(labelWidth, max(out.width / 3, 8))
        var widths = (0..<columns).map { i in rows.map { i < $0.cells.count ? $0.cells[i].count : 0 }.max() ?? 0 }
        if let header { for i in 0..<columns where i + 1 < header.count { widths[i] = max(widths[i], header[i + 1].count) } }
        let used = labelWidth + widths.reduce(0) { $0 + $1 + 2 } + 2
        let barWidth = max(out.width - used - 1, 4)
        let top = fullScale ?? rows.map(\.value).max() ?? 0
        func pad(_ s: String, _ w: Int, left: Bool) -> String {
            var t = s
            if t.count > w { t = String(t.prefix(max(w - 1, 0))) + "…" }
            let p = String(repeating: " ", count: max(w - t.count, 0))
            return left ? t + p : p + t
        }
        var lines: [String] = []
        if let header {
            let cells = (0..<columns).map { pad($0 + 1 < header.count ? header[$0 + 1] : "", widths[$0], left: false) }
            lines.append(out.bold(([pad(header[0], labelWidth, left: true)] + cells).joined(separator: "  ").trimmingTrailingSpaces()))
        }
        for r in rows {
            let cells = (0..<columns).map { pad($0 < r.cells.count ? r.cells[$0] : "", widths[$0], left: false) }
            var bar = BarChart.bar(r.value, of: top, width: barWidth)
            if !bar.isEmpty { bar = r.color.map { $0(bar) } ?? out.cyan(bar) }
            lines.append(([pad(r.label, labelWidth, left: true)] + cells + [bar]).joined(separator: "  ").trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n")
    }

    /// A bar of `width` cells at most, in eighths of a cell; a non-zero value shows at least a sliver.
    static func bar(_ value: Decimal, of top: Decimal, width: Int) -> String {
        guard top > 0, value > 0 else { return "" }
        let ratio = min(value / top, 1)
        let eighthsTotal = max(1, NSDecimalNumber(decimal: Money.round(ratio * Decimal(width * 8), scale: 0)).intValue)
        return String(repeating: "█", count: eighthsTotal / 8) + eighths[eighthsTotal % 8]
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
