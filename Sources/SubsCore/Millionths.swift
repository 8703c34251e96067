import Foundation

/// Exact fixed point for the hot paths: an amount as an integer count of millionths.
///
/// Foundation's Decimal costs about 1 µs an addition and 15 µs a division on Linux, which made a report
/// over 10,000 subscriptions take seconds. Prices have a few decimals, so they are exact integers of
/// millionths; their sums are exact integer sums, and they go back to Decimal exactly. Anything that is
/// not exact in millionths (a division that does not come out even, a longer decimal) stays in Decimal.
public enum Millionths {
    public static let scale = 6
    static let unit = 1_000_000
    /// Bounds that keep sums of many amounts far from Int overflow: |amount| < 10^12 currency units.
    static let limit = 1_000_000_000_000 * unit

    static let powers: [Int] = (0...18).map { p in (0..<p).reduce(1) { r, _ in r * 10 } }

    /// `d` in millionths when it is exactly that, else nil.
    public static func of(_ d: Decimal) -> Int? {
        guard layoutIsKnown, let p = parts(d) else { return slowlyOf(d) }
        if p.significand == 0 { return p.negative ? nil : 0 }  // zero, or NaN
        guard p.exponent >= -scale, p.exponent <= 12, p.significand < 1_000_000_000_000_000 else { return nil }
        let (v, overflow) = Int(p.significand).multipliedReportingOverflow(by: powers[p.exponent + scale])
        guard !overflow, v.magnitude < limit.magnitude else { return nil }
        return p.negative ? -v : v
    }

    /// Decimal's sign, exponent and significand (when it fits 64 bits), read from its bytes. Decimal shows them
    /// only as Decimals, and turning those into integers bridges through NSDecimalNumber twice (~1 µs):
    /// this runs for every amount of every listing. The layout is Foundation's: an exponent byte, a byte of
    /// length (high nibble) and flags (0x08 negative), two reserved, eight 16-bit words of mantissa, low first.
    private static func parts(_ d: Decimal) -> (exponent: Int, negative: Bool, significand: UInt64)? {
        withUnsafeBytes(of: d) { b in
            let flags = b[1], length = Int(flags >> 4)
            guard length <= 4 else { return nil }
            var m: UInt64 = 0
            var i = length
            while i > 0 {
                i -= 1
                m = m << 16 | UInt64(b[4 + 2 * i]) | UInt64(b[5 + 2 * i]) << 8
            }
            return (Int(Int8(bitPattern: b[0])), flags & 0x08 != 0, m)
        }
    }

    /// `parts` reads back known values exactly: checked once, so another Foundation's layout falls back to the
    /// public API rather than misreading amounts.
    static let layoutIsKnown: Bool = {
        guard MemoryLayout<Decimal>.size == 20 else { return false }
        let samples = ["-1234.5678", "15.99", "1000000", "0.000001", "-0.5", "18446744073709551615", "123456789012.345678", "7e-3"]
        return samples.allSatisfy { text in
            guard let d = Decimal(string: text), let p = parts(d) else { return false }
            return Decimal(sign: p.negative ? .minus : .plus, exponent: p.exponent, significand: Decimal(p.significand)) == d
        }
    }()

    /// `of` through Decimal's public API.
    static func slowlyOf(_ d: Decimal) -> Int? {
        guard !d.isNaN else { return nil }
        let e = d.exponent
        guard e >= -scale, e <= 12 else { return d == 0 ? 0 : nil }
        let significand = d.significand
        // A range check only (not arithmetic): int64Value wraps silently on larger significands.
        guard Double(truncating: significand as NSNumber).magnitude < 1e15 else { return nil }
        let s = Int(NSDecimalNumber(decimal: significand).int64Value)
        let (v, overflow) = s.multipliedReportingOverflow(by: powers[e + scale])
        guard !overflow, v.magnitude < limit.magnitude else { return nil }
        return d.sign == .minus && v > 0 ? -v : v
    }

    public static func decimal(_ v: Int) -> Decimal {
        Decimal(sign: v < 0 ? .minus : .plus, exponent: -scale, significand: Decimal(v.magnitude))
    }

    /// Greatest common divisor of |a| and |b| (gcd(0, b) is |b|).
    public static func gcd(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (a.magnitude, b.magnitude)
        while y != 0 { (x, y) = (y, x % y) }
        return Int(x)
    }

    /// `v x numerator / denominator` when that is exact in millionths and cannot overflow.
    public static func multiply(_ v: Int, by numerator: Int, dividedBy denominator: Int) -> Int? {
        let (p, overflow) = v.multipliedReportingOverflow(by: numerator)
        guard !overflow, denominator != 0, p % denominator == 0 else { return nil }
        return p / denominator
    }

    /// Rounded half away from zero to `digits` decimals (as `Money.round`), as plain text: "15.99", "1480".
    public static func plain(_ v: Int, digits: Int) -> String {
        let q = powers[scale - min(max(digits, 0), scale)]
        var whole = v.magnitude / UInt(q)
        if (v.magnitude % UInt(q)) * 2 >= UInt(q) { whole += 1 }
        let negative = v < 0 && whole > 0
        guard digits > 0 else { return (negative ? "-" : "") + String(whole) }
        let div = UInt(powers[digits])
        var frac = String(whole % div)
        if frac.count < digits { frac = String(repeating: "0", count: digits - frac.count) + frac }
        return (negative ? "-" : "") + String(whole / div) + "." + frac
    }

    /// `v x numerator / denominator` rounded half away from zero to `digits` decimals (0...6), in millionths;
    /// nil on overflow. Exact: the rational is rounded, not a truncated quotient.
    public static func fraction(_ v: Int, _ numerator: Int, _ denominator: Int, roundedTo digits: Int) -> Int? {
        guard denominator > 0, (0...scale).contains(digits) else { return nil }
        let step = powers[scale - digits]
        let (n, o1) = v.magnitude.multipliedReportingOverflow(by: UInt(numerator.magnitude))
        let (d, o2) = UInt(denominator).multipliedReportingOverflow(by: UInt(step))
        guard !o1, !o2 else { return nil }
        var q = n / d
        if (n % d) >= d - n % d { q += 1 }  // remainder at least half of d
        let (r, o3) = q.multipliedReportingOverflow(by: UInt(step))
        guard !o3, r <= UInt(Int.max) else { return nil }
        return (v < 0) != (numerator < 0) ? -Int(r) : Int(r)
    }

    /// `v` rounded half away from zero to `digits` decimals (0...6), as an integer count of those units.
    public static func rounded(_ v: Int, digits: Int) -> Int {
        let q = UInt(powers[scale - min(max(digits, 0), scale)])
        var whole = v.magnitude / q
        if (v.magnitude % q) * 2 >= q { whole += 1 }
        return v < 0 ? -Int(whole) : Int(whole)
    }

    /// Appends what `Money.displayString` shows before the code: rounded half away from zero to `digits`
    /// decimals (0...6), thousands grouped: "1,299.00", "-0.50", "1,480". Bytes, no intermediate strings,
    /// for listings that format amounts by the hundred thousand.
    /// `Money.displayString` of `v` millionths of `currency`: "1,299.00 EUR".
    public static func appendDisplay(_ v: Int, _ currency: Currency, to out: inout [UInt8]) {
        appendDisplay(v, digits: currency.minorUnits, to: &out)
        out.append(UInt8(ascii: " "))
        out.append(contentsOf: currency.code.utf8)
    }

    public static func appendDisplay(_ v: Int, digits: Int, to out: inout [UInt8]) {
        withDisplay(v, digits: digits) { out.append(contentsOf: $0) }
    }

    /// The text `appendDisplay` writes (without a currency code), lent to `body` for the call.
    public static func withDisplay(_ v: Int, digits: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let d = min(max(digits, 0), scale)
        let units = rounded(v, digits: d).magnitude
        let div = UInt(powers[d])
        var whole = units / div, frac = units % div
        // Right to left into scratch bytes, then one append (byte-by-byte appends cost more than the digits).
        // At most 20 digits, 6 separators, a point, 6 decimals and a sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { b in
            var i = b.count
            if d > 0 {
                for _ in 0..<d {
                    i -= 1
                    b[i] = UInt8(ascii: "0") + UInt8(frac % 10)
                    frac /= 10
                }
                i -= 1
                b[i] = UInt8(ascii: ".")
            }
            var n = 0
            repeat {
                if n > 0 && n % 3 == 0 {
                    i -= 1
                    b[i] = UInt8(ascii: ",")
                }
                i -= 1
                b[i] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                n += 1
            } while whole > 0
            if v < 0 && units > 0 {
                i -= 1
                b[i] = UInt8(ascii: "-")
            }
            body(UnsafeBufferPointer(rebasing: b[i...]))
        }
    }
}
