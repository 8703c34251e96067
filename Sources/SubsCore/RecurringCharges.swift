import Foundation

/// A series of charges from one payee at a regular cadence: a subscription the statement shows.
public struct RecurringSeries: Sendable {
    public var name: String
    public var cadence: Cadence
    /// Oldest first.
    public var charges: [BankTransaction]
    public var currency: Currency
    /// The latest charge's amount, positive.
    public var amount: Decimal { -(charges.last?.amount ?? 0) }
    /// Where the amount stepped to a new price (not the day-to-day wobble of a foreign-currency charge).
    public var priceChanges: [PriceStep]
    /// The next charge as the bank will book it; nil once the series has stopped.
    public var nextCharge: LocalDate?
    /// A scheduled (not booked) charge day of the series: its day of the month is the schedule's (31 for
    /// month ends).
    public var anchor: LocalDate
    /// False when the charges stopped well before the statement's end.
    public var isActive: Bool
    /// 0...1: how sure the finder is that this is a subscription.
    public var confidence: Double

    public struct PriceStep: Sendable, Equatable {
        public var date: LocalDate
        public var from: Decimal
        public var to: Decimal
    }
}

/// Finds subscriptions in bank transactions: charges to the same payee (after `PayeeName`) at a regular
/// cadence, from weekly to yearly, tolerant of booking shifts (weekends, month ends, card processing
/// delays), missed months, price changes and foreign-currency charges whose amount wobbles.
///
/// For each payee, chains are grown from each charge to the next one about a period later at a similar
/// amount; chains one period apart at different prices join (a price change); a chain becomes a series
/// when it is long enough, fits a fixed schedule (anchored on a day of the month, or every N days) and its
/// amounts are fixed or nearly so. Groceries fail on amounts, fixed-price irregular buys on the schedule.
public struct RecurringChargeFinder: Sendable {
    /// The statement's last day: series that stopped well before it are reported as stopped.
    public var statementEnd: LocalDate?
    public var defaultCurrency: Currency

    public init(defaultCurrency: Currency, statementEnd: LocalDate? = nil) {
        self.defaultCurrency = defaultCurrency
        self.statementEnd = statementEnd
    }

    /// A class of period the chains are grown with: the gap from one charge to the next.
    struct PeriodClass {
        var gap: ClosedRange<Int>
        var nominal: Int
        /// The fewest charges that make a series, with fixed and with wobbling amounts.
        var minFixed: Int
        var minVarying: Int
        /// The schedules a chain of this class may follow.
        var models: [Cadence]
        /// Largest mean and single distance, in days, of a charge from its schedule.
        var meanSlack: Double
        var maxSlack: Int
    }

    static let classes: [PeriodClass] = [
        PeriodClass(gap: 5...9, nominal: 7, minFixed: 4, minVarying: 8, models: [.weekly], meanSlack: 1.5, maxSlack: 3),
        PeriodClass(gap: 11...17, nominal: 14, minFixed: 3, minVarying: 6, models: [Cadence(unit: .week, count: 2)!], meanSlack: 1.8, maxSlack: 3),
        PeriodClass(gap: 24...37, nominal: 30, minFixed: 3, minVarying: 6, models: [.monthly, Cadence(unit: .week, count: 4)!], meanSlack: 2.2, maxSlack: 5),
        PeriodClass(gap: 54...68, nominal: 61, minFixed: 3, minVarying: 6, models: [Cadence(unit: .month, count: 2)!], meanSlack: 3, maxSlack: 6),
        PeriodClass(gap: 82...100, nominal: 91, minFixed: 3, minVarying: 5, models: [.quarterly], meanSlack: 3.5, maxSlack: 7),
        PeriodClass(gap: 170...195, nominal: 182, minFixed: 2, minVarying: 4, models: [Cadence(unit: .month, count: 6)!], meanSlack: 4, maxSlack: 8),
        PeriodClass(gap: 350...380, nominal: 365, minFixed: 2, minVarying: 3, models: [.yearly], meanSlack: 5, maxSlack: 10),
    ]

    /// Amounts within this fraction of the previous charge continue a chain.
    static let chainTolerance: Decimal = 0.10
    /// A charge right on schedule continues a chain at a new price up to this far from the last.
    static let priceStepTolerance: Decimal = 0.35

    public func find(in transactions: [BankTransaction]) -> [RecurringSeries] {
        let end = statementEnd ?? transactions.map(\.date).max() ?? LocalDate(year: 2000, month: 1, day: 1)!
        var groups: [GroupKey: [Charge]] = [:]
        for t in transactions where t.amount < 0 {
            let payee = PayeeName(t.description)
            guard !payee.key.isEmpty, !payee.isCashWithdrawal else { continue }
            let money = Money(-t.amount, t.currency ?? defaultCurrency)
            groups[GroupKey(key: payee.key, currency: money.currency), default: []].append(
                Charge(transaction: t, payee: payee, amount: money.amount, day: t.date.dayNumber))
        }
        mergePrefixKeys(&groups)
        let places = Self.placeWords(groups.values.lazy.flatMap { $0.map(\.payee) })
        var found: [RecurringSeries] = []
        for (group, charges) in groups.sorted(by: { $0.key.key < $1.key.key || $0.key.key == $1.key.key && $0.key.currency < $1.key.currency }) where charges.count >= 2 {
            found += series(in: charges.sorted { ($0.day, $0.amount) < ($1.day, $1.amount) }, currency: group.currency, end: end, places: places)
        }
        return found.sorted { ($0.nextCharge ?? .distantPast, $0.name) < ($1.nextCharge ?? .distantPast, $1.name) }
    }

    struct GroupKey: Hashable {
        var key: String
        var currency: Currency
    }

    struct Charge {
        var transaction: BankTransaction
        var payee: PayeeName
        /// Positive.
        var amount: Decimal
        var day: Int
    }

    /// "DISNEY" and "DISNEYPLUS", "HBO MAX" and "HBOMAX": one merchant spelt with and without a space.
    private func mergePrefixKeys(_ groups: inout [GroupKey: [Charge]]) {
        // "HBO MAX" joins "HBOMAX" (and HBOMAX then DISNEY-like prefixes below).
        for key in groups.keys.sorted(by: { $0.key < $1.key }) {
            guard let charges = groups[key] else { continue }
            let joined = Set(charges.compactMap { $0.payee.words.count >= 2 ? $0.payee.words[0] + $0.payee.words[1] : nil })
            for j in joined.sorted() {
                let other = GroupKey(key: j, currency: key.currency)
                if other != key, let moved = groups.removeValue(forKey: other) { groups[key, default: []] += moved }
            }
        }
        let keys = groups.keys.sorted { $0.key.count < $1.key.count || $0.key.count == $1.key.count && $0.key < $1.key }
        for short in keys where short.key.count >= 4 && groups[short] != nil {
            for long in keys where long.key.count > short.key.count && long.currency == short.currency && long.key.hasPrefix(short.key) {
                if let moved = groups.removeValue(forKey: long) { groups[short, default: []] += moved }
            }
        }
    }

    // MARK: - Chains

    /// Words that follow the names of three or more merchants: the towns where the account holder shops.
    static func placeWords(_ payees: some Sequence<PayeeName>) -> Set<String> {
        var keysByWord: [String: Set<String>] = [:]
        for p in payees {
            for w in p.words.dropFirst() where keysByWord[w, default: []].count < 3 { keysByWord[w, default: []].insert(p.key) }
        }
        return Set(keysByWord.filter { $0.value.count >= 3 }.keys)
    }

    private func series(in charges: [Charge], currency: Currency, end: LocalDate, places: Set<String>) -> [RecurringSeries] {
        var used = [Bool](repeating: false, count: charges.count)
        var result: [RecurringSeries] = []
        for period in Self.classes {
            var chains: [[Int]] = []
            for start in charges.indices where !used[start] {
                let chain = grow(from: start, charges, used: used, period: period)
                guard chain.count >= 2 else { continue }
                chains.append(chain)
                for i in chain { used[i] = true }
            }
            let joined = join(chains, charges, period: period)
            for chain in joined {
                // Charges of the payee's other fixed-price chains (a second plan, an earlier stint) are not
                // off-schedule charges of this one.
                let others = Set(joined.filter { c in
                    c != chain && c.count >= 3 && c.allSatisfy { charges[$0].amount == charges[c[0]].amount }
                }.joined())
                if let s = accept(chain, charges, others: others, period: period, currency: currency, end: end, places: places) {
                    result.append(s)
                } else {
                    for i in chain { used[i] = false }
                }
            }
        }
        return result
    }

    /// From `start`, each next charge a period's gap later (or two, over a missed one) at an amount near the
    /// previous one; the nearest amount wins, then the date nearest the period.
    private func grow(from start: Int, _ charges: [Charge], used: [Bool], period: PeriodClass) -> [Int] {
        var chain = [start]
        var current = start
        while true {
            var best: (index: Int, cost: Decimal)? = nil
            for multiple in 1...2 {
                let lo = charges[current].day + period.gap.lowerBound * multiple
                let hi = charges[current].day + period.gap.upperBound * multiple
                var i = firstIndex(dayAtLeast: lo, charges)
                while i < charges.count && charges[i].day <= hi {
                    if !used[i] && i != current, let change = relativeChange(charges[current].amount, charges[i].amount),
                        change <= Self.chainTolerance
                    {
                        let offset = Decimal(abs(charges[i].day - charges[current].day - period.nominal * multiple)) / 100
                        let cost = change + offset
                        if best == nil || cost < best!.cost { best = (i, cost) }
                    }
                    i += 1
                }
                if best != nil { break }
            }
            // A price change: no similar amount, but one right on schedule within a third of the last.
            if best == nil {
                let due = charges[current].day + period.nominal
                var i = firstIndex(dayAtLeast: due - 3, charges)
                while i < charges.count && charges[i].day <= due + 3 {
                    if !used[i] && i != current, let change = relativeChange(charges[current].amount, charges[i].amount),
                        change <= Self.priceStepTolerance, best == nil || change < best!.cost
                    {
                        best = (i, change)
                    }
                    i += 1
                }
            }
            guard let next = best?.index else { return chain }
            chain.append(next)
            current = next
        }
    }

    private func firstIndex(dayAtLeast day: Int, _ charges: [Charge]) -> Int {
        var lo = 0
        var hi = charges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if charges[mid].day < day { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func relativeChange(_ a: Decimal, _ b: Decimal) -> Decimal? {
        guard a > 0 else { return nil }
        let d = (b - a) / a
        return d < 0 ? -d : d
    }

    /// Chains of one payee that follow each other a period apart are one series whose price changed.
    private func join(_ chains: [[Int]], _ charges: [Charge], period: PeriodClass) -> [[Int]] {
        var ordered = chains.sorted { charges[$0[0]].day < charges[$1[0]].day }
        var i = 0
        while i < ordered.count {
            var j = i + 1
            var joined = false
            while j < ordered.count {
                let gap = charges[ordered[j][0]].day - charges[ordered[i].last!].day
                if period.gap.contains(gap) {
                    ordered[i] += ordered[j]
                    ordered.remove(at: j)
                    joined = true
                    break
                }
                j += 1
            }
            if !joined { i += 1 }
        }
        return ordered
    }

    // MARK: - Accepting a chain

    private func accept(_ chain: [Int], _ charges: [Charge], others: Set<Int>, period: PeriodClass, currency: Currency, end: LocalDate, places: Set<String>) -> RecurringSeries? {
        let members = chain.map { charges[$0] }
        let amounts = members.map(\.amount)
        // Fixed: the same amount from charge to charge but for a price change now and then, each price
        // charged at least twice (the latest may be new).
        var runs: [Int] = []
        for (i, a) in amounts.enumerated() {
            if i > 0 && a == amounts[i - 1] { runs[runs.count - 1] += 1 } else { runs.append(1) }
        }
        let fixed = runs.count - 1 <= (amounts.count - 1) / 4 && runs.dropLast().allSatisfy { $0 >= 2 }
        guard members.count >= (fixed ? period.minFixed : period.minVarying) else { return nil }
        if !fixed {
            // A foreign-currency charge wobbles by a few percent around its price; groceries by far more.
            guard let spread = Self.spread(amounts), spread <= 0.04 else { return nil }
        }
        let days = members.map(\.transaction.date)
        var best: (fit: ScheduleFit, cadence: Cadence)? = nil
        for model in period.models {
            let fit = ScheduleFit(days, cadence: model)
            if best == nil || fit.cost < best!.fit.cost { best = (fit, model) }
        }
        guard let (fit, cadence) = best, fit.meanDistance <= period.meanSlack, fit.maxDistance <= period.maxSlack else { return nil }
        // Few periods without a charge: a chain that skips every other period is of a longer cadence.
        let periods = fit.periods(from: days.first!, to: days.last!) + 1
        guard Double(members.count) >= 0.75 * Double(periods) else { return nil }
        // A payee that charges such amounts as often off the schedule as on it (a car park, a cafe, a
        // supermarket) made the chain by chance.
        let inChain = Set(chain)
        let sorted = amounts.sorted()
        let median = sorted[sorted.count / 2]
        let offChain = charges.indices.filter { !inChain.contains($0) && !others.contains($0) }
        let offSchedule = offChain.filter { i in
            if fixed { return amounts.contains(charges[i].amount) }
            return (relativeChange(median, charges[i].amount) ?? 1) <= Self.chainTolerance
        }.count
        // Two charges a year apart at one price are a subscription only where prices do not repeat by chance.
        if members.count == 2 {
            var seen = Set<Decimal>()
            for i in offChain where !seen.insert(charges[i].amount).inserted { return nil }
        }
        guard offSchedule * 2 < members.count else { return nil }

        let last = days.last!
        // The next charge after the statement: a charge or two missing at its end were skipped or are not
        // booked yet; more, and the series has stopped.
        var next = fit.nextBooking(after: last)
        var missed = 0
        while next.adding(days: 3) < end {
            next = fit.nextBooking(after: next)
            missed += 1
        }
        let active = missed < (cadence.unit == .week ? 3 : 2)
        var priceChanges: [RecurringSeries.PriceStep] = []
        if fixed {
            for (a, b) in zip(members, members.dropFirst()) where a.amount != b.amount {
                priceChanges.append(.init(date: b.transaction.date, from: a.amount, to: b.amount))
            }
        }
        let confidence = Self.confidence(
            count: members.count, fixed: fixed, fit: fit, slack: period.meanSlack, active: active,
            nameAgrees: Set(members.map(\.payee.words)).count <= max(1, members.count / 3))
        return RecurringSeries(
            name: PayeeName.displayName(members.map(\.payee), places: places), cadence: cadence, charges: members.map(\.transaction),
            currency: currency, priceChanges: priceChanges, nextCharge: active ? next : nil, anchor: fit.anchor, isActive: active,
            confidence: confidence)
    }

    /// How much amounts wobble around their price: the coefficient of variation, or with a price change
    /// (the largest jump) the larger of the two sides'.
    static func spread(_ values: [Decimal]) -> Double? {
        guard let whole = coefficientOfVariation(values) else { return nil }
        guard values.count >= 4 else { return whole }
        var jump = 1
        var largest: Decimal = -1
        for i in 1..<values.count {
            let d = abs(values[i] - values[i - 1]) / max(values[i - 1], 0.01)
            if d > largest { largest = d; jump = i }
        }
        guard jump >= 2, values.count - jump >= 2, let a = coefficientOfVariation(Array(values[..<jump])),
            let b = coefficientOfVariation(Array(values[jump...]))
        else { return whole }
        return min(whole, max(a, b))
    }

    private static func coefficientOfVariation(_ values: [Decimal]) -> Double? {
        let xs = values.map { NSDecimalNumber(decimal: $0).doubleValue }
        let mean = xs.reduce(0, +) / Double(xs.count)
        guard mean > 0 else { return nil }
        let variance = xs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(xs.count)
        return variance.squareRoot() / mean
    }

    static func confidence(count: Int, fixed: Bool, fit: ScheduleFit, slack: Double, active: Bool, nameAgrees: Bool) -> Double {
        // More charges, closer to the schedule, a fixed price and one spelling of the payee: surer.
        var c = 1 - 0.6 / Double(count)
        c *= 1 - 0.25 * min(1, fit.meanDistance / slack)
        if !fixed { c *= 0.9 }
        if !active { c *= 0.8 }
        if !nameAgrees { c *= 0.95 }
        return (c * 100).rounded() / 100
    }
}

/// How well dates follow a schedule: the best anchor for the cadence, each date's distance from its
/// scheduled day as the bank books it (weekend policy learnt from the dates), and the next booking.
struct ScheduleFit {
    let cadence: Cadence
    /// The anchor day: of the month for month-based cadences, else a day number.
    let anchor: LocalDate
    let weekendPolicy: WeekendPolicy
    let meanDistance: Double
    let maxDistance: Int
    /// Lower is better: late bookings (processing delays) cost less than early ones.
    let cost: Double

    enum WeekendPolicy: CaseIterable { case sameDay, nextMonday, previousFriday }

    init(_ dates: [LocalDate], cadence: Cadence) {
        self.cadence = cadence
        var best: (anchor: LocalDate, policy: WeekendPolicy, mean: Double, max: Int, cost: Double)? = nil
        // Candidate anchors: each date itself, and for month-based cadences the month's end.
        var anchors = dates
        if cadence.unit != .day && cadence.unit != .week, let first = dates.first {
            anchors.append(LocalDate(year: first.year, month: 1, day: 31)!)  // month ends
        }
        for anchor in anchors {
            for policy in WeekendPolicy.allCases {
                var total = 0.0
                var cost = 0.0
                var worst = 0
                for d in dates {
                    let due = ScheduleFit.nearestOccurrence(to: d, anchor: anchor, cadence: cadence)
                    let offset = due.days(until: d) - ScheduleFit.booked(due, policy).dayNumber + due.dayNumber
                    total += Double(abs(offset))
                    cost += offset >= 0 ? Double(offset) : 2.5 * Double(-offset)
                    worst = max(worst, abs(offset))
                }
                // The plain policy wins ties: a rule is learnt only when the dates show it.
                if policy != .sameDay { cost += 0.01 }
                if best == nil || cost < best!.cost { best = (anchor, policy, total / Double(dates.count), worst, cost) }
            }
        }
        anchor = best!.anchor
        weekendPolicy = best!.policy
        meanDistance = best!.mean
        maxDistance = best!.max
        cost = best!.cost
    }

    static func booked(_ due: LocalDate, _ policy: WeekendPolicy) -> LocalDate {
        let w = due.weekday  // 6 Saturday, 7 Sunday
        guard w >= 6 else { return due }
        switch policy {
        case .sameDay: return due
        case .nextMonday: return due.adding(days: 8 - w)
        case .previousFriday: return due.adding(days: 5 - w)
        }
    }

    static func nearestOccurrence(to date: LocalDate, anchor: LocalDate, cadence: Cadence) -> LocalDate {
        let k: Int
        if let months = cadence.months {
            let apart = (date.year - anchor.year) * 12 + (date.month - anchor.month)
            k = Int((Double(apart) / Double(months)).rounded(.down))
        } else {
            k = Int((Double(anchor.days(until: date)) / Double(cadence.days!)).rounded(.down))
        }
        var bestDate = Schedule.occurrence(k, anchor: anchor, cadence: cadence)
        for candidate in [k - 1, k + 1] {
            let d = Schedule.occurrence(candidate, anchor: anchor, cadence: cadence)
            if abs(d.days(until: date)) < abs(bestDate.days(until: date)) { bestDate = d }
        }
        return bestDate
    }

    /// Whole periods of the cadence from one date to another.
    func periods(from a: LocalDate, to b: LocalDate) -> Int {
        if let months = cadence.months {
            let apart = (b.year - a.year) * 12 + (b.month - a.month) + (b.day - a.day >= 15 ? 1 : b.day - a.day <= -15 ? -1 : 0)
            return Int((Double(apart) / Double(months)).rounded())
        }
        return Int((Double(a.days(until: b)) / Double(cadence.days!)).rounded())
    }

    /// The booking day of the first scheduled charge after the one `last` was.
    func nextBooking(after last: LocalDate) -> LocalDate {
        let due = ScheduleFit.nearestOccurrence(to: last, anchor: anchor, cadence: cadence)
        var next = due
        var k = 1
        while next <= due || ScheduleFit.booked(next, weekendPolicy) <= last {
            next = ScheduleFit.nextOccurrence(after: due, k: k, anchor: anchor, cadence: cadence)
            k += 1
        }
        return ScheduleFit.booked(next, weekendPolicy)
    }

    private static func nextOccurrence(after due: LocalDate, k: Int, anchor: LocalDate, cadence: Cadence) -> LocalDate {
        if let months = cadence.months {
            return due.adding(months: months * k, anchorDay: anchor.day)
        }
        return due.adding(days: cadence.days! * k)
    }
}

extension RecurringSeries {
    /// The subscription this series is, as `subs add` would be asked for it; a name already taken gets the
    /// amount after it ("Apple 2.99"), for two plans billed by one payee.
    public func proposal(existing: [Subscription]) -> SubscriptionChanges {
        var c = SubscriptionChanges()
        let taken = Set(existing.map { $0.name.lowercased() })
        let money = Money(amount, currency)
        c.name = taken.contains(name.lowercased()) ? "\(name) \(money.plainString)" : name
        c.amount = money.plainString
        c.currency = currency.code
        c.cadence = cadence.description
        c.since = charges.first.map { String(describing: $0.date) }
        c.notes = "Found in a bank statement: \(charges.count) charges from \(charges.first!.date) to \(charges.last!.date)."
        return c
    }

    /// Gives a subscription made from `proposal` the series' schedule and its price history.
    public func adopt(into s: inout Subscription) {
        s.anchor = anchor
        if let first = charges.first {
            s.startedOn = first.date
            var prices = [PriceChange(effective: first.date, price: Money(-first.amount, currency))]
            for step in priceChanges { prices.append(PriceChange(effective: step.date, price: Money(step.to, currency))) }
            if priceChanges.isEmpty { prices = [PriceChange(effective: first.date, price: Money(amount, currency))] }
            s.prices = prices
        }
    }
}

extension LocalDate {
    static let distantPast = LocalDate(year: 1, month: 1, day: 1)!
}
