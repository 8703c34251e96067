import ArgumentParser
import SubsCore

extension SubsCommand {
    struct Ack: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ack",
            abstract: "Mark the reminders of a subscription's next charge (or trial end, or last day to cancel) done.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String

        func run() throws {
            let ctx = try Context(global)
            let (s, event, _) = try ReminderRun.hold(
                store: try ctx.openStore(), subscription: subscription, snoozeDays: nil, ledger: ctx.ledger)
            print("Marked \(s.name)'s reminders for \(ReminderText.describe(event, today: ctx.today)) done.")
        }
    }
}
