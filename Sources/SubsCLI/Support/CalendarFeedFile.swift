import Foundation
import SubsCalendar
import SubsCore
import SubsStore

/// The feed as text, and the enabled feed file kept current. SubsCore decides what the feed holds;
/// SubsCalendar writes it; this only reads the store and writes the file.
enum CalendarFeedFile {
    /// The feed of everything in the store as of `today`, and how many events it holds.
    static func text(_ store: SQLiteStore, today: LocalDate) throws -> (text: String, events: Int) {
        let feed = try store.read { tx in
            CalendarFeedBuilder.feed(try tx.subscriptions(), settings: try Settings.load(from: tx), today: today)
        }
        return (ICalendar.serialize(feed), feed.events.count)
    }

    /// The path of the enabled feed file, if any.
    static func enabledPath(_ store: SQLiteStore) throws -> String? {
        try store.read { tx in try tx.setting(CalendarSettings.pathKey) }
    }

    /// Writes the feed to `path` atomically (readers see the old feed or the new one, never half).
    @discardableResult
    static func write(_ store: SQLiteStore, today: LocalDate, to path: String) throws -> Int {
        let (text, count) = try text(store, today: today)
        try AtomicFile.write(Data(text.utf8), to: path, mode: 0o644)
        return count
    }

    /// The store's after-write hook. The data change is already committed, so a failure here is a warning
    /// that says how to recover, not an error.
    static func refreshIfEnabled(_ store: SQLiteStore, today: LocalDate) {
        var path: String?
        do {
            // Two subs changing data at once: each reads the data and replaces the file under one lock, so
            // the one that reads last renames last and the feed never goes back to an older state.
            let lock = open(store.path + ".calendar-lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            if lock >= 0 { flock(lock, LOCK_EX) }
            defer { if lock >= 0 { close(lock) } }
            path = try enabledPath(store)
            guard let path else { return }
            try write(store, today: today, to: path)
        } catch {
            let reason = (error as? SubsError)?.message ?? "\(error)"
            Output.note("subs: warning: the calendar feed \(path ?? "") was not updated: \(reason); the change itself is saved. Fix it and run 'subs calendar enable' again, or 'subs calendar disable'.")
        }
    }
}
