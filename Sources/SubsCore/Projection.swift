import Foundation

/// One charge a subscription makes on a day, as the schedule engine and the price history say.
public struct Charge: Sendable {
    public enum Kind: String, Sendable {
        /// An ordinary renewal.
        case charge
        /// The first paid charge, when a free trial ends.
        case trialEnd = "trial_end"
    }

    public let date: LocalDate
    /// Index of the subscription in the array given to `Projection`.
    public let index: Int
    /// Index of the price in the subscription's `prices` (`Subscription.priceIndex(on:)`).
    public let priceIndex: Int
    /// What the service charges (`Subscription.price(on:)`).
    public let price: Money
    /// The user's part of it (`Subscription.userPart(of:)`).
    public let yours: Money
    public let kind: Kind
    /// The price of the subscription's previous charge when it differs from this one (a price change).
    public let previousPrice: Money?
}

/// Charges of many subscriptions over a window. Every date comes from `Schedule`, every amount from
/// `Subscription.price(on:)` and `userPart(of:)`: there is no second schedule engine here.
public enum Projection {
    /// Visits the charges of every subscription in `from...through`, subscription by subscription
    /// (each one's in date order). Nothing is collected: memory stays flat however long the window.
    public static func forEachCharge(
        of subs: [Subscription], from: LocalDate, through: LocalDate, markPriceChanges: Bool = false,
        _ body: (Charge) -> Void
    ) {
        guard from <= through else { return }
        for (i, s) in subs.enumerated() {
            forEachCharge(of: s, index: i, from: from, through: through, markPriceChanges: markPriceChanges, body)
        }
    }

    public static func forEachCharge(
        of s: Subscription, index: Int, from: LocalDate, through: LocalDate, markPriceChanges: Bool = false,
        _ body: (Charge) -> Void
    ) {
        // The price of the charge before the window, to mark a change on the first charge inside it.
        var previous: Int?
        if markPriceChanges && s.prices.count > 1 {
            if let before = previousCharge(of: s, before: from) { previous = s.priceIndex(on: before) }
        }
        // Prices are looked up by index (`price(on:)` is `prices[priceIndex(on:)]`): comparing Money costs a
        // Decimal comparison, and the user's part is computed once per price, not per charge.
        var lastIndex = -1
        var price = s.prices[0].price
        var yours = price
        Schedule.forEachCharge(of: s, from: from, through: through) { date in
            let pi = s.priceIndex(on: date)
            if pi != lastIndex {
                price = s.prices[pi].price
                yours = s.userPart(of: price)
                lastIndex = pi
            }
            var changed: Money?
            if markPriceChanges, let p = previous, p != pi, s.prices[p].price != price { changed = s.prices[p].price }
            body(Charge(date: date, index: index, priceIndex: pi, price: price, yours: yours,
                        kind: date == s.trialUntil ? .trialEnd : .charge, previousPrice: changed))
            previous = pi
            return true
        }
    }

    /// The last charge strictly before `date`, looking back at most one period (and the trial).
    static func previousCharge(of s: Subscription, before date: LocalDate) -> LocalDate? {
        let periodDays = s.cadence.months.map { $0 * 31 } ?? s.cadence.days!
        let start = max(s.startedOn, date.adding(days: -(periodDays + 1)))
        var last: LocalDate?
        let end = date.adding(days: -1)
        guard start <= end else { return nil }
        Schedule.forEachCharge(of: s, from: start, through: end) { last = $0; return true }
        return last
    }

    /// Every charge in `from...through` in date order (ties by subscription order).
    public static func charges(
        of subs: [Subscription], from: LocalDate, through: LocalDate, markPriceChanges: Bool = true
    ) -> [Charge] {
        var all: [Charge] = []
        forEachCharge(of: subs, from: from, through: through, markPriceChanges: markPriceChanges) { all.append($0) }
        // Day numbers make the sort key a pair of integers.
        let keyed = all.enumerated().map { ($0.element.date.dayNumber, $0.element.index, $0.offset) }
            .sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
        return keyed.map { all[$0.2] }
    }
}
