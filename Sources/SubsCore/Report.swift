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

/// Charges of a window summed by group, month and subscription (the user's part).
struct ChargeAggregate {
    var total = Amounts(), charged = Amounts(), toCome = Amounts()
    var count = 0
    var groups: [String: (count: Int, amounts: Amounts)] = [:]
    /// Per month of the window (index from its first month), per group when asked.
    var months: [Amounts]
    var monthGroups: [[String: Amounts]]
    /// Per subscription index.
    var items: [Int: (count: Int, amounts: Amounts)] = [:]

    init(
        _ subs: [Subscription], from: LocalDate, through: LocalDate, today: LocalDate, grouping: ReportGrouping,
        monthGroups wantMonthGroups: Bool = false
    ) {
        let firstMonth = from.year * 12 + from.month - 1
        let monthCount = through.year * 12 + through.month - firstMonth
        months = Array(repeating: Amounts(), count: max(monthCount, 0))
        monthGroups = Array(repeating: [:], count: wantMonthGroups ? max(monthCount, 0) : 0)
        for (i, s) in subs.enumerated() {
            // This subscription's prices are summed first and its share applied once to each sum: the user's
            // part of 12 charges of 10.99 split by 3 is exactly 43.96, not 12 x 3.6633... (and it is faster).
            var subTotal = Amounts(), subCharged = Amounts()
            var subCount = 0
            var perMonth: [Int: Amounts] = [:]
            Projection.forEachCharge(of: s, index: i, from: from, through: through) { c in
                subCount += 1
                subTotal.add(c.price)
                if c.date <= today { subCharged.add(c.price) }
                perMonth[c.date.year * 12 + c.date.month - 1 - firstMonth, default: Amounts()].add(c.price)
            }
            guard subCount > 0 else { continue }
            subTotal = subTotal.yours(of: s)
            subCharged = subCharged.yours(of: s)
            count += subCount
            total.add(subTotal)
            charged.add(subCharged)
            for (c, v) in subTotal.byCurrency { toCome.add(v - (subCharged.byCurrency[c] ?? 0), c) }
            let keys = grouping.keys(of: s)
            for k in keys {
                var g = groups[k] ?? (0, Amounts())
                g.count += subCount
                g.amounts.add(subTotal)
                groups[k] = g
            }
            for (m, prices) in perMonth {
                let a = prices.yours(of: s)
                months[m].add(a)
                if wantMonthGroups { for k in keys { monthGroups[m][k, default: Amounts()].add(a) } }
            }
            items[i] = (subCount, subTotal)
        }
    }
}

/// What was and will be charged in a period, what every live subscription costs a month and a year,
/// the biggest items, and the change against the period before.
public struct Report: Sendable {
    public struct Normalised: Sendable {
        public let index: Int
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
        let now = ChargeAggregate(subs, from: period.from, through: period.through, today: today, grouping: grouping)
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
        let keyedItems = now.items.map { (index: $0.key, line: ReportLine(key: subs[$0.key].name, count: $0.value.count, amounts: $0.value.amounts), magnitude: converter.magnitude($0.value.amounts)) }
        items = keyedItems.sorted { $0.magnitude != $1.magnitude ? $0.magnitude > $1.magnitude : $0.index < $1.index }.map { ($0.index, $0.line) }
        var norm: [(Normalised, Decimal)] = []
        var monthly = Amounts(), yearly = Amounts()
        for (i, s) in subs.enumerated() where s.isLive(on: today) {
            let m = s.monthlyCost(asOf: today)
            let y = Money(s.cadence.yearlyEquivalent(of: s.userPart(of: s.price(on: today)).amount), m.currency)
            monthly.add(m)
            yearly.add(y)
            norm.append((Normalised(index: i, monthly: m, yearly: y), converter.convert(m)?.amount ?? 0))
        }
        normalised = norm.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.index < $1.0.index }.map(\.0)
        monthlyTotal = monthly
        yearlyTotal = yearly
        previous = period.previous
        let before = ChargeAggregate(subs, from: previous.from, through: previous.through, today: today, grouping: grouping)
        previousTotal = before.total
        previousCount = before.count
        previousGroups = before.groups.mapValues(\.amounts)
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
