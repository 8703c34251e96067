import Foundation
import Testing
@testable import SubsCore

@Suite struct LocalDateTests {
    @Test func rejectsDatesThatDoNotExist() {
        #expect(LocalDate(iso: "2026-02-30") == nil)
        #expect(LocalDate(iso: "2026-13-01") == nil)
        #expect(LocalDate(iso: "2026-1-01") == nil)
        #expect(LocalDate(iso: "2024-02-29") != nil)
        #expect(LocalDate(iso: "2025-02-29") == nil)
    }

    @Test func dayNumbersRoundTripOverFourCenturies() {
        var d = LocalDate(year: 1800, month: 1, day: 1)!
        for _ in 0..<(400 * 366) {
            let next = LocalDate(dayNumber: d.dayNumber + 1)
            #expect(next > d)
            #expect(LocalDate(dayNumber: next.dayNumber) == next)
            d = next
        }
        #expect(LocalDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(LocalDate(year: 2026, month: 11, day: 22)!.weekday == 7)  // a Sunday
    }

    /// The arithmetic UTC timestamp reads as Foundation's RFC 3339 formatter writes whole seconds,
    /// before and after 1970; a fraction of a second is dropped (Foundation rounds it).
    @Test func timestampsAgreeWithFoundationsFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let date = Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...7_000_000_000, using: &generator)))
            #expect(Timestamp.utc(date) == formatter.string(from: date))
        }
        #expect(Timestamp.utc(secondsSince1970: 0) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.utc(secondsSince1970: -1) == "1969-12-31T23:59:59Z")
        #expect(Timestamp.utc(Date(timeIntervalSince1970: 1_795_746_333.9)) == "2026-11-27T02:25:33Z")
    }
}

@Suite struct CadenceEquivalentTests {
    @Test func yearlyEquivalentIsExact() {
        #expect(Cadence.yearly.yearlyEquivalent(of: 119) == 119)
        #expect(Cadence(unit: .month, count: 3)!.yearlyEquivalent(of: Decimal(string: "10.01")!) == Decimal(string: "40.04")!)
        #expect(Cadence.weekly.yearlyEquivalent(of: 12) == 624)
        #expect(Cadence(unit: .year, count: 2)!.yearlyEquivalent(of: 119) == Decimal(string: "59.5")!)
    }
}

@Suite struct ParsingFastPathTests {
    @Test func exactDecimalsMatchFoundationsParser() {
        for text in ["15.99", "0", "-0", "-12.50", "1480", "0.001", "123456789012345678", "1234567890123456789.25", ".5", "5."] {
            #expect(Decimal(exactly: text) == Decimal(string: text, locale: nil), "\(text)")
            #expect(Decimal(exactly: text).map { "\($0)" } == Decimal(string: text, locale: nil).map { "\($0)" }, "\(text)")
        }
        for bad in ["", "-", ".", "1.2.3", "1,5", "1e5", "--1", " 1", "١٢"] { #expect(Decimal(exactly: bad) == nil, "\(bad)") }
    }

    @Test func isoDatesAreStrict() {
        #expect(LocalDate(iso: "2026-01-15") == LocalDate(year: 2026, month: 1, day: 15))
        for bad in ["2026-1-15", "2026-01-1", "2026/01/15", "20260115", "2026-01-155", "2026-01-1x", "+026-01-15", "2026-02-29"] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
    }
}

@Suite struct MillionthsTests {
    @Test func plainTextMatchesDecimalRounding() {
        let values = ["15.99", "0.005", "-0.005", "2.675", "1480", "0.0000005", "-12.345", "999999.995", "0", "0.1", "123.456789"]
        for t in values {
            let d = Decimal(string: t)!
            for scale in 0...4 {
                var input = d, rounded = Decimal()
                NSDecimalRound(&rounded, &input, scale, .plain)
                var expected = "\(rounded < 0 ? -rounded : rounded)"
                if scale > 0 {
                    if !expected.contains(".") { expected += "." }
                    let frac = expected.split(separator: ".", omittingEmptySubsequences: false)[1].count
                    expected += String(repeating: "0", count: max(0, scale - frac))
                }
                if rounded < 0 { expected = "-" + expected }
                #expect(Money.plain(d, scale: scale) == expected, "\(t) at \(scale)")
            }
        }
        #expect(Millionths.of(Decimal(string: "0.0000001")!) == nil)
        #expect(Millionths.of(Decimal(string: "123456789012345678901234567890")!) == nil)
        #expect(Millionths.of(Decimal(string: "-15.99")!) == -15_990_000)
    }

    @Test func sharesAndCadencesAreExactWhereTheyCanBe() {
        #expect(Share(1, 3)!.apply(to: Decimal(string: "131.88")!) == Decimal(string: "43.96")!)
        #expect(Share(1, 3)!.apply(to: Decimal(string: "10.99")!) == Decimal(string: "10.99")! / 3)
        #expect(Cadence.yearly.monthlyEquivalent(of: Decimal(string: "119.88")!) == Decimal(string: "9.99")!)
        #expect(Cadence.yearly.monthlyEquivalent(of: 119) == Decimal(119) / 12)
        #expect(Cadence.weekly.monthlyEquivalent(of: 12) == 52)
    }
}

@Suite struct NameKeyTests {
    @Test func asciiFastPathFoldsLikeFoundation() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array(" abcXYZ019-_.!~+ ")
        for _ in 0..<2000 {
            let name = String((0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            let slow = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .trimmingCharacters(in: .whitespaces)
            #expect(Subscription.nameKey(name) == slow, "'\(name)'")
        }
        #expect(Subscription.nameKey("  Crème BRÛLÉE ") == "creme brulee")
        #expect(Subscription.nameKey("Netflix") == Subscription.nameKey("NETFLIX "))
    }
}

@Suite struct RunningTotalTests {
    @Test func integerTotalsAreExactRationalsRounded() {
        // Expected from exact rationals (in 1/42 cents: 42 is the lcm of the denominators). Decimal would not
        // do: a sum of thirds truncated to 38 digits can land just under a half cent.
        var rng = SystemRandomNumberGenerator()
        let shares = [Share.whole, Share(1, 2)!, Share(1, 3)!, Share(2, 3)!, Share(1, 7)!]
        for _ in 0..<300 {
            var t = RunningTotal(currency: .eur)
            var fortySeconds = 0
            for _ in 0..<Int.random(in: 1...20, using: &rng) {
                let cents = Int.random(in: 1...50_000, using: &rng)
                let share = shares.randomElement(using: &rng)!
                t.add(millionths: cents * 10_000, share: share)
                fortySeconds += cents * share.numerator * (42 / share.denominator)
            }
            let cents = fortySeconds / 42 + (fortySeconds % 42 * 2 >= 42 ? 1 : 0)
            #expect(t.displayString == Money(Decimal(cents) / 100, .eur).displayString)
        }
        var mixed = RunningTotal(currency: .usd)
        mixed.add(millionths: 1_000_000, share: .whole)
        mixed.add(Decimal(1) / 3)
        #expect(mixed.displayString == "1.33 USD")
    }
}
