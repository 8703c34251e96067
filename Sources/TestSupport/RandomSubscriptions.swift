import Foundation
import SubsCore

/// A small seeded generator (SplitMix64), so a failing random case can be reproduced from its seed.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random subscriptions that stress the calendar: anchors on the 28th-31st and Feb 29, every cadence unit
/// and odd counts, trials, future price changes, paused and cancelled ones, starts in the past and future.
public enum RandomSubscriptions {
    public static func make(count: Int, today: LocalDate, seed: UInt64) -> [Subscription] {
        var g = SeededGenerator(seed: seed)
        var result: [Subscription] = []
        let units: [Cadence.Unit] = [.day, .week, .month, .month, .month, .quarter, .year, .year]
        for i in 0..<count {
            let unit = units.randomElement(using: &g)!
            let n: Int = switch unit {
            case .day: [1, 3, 10, 30, 45].randomElement(using: &g)!
            case .week: [1, 2, 3, 4, 6].randomElement(using: &g)!
            case .month: [1, 1, 2, 5, 6, 7, 18].randomElement(using: &g)!
            case .quarter: [1, 2, 3].randomElement(using: &g)!
            case .year: [1, 1, 2].randomElement(using: &g)!
            }
            let cadence = Cadence(unit: unit, count: n)!
            // An anchor somewhere around today, often on a month end or Feb 29.
            var anchor = today.adding(days: Int.random(in: -400...400, using: &g))
            switch Int.random(in: 0..<6, using: &g) {
            case 0, 1:
                let day = [29, 30, 31].randomElement(using: &g)!
                anchor = LocalDate(year: anchor.year, month: anchor.month, day: min(day, LocalDate.daysIn(month: anchor.month, year: anchor.year)))!
                if day > anchor.day, let longer = LocalDate(year: anchor.year, month: anchor.month == 12 ? 1 : anchor.month + 1, day: day) {
                    anchor = longer
                }
            case 2: anchor = LocalDate(year: [2024, 2028].randomElement(using: &g)!, month: 2, day: 29)!
            default: break
            }
            let currency = [Currency.eur, .usd, Currency(code: "JPY")!].randomElement(using: &g)!
            func amount() -> Decimal { Decimal(Int.random(in: 100...99_999, using: &g)) / (currency.minorUnits == 0 ? 1 : 100) }
            let price = Money(amount(), currency)
            var s = Subscription(
                uid: String(format: "test-%04d-%08x", i, UInt32.random(in: 0...UInt32.max, using: &g)),
                name: "Sub \(i)", price: price, cadence: cadence, anchor: anchor,
                startedOn: Bool.random(using: &g) ? anchor.adding(days: -Int.random(in: 0...900, using: &g)) : nil,
                createdAt: "2025-12-01T10:00:00Z")
            if s.startedOn > anchor { s.startedOn = anchor }
            if Int.random(in: 0..<5, using: &g) == 0 {
                s.trialUntil = today.adding(days: Int.random(in: -30...60, using: &g))
                s.status = .trial
                s.startedOn = min(s.startedOn, s.trialUntil!)
            }
            // Future (and past) price changes.
            for _ in 0..<Int.random(in: 0...2, using: &g) {
                let when = today.adding(days: Int.random(in: -200...500, using: &g))
                s.setPrice(Money(amount(), currency), from: max(when, s.prices[0].effective.adding(days: 1)))
            }
            switch Int.random(in: 0..<8, using: &g) {
            case 0:
                s.status = .paused
                s.statusSince = today.adding(days: Int.random(in: -150...20, using: &g))
            case 1:
                s.status = .cancelled
                s.statusSince = today.adding(days: Int.random(in: -150...20, using: &g))
            default: break
            }
            if Int.random(in: 0..<6, using: &g) == 0 {
                s.noticeDays = Int.random(in: 1...60, using: &g)
                if Bool.random(using: &g) { s.endsOn = today.adding(days: Int.random(in: 0...300, using: &g)) }
            }
            if Bool.random(using: &g) { s.remindDays = Array(Set([Int.random(in: 0...30, using: &g), 1])).sorted(by: >) }
            result.append(s)
        }
        return result
    }
}
