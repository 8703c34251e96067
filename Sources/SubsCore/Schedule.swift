/// The one schedule engine: every charge date anything in subs shows comes from here.
///
/// Occurrence k of a schedule is computed from the anchor directly (anchor + k periods), never
/// by stepping from the previous charge, so a charge anchored on the 31st falls on Feb 28 (29),
/// Mar 31, Apr 30: the anchor day is kept and never drifts.
public enum Schedule {
    /// Occurrence `k` (any integer, negative for the past) of a schedule.
    public static func occurrence(_ k: Int, anchor: LocalDate, cadence: Cadence) -> LocalDate {
        if let months = cadence.months {
            return anchor.adding(months: k * months, anchorDay: anchor.day)
        }
        return anchor.adding(days: k * cadence.days!)
    }

    /// The smallest k whose occurrence is on or after `date`.
    static func firstIndex(onOrAfter date: LocalDate, anchor: LocalDate, cadence: Cadence) -> Int {
        var k: Int
        if let months = cadence.months {
            let monthsApart = (date.year - anchor.year) * 12 + (date.month - anchor.month)
            k = floorDiv(monthsApart, months) - 1
        } else {
            let days = cadence.days!
            k = floorDiv(anchor.days(until: date), days) - 1
        }
        // The estimate is at most two periods early; step forward to the exact one.
        while occurrence(k, anchor: anchor, cadence: cadence) < date { k += 1 }
        while occurrence(k - 1, anchor: anchor, cadence: cadence) >= date { k -= 1 }
        return k
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// The charge at which a trial converts: the first one on or after the trial's end.
    public static func trialConversion(of s: Subscription) -> LocalDate? {
        s.trialUntil.flatMap { nextCharges(of: s, from: $0, count: 1).first }
    }

    /// Charge dates of `subscription` in `from...through`, in order: none before it started or before its
    /// trial ends, nothing once paused or cancelled.
    public static func charges(of s: Subscription, from: LocalDate, through: LocalDate) -> [LocalDate] {
        var dates: [LocalDate] = []
        forEachCharge(of: s, from: from, through: through) { dates.append($0); return true }
        return dates
    }

    /// The next `count` charge dates on or after `from`.
    public static func nextCharges(of s: Subscription, from: LocalDate, count: Int) -> [LocalDate] {
        var dates: [LocalDate] = []
        guard count > 0 else { return dates }
        forEachCharge(of: s, from: from, through: nil) {
            dates.append($0)
            return dates.count < count
        }
        return dates
    }

    /// Visits charge dates in order until `body` returns false or `through` is passed.
    public static func forEachCharge(
        of s: Subscription, from: LocalDate, through: LocalDate?, _ body: (LocalDate) -> Bool
    ) {
        var dates = ChargeDates(of: s, from: from, through: through)
        while let date = dates.next() {
            if !body(date) { return }
        }
    }

    /// The charge dates of one subscription as an iterator, for callers that interleave several
    /// subscriptions (a date-ordered merge): the same dates as `forEachCharge`, which walks it.
    public struct ChargeDates: IteratorProtocol, Sendable {
        let anchor: LocalDate
        let cadence: Cadence
        let end: LocalDate?
        /// Past pauses: their occurrences are skipped.
        let pauses: [Pause]
        var k: Int
        /// Bounded: an open-ended walk stops after 100 years of daily charges.
        var remaining: Int

        public init(of s: Subscription, from: LocalDate, through: LocalDate?) {
            anchor = s.anchor
            cadence = s.cadence
            pauses = s.pauses
            var start = max(from, s.startedOn)
            var end = through
            if s.status == .paused || s.status == .cancelled {
                if let since = s.statusSince {
                    let lastLive = since.adding(days: -1)
                    end = end.map { min($0, lastLive) } ?? lastLive
                } else {
                    end = start.adding(days: -1)  // charges nothing
                }
            }
            // A trial charges nothing before it ends. Its end is a charge when it is on the schedule, as it is
            // by default (the anchor is the trial's end); with another next charge given, that one comes first.
            if let trial = s.trialUntil { start = max(start, trial) }
            self.end = end
            if let end, start > end {
                k = 0
                remaining = 0
            } else {
                k = firstIndex(onOrAfter: start, anchor: s.anchor, cadence: s.cadence)
                remaining = 36_500
            }
        }

        /// How many dates `next()` has still to give. Occurrences only grow with k, so without pauses to skip
        /// some this is a difference of indices, not a walk.
        public func count() -> Int {
            guard remaining > 0 else { return 0 }
            guard pauses.isEmpty, let end else {
                var rest = self, n = 0
                while rest.next() != nil { n += 1 }
                return n
            }
            let past = Schedule.firstIndex(onOrAfter: end.adding(days: 1), anchor: anchor, cadence: cadence)
            return min(max(past - k, 0), remaining)
        }

        public mutating func next() -> LocalDate? {
            while remaining > 0 {
                let date = occurrence(k, anchor: anchor, cadence: cadence)
                if let end, date > end {
                    remaining = 0
                    return nil
                }
                k += 1
                remaining -= 1
                if pauses.isEmpty || !pauses.contains(where: { $0.contains(date) }) { return date }
            }
            return nil
        }
    }
}
