import SubsCore

/// The reminder delivery log in SQLite (table `reminder_log`). Entries are written in the transaction that
/// delivers the reminders, so a committed run never sends them again.
extension SQLiteStore.Transaction: ReminderLogging {
    /// `lead_days` for an entry about the event as a whole.
    private static let wholeEvent = -1

    public func reminderLog(eventsFrom date: LocalDate) throws -> [ReminderLogEntry] {
        var entries: [ReminderLogEntry] = []
        try db.query(
            "SELECT subscription_id, subject, kind, occurrence, lead_days, state, until, at FROM reminder_log WHERE occurrence >= ?",
            [.text(date.description)]
        ) { r in
            guard let kind = r.text(2).flatMap(ReminderKind.init(rawValue:)),
                let occurrence = r.text(3).flatMap(LocalDate.init(iso:)),
                let state = r.text(5).flatMap(ReminderState.init(rawValue:))
            else { return }  // a kind from a newer subs: not ours to judge
            let lead = r.int(4)
            entries.append(ReminderLogEntry(
                event: ReminderEvent(kind: kind, subscriptionID: r.int(0), subject: r.text(1) ?? "", date: occurrence),
                leadDays: lead == Self.wholeEvent ? nil : lead, state: state,
                until: r.text(6).flatMap(LocalDate.init(iso:)), at: r.text(7) ?? ""))
        }
        return entries
    }

    public func record(_ e: ReminderLogEntry) throws {
        try db.query(
            """
            INSERT INTO reminder_log (subscription_id, subject, kind, occurrence, lead_days, state, until, at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (subscription_id, subject, kind, occurrence, lead_days)
            DO UPDATE SET state = excluded.state, until = excluded.until, at = excluded.at
            """,
            [
                .int(e.event.subscriptionID), .text(e.event.subject), .text(e.event.kind.rawValue),
                .text(e.event.date.description), .int(e.leadDays ?? Self.wholeEvent), .text(e.state.rawValue),
                .text(e.until?.description), .text(e.at),
            ])
    }

    public func pruneReminderLog(eventsBefore date: LocalDate) throws {
        try db.query("DELETE FROM reminder_log WHERE occurrence < ?", [.text(date.description)])
    }
}
