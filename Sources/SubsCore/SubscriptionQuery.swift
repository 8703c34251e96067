import Foundation

/// Which subscriptions `list` shows and in what order.
public struct SubscriptionQuery: Sendable {
    public var all = false
    public var status: Status?
    public var category: String?
    public var search: String?
    public var sort = "next"

    public init(all: Bool = false, status: Status? = nil, category: String? = nil, search: String? = nil, sort: String = "next") {
        self.all = all
        self.status = status
        self.category = category
        self.search = search
        self.sort = sort
    }

    public struct Row: Sendable {
        public let subscription: Subscription
        public let next: LocalDate?
    }

    public func apply(to subs: [Subscription], asOf today: LocalDate) -> [Row] {
        let needle = search.map(Subscription.nameKey)
        let categoryKey = category.map(Subscription.nameKey)
        // Elements borrowed from the buffer: `subs[i]` on the array copies a Subscription (a dozen retains).
        let chosen = subs.withUnsafeBufferPointer { subs in subs.indices.filter { i in
            let s = subs[i]
            if let status { guard s.status == status else { return false } }
            else if !all { guard s.status == .active || s.status == .trial else { return false } }
            if let categoryKey { guard Subscription.nameKey(s.category ?? "") == categoryKey else { return false } }
            if let needle {
                let haystack = [s.name, s.category ?? "", s.notes ?? "", s.paymentMethod ?? ""] + s.tags
                guard haystack.contains(where: { Subscription.nameKey($0).contains(needle) }) else { return false }
            }
            return true
        } }
        // Sort keys computed once per row, in arrays indexed like `subs` (10,000 rows: ~140,000 comparisons).
        var next = [LocalDate?](repeating: nil, count: subs.count)
        var names = [String](repeating: "", count: subs.count)
        var amounts = [Decimal](repeating: 0, count: sort == "amount" || sort == "monthly" ? subs.count : 0)
        for i in chosen {
            var dates = Schedule.ChargeDates(of: subs[i], from: today, through: nil)
            next[i] = dates.next()
            names[i] = Subscription.nameKey(subs[i].name)
            if sort == "amount" { amounts[i] = subs[i].price(on: today).amount }
            if sort == "monthly" { amounts[i] = subs[i].monthlyCost(asOf: today).amount }
        }
        func byName(_ a: Int, _ b: Int) -> Bool {
            names[a] != names[b] ? names[a] < names[b] : subs[a].id < subs[b].id
        }
        let order = chosen.sorted { a, b in
            switch sort {
            case "name": return byName(a, b)
            case "amount", "monthly":
                return amounts[a] != amounts[b] ? amounts[a] > amounts[b] : byName(a, b)
            default:
                // No next charge (paused, cancelled) sorts last.
                switch (next[a], next[b]) {
                case let (x?, y?) where x != y: return x < y
                case (nil, _?): return false
                case (_?, nil): return true
                default: return byName(a, b)
                }
            }
        }
        return order.map { Row(subscription: subs[$0], next: next[$0]) }
    }
}

/// Past charges of one subscription and what it has cost in all.
public struct ChargeHistory: Sendable {
    public struct Charge: Sendable {
        public let date: LocalDate
        /// What the service charged.
        public let price: Money
        /// The user's part of it.
        public let yours: Money
    }

    public let charges: [Charge]
    /// Sum of the user's parts, per currency.
    public let lifetime: [Money]

    public init(of s: Subscription, through today: LocalDate) {
        charges = Schedule.charges(of: s, from: s.startedOn, through: today).map {
            let price = s.price(on: $0)
            return Charge(date: $0, price: price, yours: s.userPart(of: price))
        }
        lifetime = Totals.sum(charges.map(\.yours))
    }
}

public enum Totals {
    /// Sums per currency, never mixing currencies; ordered by currency code.
    public static func sum(_ amounts: [Money]) -> [Money] {
        var byCurrency: [Currency: Decimal] = [:]
        for m in amounts { byCurrency[m.currency, default: 0] += m.amount }
        return byCurrency.keys.sorted().map { Money(byCurrency[$0]!, $0) }
    }
}
