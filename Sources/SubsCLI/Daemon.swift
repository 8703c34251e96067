import ArgumentParser
import Foundation
import SubsCore
import SubsReminders
import SubsStore

extension SubsCommand {
    struct Daemon: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the reminder scheduler: send reminders when they come due, until stopped.",
            discussion: """
                Sleeps until the next reminder is due (at --at on its day) or the database changes, re-checking at \
                least every --interval seconds, so suspend, resume and clock changes neither lose nor repeat reminders. \
                One daemon per database (a lock next to it). SIGTERM or SIGINT stop it between steps; SIGHUP reopens \
                the database and reconnects to the notification server. One line per action on stderr.
                Notifications offer "Snooze 1 day" and "Done" where the server supports actions.
                SUBS_NOW=YYYY-MM-DDTHH:MM:SS starts its clock at that local time (for tests); SUBS_TODAY or --as-of \
                fix the day instead.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var delivery: DeliveryOptions
        @Option(help: ArgumentHelp("Time of day reminders are sent on their day (HH:MM).", valueName: "time"))
        var at = "09:00"
        @Option(help: ArgumentHelp("Re-check at least this often, in seconds.", valueName: "seconds"))
        var interval = 60.0

        func validate() throws {
            guard interval >= 0.1 && interval <= 3600 else { throw ValidationError("--interval must be from 0.1 to 3600 seconds") }
        }

        func run() throws {
            let ctx = try Context(global)
            let time = try TimeOfDay.parse(at)
            let clock = try WallClock(environment: ctx.environment)
            // SUBS_NOW runs a clock; otherwise --as-of or SUBS_TODAY fix the day.
            let clockSet = !(ctx.environment["SUBS_NOW"] ?? "").isEmpty
            let fixedDay = !clockSet && (global.asOf != nil || !(ctx.environment["SUBS_TODAY"] ?? "").isEmpty)
            var store = try ctx.openStore()
            let lock = try LockFile(path: ctx.databasePath + ".daemon.lock")
            let signals = SignalPipe(signals: [SIGTERM, SIGINT, SIGHUP])
            let watcher = DatabaseWatcher(databasePath: ctx.databasePath)
            let log = DaemonLog()
            log.line("started (pid \(getpid())) for \(ctx.databasePath); reminders at \(time) via \(delivery.method.rawValue)")

            var notifier: DesktopNotifier?
            var notifierProblem: String?
            var retryAfter: Date?
            var lastFailure: String?
            func today(_ now: Date) -> LocalDate {
                if fixedDay { return ctx.today }
                let (day, second) = WallClock.local(now)
                return second >= time.secondOfDay ? day : day.adding(days: -1)
            }
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
                            store = try ctx.openStore()
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
                let nowStamp = WallClock.timestamp(now)

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
                    let (due, next) = try ReminderRun.due(store: store, today: day)
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
                if !fixedDay, let nextDue {
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
            switch delivery.method {
            case .stdout:
                return try ReminderRun.send(store: store, today: day, now: now, coalesce: false) { n in
                    let text = n.reminders.map { "\($0.summary): \($0.body)\n" }.joined()
                    FileHandle.standardOutput.write(Data(text.utf8))
                }
            case .command:
                let command = CommandDelivery(command: delivery.command!)
                return try ReminderRun.send(store: store, today: day, now: now, coalesce: false) { n in try command.deliver(n) }
            case .notify:
                guard let notifier = connect() else {
                    var outcome = ReminderRun.Outcome()
                    outcome.pending = try ReminderRun.due(store: store, today: day).due
                    outcome.failure = SubsError(.unavailable, "no notification server")
                    return outcome
                }
                return try ReminderRun.send(store: store, today: day, now: now) { n in try notifier.show(n) }
            }
        }
    }
}

/// One line per action on stderr, unbuffered, journal friendly (no timestamps: the journal adds them).
private struct DaemonLog {
    func line(_ text: String) {
        FileHandle.standardError.write(Data("subs daemon: \(text)\n".utf8))
    }
}
