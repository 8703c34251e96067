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

    /// The charge `r` of `s`, whose user's part of that price is `yours` (computed once per price by callers).
    init(_ r: ChargeRef, of s: Subscription, yours: Money) {
        date = r.date
        index = r.index
        priceIndex = r.priceIndex
        price = s.prices[r.priceIndex].price
        self.yours = yours
        kind = r.kind
        previousPrice = r.previousPriceIndex.map { s.prices[$0].price }
    }
}

/// A charge by reference: the subscription, which of its prices, the day. What listings walk when they
/// lay out each (subscription, price) once themselves: no Money is built per charge.
public struct ChargeRef: Sendable {
    public let date: LocalDate
    /// Index of the subscription in the array given to `Projection`.
    public let index: Int
    /// Index of the price in the subscription's `prices` (`Subscription.priceIndex(on:)`).
    public let priceIndex: Int
    public let kind: Charge.Kind
    /// The price index of the subscription's previous charge when that price differs (a price change).
    public let previousPriceIndex: Int?
}

/// What one (subscription, price) charges: the price and the user's part of it (`Subscription.userPart(of:)`),
/// each also in whole millionths when it is that (nearly always), for listings that format and sum integers.
public struct ChargePrice: Sendable {
    public let price: Money
    public let yours: Money
    public let priceMillionths: Int?
    public let yoursMillionths: Int?

    public init(_ s: Subscription, priceIndex: Int) {
        price = s.prices[priceIndex].price
        let units = price.currency.minorUnits
        priceMillionths = units <= Millionths.scale ? Millionths.of(price.amount) : nil
        // `Subscription.userPart(of:)`'s integer path, from the millionths already at hand.
        if let v = priceMillionths, let part = Millionths.fraction(v, s.share.numerator, s.share.denominator, roundedTo: units) {
            yours = Money(Millionths.decimal(part), price.currency)
            yoursMillionths = part
        } else {
            yours = s.userPart(of: price)
            yoursMillionths = units <= Millionths.scale ? Millionths.of(yours.amount) : nil
        }
    }

    /// `displayString` of the price, or of the user's part, as bytes.
    public func display(yours wantYours: Bool) -> [UInt8] {
        let money = wantYours ? yours : price
        guard let v = wantYours ? yoursMillionths : priceMillionths else { return Array(money.displayString.utf8) }
        var out: [UInt8] = []
        Millionths.appendDisplay(v, money.currency, to: &out)
        return out
    }
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
        // The user's part is computed once per price, not per charge (it is Decimal work).
        var parts: (index: Int, yours: Money)?
        forEachChargeRef(of: s, index: index, from: from, through: through, markPriceChanges: markPriceChanges) { r in
            if parts?.index != r.priceIndex { parts = (r.priceIndex, s.userPart(of: s.prices[r.priceIndex].price)) }
            body(Charge(r, of: s, yours: parts!.yours))
        }
    }

    /// One subscription's charges by reference, in date order.
    public static func forEachChargeRef(
        of s: Subscription, index: Int, from: LocalDate, through: LocalDate, markPriceChanges: Bool = false,
        _ body: (ChargeRef) -> Void
    ) {
        guard from <= through else { return }
        var walker = Walker(of: s, index: index, from: from, through: through, markPriceChanges: markPriceChanges)
        while walker.date != nil { body(walker.take()) }
    }

    /// How many charges of `s` in `from...through` each of its prices makes, as `forEachChargeRef` would
    /// visit them: `body(priceIndex, count)` for each price with one, in order. A price covers the days from
    /// its own change to the next one's (the first price also those before it), and the charges in each such
    /// stretch are counted by the schedule (`ChargeDates.count`), not walked.
    public static func forEachPriceCount(
        of s: Subscription, from: LocalDate, through: LocalDate, _ body: (_ priceIndex: Int, _ count: Int) -> Void
    ) {
        guard from <= through else { return }
        for p in s.prices.indices {
            let start = p == 0 ? from : max(from, s.prices[p].effective)
            let end = p + 1 < s.prices.count ? min(through, s.prices[p + 1].effective.adding(days: -1)) : through
            guard start <= end else { continue }
            let n = Schedule.ChargeDates(of: s, from: start, through: end).count()
            if n > 0 { body(p, n) }
        }
    }

    /// One subscription's charges in date order, one at a time. `date` is the next charge's date (nil when
    /// there are no more). The price index only moves forward, as the dates do.
    struct Walker {
        let index: Int
        let markPriceChanges: Bool
        private var dates: Schedule.ChargeDates
        private(set) var date: LocalDate?
        private let prices: [PriceChange]
        private var priceIndex = 0
        /// The price index of the previous charge (before the window at first), to mark price changes.
        private var previous: Int?
        private let conversion: LocalDate?

        init(of s: Subscription, index: Int, from: LocalDate, through: LocalDate, markPriceChanges: Bool) {
            self.index = index
            self.markPriceChanges = markPriceChanges
            // The price of the charge before the window, to mark a change on the first charge inside it.
            if markPriceChanges && s.prices.count > 1 {
                if let before = previousCharge(of: s, before: from) { previous = s.priceIndex(on: before) }
            }
            prices = s.prices
            conversion = s.status == .trial ? Schedule.trialConversion(of: s) : nil
            dates = Schedule.ChargeDates(of: s, from: from, through: through)
            date = dates.next()
        }

        /// The charge on `date`; moves on to the next one.
        mutating func take() -> ChargeRef {
            let date = date!
            self.date = dates.next()
            // `Subscription.priceIndex(on:)`: the last price in effect, else the first.
            while priceIndex + 1 < prices.count && prices[priceIndex + 1].effective <= date { priceIndex += 1 }
            var changed: Int?
            if markPriceChanges, let p = previous, p != priceIndex, prices[p].price != prices[priceIndex].price { changed = p }
            previous = priceIndex
            return ChargeRef(date: date, index: index, priceIndex: priceIndex, kind: date == conversion ? .trialEnd : .charge,
                             previousPriceIndex: changed)
        }
    }

    /// Visits every charge of `subs` in `from...through` in date order (ties by subscription order), as
    /// `charges` lists them, without collecting them.
    public static func forEachChargeInDateOrder(
        of subs: [Subscription], from: LocalDate, through: LocalDate, markPriceChanges: Bool = true,
        _ body: (Charge) -> Void
    ) {
        subs.withUnsafeBufferPointer { subs in
            // The user's part per (subscription, price), computed at its first charge.
            struct Key: Hashable { let index, priceIndex: Int }
            var parts: [Key: Money] = [:]
            forEachChargeRefInDateOrder(of: subs, from: from, through: through, markPriceChanges: markPriceChanges) { r in
                let key = Key(index: r.index, priceIndex: r.priceIndex)
                let yours: Money
                if let known = parts[key] {
                    yours = known
                } else {
                    yours = subs[r.index].userPart(of: subs[r.index].prices[r.priceIndex].price)
                    parts[key] = yours
                }
                body(Charge(r, of: subs[r.index], yours: yours))
            }
        }
    }

    /// `forEachChargeInDateOrder` by reference. The window is walked in blocks of days: each block, every
    /// subscription's walker (in subscription order, a sequential sweep) drops its charges into per-day
    /// buckets, which are then visited in order. Memory grows with the number of subscriptions and the
    /// charges of one block, not with the window; no heap, no random access per charge.
    public static func forEachChargeRefInDateOrder(
        of subs: UnsafeBufferPointer<Subscription>, from: LocalDate, through: LocalDate, markPriceChanges: Bool = true,
        _ body: (ChargeRef) -> Void
    ) {
        guard from <= through else { return }
        var walkers: [Walker] = []
        walkers.reserveCapacity(subs.count)
        for i in subs.indices {
            let w = Walker(of: subs[i], index: i, from: from, through: through, markPriceChanges: markPriceChanges)
            if w.date != nil { walkers.append(w) }
        }
        guard !walkers.isEmpty else { return }
        let blockDays = 32
        var buckets = [[ChargeRef]](repeating: [], count: blockDays)
        var blockStart = from
        while true {
            let startDay = blockStart.dayNumber
            let blockEnd = min(blockStart.adding(days: blockDays - 1), through)
            // In subscription order, so each bucket is in subscription order. (A finished walker stays, its
            // date nil: removing it would move every walker after it.)
            for w in walkers.indices {
                while let d = walkers[w].date, d <= blockEnd {
                    let r = walkers[w].take()
                    buckets[r.date.dayNumber - startDay].append(r)
                }
            }
            for b in buckets.indices where !buckets[b].isEmpty {
                for r in buckets[b] { body(r) }
                buckets[b].removeAll(keepingCapacity: true)
            }
            if blockEnd == through { break }
            blockStart = blockEnd.adding(days: 1)
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
        forEachChargeInDateOrder(of: subs, from: from, through: through, markPriceChanges: markPriceChanges) { all.append($0) }
        return all
    }
}
