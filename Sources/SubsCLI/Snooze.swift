import ArgumentParser
import SubsCore

extension SubsCommand {
    struct Snooze: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snooze",
            abstract: "Postpone the reminders of a subscription's next charge (or trial end, or last day to cancel).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String
        @Option(help: ArgumentHelp("Days to postpone (1 to 366).", valueName: "n")) var days = 1

        func validate() throws {
            guard (1...366).contains(days) else { throw ValidationError("--days must be from 1 to 366") }
        }

        func run() throws {
            let ctx = try Context(global)
            let (s, event, entry) = try ReminderRun.hold(
                store: try ctx.openStore(), subscription: subscription, snoozeDays: days, ledger: ctx.ledger)
            let what = ReminderText.describe(event, today: ctx.today)
            let until = entry.until!
            if until > event.date {
                print("Snoozed \(s.name)'s reminders for \(what): none again, as it comes before \(ReminderText.day(until, today: ctx.today)).")
            } else {
                print("Snoozed \(s.name)'s reminders for \(what) until \(ReminderText.day(until, today: ctx.today)).")
            }
        }
    }
}
