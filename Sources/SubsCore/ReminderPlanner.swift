/// How pressing a reminder is; maps onto the notification urgency levels.
public enum ReminderUrgency: String, Sendable, Comparable {
    case low, normal, critical

    public static func < (a: ReminderUrgency, b: ReminderUrgency) -> Bool {
        let order: [ReminderUrgency] = [.low, .normal, .critical]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

/// What a reminder says, as of the day it is sent.
public struct ReminderContent: Hashable, Sendable {
    public var name: String
    /// The amount of the charge the event is about, when there is one.
    public var amount: Money?
    public var category: String?
    /// Days from the sending day to the event (0 = today).
    public var daysLeft: Int
    public var urgency: ReminderUrgency
    public var summary: String
    public var body: String

    public init(
        name: String, amount: Money?, category: String?, daysLeft: Int, urgency: ReminderUrgency, summary: String,
        body: String
    ) {
        self.name = name
        self.amount = amount
        self.category = category
        self.daysLeft = daysLeft
        self.urgency = urgency
        self.summary = summary
        self.body = body
    }
}

/// One lead time of one event: due from `dueOn` until the event's day.
public struct ReminderCandidate: Hashable, Sendable {
    public var event: ReminderEvent
    /// Days before the event (for budgets: the threshold in percent).
    public var leadDays: Int
    public var dueOn: LocalDate
    /// The text as of the day asked about; sources may leave it out for candidates not due by then.
    public var content: ReminderContent?

    public init(event: ReminderEvent, leadDays: Int, dueOn: LocalDate, content: ReminderContent?) {
        self.event = event
        self.leadDays = leadDays
        self.dueOn = dueOn
        self.content = content
    }
}

/// A reminder to send now: one per event, covering every lead time of it that came due unsent
/// (missed ones are caught up once, as one reminder that tells how many days are left).
public struct Reminder: Hashable, Sendable {
    public var event: ReminderEvent
    /// The lead times this reminder stands for; all are recorded as sent with it.
    public var leadDays: [Int]
    /// Sent again because a snooze ended.
    public var resurfaced: Bool
    public var content: ReminderContent

    public var summary: String { content.summary }
    public var body: String { content.body }
    public var urgency: ReminderUrgency { content.urgency }

    /// The log entries that mark this reminder sent.
    public func logEntries(at now: String) -> [ReminderLogEntry] {
        var entries = leadDays.map { ReminderLogEntry(event: event, leadDays: $0, state: .sent, at: now) }
        if resurfaced { entries.append(ReminderLogEntry(event: event, leadDays: nil, state: .sent, at: now)) }
        return entries
    }
}

/// Produces the reminder candidates of one kind of subject. Subscriptions are built in; budgets plug in
/// as another source.
public protocol ReminderSource {
    /// Candidates of events on or after `today` that are due on or before `through`, with texts as of `today`.
    func candidates(today: LocalDate, through: LocalDate) -> [ReminderCandidate]
}

/// Charges (every lead time of each, up to the charge itself), trials ending, and contracts' last days to cancel.
public struct SubscriptionReminders: ReminderSource {
    public var subscriptions: [Subscription]
    public var defaultLeadDays: [Int]

    public init(subscriptions: [Subscription], defaultLeadDays: [Int]) {
        self.subscriptions = subscriptions
        self.defaultLeadDays = defaultLeadDays
    }

    public func candidates(today: LocalDate, through: LocalDate) -> [ReminderCandidate] {
        var out: [ReminderCandidate] = []
        for s in subscriptions {
            let leads = s.reminderLeadDays(default: defaultLeadDays)
            guard let maxLead = leads.max(), through >= today else { continue }
            // Charges, and a trial's end. Its first charge (Schedule) is on or after the end: on the same day
            // they are one event; a first charge later than the end is an ordinary charge, and the end its own event.
            let trialEnd = s.status == .trial ? s.trialUntil : nil
            let conversion = trialEnd != nil ? Schedule.trialConversion(of: s) : nil
            func add(_ event: ReminderEvent, _ text: () -> ReminderContent) {
                // Texts only for what is due by today (looking far ahead for the next due day needs none).
                let content = event.date.adding(days: -maxLead) > today ? nil : text()
                for lead in leads where event.date.adding(days: -lead) <= through {
                    out.append(ReminderCandidate(event: event, leadDays: lead, dueOn: event.date.adding(days: -lead), content: content))
                }
            }
            if let trialEnd, let conversion, conversion != trialEnd, trialEnd >= today, trialEnd <= through.adding(days: maxLead) {
                add(ReminderEvent(kind: .trial, subscriptionID: s.id, date: trialEnd)) {
                    ReminderText.trial(s, endsOn: trialEnd, firstCharge: conversion, today: today)
                }
            }
            for date in Schedule.charges(of: s, from: today, through: through.adding(days: maxLead)) {
                if date == conversion && conversion == trialEnd {
                    add(ReminderEvent(kind: .trial, subscriptionID: s.id, date: date)) {
                        ReminderText.trial(s, endsOn: date, firstCharge: date, today: today)
                    }
                } else {
                    add(ReminderEvent(kind: .charge, subscriptionID: s.id, date: date)) { ReminderText.charge(s, on: date, today: today) }
                }
            }
            // Last days to cancel: cancelBy(asOf: d + notice) is the first one on or after d.
            guard let notice = s.noticeDays, s.status != .cancelled, s.status != .paused else { continue }
            var from = today
            while let cancelBy = s.cancelBy(asOf: from.adding(days: notice)), cancelBy <= through.adding(days: maxLead) {
                if cancelBy >= from {
                    let event = ReminderEvent(kind: .cancelBy, subscriptionID: s.id, date: cancelBy)
                    let content = cancelBy.adding(days: -maxLead) > today
                        ? nil : ReminderText.cancelBy(s, lastDay: cancelBy, renewal: cancelBy.adding(days: notice), today: today)
                    for lead in leads where cancelBy.adding(days: -lead) <= through {
                        out.append(ReminderCandidate(event: event, leadDays: lead, dueOn: cancelBy.adding(days: -lead), content: content))
                    }
                }
                from = cancelBy.adding(days: 1)
            }
        }
        return out
    }
}

/// Decides which reminders are due on a day, given what the log says was already sent, snoozed or done,
/// and when the next one becomes due.
public struct ReminderPlanner {
    public var sources: [any ReminderSource]
    /// Lead times are at most 366 days (`ReminderDays`); look that far ahead for the next due day.
    public static let horizonDays = 400

    public init(sources: [any ReminderSource]) { self.sources = sources }

    public init(subscriptions: [Subscription], settings: Settings, extraSources: [any ReminderSource] = []) {
        self.init(sources: [SubscriptionReminders(subscriptions: subscriptions, defaultLeadDays: settings.remindDays)] + extraSources)
    }

    public func candidates(today: LocalDate, through: LocalDate) -> [ReminderCandidate] {
        sources.flatMap { $0.candidates(today: today, through: through) }
    }

    /// The reminders to send on `today`: per event not done and not snoozed past today, the lead times that
    /// came due and were not sent, as one reminder; plus events whose snooze ended. Ordered by event day.
    public func due(today: LocalDate, log: ReminderLog) -> [Reminder] {
        var byEvent: [ReminderEvent: [ReminderCandidate]] = [:]
        var order: [ReminderEvent] = []
        for c in candidates(today: today, through: today) where c.event.date >= today {
            if byEvent[c.event] == nil { order.append(c.event) }
            byEvent[c.event, default: []].append(c)
        }
        var out: [Reminder] = []
        for event in order {
            let cands = byEvent[event]!
            var resurfaced = false
            if let whole = log.whole(event) {
                switch whole.state {
                case .acked: continue
                case .snoozed:
                    if let until = whole.until, until > today { continue }
                    resurfaced = true
                case .sent: break
                }
            }
            let unsent = cands.filter { log.entry(event, lead: $0.leadDays) == nil }
            guard !unsent.isEmpty || resurfaced else { continue }
            // The text of the nearest lead time; it counts days from today anyway.
            guard let content = cands.min(by: { $0.leadDays < $1.leadDays })?.content ?? cands.lazy.compactMap(\.content).first
            else { continue }
            out.append(Reminder(
                event: event, leadDays: unsent.map(\.leadDays).sorted(by: >), resurfaced: resurfaced, content: content))
        }
        return out.sorted {
            ($0.event.date, $0.event.kind, $0.content.name, $0.event.subscriptionID)
                < ($1.event.date, $1.event.kind, $1.content.name, $1.event.subscriptionID)
        }
    }

    /// The first day after `today` on which a reminder becomes due (a lead time or a snooze's end), if any
    /// within the horizon.
    public func nextDueDate(after today: LocalDate, log: ReminderLog) -> LocalDate? {
        // Most days something is due within a week: look there first, further only when needed.
        for days in [7, 62, ReminderPlanner.horizonDays] {
            if let d = nextDueDate(after: today, within: days, log: log) { return d }
        }
        return nil
    }

    private func nextDueDate(after today: LocalDate, within days: Int, log: ReminderLog) -> LocalDate? {
        let limit = today.adding(days: days)
        var best: LocalDate?
        func consider(_ d: LocalDate) { if d > today && d <= limit && best.map({ d < $0 }) ?? true { best = d } }
        for c in candidates(today: today, through: limit) {
            guard c.dueOn > today, log.entry(c.event, lead: c.leadDays) == nil else { continue }
            if let whole = log.whole(c.event) {
                if whole.state == .acked { continue }
                if whole.state == .snoozed, let until = whole.until, until > c.dueOn {
                    if until <= c.event.date { consider(until) }
                    continue
                }
            }
            consider(c.dueOn)
        }
        for e in log.all where e.state == .snoozed && e.event.date > today {
            if let until = e.until, until <= e.event.date { consider(until) }
        }
        return best
    }

    /// The event `subs snooze`/`subs ack` act on for one subscription: the nearest one whose reminders have
    /// started and are not done, else the nearest upcoming one.
    public func target(subscriptionID: Int, today: LocalDate, log: ReminderLog) -> ReminderEvent? {
        let mine = candidates(today: today, through: today.adding(days: ReminderPlanner.horizonDays))
            .filter { $0.event.subscriptionID == subscriptionID && $0.event.date >= today }
        let started = mine.filter { $0.dueOn <= today && log.whole($0.event)?.state != .acked }
        let pick = started.isEmpty ? mine : started
        return pick.map(\.event).min { ($0.date, $0.kind) < ($1.date, $1.kind) }
    }
}
