import Foundation

/// Exact sums for the aggregations (report, forecast, budgets): integers of millionths per slot
/// (currency, and a share still to apply: whole for users' parts); Decimal for subscriptions whose
/// prices change currency.
struct PriceSums {
    struct Slot: Hashable {
        let currency: Currency
        let share: Share
    }

    private(set) var slots: [Slot: Int] = [:]
    /// User's parts already, from the Decimal path.
    private(set) var inexact = Amounts()

    var isEmpty: Bool { slots.isEmpty && inexact.isEmpty }

    mutating func add(_ millionths: Int, _ slot: Slot) { slots[slot, default: 0] += millionths }
    mutating func add(yours: Amounts) { inexact.add(yours) }
    mutating func add(_ other: PriceSums) {
        for (k, v) in other.slots { slots[k, default: 0] += v }
        inexact.add(other.inexact)
    }

    /// The user's parts, per currency.
    var amounts: Amounts {
        var a = inexact
        for (slot, v) in slots { a.add(slot.share.apply(to: Millionths.decimal(v)), slot.currency) }
        return a
    }
}

/// A subscription's charges with the user's part of each (`Subscription.userPart(of:)`, whole minor
/// units) in millionths, when all prices are in one currency (nearly always). Dates from `Schedule`,
/// prices from `priceIndex(on:)`.
struct MillionthsPricing {
    let slot: PriceSums.Slot
    /// The user's part of each price in `prices`, in millionths.
    let parts: [Int]

    init?(_ s: Subscription) {
        let currency = s.prices[0].price.currency
        var values: [Int] = []
        values.reserveCapacity(s.prices.count)
        for p in s.prices {
            guard p.price.currency == currency, let v = Millionths.of(s.userPart(of: p.price).amount) else { return nil }
            values.append(v)
        }
        slot = PriceSums.Slot(currency: currency, share: .whole)
        parts = values
    }

    func forEachCharge(of s: Subscription, from: LocalDate, through: LocalDate, _ body: (LocalDate, Int) -> Void) {
        if parts.count == 1 {
            let v = parts[0]
            Schedule.forEachCharge(of: s, from: from, through: through) { body($0, v); return true }
        } else {
            Schedule.forEachCharge(of: s, from: from, through: through) { body($0, parts[s.priceIndex(on: $0)]); return true }
        }
    }
}
