/// What a reminder is about. Each kind has its own texts; the log keys on it, so a new kind (budgets)
/// plugs in by adding a `ReminderSource` that produces candidates of that kind.
public enum ReminderKind: String, Sendable, CaseIterable, Comparable {
    /// A charge of a subscription, for each of its lead times.
    case charge
    /// A trial ends and converts into a paid subscription.
    case trial
    /// The last day to cancel a contract (end date or renewal minus the notice period).
    case cancelBy = "cancel_by"
    /// A budget approaching or exceeded. Reserved: no source produces it yet (budgets live on another branch);
    /// a budget `ReminderSource` sets `subject` to the budget (period and category), `date` to the period's last
    /// day (events are kept while their date is not past) and `leadDays` to the level in percent (threshold, 100).
    case budget

    public static func < (a: ReminderKind, b: ReminderKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One thing reminded about: a charge on a date, a trial's end, a last day to cancel, a budget period.
public struct ReminderEvent: Hashable, Sendable {
    public var kind: ReminderKind
    /// The subscription, or 0 when the event is not about one subscription (budgets).
    public var subscriptionID: Int
    /// Names a subject that is not a subscription (a budget); empty for subscriptions.
    public var subject: String
    /// The day of the charge, the trial's end, the last day to cancel, the budget period's last day.
    public var date: LocalDate

    public init(kind: ReminderKind, subscriptionID: Int, subject: String = "", date: LocalDate) {
        self.kind = kind
        self.subscriptionID = subscriptionID
        self.subject = subject
        self.date = date
    }
}

public enum ReminderState: String, Sendable {
    /// Delivered (or skipped in favour of a later lead time of the same event, when catching up).
    case sent
    /// The user postponed the event's reminders until `until`.
    case snoozed
    /// The user marked the event's reminders done: none again for it.
    case acked
}

/// One row of the delivery log: a lead time of an event (or the event as a whole) and what happened to it.
public struct ReminderLogEntry: Hashable, Sendable {
    public var event: ReminderEvent
    /// Days before the event this entry is for; nil for the event as a whole (snooze, ack, a snoozed reminder sent again).
    public var leadDays: Int?
    public var state: ReminderState
    /// For `.snoozed`: the day reminders start again.
    public var until: LocalDate?
    /// When it happened, ISO 8601.
    public var at: String

    public init(event: ReminderEvent, leadDays: Int?, state: ReminderState, until: LocalDate? = nil, at: String) {
        self.event = event
        self.leadDays = leadDays
        self.state = state
        self.until = until
        self.at = at
    }
}

/// Storage for the delivery log. Recording happens in the transaction that marks a reminder sent,
/// so a reminder is never sent twice, across runs and restarts.
public protocol ReminderLogging {
    /// Entries of events on or after `date`.
    func reminderLog(eventsFrom date: LocalDate) throws -> [ReminderLogEntry]
    /// Stores `entry`, replacing the entry with the same event and lead time.
    func record(_ entry: ReminderLogEntry) throws
    /// Forgets entries of events before `date`.
    func pruneReminderLog(eventsBefore date: LocalDate) throws
}

/// The log, indexed for the planner.
public struct ReminderLog: Sendable {
    private struct Key: Hashable {
        let event: ReminderEvent
        let lead: Int?
    }

    private var entries: [Key: ReminderLogEntry] = [:]

    public init(_ list: [ReminderLogEntry] = []) {
        for e in list { entries[Key(event: e.event, lead: e.leadDays)] = e }
    }

    public mutating func add(_ e: ReminderLogEntry) { entries[Key(event: e.event, lead: e.leadDays)] = e }

    public func entry(_ event: ReminderEvent, lead: Int?) -> ReminderLogEntry? { entries[Key(event: event, lead: lead)] }

    /// The entry about the event as a whole (snoozed, acked, or a snoozed reminder sent again).
    public func whole(_ event: ReminderEvent) -> ReminderLogEntry? { entry(event, lead: nil) }

    public var all: [ReminderLogEntry] { Array(entries.values) }
}
