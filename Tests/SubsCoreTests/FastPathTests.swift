import Foundation
import Testing
import TestSupport
@testable import SubsCore

/// The fast paths (date-ordered merge, integer money) against plain references computed here.
@Suite struct FastPathTests {
    static let today = LocalDate(year: 2026, month: 1, day: 15)!

    /// Random subscriptions, some with split costs.
    static func subscriptions(seed: UInt64, count: Int = 300) -> [Subscription] {
        var g = SeededGenerator(seed: seed)
        return RandomSubscriptions.make(count: count, today: today, seed: seed).map { s in
            var s = s
            s.share = [Share.whole, .whole, Share(1, 2)!, Share(1, 3)!, Share(2, 7)!].randomElement(using: &g)!
            return s
        }
    }

    // MARK: Charges

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theMergedStreamIsTheSortedListOfEverySubscriptionsCharges(seed: UInt64) {
        let subs = FastPathTests.subscriptions(seed: seed)
        let from = FastPathTests.today, through = FastPathTests.today.adding(days: 500)
        // Reference: each subscription's charges, concatenated, then sorted by (date, subscription, position).
        var all: [(offset: Int, charge: Charge)] = []
        for i in subs.indices {
            Projection.forEachCharge(of: subs[i], index: i, from: from, through: through, markPriceChanges: true) {
                all.append((all.count, $0))
            }
        }
        let expected = all.sorted { ($0.charge.date, $0.charge.index, $0.offset) < ($1.charge.date, $1.charge.index, $1.offset) }.map(\.charge)
        var merged: [Charge] = []
        Projection.forEachChargeInDateOrder(of: subs, from: from, through: through) { merged.append($0) }
        #expect(merged.count == expected.count)
        #expect(merged.count > 1000)
        for (m, e) in zip(merged, expected) {
            #expect(m.date == e.date && m.index == e.index && m.priceIndex == e.priceIndex)
            #expect(m.price == e.price && m.yours == e.yours && m.kind == e.kind && m.previousPrice == e.previousPrice)
        }
        // And every charge has what the subscription's own methods say.
        for c in merged.prefix(2000) {
            #expect(c.price == subs[c.index].price(on: c.date))
            #expect(c.yours == subs[c.index].userPart(of: c.price))
        }
    }

    @Test(arguments: [4, 5] as [UInt64])
    func chargeDatesAreTheOccurrencesInsideTheLiveWindow(seed: UInt64) {
        // Independent of the iterator: every occurrence k in a wide range, kept when the subscription charges then.
        let from = FastPathTests.today.adding(days: -100), through = FastPathTests.today.adding(days: 700)
        for s in FastPathTests.subscriptions(seed: seed, count: 200) {
            var expected: [LocalDate] = []
            for k in -3000...3000 {
                let d = Schedule.occurrence(k, anchor: s.anchor, cadence: s.cadence)
                guard d >= from, d <= through, d >= s.startedOn else { continue }
                if let trial = s.trialUntil, d < trial { continue }
                if s.status == .paused || s.status == .cancelled {
                    guard let since = s.statusSince, d < since else { continue }
                }
                expected.append(d)
            }
            #expect(Schedule.charges(of: s, from: from, through: through) == expected, "\(s.cadence) anchor \(s.anchor)")
            var open = Schedule.ChargeDates(of: s, from: from, through: nil)
            let firstFew = (0..<3).compactMap { _ in open.next() }
            #expect(firstFew == Array(expected.prefix(3)) || expected.count < 3)
        }
    }

    @Test(arguments: [6, 7, 8] as [UInt64])
    func chargesCountedPerPriceAreTheChargesWalked(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let subs = FastPathTests.subscriptions(seed: seed).map { s in
            // Some with a past pause, whose charges are skipped (counted by walking).
            var s = s
            if Int.random(in: 0..<4, using: &g) == 0 {
                let from = FastPathTests.today.adding(days: Int.random(in: -120...200, using: &g))
                s.pauses = [Pause(from: from, until: from.adding(days: Int.random(in: 1...90, using: &g)))]
            }
            return s
        }
        var compared = 0, walkedTotal = 0
        for (from, days) in [(0, 1), (0, 30), (-40, 365), (3, 800), (200, 7)] {
            let start = FastPathTests.today.adding(days: from), through = start.adding(days: days - 1)
            for (i, s) in subs.enumerated() {
                var walked = [Int](repeating: 0, count: s.prices.count)
                Projection.forEachChargeRef(of: s, index: i, from: start, through: through) { walked[$0.priceIndex] += 1 }
                var counted = [Int](repeating: 0, count: s.prices.count)
                var order: [Int] = []
                Projection.forEachPriceCount(of: s, from: start, through: through) { p, n in
                    counted[p] = n
                    order.append(p)
                }
                #expect(counted == walked, "subscription \(i), \(start)...\(through)")
                #expect(order == order.sorted() && !walked.enumerated().contains { $0.element > 0 && !order.contains($0.offset) })
                compared += 1
                walkedTotal += walked.reduce(0, +)
            }
        }
        #expect(compared == 1500 && walkedTotal > 5000)
    }

    // MARK: Money

    /// Money.displayString as it was: Decimal rounding (NSDecimalRound, half away from zero), Decimal's text, grouping.
    static func referenceDisplay(_ value: Decimal, _ currency: Currency) -> String {
        var input = value, r = Decimal()
        NSDecimalRound(&r, &input, currency.minorUnits, .plain)
        let negative = r < 0
        var text = "\(negative ? -r : r)"
        if currency.minorUnits > 0 {
            if !text.contains(".") { text += "." }
            let frac = text.split(separator: ".", omittingEmptySubsequences: false)[1].count
            text += String(repeating: "0", count: currency.minorUnits - frac)
        }
        var whole = String(text.prefix { $0 != "." })
        let rest = text.dropFirst(whole.count)
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        return (negative ? "-" : "") + whole + grouped + rest + " " + currency.code
    }

    static let currencies = ["EUR", "JPY", "BHD", "USD", "CLF"].map { Currency(code: $0)! }

    @Test func integerDisplayEqualsDecimalRounding() {
        var g = SeededGenerator(seed: 9)
        var cases: [Decimal] = ["0", "0.5", "-0.5", "1.005", "-1.005", "2.5", "-2.5", "0.0049", "-0.0049", "999.9995", "1234567.8915", "-1000000", "0.000001"].map { Decimal(string: $0)! }
        for _ in 0..<3000 {
            let units = Int.random(in: -10_000_000_000...10_000_000_000, using: &g)
            cases.append(Decimal(sign: units < 0 ? .minus : .plus, exponent: -Int.random(in: 0...6, using: &g), significand: Decimal(units.magnitude)))
        }
        for value in cases {
            for currency in FastPathTests.currencies {
                let expected = FastPathTests.referenceDisplay(value, currency)
                #expect(Money(value, currency).displayString == expected)
                var bytes: [UInt8] = []
                Millionths.appendDisplay(Millionths.of(value)!, digits: currency.minorUnits, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) + " " + currency.code == expected)
                var input = value, r = Decimal()
                NSDecimalRound(&r, &input, currency.minorUnits, .plain)
                #expect(Money.round(value, scale: currency.minorUnits) == r)
                #expect(Money(value, currency).plainString == Money.plain(r, scale: currency.minorUnits))
            }
        }
    }

    @Test func millionthsFromDecimalBytesEqualThePublicAPI() {
        #expect(Millionths.layoutIsKnown)
        var g = SeededGenerator(seed: 15)
        var cases: [Decimal] = ["0", "-0", "1e-7", "123.4567891", "1e13", "999999999.999999", "-42", "0.10"].map { Decimal(string: $0)! }
        cases += [Decimal.nan, Decimal(sign: .plus, exponent: 30, significand: 1), Decimal(string: "123456789012345678901234567890")!]
        for _ in 0..<5000 {
            let significand = Decimal(UInt64.random(in: 0...UInt64.max, using: &g) >> UInt64.random(in: 0...63, using: &g))
            cases.append(Decimal(sign: Bool.random(using: &g) ? .minus : .plus, exponent: Int.random(in: -9...14, using: &g), significand: significand))
            cases.append(cases.last! * 3 / 7)  // arithmetic results: long, not compact
        }
        for d in cases { #expect(Millionths.of(d) == Millionths.slowlyOf(d), "\(d)") }
        #expect(Millionths.of(Decimal.nan) == nil)
        #expect(Millionths.of(Decimal(string: "-12.5")!) == -12_500_000)
    }

    @Test func theUsersPartInIntegersEqualsDecimalDivisionAndRounding() {
        var g = SeededGenerator(seed: 11)
        let shares = [Share(1, 2)!, Share(1, 3)!, Share(2, 3)!, Share(2, 7)!, Share(3, 8)!, Share(1, 1)!, Share(5, 6)!]
        for _ in 0..<3000 {
            let currency = FastPathTests.currencies.randomElement(using: &g)!
            let units = Int.random(in: 0...10_000_000, using: &g)
            let price = Money(Decimal(sign: .plus, exponent: -currency.minorUnits, significand: Decimal(units)), currency)
            let share = shares.randomElement(using: &g)!
            var exact = price.amount * Decimal(share.numerator) / Decimal(share.denominator), r = Decimal()
            NSDecimalRound(&r, &exact, currency.minorUnits, .plain)
            let s = Subscription(uid: "u", name: "n", price: price, cadence: .monthly, anchor: FastPathTests.today, share: share, createdAt: "")
            #expect(s.userPart(of: price) == Money(r, currency), "\(price) x \(share)")
        }
    }

    @Test func normalisedCostsInIntegersEqualDecimalArithmetic() {
        var g = SeededGenerator(seed: 12)
        let shares = [Share.whole, Share(1, 2)!, Share(1, 3)!, Share(2, 7)!]
        let perYear: [Cadence.Unit: Decimal] = [.day: 365, .week: 52, .month: 12, .quarter: 4, .year: 1]
        var integer = 0
        for _ in 0..<3000 {
            let currency = FastPathTests.currencies.randomElement(using: &g)!
            let price = Money(Decimal(sign: .plus, exponent: -Int.random(in: 0...4, using: &g), significand: Decimal(Int.random(in: 0...10_000_000, using: &g))), currency)
            let unit = [Cadence.Unit.day, .week, .month, .quarter, .year].randomElement(using: &g)!
            let cadence = Cadence(unit: unit, count: [1, 1, 2, 3, 6].randomElement(using: &g)!)!
            let share = shares.randomElement(using: &g)!
            let s = Subscription(uid: "u", name: "n", price: price, cadence: cadence, anchor: FastPathTests.today, share: share, createdAt: "")
            let fraction = s.monthlyMillionths(of: price)
            let costs = (monthly: fraction.flatMap { $0.denominator == 1 ? $0.numerator : nil }, yearly: Report.yearlyMillionths(of: s, price: price))
            // Plain Decimal: the share applied exactly, then x charges a year / 12 / count; yearly from the rounded part.
            let monthly = price.amount * Decimal(share.numerator) / Decimal(share.denominator) * perYear[unit]! / 12 / Decimal(cadence.count)
            let yearly = s.userPart(of: price).amount * perYear[unit]! / Decimal(cadence.count)
            if let m = costs.monthly { #expect(Millionths.decimal(m) == monthly, "\(price) \(cadence) \(share)"); integer += 1 }
            if let y = costs.yearly { #expect(Millionths.decimal(y) == yearly, "\(price) \(cadence) \(share)") }
            if cadence.count == 1 { #expect(costs.yearly != nil) }  // whole charges a year of a rounded part
            if share == .whole && unit == .month && cadence.count == 1 { #expect(costs.monthly != nil) }
        }
        #expect(integer > 300)
    }

    @Test func roundedMonthlyCostIsTheDecimalMonthlyCostRounded() {
        var g = SeededGenerator(seed: 14)
        let shares = [Share.whole, Share(1, 2)!, Share(1, 3)!, Share(2, 7)!]
        for _ in 0..<3000 {
            let currency = FastPathTests.currencies.randomElement(using: &g)!
            let price = Money(Decimal(sign: .plus, exponent: -Int.random(in: 0...4, using: &g), significand: Decimal(Int.random(in: 0...10_000_000, using: &g))), currency)
            let cadence = Cadence(unit: Cadence.Unit.allCases.randomElement(using: &g)!, count: [1, 1, 2, 3, 6].randomElement(using: &g)!)!
            let s = Subscription(uid: "u", name: "n", price: price, cadence: cadence, anchor: FastPathTests.today, share: shares.randomElement(using: &g)!, createdAt: "")
            var exact = s.monthlyCost(asOf: FastPathTests.today).amount, r = Decimal()
            NSDecimalRound(&r, &exact, currency.minorUnits, .plain)
            #expect(s.roundedMonthlyCost(asOf: FastPathTests.today) == Money(r, currency), "\(price) \(cadence) \(s.share)")
        }
    }

    // MARK: Dates

    @Test func packedDatesOrderAndReadBackAsTheirFields() {
        var g = SeededGenerator(seed: 13)
        var dates: [LocalDate] = []
        for _ in 0..<2000 { dates.append(LocalDate(dayNumber: Int.random(in: -800_000...3_000_000, using: &g))) }
        for (a, b) in zip(dates, dates.dropFirst()) {
            #expect((a < b) == ((a.year, a.month, a.day) < (b.year, b.month, b.day)))
            #expect((a == b) == (a.dayNumber == b.dayNumber))
            #expect(LocalDate(dayNumber: a.dayNumber) == a)
        }
    }
}
