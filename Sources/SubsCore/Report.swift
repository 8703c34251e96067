import Foundation

/// The days a report covers: a month, a year or any range; and the period just before it, to compare.
public struct ReportPeriod: Sendable, Equatable {
    public enum Kind: String, Sendable { case month, year, range }
    public let kind: Kind
    public let from: LocalDate
    public let through: LocalDate

    public init(kind: Kind, from: LocalDate, through: LocalDate) {
        self.kind = kind
        self.from = from
        self.through = through
    }

    public static func month(of date: LocalDate) -> ReportPeriod {
        let first = LocalDate(year: date.year, month: date.month, day: 1)!
        return ReportPeriod(kind: .month, from: first, through: first.adding(months: 1).adding(days: -1))
    }

    public static func year(_ y: Int) -> ReportPeriod {
        ReportPeriod(kind: .year, from: LocalDate(year: y, month: 1, day: 1)!, through: LocalDate(year: y, month: 12, day: 31)!)
    }

    /// `YYYY-MM`.
    public static func month(parsing text: String) throws(SubsError) -> ReportPeriod {
        guard let d = LocalDate(iso: text + "-01"), text.count == 7 else {
            throw .usage("month '\(text)' must be YYYY-MM, like 2026-01")
        }
        return month(of: d)
    }

    /// `YYYY`.
    public static func year(parsing text: String) throws(SubsError) -> ReportPeriod {
        guard text.count == 4, let y = Int(text), (1...9998).contains(y) else {
            throw .usage("year '\(text)' must be four digits, like 2026")
        }
        return year(y)
    }

    public static func range(from: LocalDate, through: LocalDate) throws(SubsError) -> ReportPeriod {
        guard from <= through else { throw .usage("--from \(from) is after --to \(through); swap them") }
        guard from.days(until: through) <= 366 * 20 else { throw .usage("the range \(from) to \(through) is longer than 20 years; give a shorter one") }
        return ReportPeriod(kind: .range, from: from, through: through)
    }

    /// The month before, the year before, or the same number of days just before the range.
    public var previous: ReportPeriod {
        switch kind {
        case .month: return .month(of: from.adding(days: -1))
        case .year: return .year(from.year - 1)
        case .range:
            let days = from.days(until: through)
            let end = from.adding(days: -1)
            return ReportPeriod(kind: .range, from: end.adding(days: -days), through: end)
        }
    }

    /// "2026-01", "2026", "2026-01-10..2026-02-09".
    public var label: String {
        switch kind {
        case .month: String(from.description.prefix(7))
        case .year: String(from.description.prefix(4))
        case .range: "\(from)..\(through)"
        }
    }

    /// First days of the months the period touches.
    public var months: [LocalDate] {
        var m = LocalDate(year: from.year, month: from.month, day: 1)!
        var result: [LocalDate] = []
        while m <= through {
            result.append(m)
            m = m.adding(months: 1)
        }
        return result
    }
}

/// How a report groups subscriptions.
public enum ReportGrouping: String, Sendable, CaseIterable {
    case category
    case paymentMethod = "payment-method"
    case tag

    public static let noneKey = "(none)"

    /// The groups a subscription is in: one, except for tags (every tag; the sum of groups can exceed the total).
    public func keys(of s: Subscription) -> [String] {
        switch self {
        case .category: [s.category ?? ReportGrouping.noneKey]
        case .paymentMethod: [s.paymentMethod ?? ReportGrouping.noneKey]
        case .tag: s.tags.isEmpty ? [ReportGrouping.noneKey] : s.tags
        }
    }
}

/// A labelled sum: a group, a month, a subscription.
public struct ReportLine: Sendable {
    public let key: String
    public let count: Int
    public let amounts: Amounts
}

/// Charges of a window summed by group, month and subscription: the user's part of each charge (whole
/// minor units, `Subscription.userPart`), summed as exact integers of millionths per slot (currency) in
/// flat arrays; Decimal only for subscriptions whose prices change currency.
struct ChargeAggregate {
    /// Integer sums indexed by slot, plus what went the Decimal way (user's parts already).
    struct Sums {
        var ints: [Int] = []
        var inexact = Amounts()

        mutating func add(_ v: Int, slot: Int) {
            if ints.count <= slot { ints.append(contentsOf: repeatElement(0, count: slot + 1 - ints.count)) }
            ints[slot] += v
        }

        func priceSums(_ slots: [PriceSums.Slot]) -> PriceSums {
            var p = PriceSums()
            for (i, v) in ints.enumerated() where v != 0 { p.add(v, slots[i]) }
            p.add(yours: inexact)
            return p
        }
    }

    private(set) var slots: [PriceSums.Slot] = []
    private var slotIDs: [PriceSums.Slot: Int] = [:]
    var count = 0
    private var totalSums = Sums(), chargedSums = Sums()
    private var groupSums: [String: (count: Int, sums: Sums)] = [:]
    private var monthSums: [Sums]
    private var monthGroupSums: [[String: Sums]]
    /// Per subscription with charges: its index, count, and either a slot and integer sum or Decimal sums.
    private var itemSums: [(index: Int, count: Int, slot: Int, sum: Int, inexact: Amounts?)] = []

    var total: Amounts { totalSums.priceSums(slots).amounts }
    var charged: Amounts { chargedSums.priceSums(slots).amounts }
    var toCome: Amounts {
        var a = Amounts()
        let (t, c) = (total, charged)
        for (cur, v) in t.byCurrency { a.add(v - (c.byCurrency[cur] ?? 0), cur) }
        return a
    }
    var months: [Amounts] { monthSums.map { $0.priceSums(slots).amounts } }
    var groups: [String: (count: Int, amounts: Amounts)] { groupSums.mapValues { ($0.count, $0.sums.priceSums(slots).amounts) } }
    var monthGroups: [[String: Amounts]] { monthGroupSums.map { $0.mapValues { $0.priceSums(slots).amounts } } }
    /// Per subscription with charges: its sums, and a number to rank it by (see `Ranking`).
    func items(_ rank: Ranking) -> [(index: Int, count: Int, amounts: Amounts, rank: Double)] {
        itemSums.map { item in
            if let inexact = item.inexact {
                var p = PriceSums()
                p.add(yours: inexact)
                return (item.index, item.count, inexact, rank.of(p))
            }
            // One slot: a user's part in one currency (share whole), without building a PriceSums.
            let slot = slots[item.slot]
            var a = Amounts()
            a.add(slot.share.apply(to: Millionths.decimal(item.sum)), slot.currency)
            return (item.index, item.count, a, rank.of(millionths: item.sum, slot))
        }
    }

    /// In place, through the dictionary's slot: one lookup, and the group's array is not copied.
    private static func add(_ count: Int, _ value: Int, slot: Int, to group: inout (count: Int, sums: Sums)) {
        group.count += count
        group.sums.add(value, slot: slot)
    }

    init(
        _ subs: [Subscription], from: LocalDate, through: LocalDate, today: LocalDate, grouping: ReportGrouping,
        monthGroups wantMonthGroups: Bool = false, pricings: [MillionthsPricing?]? = nil
    ) {
        let firstMonth = from.year * 12 + from.month - 1
        let monthCount = max(through.year * 12 + through.month - firstMonth, 0)
        monthSums = Array(repeating: Sums(), count: monthCount)
        monthGroupSums = Array(repeating: [:], count: wantMonthGroups ? monthCount : 0)
        var perMonth = [Int](repeating: 0, count: monthCount)
        var touched: [Int] = []
        itemSums.reserveCapacity(subs.count)
        // One copy of each subscription: a method called on `subs[i]` copies it (a dozen retains) every time.
        for (i, s) in subs.enumerated() {
            var n = 0
            let keys: [String]
            if let pricing = pricings.map({ $0[i] }) ?? MillionthsPricing(s) {
                var total = 0, charged = 0
                touched.removeAll(keepingCapacity: true)
                pricing.forEachCharge(of: s, from: from, through: through) { date, v in
                    n += 1
                    total += v
                    if date <= today { charged += v }
                    let m = date.year * 12 + date.month - 1 - firstMonth
                    if perMonth[m] == 0 { touched.append(m) }
                    perMonth[m] += v
                }
                guard n > 0 else { continue }
                let slot: Int
                if let id = slotIDs[pricing.slot] { slot = id } else {
                    slot = slots.count
                    slots.append(pricing.slot)
                    slotIDs[pricing.slot] = slot
                }
                totalSums.add(total, slot: slot)
                if charged != 0 { chargedSums.add(charged, slot: slot) }
                keys = grouping.keys(of: s)
                for k in keys { ChargeAggregate.add(n, total, slot: slot, to: &groupSums[k, default: (0, Sums())]) }
                for m in touched {
                    monthSums[m].add(perMonth[m], slot: slot)
                    if wantMonthGroups { for k in keys { monthGroupSums[m][k, default: Sums()].add(perMonth[m], slot: slot) } }
                    perMonth[m] = 0
                }
                itemSums.append((i, n, slot, total, nil))
            } else {
                // Decimal: the user's part of each charge (Subscription.userPart), summed.
                var yours = Amounts(), charged = Amounts()
                var months: [Int: Amounts] = [:]
                Projection.forEachCharge(of: s, index: i, from: from, through: through) { c in
                    n += 1
                    yours.add(c.yours)
                    if c.date <= today { charged.add(c.yours) }
                    months[c.date.year * 12 + c.date.month - 1 - firstMonth, default: Amounts()].add(c.yours)
                }
                guard n > 0 else { continue }
                totalSums.inexact.add(yours)
                chargedSums.inexact.add(charged)
                keys = grouping.keys(of: s)
                for k in keys {
                    var g = groupSums[k] ?? (0, Sums())
                    g.count += n
                    g.sums.inexact.add(yours)
                    groupSums[k] = g
                }
                for (m, y) in months {
                    monthSums[m].inexact.add(y)
                    if wantMonthGroups { for k in keys { monthGroupSums[m][k, default: Sums()].inexact.add(y) } }
                }
                itemSums.append((i, n, 0, 0, yours))
            }
            count += n
        }
    }
}

/// What was and will be charged in a period, what every live subscription costs a month and a year,
/// the biggest items, and the change against the period before.
public struct Report: Sendable {
    public struct Normalised: Sendable {
        public let index: Int
        /// Rounded to the currency's minor units when the exact cost has no finite decimal form (a weekly price x 52 / 12).
        public let monthly: Money
        public let yearly: Money
    }

    public let period: ReportPeriod
    public let today: LocalDate
    public let grouping: ReportGrouping
    public let count: Int
    public let total: Amounts
    /// Charged on or before today.
    public let charged: Amounts
    /// Still to come after today.
    public let toCome: Amounts
    /// Biggest first.
    public let groups: [ReportLine]
    /// Every month the period touches, in order; key YYYY-MM.
    public let months: [ReportLine]
    /// Subscriptions with charges in the period, biggest first; key is the subscription's index.
    public let items: [(index: Int, line: ReportLine)]
    /// Every subscription live today, by monthly cost, biggest first.
    public let normalised: [Normalised]
    public let monthlyTotal: Amounts
    public let yearlyTotal: Amounts
    public let previous: ReportPeriod
    public let previousTotal: Amounts
    public let previousCount: Int
    /// Group totals of the previous period, by key.
    public let previousGroups: [String: Amounts]

    public init(subscriptions subs: [Subscription], period: ReportPeriod, today: LocalDate, grouping: ReportGrouping, converter: Converter) {
        self.period = period
        self.today = today
        self.grouping = grouping
        // Each subscription's prices in integers once, for both periods.
        let pricings = subs.withUnsafeBufferPointer { subs in subs.indices.map { MillionthsPricing(subs[$0]) } }
        let now = ChargeAggregate(subs, from: period.from, through: period.through, today: today, grouping: grouping, pricings: pricings)
        count = now.count
        total = now.total
        charged = now.charged
        toCome = now.toCome
        func sorted(_ lines: [ReportLine]) -> [ReportLine] {
            let keyed = lines.map { ($0, converter.magnitude($0.amounts)) }
            return keyed.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.key < $1.0.key }.map(\.0)
        }
        groups = sorted(now.groups.map { ReportLine(key: $0.key, count: $0.value.count, amounts: $0.value.amounts) })
        months = zip(period.months, now.months).map { first, amounts in
            ReportLine(key: String(first.description.prefix(7)), count: 0, amounts: amounts)
        }
        // Ranking only (the figures shown stay exact Decimal): a Double of the converted amount orders
        // 10,000 items without 140,000 Decimal comparisons.
        let rank = Ranking(converter)
        let keyedItems = now.items(rank).map { item in
            (index: item.index, line: ReportLine(key: subs[item.index].name, count: item.count, amounts: item.amounts), rank: item.rank)
        }
        items = keyedItems.sorted { $0.rank != $1.rank ? $0.rank > $1.rank : $0.index < $1.index }.map { ($0.index, $0.line) }
        var norm: [(Normalised, Double)] = []
        var monthly = PriceSums(), yearly = PriceSums()
        // One copy of each subscription: a method called on `subs[i]` copies it (a dozen retains) every time.
        for (i, s) in subs.enumerated() where s.isLive(on: today) {
            let price = s.price(on: today)
            let slot = PriceSums.Slot(currency: price.currency, share: .whole)
            let fraction = s.monthlyMillionths(of: price)
            let m: Money, order: Double
            if let f = fraction, f.denominator == 1 {
                m = Money(Millionths.decimal(f.numerator), price.currency)
                monthly.add(f.numerator, slot)
                order = rank.of(millionths: f.numerator, price.currency)
            } else if let f = fraction, let divisor = Share(1, f.denominator),
                let shown = Millionths.fraction(f.numerator, 1, f.denominator, roundedTo: price.currency.minorUnits)
            {
                // A weekly price's monthly cost (x 52 / 12) has no finite decimal form: summed exactly as a
                // fraction (divided once per total), shown rounded as it would be anyway.
                m = Money(Millionths.decimal(shown), price.currency)
                monthly.add(f.numerator, .init(currency: price.currency, share: divisor))
                order = rank.of(millionths: f.numerator, price.currency) / Double(f.denominator)
            } else {
                m = s.monthlyCost(asOf: today)
                monthly.add(yours: Amounts([m]))
                order = rank.of(m)
            }
            let yearlyMillionths = Report.yearlyMillionths(of: s, price: price)
            let y = yearlyMillionths.map { Money(Millionths.decimal($0), price.currency) }
                ?? Money(s.cadence.yearlyEquivalent(of: s.userPart(of: price).amount), price.currency)
            if let v = yearlyMillionths { yearly.add(v, slot) } else { yearly.add(yours: Amounts([y])) }
            norm.append((Normalised(index: i, monthly: m, yearly: y), order))
        }
        normalised = norm.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.index < $1.0.index }.map(\.0)
        monthlyTotal = monthly.amounts
        yearlyTotal = yearly.amounts
        previous = period.previous
        let before = ChargeAggregate(subs, from: previous.from, through: previous.through, today: today, grouping: grouping, pricings: pricings)
        previousTotal = before.total
        previousCount = before.count
        previousGroups = before.groups.mapValues(\.amounts)
    }
}

extension Report {
    /// The yearly equivalent of `userPart` (the share rounded to minor units) in millionths, when it is exact in
    /// integers; nil for what has to go the Decimal way (10,000 subscriptions: microseconds, not milliseconds).
    static func yearlyMillionths(of s: Subscription, price: Money) -> Int? {
        guard let v = Millionths.of(price.amount) else { return nil }
        return Millionths.fraction(v, s.share.numerator, s.share.denominator, roundedTo: price.currency.minorUnits)
            .flatMap { Millionths.multiply($0, by: s.cadence.chargesPerYear, dividedBy: s.cadence.count) }
    }
}

/// Orders amounts by their value in the converter's currency (0 for what has no rate). For sorting only.
struct Ranking {
    let factors: [Currency: Double]

    init(_ c: Converter) {
        var f: [Currency: Double] = [c.target: 1]
        for cur in c.rates.currencies { if let x = c.factor(cur) { f[cur] = Double(truncating: x.rate as NSNumber) } }
        factors = f
    }

    func of(_ m: Money) -> Double {
        if let v = Millionths.of(m.amount) { return of(millionths: v, m.currency) }
        return (factors[m.currency] ?? 0) * Double(truncating: m.amount as NSNumber)
    }

    func of(millionths v: Int, _ currency: Currency) -> Double { (factors[currency] ?? 0) * (Double(v) / 1e6) }

    func of(millionths v: Int, _ slot: PriceSums.Slot) -> Double {
        (factors[slot.currency] ?? 0) * Double(v) / 1e6 * Double(slot.share.numerator) / Double(slot.share.denominator)
    }

    func of(_ sums: PriceSums) -> Double {
        var r = 0.0
        for (slot, v) in sums.slots { r += of(millionths: v, slot) }
        for m in sums.inexact.sums { r += of(m) }
        return r
    }
}

/// Charges per month ahead, per category: from today through the end of the month `months - 1` ahead.
public struct Forecast: Sendable {
    public struct Month: Sendable {
        /// First day of the month.
        public let month: LocalDate
        public let total: Amounts
        /// Biggest first.
        public let categories: [ReportLine]
    }

    public let from: LocalDate
    public let through: LocalDate
    public let months: [Month]
    public let total: Amounts
    /// Totals per category over the whole forecast, biggest first.
    public let categories: [ReportLine]

    public init(subscriptions subs: [Subscription], today: LocalDate, months n: Int, converter: Converter) {
        from = today
        let first = LocalDate(year: today.year, month: today.month, day: 1)!
        through = first.adding(months: max(n, 1)).adding(days: -1)
        let agg = ChargeAggregate(subs, from: from, through: through, today: today, grouping: .category, monthGroups: true)
        func sorted(_ lines: [ReportLine]) -> [ReportLine] {
            lines.map { ($0, converter.magnitude($0.amounts)) }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.key < $1.0.key }.map(\.0)
        }
        months = agg.months.indices.map { i in
            Month(
                month: first.adding(months: i), total: agg.months[i],
                categories: sorted(agg.monthGroups[i].map { ReportLine(key: $0.key, count: 0, amounts: $0.value) }))
        }
        total = agg.total
        categories = sorted(agg.groups.map { ReportLine(key: $0.key, count: $0.value.count, amounts: $0.value.amounts) })
    }
}
