import ArgumentParser
import SubsCore

extension SubsCommand {
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Show or change settings kept in the database.",
            discussion: """
                Keys: currency (default currency for new subscriptions, ISO 4217; set from the locale at first use), \
                remind_days (default reminder lead times, like 30,7,1; built-in default 3).
                """,
            subcommands: [ListSettings.self, Get.self, Set.self, Unset.self],
            defaultSubcommand: ListSettings.self)

        static let keys = Settings.keys

        struct ListSettings: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "Print every setting.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let ctx = try Context(global)
                let s = try ctx.openStore().read { tx in try Settings.load(from: tx) }
                let values = s.displayValues
                if json {
                    ctx.output.printJSON(.object(values.map { ($0.key, .string($0.value)) }))
                } else {
                    for (k, v) in values { print("\(k) = \(v)") }
                }
            }
        }

        struct Get: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "get", abstract: "Print one setting.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "currency or remind_days.", completion: .list(Config.keys)) var key: String

            func run() throws {
                let ctx = try Context(global)
                try Settings.checkKnown(key)
                let s = try ctx.openStore().read { tx in try Settings.load(from: tx) }
                print(s.displayValues.first { $0.key == key }!.value)
            }
        }

        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "set", abstract: "Change one setting.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "currency or remind_days.", completion: .list(Config.keys)) var key: String
            @Argument(help: "The new value.") var value: String

            func run() throws {
                let ctx = try Context(global)
                let normalized = try Settings.normalized(key, value)
                try ctx.openStore().write { tx in try tx.setSetting(key, to: normalized) }
                print("\(key) = \(normalized)")
            }
        }

        struct Unset: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "unset", abstract: "Return one setting to its default.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "currency or remind_days.", completion: .list(Config.keys)) var key: String

            func run() throws {
                let ctx = try Context(global)
                try Settings.checkKnown(key)
                try ctx.openStore().write { tx in try tx.setSetting(key, to: nil) }
            }
        }
    }
}
