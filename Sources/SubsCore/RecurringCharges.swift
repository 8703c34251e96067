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
    static let chainTolerance = 0.10
    /// A charge right on schedule continues a chain at a new price up to this far from the last.
    static let priceStepTolerance = 0.35

    public func find(in transactions: [BankTransaction]) -> [RecurringSeries] {
        let end = statementEnd ?? transactions.map(\.date).max() ?? LocalDate(year: 2000, month: 1, day: 1)!
        var groups: [GroupKey: [Charge]] = [:]
        let debits = transactions.filter { $0.amount < 0 }
        let payees = debits.parallelMap { PayeeName($0.description) }
        for (t, payee) in zip(debits, payees) {
            guard !payee.key.isEmpty, !payee.isCashWithdrawal else { continue }
            let money = Money(-t.amount, t.currency ?? defaultCurrency)
            groups[GroupKey(key: payee.key, currency: money.currency), default: []].append(
                Charge(transaction: t, payee: payee, amount: money.amount, units: Charge.units(of: money.amount), day: t.date.dayNumber))
        }
        mergePrefixKeys(&groups)
        let places = Self.placeWords(groups.values.lazy.flatMap { $0.map(\.payee) })
        // Largest groups first, so that the cores finish together.
        let work = groups.filter { $0.value.count >= 2 }.sorted { $0.value.count > $1.value.count || $0.value.count == $1.value.count && ($0.key.key, $0.key.currency) < ($1.key.key, $1.key.currency) }
        let found = work.parallelMap(perTask: 1) { group, charges in
            series(in: charges.sorted { ($0.day, $0.units) < ($1.day, $1.units) }, currency: group.currency, end: end, places: places)
        }.flatMap { $0 }
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
        /// The amount in millionths: the finder compares integers, Decimal arithmetic is far too slow for
        /// a hundred thousand transactions.
        var units: Int
        var day: Int

        static func units(of amount: Decimal) -> Int {
            Millionths.of(amount) ?? Int((NSDecimalNumber(decimal: amount).doubleValue * 1_000_000).rounded())
        }
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
        let grid = ChargeGrid(charges)
        let days = grid.days
        let units = grid.units
        var used = [Bool](repeating: false, count: charges.count)
        var result: [RecurringSeries] = []
        for period in Self.classes {
            var chains: [[Int]] = []
            for start in charges.indices where !used[start] {
                let chain = grow(from: start, grid, used: used, period: period)
                guard chain.count >= 2 else { continue }
                chains.append(chain)
                for i in chain { used[i] = true }
            }
            let joined = join(chains, days: days, period: period)
            let offChain = OffChainAmounts(units: units, chains: joined)
            for chain in joined {
                if let s = accept(chain, charges, offChain: offChain, period: period, currency: currency, end: end, places: places) {
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
    private func grow(from start: Int, _ grid: ChargeGrid, used: [Bool], period: PeriodClass) -> [Int] {
        var chain = [start]
        var current = start
        while true {
            var best: (index: Int, cost: Double)? = nil
            let day = grid.days[current]
            let amount = grid.units[current]
            for multiple in 1...2 {
                let days = (day + period.gap.lowerBound * multiple)...(day + period.gap.upperBound * multiple)
                grid.forEach(days: days, near: amount, within: Self.chainTolerance) { i in
                    guard !used[i] && i != current, let change = relativeChange(amount, grid.units[i]), change <= Self.chainTolerance else { return }
                    let cost = change + Double(abs(grid.days[i] - day - period.nominal * multiple)) / 100
                    if best == nil || cost < best!.cost { best = (i, cost) }
                }
                if best != nil { break }
            }
            // A price change: no similar amount, but one right on schedule within a third of the last.
            if best == nil {
                let due = day + period.nominal
                grid.forEach(days: (due - 3)...(due + 3), near: amount, within: Self.priceStepTolerance) { i in
                    guard !used[i] && i != current, let change = relativeChange(amount, grid.units[i]),
                        change <= Self.priceStepTolerance, best == nil || change < best!.cost
                    else { return }
                    best = (i, change)
                }
            }
            guard let next = best?.index else { return chain }
            chain.append(next)
            current = next
        }
    }

    private func relativeChange(_ a: Int, _ b: Int) -> Double? {
        guard a > 0 else { return nil }
        return Double((b - a).magnitude) / Double(a)
    }

    /// Chains of one payee that follow each other a period apart are one series whose price changed.
    private func join(_ chains: [[Int]], days: [Int], period: PeriodClass) -> [[Int]] {
        var ordered = chains.sorted { days[$0[0]] < days[$1[0]] }
        let starts = ordered.map { days[$0[0]] }
        var alive = [Bool](repeating: true, count: ordered.count)
        for i in ordered.indices where alive[i] {
            // The first chain to start a period after this one ends joins it; then look again from its end.
            while true {
                let last = days[ordered[i].last!]
                var lo = i + 1
                var hi = starts.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if starts[mid] < last + period.gap.lowerBound { lo = mid + 1 } else { hi = mid }
                }
                while lo < starts.count && (!alive[lo]) { lo += 1 }
                guard lo < starts.count, starts[lo] <= last + period.gap.upperBound else { break }
                ordered[i] += ordered[lo]
                alive[lo] = false
            }
        }
        return ordered.indices.filter { alive[$0] }.map { ordered[$0] }
    }

    // MARK: - Accepting a chain

    private func accept(_ chain: [Int], _ charges: [Charge], offChain: OffChainAmounts, period: PeriodClass, currency: Currency, end: LocalDate, places: Set<String>) -> RecurringSeries? {
        let amounts = chain.map { charges[$0].units }
        // Fixed: the same amount from charge to charge but for a price change now and then, each price
        // charged at least twice (the latest may be new).
        var runs: [Int] = []
        for (i, a) in amounts.enumerated() {
            if i > 0 && a == amounts[i - 1] { runs[runs.count - 1] += 1 } else { runs.append(1) }
        }
        let fixed = runs.count - 1 <= (amounts.count - 1) / 4 && runs.dropLast().allSatisfy { $0 >= 2 }
        guard chain.count >= (fixed ? period.minFixed : period.minVarying) else { return nil }
        if !fixed {
            // A foreign-currency charge wobbles by a few percent around its price; groceries by far more.
            guard let spread = Self.spread(amounts), spread <= 0.04 else { return nil }
        }
        // A payee that charges such amounts as often off the schedule as on it (a car park, a cafe, a
        // supermarket) made the chain by chance. Checked before the schedule: it is far cheaper.
        let offSchedule: Int
        if fixed {
            offSchedule = offChain.count(of: Set(amounts), besides: chain)
        } else {
            let median = Double(amounts.sorted()[amounts.count / 2])
            let range = Int((median * (1 - Self.chainTolerance)).rounded(.up))...Int((median * (1 + Self.chainTolerance)).rounded(.down))
            offSchedule = offChain.count(in: range, besides: chain)
        }
        // Two charges a year apart at one price are a subscription only where prices do not repeat by chance.
        if chain.count == 2 && offChain.hasRepeatedAmount(besides: chain) { return nil }
        guard offSchedule * 2 < chain.count else { return nil }
        let members = chain.map { charges[$0] }
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
    static func spread(_ units: [Int]) -> Double? {
        let values = units.map(Double.init)
        guard let whole = coefficientOfVariation(values) else { return nil }
        guard values.count >= 4 else { return whole }
        var jump = 1
        var largest = -1.0
        for i in 1..<values.count {
            let d = abs(values[i] - values[i - 1]) / max(values[i - 1], 1)
            if d > largest { largest = d; jump = i }
        }
        guard jump >= 2, values.count - jump >= 2, let a = coefficientOfVariation(Array(values[..<jump])),
            let b = coefficientOfVariation(Array(values[jump...]))
        else { return whole }
        return min(whole, max(a, b))
    }

    private static func coefficientOfVariation(_ xs: [Double]) -> Double? {
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

/// A payee's charges by day, and within a day by amount: the charges near an amount in a window of days
/// are found without looking at the others. Flat arrays, since a Charge is too large to touch a million times.
struct ChargeGrid {
    let days: [Int]
    let units: [Int]
    /// The first charge on or after each day from the first charge's.
    private let dayStarts: [Int]

    /// `charges` sorted by day, then amount.
    init(_ charges: [RecurringChargeFinder.Charge]) {
        days = charges.map(\.day)
        units = charges.map(\.units)
        var starts: [Int] = []
        if let first = days.first, let last = days.last {
            starts.reserveCapacity(last - first + 2)
            var i = 0
            for d in first...(last + 1) {
                while i < days.count && days[i] < d { i += 1 }
                starts.append(i)
            }
        }
        dayStarts = starts
    }

    /// Calls `body` with each charge in `dayRange` whose amount is within about `fraction` of `amount`
    /// (a little more: the caller decides exactly).
    func forEach(days dayRange: ClosedRange<Int>, near amount: Int, within fraction: Double, _ body: (Int) -> Void) {
        guard let first = days.first else { return }
        let lowAmount = Int((Double(amount) * (1 - fraction)).rounded(.down)) - 1
        let highAmount = Int((Double(amount) * (1 + fraction)).rounded(.up)) + 1
        let lo = max(dayRange.lowerBound - first, 0)
        let hi = min(dayRange.upperBound - first, dayStarts.count - 2)
        guard lo <= hi else { return }
        // Few charges in the window (most payees): look at each; many (a supermarket): search each day's.
        if dayStarts[hi + 1] - dayStarts[lo] <= 4 * (hi - lo + 1) {
            for i in dayStarts[lo]..<dayStarts[hi + 1] where units[i] >= lowAmount && units[i] <= highAmount { body(i) }
            return
        }
        for d in lo...hi {
            var a = dayStarts[d]
            var b = dayStarts[d + 1]
            let end = b
            while a < b {
                let mid = (a + b) / 2
                if units[mid] < lowAmount { a = mid + 1 } else { b = mid }
            }
            while a < end && units[a] <= highAmount {
                body(a)
                a += 1
            }
        }
    }
}

/// The amounts of a payee's charges outside its fixed-price chains of three or more (a second plan, an
/// earlier stint): what a chain's charges are compared with to tell a schedule from chance. Counted once
/// per period class so that each chain is judged in O(log n), not O(n).
struct OffChainAmounts {
    private let units: [Int]
    /// Charges in a fixed-price chain of three or more; they are not counted.
    private let inFixedChain: [Bool]
    private let sorted: [Int]
    private let counts: [Int: Int]
    private let repeated: Int

    init(units: [Int], chains: [[Int]]) {
        self.units = units
        var inFixedChain = [Bool](repeating: false, count: units.count)
        for c in chains where c.count >= 3 && c.allSatisfy({ units[$0] == units[c[0]] }) {
            for i in c { inFixedChain[i] = true }
        }
        var off: [Int] = []
        var counts: [Int: Int] = [:]
        for (i, u) in units.enumerated() where !inFixedChain[i] {
            off.append(u)
            counts[u, default: 0] += 1
        }
        self.inFixedChain = inFixedChain
        sorted = off.sorted()
        self.counts = counts
        repeated = counts.values.filter { $0 >= 2 }.count
    }

    /// The chain's own charges, where they are counted above.
    private func own(_ chain: [Int]) -> [Int] { inFixedChain[chain[0]] ? [] : chain.map { units[$0] } }

    /// Charges off the chain at one of these amounts.
    func count(of amounts: Set<Int>, besides chain: [Int]) -> Int {
        amounts.reduce(0) { $0 + counts[$1, default: 0] } - own(chain).filter(amounts.contains).count
    }

    /// Charges off the chain with an amount in `range`.
    func count(in range: ClosedRange<Int>, besides chain: [Int]) -> Int {
        firstIndex(above: range.upperBound) - firstIndex(above: range.lowerBound - 1) - own(chain).filter(range.contains).count
    }

    /// Whether two charges off the chain have the same amount.
    func hasRepeatedAmount(besides chain: [Int]) -> Bool {
        var mine: [Int: Int] = [:]
        for u in own(chain) { mine[u, default: 0] += 1 }
        let lost = mine.filter { u, k in let n = counts[u, default: 0]; return n >= 2 && n - k < 2 }.count
        return repeated - lost > 0
    }

    private func firstIndex(above value: Int) -> Int {
        var lo = 0
        var hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] <= value { lo = mid + 1 } else { hi = mid }
        }
        return lo
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
        // Anchors that give the same schedule (the same day of the month, or of the week) are tried once.
        var tried = Set<Int>()
        for anchor in anchors {
            let phase = cadence.months.map { anchor.day * 100 + anchor.month % $0 } ?? anchor.dayNumber % cadence.days!
            guard tried.insert(phase).inserted else { continue }
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
