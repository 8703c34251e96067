import Foundation

/// Exact sums of charged prices for the aggregations (report, forecast, budgets): integers of
/// millionths per (currency, share), the share applied once per sum at the end; Decimal for
/// subscriptions whose prices are not whole millionths or change currency.
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

/// A subscription's charges with their prices in millionths, when every price is exact in millionths
/// and all are in one currency (nearly always). Dates from `Schedule`, prices from `priceIndex(on:)`.
struct MillionthsPricing {
    let slot: PriceSums.Slot
    let prices: [Int]

    init?(_ s: Subscription) {
        let currency = s.prices[0].price.currency
        var values: [Int] = []
        values.reserveCapacity(s.prices.count)
        for p in s.prices {
            guard p.price.currency == currency, let v = Millionths.of(p.price.amount) else { return nil }
            values.append(v)
        }
        slot = PriceSums.Slot(currency: currency, share: s.share)
        prices = values
    }

    func forEachCharge(of s: Subscription, from: LocalDate, through: LocalDate, _ body: (LocalDate, Int) -> Void) {
        if prices.count == 1 {
            let v = prices[0]
            Schedule.forEachCharge(of: s, from: from, through: through) { body($0, v); return true }
        } else {
            Schedule.forEachCharge(of: s, from: from, through: through) { body($0, prices[s.priceIndex(on: $0)]); return true }
        }
    }
}
