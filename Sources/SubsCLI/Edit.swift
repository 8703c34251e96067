import ArgumentParser
import SubsCore

extension SubsCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a subscription. A new --amount is kept in the price history.",
            discussion: "Example: subs edit netflix --amount 17.99 --from 2026-12-05"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String
        @Option(help: ArgumentHelp("New name.", valueName: "name")) var name: String?
        @OptionGroup var fields: SubscriptionOptions
        @Option(help: ArgumentHelp("Date the new amount takes effect (default: today).", valueName: "date")) var from: String?
        @Option(name: .customLong("untag"), help: ArgumentHelp("Remove a tag (repeatable).", valueName: "tag")) var untag: [String] = []
        @Flag(help: "Print the stored subscription as JSON.") var json = false

        func run() throws {
            var changes = fields.changes
            changes.name = name
            changes.priceFrom = from
            changes.removeTags = untag
            if changes.isEmpty {
                throw SubsError.usage("nothing to change; give an option like --amount 17.99 (see 'subs edit --help')")
            }
            let ctx = try Context(global)
            let store = try ctx.openStore()
            let (edited, settings) = try store.write { tx in
                let all = try tx.subscriptions()
                let settings = try Settings.load(from: tx)
                let s = try ctx.ledger.edit(try ctx.ledger.find(subscription, in: all), with: changes, settings: settings, existing: all)
                try tx.update(s)
                return (s, settings)
            }
            if json {
                ctx.output.printJSON(SubscriptionRecord.json(edited, asOf: ctx.today, settings: settings))
            } else {
                print("Updated \(edited.name) (id \(edited.id)).")
            }
        }
    }
}
