import Foundation

/// An exact amount in one currency. Arithmetic is `Decimal`; rounding happens only for display.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public var amount: Decimal
    public var currency: Currency

    public init(_ amount: Decimal, _ currency: Currency) {
        self.amount = amount
        self.currency = currency
    }

    /// Rounded half away from zero to the currency's minor units (as invoices round; not bankers' rounding).
    public var rounded: Decimal { Money.round(amount, scale: currency.minorUnits) }

    /// Plain decimal string with exactly the currency's minor units: "15.99", "1480", "1299.00".
    public var plainString: String { Money.plain(rounded, scale: currency.minorUnits) }

    /// "15.99 EUR".
    public var description: String { "\(plainString) \(currency.code)" }

    /// "1,299.00 EUR": grouped for tables.
    public var displayString: String { "\(Money.grouped(plainString)) \(currency.code)" }

    public static func round(_ value: Decimal, scale: Int) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, scale, .plain)
        return result
    }

    /// Exact decimal text with a fixed number of fraction digits, never scientific notation.
    public static func plain(_ value: Decimal, scale: Int) -> String {
        // Fast and exact when the value is a whole number of millionths (every price is).
        if scale <= Millionths.scale, let v = Millionths.of(value) { return Millionths.plain(v, digits: scale) }
        let r = round(value, scale: scale)
        let negative = r < 0
        var text = "\(negative ? -r : r)"
        if !text.contains(".") && scale > 0 { text += "." }
        if scale > 0 {
            let frac = text.split(separator: ".", omittingEmptySubsequences: false)[1].count
            if frac < scale { text += String(repeating: "0", count: scale - frac) }
        }
        return (negative ? "-" : "") + text
    }

    /// Thousands separators for display: "1299.00" -> "1,299.00".
    public static func grouped(_ plain: String) -> String {
        let negative = plain.hasPrefix("-")
        let body = negative ? String(plain.dropFirst()) : plain
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var intPart = Array(parts[0])
        var out: [Character] = []
        while intPart.count > 3 {
            out = [","] + intPart.suffix(3) + out
            intPart.removeLast(3)
        }
        out = intPart + out
        let frac = parts.count > 1 ? "." + parts[1] : ""
        return (negative ? "-" : "") + String(out) + frac
    }
}

extension Decimal {
    /// Strict decimal parsing: digits with at most one '.', optional leading '-'. Nothing else.
    /// Up to 18 digits are read straight into an integer significand (Decimal(string:) costs ~1 µs a call).
    public init?(exactly text: some StringProtocol) {
        var digits = 0
        var dots = 0
        var negative = false
        var significand = 0
        var fraction = 0
        for (i, b) in text.utf8.enumerated() {
            if b == UInt8(ascii: "-") && i == 0 { negative = true; continue }
            if b == UInt8(ascii: ".") { dots += 1; continue }
            guard b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") else { return nil }
            digits += 1
            if digits <= 18 { significand = significand * 10 + Int(b - UInt8(ascii: "0")) }
            if dots == 1 { fraction += 1 }
        }
        guard digits > 0, dots <= 1, digits <= 30 else { return nil }
        if digits <= 18 {
            self = Decimal(sign: negative && significand != 0 ? .minus : .plus, exponent: -fraction, significand: Decimal(significand))
            return
        }
        guard let d = Decimal(string: String(text), locale: nil) else { return nil }
        self = d
    }
}
