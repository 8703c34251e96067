import Foundation

/// The user's part of a split cost, as an exact fraction (1/3 is not a finite decimal).
public struct Share: Hashable, Sendable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    public static let whole = Share(reduced: 1, 1)

    public init?(_ numerator: Int, _ denominator: Int) {
        guard denominator > 0, numerator > 0, numerator <= denominator else { return nil }
        self.init(reduced: numerator, denominator)
    }

    private init(reduced n: Int, _ d: Int) {
        let g = Millionths.gcd(n, d)
        numerator = n / g
        denominator = d / g
    }

    /// `1/3`, `0.5`, `50%`, `1`.
    public init?(parsing text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        if let slash = t.firstIndex(of: "/") {
            guard let n = Int(t[..<slash].trimmingCharacters(in: .whitespaces)),
                let d = Int(t[t.index(after: slash)...].trimmingCharacters(in: .whitespaces))
            else { return nil }
            self.init(n, d)
            return
        }
        var body = Substring(t)
        var scale = 1
        if body.hasSuffix("%") {
            body = body.dropLast()
            scale = 100
        }
        guard let value = Decimal(exactly: body), value > 0 else { return nil }
        // Decimal -> fraction: shift the decimal point until the value is whole.
        var numerator = value
        var denominator = Decimal(scale)
        var steps = 0
        while numerator != Money.round(numerator, scale: 0) {
            numerator *= 10
            denominator *= 10
            steps += 1
            if steps > 6 { return nil }
        }
        let n = NSDecimalNumber(decimal: numerator).intValue
        let d = NSDecimalNumber(decimal: denominator).intValue
        self.init(n, d)
    }

    public func apply(to amount: Decimal) -> Decimal {
        if numerator == denominator { return amount }
        // Exact in millionths (a half of 10.99): no Decimal division, which costs ~15 µs.
        if let v = Millionths.of(amount), let r = Millionths.multiply(v, by: numerator, dividedBy: denominator) {
            return Millionths.decimal(r)
        }
        return denominator == 1 ? amount * Decimal(numerator) : amount * Decimal(numerator) / Decimal(denominator)
    }

    public var isWhole: Bool { numerator == denominator }
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
