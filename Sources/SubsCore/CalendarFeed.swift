/// The calendar feed as plain values: which events, recurrence rules and alarms the subscriptions yield.
/// SubsCalendar turns it into iCalendar text (RFC 5545); nothing here knows that syntax beyond the rule text.
public struct CalendarFeed: Hashable, Sendable {
    public var name: String
    public var events: [CalendarEvent]

    public init(name: String, events: [CalendarEvent]) {
        self.name = name
        self.events = events
    }
}

/// One all-day VEVENT, recurring or not.
public struct CalendarEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// Charges of a subscription (a series, or one charge).
        case charges
        /// The day a free trial ends, which is also its first charge.
        case trialEnd = "trial-end"
        /// The last day to cancel before a contract renews.
        case cancelBy = "cancel-by"
    }

    public var uid: String
    public var kind: Kind
    public var subscriptionUID: String
    public var summary: String
    public var description: String
    public var categories: [String]
    public var url: String?
    /// First occurrence.
    public var start: LocalDate
    /// Exclusive end of each occurrence: the day after, never equal to `start`.
    public var end: LocalDate { start.adding(days: 1) }
    public var rule: RecurrenceRule?
    /// One alarm per lead time, in days before the occurrence.
    public var alarmDays: [Int]
    public var alarmText: String
    /// SEQUENCE: bumped with the subscription's revision.
    public var sequence: Int
    /// LAST-MODIFIED, an ISO 8601 UTC timestamp.
    public var lastModified: String
    /// Does every occurrence charge (and with `amount`)?
    public var amount: Money?

    public init(
        uid: String, kind: Kind, subscriptionUID: String, summary: String, description: String,
        categories: [String], url: String?, start: LocalDate, rule: RecurrenceRule?, alarmDays: [Int],
        alarmText: String, sequence: Int, lastModified: String, amount: Money?
    ) {
        self.uid = uid
        self.kind = kind
        self.subscriptionUID = subscriptionUID
        self.summary = summary
        self.description = description
        self.categories = categories
        self.url = url
        self.start = start
        self.rule = rule
        self.alarmDays = alarmDays
        self.alarmText = alarmText
        self.sequence = sequence
        self.lastModified = lastModified
        self.amount = amount
    }
}

/// An RRULE restricted to what subscriptions need.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    public enum Frequency: String, Hashable, Sendable { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }

    public var frequency: Frequency
    public var interval: Int
    public var byMonth: Int?
    public var byMonthDay: [Int]
    public var bySetPos: Int?
    /// Last occurrence, inclusive (a DATE, as DTSTART is one).
    public var until: LocalDate?

    public init(frequency: Frequency, interval: Int, byMonth: Int? = nil, byMonthDay: [Int] = [], bySetPos: Int? = nil, until: LocalDate? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.byMonth = byMonth
        self.byMonthDay = byMonthDay
        self.bySetPos = bySetPos
        self.until = until
    }

    /// The RFC 5545 value: `FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30;BYSETPOS=-1;UNTIL=20270131`.
    public var description: String {
        var parts = ["FREQ=\(frequency.rawValue)", "INTERVAL=\(interval)"]
        if let byMonth { parts.append("BYMONTH=\(byMonth)") }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if let bySetPos { parts.append("BYSETPOS=\(bySetPos)") }
        if let until { parts.append("UNTIL=" + until.description.replacingOccurrences(of: "-", with: "")) }
        return parts.joined(separator: ";")
    }

    /// The rule that yields exactly `Schedule`'s grid for `cadence` and an anchor on day `anchorDay`
    /// (of month `anchorMonth`).
    ///
    /// Month ends: `Schedule` keeps the anchor day where the month has it, else takes the month's last day.
    /// A plain `BYMONTHDAY=31` would skip short months (RFC 5545 drops invalid dates), so:
    /// - day 31 (and Feb 29 yearly): `BYMONTHDAY=-1`, the last day of every month;
    /// - days 29 and 30 monthly: `BYMONTHDAY=28,29,30;BYSETPOS=-1`, the last of those the month has;
    /// - days 1-28: plain, every month has them.
    /// Every cadence subs knows fits one of these rules, so no RDATE fallback is needed. (RSCALE/SKIP would
    /// say it directly, but khal's icalendar crashes on RSCALE.)
    public static func matching(_ cadence: Cadence, anchorDay: Int, anchorMonth: Int, until: LocalDate? = nil) -> RecurrenceRule {
        switch cadence.unit {
        case .day: return RecurrenceRule(frequency: .daily, interval: cadence.count, until: until)
        case .week: return RecurrenceRule(frequency: .weekly, interval: cadence.count, until: until)
        case .month, .quarter, .year:
            let months = cadence.months!
            if months % 12 == 0 {
                // Only February has a varying length: an anchor on Feb 29 is Feb 28 in common years.
                if anchorMonth == 2 && anchorDay == 29 {
                    return RecurrenceRule(frequency: .yearly, interval: months / 12, byMonth: 2, byMonthDay: [-1], until: until)
                }
                return RecurrenceRule(frequency: .yearly, interval: months / 12, until: until)
            }
            switch anchorDay {
            case 31: return RecurrenceRule(frequency: .monthly, interval: months, byMonthDay: [-1], until: until)
            case 29, 30:
                return RecurrenceRule(frequency: .monthly, interval: months, byMonthDay: Array(28...anchorDay), bySetPos: -1, until: until)
            default: return RecurrenceRule(frequency: .monthly, interval: months, until: until)
            }
        }
    }
}

/// Decides what the feed holds. The rules:
/// - a live subscription: a series from its next charge on, split where a future price change starts
///   (each part says its own amount), plus a trial-end event while the trial runs (the trial end is the
///   first charge) and a "last day to cancel" event when a notice period is set;
/// - a paused or cancelled one: left out, unless it charged in the feed's past window
///   (`pastWindowDays` before today); then its series starts there and ends with UNTIL on its last charge.
public enum CalendarFeedBuilder {
    public static let pastWindowDays = 90
    public static let defaultName = "Subscriptions (subs)"

    public static func feed(_ subscriptions: [Subscription], settings: Settings, today: LocalDate, name: String = defaultName) -> CalendarFeed {
        CalendarFeed(name: name, events: subscriptions.flatMap { events(for: $0, settings: settings, today: today) })
    }

    /// The first day whose charges the feed shows for `s`.
    public static func windowStart(for s: Subscription, today: LocalDate) -> LocalDate {
        isStopped(s) ? today.adding(days: -pastWindowDays) : today
    }

    static func isStopped(_ s: Subscription) -> Bool { s.status == .paused || s.status == .cancelled }

    public static func events(for s: Subscription, settings: Settings, today: LocalDate) -> [CalendarEvent] {
        var events: [CalendarEvent] = []
        let from = windowStart(for: s, today: today)
        let alarms = s.reminderLeadDays(default: settings.remindDays)
        guard var first = Schedule.nextCharges(of: s, from: from, count: 1).first else { return [] }

        if s.status == .trial, let trial = s.trialUntil, trial >= from {
            let price = s.price(on: first)
            if first == trial {
                // The usual case: the trial's end is its first charge; the series starts after it.
                events.append(event(
                    s, uid: "\(s.uid)-trial-end", kind: .trialEnd, start: trial, rule: nil,
                    summary: "\(s.name) trial ends · \(price)",
                    description: "The free trial of \(s.name) ends; the first charge is today.\n" + details(s, price: price, on: trial),
                    alarms: alarms, alarmText: "\(s.name): the trial ends and \(price) is charged", amount: price))
                guard let next = Schedule.nextCharges(of: s, from: trial.adding(days: 1), count: 1).first else { return events }
                first = next
            } else {
                // The first charge comes later (a next charge was given): the end is a reminder, not a charge.
                events.append(event(
                    s, uid: "\(s.uid)-trial-end", kind: .trialEnd, start: trial, rule: nil,
                    summary: "\(s.name) trial ends",
                    description: "The free trial of \(s.name) ends; the first charge, \(price), is on \(first).\n" + details(s, price: price, on: first),
                    alarms: alarms, alarmText: "\(s.name): the trial ends; \(price) is charged on \(first)", amount: nil))
            }
        }

        // The last charge, when the subscription stops (paused, cancelled).
        var last: LocalDate?
        if isStopped(s), let since = s.statusSince {
            last = lastGridDate(before: since, s)
        }

        // Split the series where a later price takes effect, so each part carries its own amount, and around
        // a past pause inside the window (a series through it would show the charges it skipped). Each break:
        // the series ends on the last grid date before `endBefore`, the next starts at the first charge from
        // `resumeFrom` (the schedule skips pauses).
        var breaks: [(endBefore: LocalDate, resumeFrom: LocalDate)] = []
        for change in s.prices where change.effective > first {
            if let b = Schedule.nextCharges(of: s, from: change.effective, count: 1).first { breaks.append((b, b)) }
        }
        for pause in s.pauses where pause.from > first { breaks.append((pause.from, pause.until)) }
        breaks.sort { $0.endBefore < $1.endBefore }
        var series: [(start: LocalDate, end: LocalDate?)] = []
        var open: LocalDate? = first
        for b in breaks {
            guard let start = open, last.map({ b.endBefore <= $0 }) ?? true else { break }
            guard b.endBefore > start else { continue }
            series.append((start, lastGridDate(before: b.endBefore, s)))
            open = Schedule.nextCharges(of: s, from: b.resumeFrom, count: 1).first.flatMap { next in last.map { next <= $0 } ?? true ? next : nil }
        }
        if let start = open { series.append((start, last)) }
        for (i, (start, end)) in series.enumerated() {
            let price = s.price(on: start)
            let rule: RecurrenceRule? =
                end == start ? nil : RecurrenceRule.matching(s.cadence, anchorDay: s.anchor.day, anchorMonth: s.anchor.month, until: end)
            events.append(event(
                s, uid: i == 0 ? s.uid : "\(s.uid)-from-\(start)", kind: .charges, start: start, rule: rule,
                summary: "\(s.name) · \(price)", description: details(s, price: price, on: start),
                alarms: alarms, alarmText: "\(s.name): \(price) is charged", amount: price))
        }

        if !isStopped(s), let cancelBy = s.cancelBy(asOf: today), cancelBy >= today, let renewal = s.renewal(after: today) {
            let price = s.price(on: renewal)
            events.append(event(
                s, uid: "\(s.uid)-cancel-by", kind: .cancelBy, start: cancelBy, rule: nil,
                summary: "Last day to cancel \(s.name)",
                description: "\(s.name) renews on \(renewal) for \(price); cancelling needs \(s.noticeDays ?? 0) days' notice.\n"
                    + details(s, price: price, on: renewal),
                alarms: alarms, alarmText: "\(s.name): last day to cancel is \(cancelBy)", amount: nil))
        }
        return events
    }

    /// The last date of the schedule's grid before `date` (the grid ignores the trial, as the series does).
    static func lastGridDate(before date: LocalDate, _ s: Subscription) -> LocalDate {
        let k = Schedule.firstIndex(onOrAfter: date, anchor: s.anchor, cadence: s.cadence)
        return Schedule.occurrence(k - 1, anchor: s.anchor, cadence: s.cadence)
    }

    private static func event(
        _ s: Subscription, uid: String, kind: CalendarEvent.Kind, start: LocalDate, rule: RecurrenceRule?,
        summary: String, description: String, alarms: [Int], alarmText: String, amount: Money?
    ) -> CalendarEvent {
        var categories: [String] = []
        for c in [s.category].compactMap({ $0 }) + s.tags where !c.isEmpty && !categories.contains(c) { categories.append(c) }
        return CalendarEvent(
            uid: uid, kind: kind, subscriptionUID: s.uid, summary: summary, description: description,
            categories: categories, url: s.url.flatMap { $0.isEmpty ? nil : $0 }, start: start, rule: rule,
            alarmDays: alarms, alarmText: alarmText, sequence: s.revision, lastModified: s.updatedAt, amount: amount)
    }

    /// DESCRIPTION: amount, cadence, category, payment method, notes, monthly cost.
    static func details(_ s: Subscription, price: Money, on date: LocalDate) -> String {
        var lines = ["Amount: \(price)" + (s.share.isWhole ? "" : " (your share \(s.share): \(s.userPart(of: price)))")]
        lines.append("Cadence: \(s.cadence)")
        lines.append("Monthly cost: \(s.roundedMonthlyCost(asOf: date))")
        if let c = s.category, !c.isEmpty { lines.append("Category: \(c)") }
        if let p = s.paymentMethod, !p.isEmpty { lines.append("Payment method: \(p)") }
        if let u = s.url, !u.isEmpty { lines.append("URL: \(u)") }
        if let n = s.notes, !n.isEmpty { lines.append("Notes: \(n)") }
        return lines.joined(separator: "\n")
    }
}

/// Where calendar state lives in the settings table (not user-editable through `subs config`).
public enum CalendarSettings {
    /// Path of the feed file kept current after every change; unset means disabled.
    public static let pathKey = "calendar_path"
    /// What `subs calendar publish` last put on the CalDAV server (JSON): resource names, ETags, content hashes.
    public static let publishStateKey = "calendar_publish_state"
}
