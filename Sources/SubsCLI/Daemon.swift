import ArgumentParser
import Foundation
import SubsCore
import SubsReminders

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
            // SUBS_NOW runs a clock; otherwise --as-of or SUBS_TODAY fix the day.
            let clockSet = !(ctx.environment["SUBS_NOW"] ?? "").isEmpty
            let dayGiven = global.asOf != nil || !(ctx.environment["SUBS_TODAY"] ?? "").isEmpty
            let method: ReminderDaemon.Delivery = switch delivery.method {
            case .notify: .notify
            case .stdout: .stdout
            case .command: .command(delivery.command!)
            }
            var daemon = try ReminderDaemon(
                databasePath: ctx.databasePath, openStore: { try ctx.openStore() }, delivery: method,
                time: try TimeOfDay.parse(at), interval: interval, clock: try WallClock(environment: ctx.environment),
                fixedDay: !clockSet && dayGiven ? ctx.today : nil, environment: ctx.environment)
            daemon.extraSources = BudgetReminders.source
            try daemon.run()
        }
    }
}
