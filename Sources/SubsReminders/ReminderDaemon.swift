import Foundation
import SubsCore
import SubsStore

/// The long-running scheduler behind `subs daemon`: sends reminders when they come due, sleeping until the next
/// due instant, a change to the database, a signal or an answer to a notification, and never longer than
/// `interval` (so suspend, resume and clock changes are noticed). Signals are handled between steps.
/// The decisions (what is due, when next) are the domain's; this is the plumbing around them.
public struct ReminderDaemon {
    public enum Delivery: Sendable {
        case notify, stdout
        case command(String)

        public var name: String {
            switch self {
            case .notify: "notify"
            case .stdout: "stdout"
            case .command: "command"
            }
        }
    }

    public var databasePath: String
    public var openStore: () throws -> SQLiteStore
    public var delivery: Delivery
    /// Reminders due on a day are sent from this time of day on.
    public var time: TimeOfDay
    public var interval: Double
    public var clock: WallClock
    /// A day fixed by --as-of or SUBS_TODAY: the clock's day is not used.
    public var fixedDay: LocalDate?
    public var environment: [String: String]
    /// Reminder sources beyond subscriptions (budgets), built from each run's transaction.
    public var extraSources: ReminderRun.ExtraSources<SQLiteStore.Transaction> = { _, _ in [] }

    public init(
        databasePath: String, openStore: @escaping () throws -> SQLiteStore, delivery: Delivery, time: TimeOfDay,
        interval: Double, clock: WallClock, fixedDay: LocalDate?, environment: [String: String]
    ) {
        self.databasePath = databasePath
        self.openStore = openStore
        self.delivery = delivery
        self.time = time
        self.interval = interval
        self.clock = clock
        self.fixedDay = fixedDay
        self.environment = environment
    }

    /// The day whose reminders are due at `instant`: today from `time` on, yesterday before it.
    public static func reminderDay(at instant: Date, time: TimeOfDay) -> LocalDate {
        let (day, second) = WallClock.local(instant)
        return second >= time.secondOfDay ? day : day.adding(days: -1)
    }

    /// Runs until SIGTERM or SIGINT. Throws only when it cannot start (another daemon holds the lock, no database).
    public func run() throws {
        var store = try openStore()
        let lock = try LockFile(path: databasePath + ".daemon.lock")
        let signals = SignalPipe(signals: [SIGTERM, SIGINT, SIGHUP])
        let watcher = DatabaseWatcher(databasePath: databasePath)
        let log = DaemonLog()
        log.line("started (pid \(getpid())) for \(databasePath); reminders at \(time) via \(delivery.name)")

        var notifier: DesktopNotifier?
        var notifierProblem: String?
        var retryAfter: Date?
        var lastFailure: String?
        func today(_ now: Date) -> LocalDate { fixedDay ?? ReminderDaemon.reminderDay(at: now, time: time) }
        func connect() -> DesktopNotifier? {
            if let notifier { return notifier }
            do {
                let n = try DesktopNotifier(withActions: true)
                log.line("notification server: \(n.server.name) \(n.server.version)" + (n.server.supportsActions ? " (actions)" : ""))
                notifierProblem = nil
                notifier = n
                return n
            } catch {
                if notifierProblem != error.message { log.line(error.message) }
                notifierProblem = error.message
                return nil
            }
        }

        var running = true
        while running {
            for s in signals.drain() {
                switch s {
                case SIGHUP:
                    do {
                        store = try openStore()
                        notifier = nil
                        notifierProblem = nil
                        retryAfter = nil
                        log.line("reloaded (SIGHUP)")
                    } catch {
                        log.line("reload failed: \(error); keeping the previous state")
                    }
                default:
                    running = false
                }
            }
            guard running else { break }
            let now = clock.now()
            // The clock went back: a retry planned in the "future" must not wait for the clock to catch up.
            if let r = retryAfter, r.timeIntervalSince(now) > interval { retryAfter = nil }
            let day = today(now)
            let nowStamp = Timestamp.utc(now)

            // Answers to notification actions.
            for answer in notifier?.takeAnswers() ?? [] {
                for r in answer.reminders {
                    let entry = ReminderRun.hold(r.event, snoozeDays: answer.action == .snooze ? 1 : nil, today: day, now: nowStamp)
                    do {
                        try store.write { tx in try tx.record(entry) }
                        log.line("\(answer.action == .snooze ? "snoozed until \(entry.until!)" : "done"): \(r.content.name), \(ReminderText.describe(r.event, today: day))")
                    } catch {
                        log.line("could not record the answer for \(r.content.name): \(error)")
                    }
                }
            }

            var nextDue: LocalDate?
            do {
                let (due, next) = try ReminderRun.due(store: store, today: day, extraSources: extraSources)
                nextDue = next
                if !due.isEmpty && (retryAfter.map { now >= $0 } ?? true) {
                    retryAfter = nil
                    let outcome = try send(store: store, day: day, now: nowStamp, connect: connect)
                    for r in outcome.sent.flatMap(\.reminders) {
                        log.line("sent: \(r.summary) (\(r.event.kind.rawValue) \(r.event.date))")
                    }
                    if let s = outcome.sent.first, s.isSummary { log.line("as one summary notification: \(s.summary)") }
                    nextDue = outcome.nextDue
                    if outcome.failure == nil { lastFailure = nil }
                    if let failure = outcome.failure {
                        // Said once per kind of failure, not at every retry.
                        let line = "\(outcome.pending.count) reminder(s) not delivered: \(failure); retrying every \(Int(interval)) s"
                        if line != lastFailure { log.line(line) }
                        lastFailure = line
                        retryAfter = now.addingTimeInterval(interval)
                        notifier = nil  // reconnect next time: the server may have gone
                    }
                }
            } catch {
                log.line("check failed: \(error); retrying in \(Int(interval)) s")
                retryAfter = now.addingTimeInterval(interval)
            }

            // Sleep until the next due instant, a data change, a signal or an answer; never longer than --interval.
            var wait = interval
            if fixedDay == nil, let nextDue {
                let target = WallClock.instant(of: nextDue, atSecond: time.secondOfDay)
                wait = min(wait, max(0, target.timeIntervalSince(clock.now())) + 0.05)
            }
            if let retryAfter { wait = min(wait, max(0.05, retryAfter.timeIntervalSince(clock.now()))) }
            let fds = [signals.readFD] + (watcher.map { [$0.fd] } ?? [])
            let ready = EventWait.wait(fds: fds, seconds: wait) { notifier?.hasAnswers ?? false }
            if let watcher, ready.contains(watcher.fd), watcher.drain() {
                retryAfter = nil
                // Let a burst of writes settle before reading.
                _ = EventWait.wait(fds: [signals.readFD], seconds: 0.1)
                _ = watcher.drain()
            }
        }
        log.line("stopped")
        withExtendedLifetime(lock) {}
    }

    private func send(
        store: SQLiteStore, day: LocalDate, now: String, connect: () -> DesktopNotifier?
    ) throws -> ReminderRun.Outcome {
        switch delivery {
        case .stdout:
            return try ReminderRun.send(store: store, today: day, now: now, coalesce: false, extraSources: extraSources) { n in
                let text = n.reminders.map { "\($0.summary): \($0.body)\n" }.joined()
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        case .command(let line):
            let command = CommandDelivery(command: line, environment: environment)
            return try ReminderRun.send(store: store, today: day, now: now, coalesce: false, extraSources: extraSources) {
                n in try command.deliver(n)
            }
        case .notify:
            guard let notifier = connect() else {
                var outcome = ReminderRun.Outcome()
                outcome.pending = try ReminderRun.due(store: store, today: day, extraSources: extraSources).due
                outcome.failure = SubsError(.unavailable, "no notification server")
                return outcome
            }
            return try ReminderRun.send(store: store, today: day, now: now, extraSources: extraSources) { n in try notifier.show(n) }
        }
    }
}

/// One line per action on stderr, unbuffered, journal friendly (no timestamps: the journal adds them).
private struct DaemonLog {
    func line(_ text: String) {
        FileHandle.standardError.write(Data("subs daemon: \(text)\n".utf8))
    }
}
