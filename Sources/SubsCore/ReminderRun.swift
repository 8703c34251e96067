/// One notification to show: a single reminder, or one summary standing for many.
public struct ReminderNotification: Hashable, Sendable {
    public var summary: String
    public var body: String
    public var urgency: ReminderUrgency
    /// The reminders it delivers; all are recorded as sent when it is shown.
    public var reminders: [Reminder]

    public var isSummary: Bool { reminders.count > 1 }

    /// More than `limit` reminders at once become one summary notification, not a flood.
    public static let coalescingLimit = 5

    public static func batch(_ reminders: [Reminder], limit: Int = coalescingLimit) -> [ReminderNotification] {
        if reminders.count > limit {
            let (summary, body) = ReminderText.summary(of: reminders)
            return [ReminderNotification(
                summary: summary, body: body, urgency: reminders.map(\.urgency).max() ?? .normal, reminders: reminders)]
        }
        return reminders.map { ReminderNotification(summary: $0.summary, body: $0.body, urgency: $0.urgency, reminders: [$0]) }
    }
}

/// The external shape of a reminder: `subs remind --json` and the JSON `--command` gets on stdin.
public enum ReminderRecord {
    public static func json(_ r: Reminder) -> JSONValue {
        .object([
            ("kind", .string(r.event.kind.rawValue)),
            ("subscription_id", r.event.subscriptionID == 0 ? .null : .int(r.event.subscriptionID)),
            ("subject", r.event.subject.isEmpty ? .null : .string(r.event.subject)),
            ("name", .string(r.content.name)),
            ("date", .string(r.event.date.description)),
            ("days_left", .int(r.content.daysLeft)),
            ("lead_days", .array(r.leadDays.map { .int($0) })),
            ("resurfaced", .bool(r.resurfaced)),
            ("amount", .optional(r.content.amount?.plainString)),
            ("currency", .optional(r.content.amount?.currency.code)),
            ("category", .optional(r.content.category)),
            ("urgency", .string(r.urgency.rawValue)),
            ("summary", .string(r.summary)),
            ("body", .string(r.body)),
        ])
    }

    /// Environment variables describing one reminder, for `--command`.
    public static func environment(_ r: Reminder) -> [String: String] {
        [
            "SUBS_KIND": r.event.kind.rawValue,
            "SUBS_SUBSCRIPTION_ID": r.event.subscriptionID == 0 ? "" : String(r.event.subscriptionID),
            "SUBS_NAME": r.content.name,
            "SUBS_DATE": r.event.date.description,
            "SUBS_DAYS_LEFT": String(r.content.daysLeft),
            "SUBS_AMOUNT": r.content.amount?.plainString ?? "",
            "SUBS_CURRENCY": r.content.amount?.currency.code ?? "",
            "SUBS_CATEGORY": r.content.category ?? "",
            "SUBS_URGENCY": r.urgency.rawValue,
            "SUBS_SUMMARY": r.summary,
            "SUBS_BODY": r.body,
        ]
    }
}

/// Sends what is due and records it, in one write transaction: a notification is recorded only once it was
/// delivered, and a recorded one is never sent again.
public enum ReminderRun {
    public struct Outcome {
        /// Delivered and recorded.
        public var sent: [ReminderNotification] = []
        /// Due but not delivered (the delivery failed); not recorded, so they stay due.
        public var pending: [Reminder] = []
        /// Why delivery stopped, if it did.
        public var failure: (any Error)?
        /// The first day after today something becomes due.
        public var nextDue: LocalDate?

        public init() {}
    }

    /// Log entries older than this are forgotten.
    public static let keepDays = 400

    /// Builds the reminder sources beyond subscriptions (budgets) from the run's own transaction, so they see
    /// the same data; they get the subscriptions the run already loaded.
    public typealias ExtraSources<T> = (T, [Subscription]) throws -> [any ReminderSource]

    /// What is due on `today` (read only): for `--dry-run`, and to decide whether delivery is needed at all.
    public static func due<S: SubscriptionStore>(
        store: S, today: LocalDate, extraSources: ExtraSources<S.Transaction> = { _, _ in [] }
    ) throws -> (due: [Reminder], nextDue: LocalDate?) where S.Transaction: ReminderLogging {
        try store.read { tx in
            let subscriptions = try tx.subscriptions()
            let planner = ReminderPlanner(
                subscriptions: subscriptions, settings: try Settings.load(from: tx), extraSources: try extraSources(tx, subscriptions))
            let log = ReminderLog(try tx.reminderLog(eventsFrom: today))
            return (planner.due(today: today, log: log), planner.nextDueDate(after: today, log: log))
        }
    }

    /// Delivers every due reminder through `deliver` (coalesced above `limit` when `coalesce`) and records each
    /// delivered one in the same transaction. Stops at the first delivery that throws; what was delivered
    /// before it stays recorded.
    public static func send<S: SubscriptionStore>(
        store: S, today: LocalDate, now: String, coalesce: Bool = true,
        extraSources: ExtraSources<S.Transaction> = { _, _ in [] },
        deliver: (ReminderNotification) throws -> Void
    ) throws -> Outcome where S.Transaction: ReminderLogging {
        try store.write { tx in
            try tx.pruneReminderLog(eventsBefore: today.adding(days: -keepDays))
            let subscriptions = try tx.subscriptions()
            let planner = ReminderPlanner(
                subscriptions: subscriptions, settings: try Settings.load(from: tx), extraSources: try extraSources(tx, subscriptions))
            var log = ReminderLog(try tx.reminderLog(eventsFrom: today))
            let due = planner.due(today: today, log: log)
            let batch = coalesce
                ? ReminderNotification.batch(due)
                : due.map { ReminderNotification(summary: $0.summary, body: $0.body, urgency: $0.urgency, reminders: [$0]) }
            var outcome = Outcome()
            for (i, n) in batch.enumerated() {
                do {
                    try deliver(n)
                } catch {
                    outcome.failure = error
                    outcome.pending = batch[i...].flatMap(\.reminders)
                    break
                }
                for r in n.reminders {
                    for e in r.logEntries(at: now) {
                        try tx.record(e)
                        log.add(e)
                    }
                }
                outcome.sent.append(n)
            }
            outcome.nextDue = planner.nextDueDate(after: today, log: log)
            return outcome
        }
    }

    /// Snoozes (`days` > 0) or acknowledges (`days` nil) the reminders of a subscription's current event.
    /// Returns the event and the entry recorded.
    public static func hold<S: SubscriptionStore>(
        store: S, subscription ref: String, snoozeDays days: Int?, ledger: Ledger
    ) throws -> (Subscription, ReminderEvent, ReminderLogEntry) where S.Transaction: ReminderLogging {
        try store.write { tx in
            let subs = try tx.subscriptions()
            let s = try ledger.find(ref, in: subs)
            let settings = try Settings.load(from: tx)
            let planner = ReminderPlanner(subscriptions: subs, settings: settings)
            let log = ReminderLog(try tx.reminderLog(eventsFrom: ledger.today))
            guard let event = planner.target(subscriptionID: s.id, today: ledger.today, log: log) else {
                throw SubsError.notFound(
                    "'\(s.name)' has no upcoming reminders (status \(s.status.rawValue), reminders \(ReminderDays.format(s.reminderLeadDays(default: settings.remindDays))))"
                        + "; see 'subs show \(s.id)'")
            }
            let entry = hold(event, snoozeDays: days, today: ledger.today, now: ledger.now)
            try tx.record(entry)
            return (s, event, entry)
        }
    }

    /// The log entry that snoozes an event for `days` days from `today`, or marks it done (`days` nil).
    public static func hold(_ event: ReminderEvent, snoozeDays days: Int?, today: LocalDate, now: String) -> ReminderLogEntry {
        if let days {
            return ReminderLogEntry(event: event, leadDays: nil, state: .snoozed, until: today.adding(days: days), at: now)
        }
        return ReminderLogEntry(event: event, leadDays: nil, state: .acked, at: now)
    }
}
