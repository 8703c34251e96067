import ArgumentParser
import SubsCore

extension SubsCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a subscription.",
            discussion: "Example: subs add Netflix --amount 15.99 --currency EUR --next 2026-12-05 --category Streaming --remind 7,1"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The service's name, unique (case-insensitive).") var name: String
        @OptionGroup var fields: SubscriptionOptions
        @Flag(help: "Print the stored subscription as JSON.") var json = false

        func run() throws {
            let ctx = try Context(global)
            let store = try ctx.openStore()
            var changes = fields.changes
            changes.name = name
            let (added, settings) = try store.write { tx in
                let settings = try Settings.load(from: tx)
                var s = try ctx.ledger.makeSubscription(changes, settings: settings, existing: try tx.subscriptions())
                s.id = try tx.insert(s)
                return (s, settings)
            }
            if json {
                ctx.output.printJSON(SubscriptionRecord.json(added, asOf: ctx.today, settings: settings))
            } else {
                let next = Schedule.nextCharges(of: added, from: ctx.today, count: 1).first
                print("Added \(added.name) (id \(added.id)): \(added.price) \(added.cadence)"
                    + (next.map { ", next charge \($0)" } ?? ""))
            }
        }
    }
}
