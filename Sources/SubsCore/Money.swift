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
    public var plainString: String { Money.plain(amount, scale: currency.minorUnits) }

    /// "15.99 EUR".
    public var description: String { "\(plainString) \(currency.code)" }

    /// "1,299.00 EUR": grouped for tables.
    public var displayString: String {
        // Whole millionths (every price and share of one) format from integers; the rest through Decimal.
        if currency.minorUnits <= Millionths.scale, let v = Millionths.of(amount) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(24)
            Millionths.appendDisplay(v, currency, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        return "\(Money.grouped(plainString)) \(currency.code)"
    }

    public static func round(_ value: Decimal, scale: Int) -> Decimal {
        // Whole millionths round in integers (NSDecimalRound costs a microsecond when it has work to do).
        if (0...Millionths.scale).contains(scale), let v = Millionths.of(value) {
            return Millionths.decimal(Millionths.rounded(v, digits: scale) * Millionths.powers[Millionths.scale - scale])
        }
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
        // Rounded, it is whole millionths unless it is huge: formatted from the integer, not Decimal's text.
        if scale <= Millionths.scale, let v = Millionths.of(r) { return Millionths.plain(v, digits: scale) }
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
        var bytes = Array(plain.utf8)
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes.removeFirst() }
        let intEnd = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
        if intEnd <= 3 { return plain }
        var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        out.reserveCapacity(bytes.count + intEnd / 3 + 1)
        for i in 0..<intEnd {
            if i > 0 && (intEnd - i) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(bytes[i])
        }
        out.append(contentsOf: bytes[intEnd...])
        return String(decoding: out, as: UTF8.self)
    }
}

extension Decimal {
    /// Strict decimal parsing: digits with at most one '.', optional leading '-'. Nothing else.
    /// Up to 18 digits are read straight into an integer significand (Decimal(string:) costs ~1 µs a call).
    public init?(exactly text: some StringProtocol) {
        var s = String(text)
        guard let d = s.withUTF8({ Decimal(exactlyBytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = d
    }

    /// The same from UTF-8 bytes.
    public init?(exactlyBytes text: UnsafeRawBufferPointer) {
        var digits = 0
        var dots = 0
        var negative = false
        var significand = 0
        var fraction = 0
        for i in 0..<text.count {
            let b = text[i]
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
        guard let d = Decimal(string: String(decoding: text, as: UTF8.self), locale: nil) else { return nil }
        self = d
    }
}
