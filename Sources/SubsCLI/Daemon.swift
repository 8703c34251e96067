import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    package struct Daemon: FullBuildCommand {
        package static let configuration = CommandConfiguration(
            commandName: "daemon",
            abstract: "Run the reminder scheduler: send reminders when they come due, until stopped.",
            discussion: """
                Sleeps until the next reminder is due (at --at on its day) or the database changes, re-checking at \
                least every --interval seconds, so suspend, resume and clock changes neither lose nor repeat reminders. \
                One daemon per database (a lock next to it). SIGTERM or SIGINT stop it between steps; SIGHUP reopens \
                the database and reconnects to the notification server. One line per action on stderr. \
                Notifications offer "Snooze 1 day" and "Done" where the server supports actions. \
                SUBS_NOW=YYYY-MM-DDTHH:MM:SS starts its clock at that local time (for tests); SUBS_TODAY or --as-of \
                fix the day instead.
                """)

        package init() {}

        @OptionGroup package var global: GlobalOptions
        @OptionGroup package var delivery: DeliveryOptions
        @Option(help: ArgumentHelp("Time of day reminders are sent on their day (HH:MM).", valueName: "time"))
        package var at = "09:00"
        @Option(help: ArgumentHelp("Re-check at least this often, in seconds.", valueName: "seconds"))
        package var interval = 60.0

        package func validate() throws {
            guard interval >= 0.1 && interval <= 3600 else { throw ValidationError("--interval must be from 0.1 to 3600 seconds") }
        }

        package func run() throws { try FullBuild.run(self) }
    }
}
