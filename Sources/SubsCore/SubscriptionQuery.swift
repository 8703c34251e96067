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
        let rows = subs.filter { s in
            if let status { guard s.status == status else { return false } }
            else if !all { guard s.status == .active || s.status == .trial else { return false } }
            if let category { guard Subscription.nameKey(s.category ?? "") == Subscription.nameKey(category) else { return false } }
            if let needle {
                let haystack = [s.name, s.category ?? "", s.notes ?? "", s.paymentMethod ?? ""] + s.tags
                guard haystack.contains(where: { Subscription.nameKey($0).contains(needle) }) else { return false }
            }
            return true
        }.map { Row(subscription: $0, next: Schedule.nextCharges(of: $0, from: today, count: 1).first) }
        // Keys computed once per row, not once per comparison (10,000 rows: ~280,000 comparisons).
        let keys = Dictionary(rows.map { ($0.subscription.id, Subscription.nameKey($0.subscription.name)) }, uniquingKeysWith: { a, _ in a })
        func byName(_ a: Row, _ b: Row) -> Bool {
            let (x, y) = (keys[a.subscription.id]!, keys[b.subscription.id]!)
            return x != y ? x < y : a.subscription.id < b.subscription.id
        }
        var amounts: [Int: Decimal] = [:]
        if sort == "amount" { for r in rows { amounts[r.subscription.id] = r.subscription.price(on: today).amount } }
        if sort == "monthly" { for r in rows { amounts[r.subscription.id] = r.subscription.monthlyCost(asOf: today).amount } }
        return rows.sorted { a, b in
            switch sort {
            case "name": return byName(a, b)
            case "amount", "monthly":
                let (x, y) = (amounts[a.subscription.id]!, amounts[b.subscription.id]!)
                return x != y ? x > y : byName(a, b)
            default:
                // No next charge (paused, cancelled) sorts last.
                switch (a.next, b.next) {
                case let (x?, y?) where x != y: return x < y
                case (nil, _?): return false
                case (_?, nil): return true
                default: return byName(a, b)
                }
            }
        }
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
