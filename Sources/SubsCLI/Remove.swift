import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a subscription and its history (asks first on a terminal).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String
        @Flag(name: [.short, .long], help: "Do not ask; required when not on a terminal.") var yes = false

        func run() throws {
            let ctx = try Context(global)
            let store = try ctx.openStore()
            let target = try store.read { tx in try ctx.ledger.find(subscription, in: try tx.subscriptions()) }
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw SubsError.usage("refusing to delete '\(target.name)' without confirmation; add --yes")
                }
                guard Output.confirm("Delete \(target.name) (id \(target.id)) and its price history?", defaultYes: false) else {
                    Output.note("Nothing deleted.")
                    throw ExitCode.failure
                }
            }
            try store.write { tx in
                // Find again inside the write lock: it may have changed since the question.
                let s = try ctx.ledger.find(String(target.id), in: try tx.subscriptions())
                try tx.delete(id: s.id)
            }
            print("Deleted \(target.name) (id \(target.id)).")
        }
    }
}
