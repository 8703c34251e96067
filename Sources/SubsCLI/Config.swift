import ArgumentParser
import SubsCore

extension SubsCommand {
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or change settings kept in the database.",
            discussion: """
                Keys: currency (default currency for new subscriptions, ISO 4217; set from the locale at first use),
                remind_days (default reminder lead times, like 30,7,1; built-in default 3).
                """,
            subcommands: [ListSettings.self, Get.self, Set.self, Unset.self],
            defaultSubcommand: ListSettings.self)

        /// The settings subs knows, each validated the same way as the option that sets it.
        static func validate(_ key: String, _ value: String) throws -> String {
            switch key {
            case Settings.currencyKey:
                guard let c = Currency(code: value) else {
                    throw SubsError.usage("unknown currency '\(value)'; use an ISO 4217 code like EUR, USD, GBP")
                }
                return c.code
            case Settings.remindDaysKey:
                return ReminderDays.format(try ReminderDays.parse(value))
            default:
                throw SubsError.usage("unknown setting '\(key)'; known: \(keys.joined(separator: ", "))")
            }
        }

        static let keys = [Settings.currencyKey, Settings.remindDaysKey]

        struct ListSettings: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "Print every setting.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let ctx = try Context(global)
                let s = try ctx.openStore().read { tx in try Settings.load(from: tx) }
                let values = [("currency", s.currency.code), ("remind_days", ReminderDays.format(s.remindDays))]
                if json {
                    ctx.output.printJSON(.object(values.map { ($0.0, .string($0.1)) }))
                } else {
                    for (k, v) in values { print("\(k) = \(v)") }
                }
            }
        }

        struct Get: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print one setting.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "currency or remind_days.", completion: .list(Config.keys)) var key: String

            func run() throws {
                let ctx = try Context(global)
                guard Config.keys.contains(key) else {
                    throw SubsError.usage("unknown setting '\(key)'; known: \(Config.keys.joined(separator: ", "))")
                }
                let s = try ctx.openStore().read { tx in try Settings.load(from: tx) }
                print(key == Settings.currencyKey ? s.currency.code : ReminderDays.format(s.remindDays))
            }
        }

        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Change one setting.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "currency or remind_days.", completion: .list(Config.keys)) var key: String
            @Argument(help: "The new value.") var value: String

            func run() throws {
                let ctx = try Context(global)
                let normalized = try Config.validate(key, value)
                try ctx.openStore().write { tx in try tx.setSetting(key, to: normalized) }
                print("\(key) = \(normalized)")
            }
        }

        struct Unset: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Return one setting to its default.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "currency or remind_days.", completion: .list(Config.keys)) var key: String

            func run() throws {
                let ctx = try Context(global)
                guard Config.keys.contains(key) else {
                    throw SubsError.usage("unknown setting '\(key)'; known: \(Config.keys.joined(separator: ", "))")
                }
                try ctx.openStore().write { tx in try tx.setSetting(key, to: nil) }
            }
        }
    }
}
