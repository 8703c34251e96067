import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    package struct Remind: FullBuildCommand {
        package static let configuration = CommandConfiguration(
            commandName: "remind",
            abstract: "Send the reminders that are due: renewals, trials ending, last days to cancel.",
            discussion: """
                Each lead time of a charge (remind_days, like 30,7,1) is its own reminder, up to the charge itself; \
                missed ones are caught up once, and more than five at once become one summary notification. \
                Sent reminders are recorded, so they are never sent twice. \
                Without a notification server (or session bus) the reminders are printed on stdout instead, \
                not recorded, and the exit status is 69.
                """)

        package init() {}

        @OptionGroup package var global: GlobalOptions
        @Flag(name: .customLong("dry-run"), help: "List what would be sent, without sending or recording.") package var dryRun = false
        @Flag(help: "Print the reminders as JSON on stdout.") package var json = false
        @OptionGroup package var delivery: DeliveryOptions

        package func run() throws { try FullBuild.run(self) }
    }
}
