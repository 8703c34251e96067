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
        var cursor = Cursor(of: s, index: index, from: from, through: through, markPriceChanges: markPriceChanges)
        while cursor.date != nil { body(cursor.take()) }
    }

    /// One subscription's charges in date order, one at a time: what `forEachCharge` walks, and what the
    /// date-ordered merge interleaves. `date` is the next charge's date (nil when there are no more).
    /// The price in effect and the user's part of it are kept inline and change only with the price index.
    struct Cursor {
        let index: Int
        let markPriceChanges: Bool
        private var dates: Schedule.ChargeDates
        private(set) var date: LocalDate?
        private let prices: [PriceChange]
        private let priceCount: Int
        private let share: Share
        private var lastIndex = 0
        private var price: Money
        private var yours: Money
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
            priceCount = s.prices.count
            share = s.share
            price = s.prices[0].price
            yours = s.userPart(of: price)
            conversion = s.status == .trial ? Schedule.trialConversion(of: s) : nil
            dates = Schedule.ChargeDates(of: s, from: from, through: through)
            date = dates.next()
        }

        /// The charge on `date`; moves on to the next one.
        mutating func take() -> Charge {
            let date = date!
            self.date = dates.next()
            // Prices are looked up by index (`price(on:)` is `prices[priceIndex(on:)]`): comparing Money costs
            // a Decimal comparison, and the user's part is computed once per price, not per charge.
            var pi = 0
            if priceCount > 1 {
                pi = Subscription.priceIndex(in: prices, on: date)
                if pi != lastIndex {
                    price = prices[pi].price
                    yours = Subscription.userPart(of: price, share: share)
                    lastIndex = pi
                }
            }
            var changed: Money?
            if markPriceChanges, let p = previous, p != pi, prices[p].price != price { changed = prices[p].price }
            previous = pi
            return Charge(date: date, index: index, priceIndex: pi, price: price, yours: yours,
                          kind: date == conversion ? .trialEnd : .charge, previousPrice: changed)
        }
    }

    /// Visits every charge of `subs` in `from...through` in date order (ties by subscription order), as
    /// `charges` lists them, without collecting them: a merge of the subscriptions' own (ordered) charges,
    /// so memory grows with the number of subscriptions, not of charges.
    public static func forEachChargeInDateOrder(
        of subs: [Subscription], from: LocalDate, through: LocalDate, markPriceChanges: Bool = true,
        _ body: (Charge) -> Void
    ) {
        guard from <= through else { return }
        var cursors: [Cursor] = []
        // A binary min-heap of keys (day number of the cursor's next charge) << 24 | cursor number: one integer
        // compare orders by day, then by cursor, which is subscription order.
        var heap: [Int] = []
        func key(_ day: LocalDate, _ cursor: Int) -> Int { (day.dayNumber << 24) | cursor }
        for i in subs.indices {
            let c = Cursor(of: subs[i], index: i, from: from, through: through, markPriceChanges: markPriceChanges)
            guard let first = c.date else { continue }
            precondition(cursors.count < 1 << 24, "too many subscriptions to merge")
            cursors.append(c)
            heap.append(key(first, cursors.count - 1))
            siftUp(&heap, heap.count - 1)
        }
        while !heap.isEmpty {
            let ci = heap[0] & 0xFF_FFFF
            body(cursors[ci].take())
            if let next = cursors[ci].date {
                heap[0] = key(next, ci)
            } else {
                let last = heap.removeLast()
                if heap.isEmpty { break }
                heap[0] = last
            }
            siftDown(&heap, 0)
        }
    }

    private static func siftUp(_ h: inout [Int], _ start: Int) {
        var i = start
        let x = h[i]
        while i > 0 {
            let parent = (i - 1) / 2
            guard x < h[parent] else { break }
            h[i] = h[parent]
            i = parent
        }
        h[i] = x
    }

    private static func siftDown(_ h: inout [Int], _ start: Int) {
        h.withUnsafeMutableBufferPointer { h in
            var i = start
            let n = h.count
            let x = h[i]
            while true {
                let l = 2 * i + 1
                guard l < n else { break }
                var m = l
                if l + 1 < n && h[l + 1] < h[l] { m = l + 1 }
                guard h[m] < x else { break }
                h[i] = h[m]
                i = m
            }
            h[i] = x
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
