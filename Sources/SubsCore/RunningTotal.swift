import Foundation

/// A running total over a long list of charges, exact and cheap: amounts that are whole millionths
/// (prices, and prices times a short rate) are summed as integers, per share denominator (a third of
/// 10.99 stays exact); anything else is summed in Decimal. Rounded only for display.
public struct RunningTotal: Sendable {
    public let currency: Currency
    private var byDenominator: [Int: Int] = [:]
    private var rest: Decimal = 0
    private var hasRest = false

    public init(currency: Currency) { self.currency = currency }

    /// Adds `millionths x share` (a price's user part).
    public mutating func add(millionths v: Int, share: Share) {
        if share.denominator == 1 { whole += v * share.numerator } else { byDenominator[share.denominator, default: 0] += v * share.numerator }
    }

    /// Σ of whole amounts (no share to divide by), apart: the common case costs no dictionary.
    private var whole = 0

    public mutating func add(_ amount: Decimal) {
        rest += amount
        hasRest = true
    }

    /// The exact total.
    public var value: Decimal {
        var sum = rest + Millionths.decimal(whole)
        for (d, n) in byDenominator { sum += d == 1 ? Millionths.decimal(n) : Millionths.decimal(n) / Decimal(d) }
        return sum
    }

    /// "1,234.56 EUR".
    public var displayString: String {
        if !hasRest && byDenominator.isEmpty {
            return Money.grouped(Millionths.plain(whole, digits: currency.minorUnits)) + " " + currency.code
        }
        if !hasRest, let text = integerText { return text }
        return Money(value, currency).displayString
    }

    /// Σ n/d millionths over one common denominator, rounded half away from zero in integers; nil on overflow.
    private var integerText: String? {
        var common = 1
        for d in byDenominator.keys {
            let (l, o) = (common / Millionths.gcd(common, d)).multipliedReportingOverflow(by: d)
            if o || l > 1_000_000 { return nil }
            common = l
        }
        var total = 0
        for (d, n) in byDenominator.merging([1: whole], uniquingKeysWith: +) {
            let (t, o1) = n.multipliedReportingOverflow(by: common / d)
            let (s, o2) = total.addingReportingOverflow(t)
            if o1 || o2 { return nil }
            total = s
        }
        let digits = currency.minorUnits
        guard digits <= Millionths.scale else { return nil }
        let step = Millionths.powers[Millionths.scale - digits]
        let (q, o) = step.multipliedReportingOverflow(by: common)
        if o { return nil }
        var whole = total.magnitude / UInt(q)
        if (total.magnitude % UInt(q)) * 2 >= UInt(q) { whole += 1 }
        let (scaled, o3) = Int(whole).multipliedReportingOverflow(by: step)
        if o3 { return nil }
        return Money.grouped(Millionths.plain(total < 0 ? -scaled : scaled, digits: digits)) + " " + currency.code
    }
}
