import Foundation

/// A spending limit for a month or a year, for everything or one category.
public struct Budget: Sendable, Hashable {
    public enum Period: String, Sendable, CaseIterable {
        case monthly, yearly
    }

    public var period: Period
    /// nil: every subscription.
    public var category: String?
    public var limit: Money
    /// Percent of the limit at which a budget is "approaching".
    public var threshold: Int

    public static let defaultThreshold = 80

    public init(period: Period, category: String?, limit: Money, threshold: Int = Budget.defaultThreshold) {
        self.period = period
        self.category = category
        self.limit = limit
        self.threshold = threshold
    }

    /// "Streaming" or "all".
    public var label: String { category ?? "all" }

    /// The period containing `date`: its first and last day.
    public func bounds(containing date: LocalDate) -> (from: LocalDate, through: LocalDate) {
        switch period {
        case .monthly:
            let first = LocalDate(year: date.year, month: date.month, day: 1)!
            return (first, LocalDate(year: date.year, month: date.month, day: LocalDate.daysIn(month: date.month, year: date.year))!)
        case .yearly:
            return (LocalDate(year: date.year, month: 1, day: 1)!, LocalDate(year: date.year, month: 12, day: 31)!)
        }
    }

    public func covers(_ s: Subscription) -> Bool {
        guard let category else { return true }
        return Subscription.nameKey(s.category ?? "") == Subscription.nameKey(category)
    }

    /// Checks what `budget set` was given.
    public static func make(limit text: String, currency: String?, period: String, category: String?, threshold: Int?, settings: Settings) throws(SubsError) -> Budget {
        guard let p = Period(rawValue: period.lowercased()) else {
            throw .usage("unknown budget period '\(period)'; use monthly or yearly")
        }
        var explicit: Currency?
        if let currency {
            guard let c = Currency(code: currency) else { throw .usage("unknown currency '\(currency)'; use an ISO 4217 code like EUR, USD, GBP") }
            explicit = c
        }
        let parsed = try AmountParser.parse(text, dollarCurrency: explicit ?? (settings.currency.code.hasSuffix("D") ? settings.currency : .usd))
        if let e = explicit, let p = parsed.currency, e != p {
            throw .usage("limit '\(text)' is in \(p.code) but --currency says \(e.code); give one")
        }
        let cur = explicit ?? parsed.currency ?? settings.currency
        guard parsed.amount > 0, parsed.amount <= AmountParser.limit(for: cur) * 1000 else {
            throw .usage("budget limit '\(text)' must be a positive amount, like 100 or 99.50")
        }
        let th = threshold ?? defaultThreshold
        guard (1...100).contains(th) else { throw .usage("threshold \(th) must be a percentage from 1 to 100, like 80") }
        let cat = category?.trimmingCharacters(in: .whitespaces)
        if let cat, cat.isEmpty { throw .usage("the category is empty; give one, like --category Streaming, or none for every subscription") }
        return Budget(period: p, category: cat, limit: Money(parsed.amount, cur), threshold: th)
    }
}

/// Where a budget stands in its current period.
public struct BudgetStatus: Sendable {
    public enum State: String, Sendable {
        /// Projected under the threshold.
        case ok
        /// Projected at or over the threshold, but not over the limit.
        case approaching
        /// Projected over the limit.
        case exceeded
    }

    public let budget: Budget
    public let from: LocalDate
    public let through: LocalDate
    /// Charged from the start of the period through today, in the limit's currency.
    public let charged: Decimal
    /// Charged plus still to come until the end of the period.
    public let projected: Decimal
    /// projected / limit x 100.
    public let percent: Decimal
    public let state: State
    /// Charges in currencies without a rate to the limit's: not counted, shown instead.
    public let unconverted: [Money]

    /// Works out every budget's status on `today` from the subscriptions' charges (the user's part).
    public static func evaluate(_ budgets: [Budget], subscriptions: [Subscription], today: LocalDate, rates: RateTable) -> [BudgetStatus] {
        var result: [BudgetStatus] = []
        var converters: [Currency: Converter] = [:]
        // Per subscription once, not once per budget: its prices in integers, and its category's key.
        // Elements borrowed from the buffer: `subscriptions[i]` on the array copies a Subscription (a dozen retains).
        return subscriptions.withUnsafeBufferPointer { subscriptions in
            let pricings = subscriptions.indices.map { MillionthsPricing(subscriptions[$0]) }
            let categoryKeys = budgets.contains { $0.category != nil } ? subscriptions.indices.map { Subscription.nameKey(subscriptions[$0].category ?? "") } : []
            for b in budgets {
                let (from, through) = b.bounds(containing: today)
                let wanted = b.category.map(Subscription.nameKey)
                var chargedSums = PriceSums(), toComeSums = PriceSums()
                for i in subscriptions.indices {
                    if let wanted, categoryKeys[i] != wanted { continue }
                    // The user's part of each charge, summed in integers of millionths (see PriceSums).
                    if let pricing = pricings[i] {
                        var ch = 0, tc = 0
                        pricing.forEachCharge(of: subscriptions[i], from: from, through: through) { date, v in
                            if date <= today { ch += v } else { tc += v }
                        }
                        if ch != 0 { chargedSums.add(ch, pricing.slot) }
                        if tc != 0 { toComeSums.add(tc, pricing.slot) }
                    } else {
                        var subCharged = Amounts(), subToCome = Amounts()
                        Projection.forEachCharge(of: subscriptions[i], index: i, from: from, through: through) { c in
                            if c.date <= today { subCharged.add(c.yours) } else { subToCome.add(c.yours) }
                        }
                        chargedSums.add(yours: subCharged)
                        toComeSums.add(yours: subToCome)
                    }
                }
                let charged = chargedSums.amounts, toCome = toComeSums.amounts
                let conv = converters[b.limit.currency] ?? Converter(target: b.limit.currency, rates: rates)
                converters[b.limit.currency] = conv
                var missing = Amounts()
                func convert(_ a: Amounts) -> Decimal {
                    var sum: Decimal = 0
                    for m in a.sums {
                        if let c = conv.convert(m) { sum += c.amount } else { missing.add(m) }
                    }
                    return sum
                }
                let ch = convert(charged)
                let projected = ch + convert(toCome)
                let percent = projected * 100 / b.limit.amount
                let state: State = projected > b.limit.amount ? .exceeded : percent >= Decimal(b.threshold) ? .approaching : .ok
                result.append(BudgetStatus(
                    budget: b, from: from, through: through, charged: ch, projected: projected, percent: percent,
                    state: state, unconverted: missing.sums))
            }
            return result
        }
    }
}

/// Storage of budgets: one per (period, category).
public protocol BudgetStoring {
    func budgets() throws -> [Budget]
    /// Adds or replaces the budget of the same period and category.
    func setBudget(_ b: Budget) throws
    /// Removes the budget of that period and category; false when there was none.
    func deleteBudget(period: Budget.Period, category: String?) throws -> Bool
}

/// Storage of exchange rates: one per currency pair, the newest kept.
public protocol RateStoring {
    func exchangeRates() throws -> [ExchangeRate]
    /// Adds or replaces the rate of the same pair (either direction); returns false if the stored one was newer.
    func setRate(_ r: ExchangeRate) throws -> Bool
}
