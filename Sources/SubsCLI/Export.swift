import ArgumentParser
import Foundation
import SubsCore
import SubsStore

extension SubsCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every subscription, with settings and price history, as JSON or CSV.",
            discussion: "'subs import' reads both back; JSON also keeps the settings.")

        enum Format: String, ExpressibleByArgument, CaseIterable { case json, csv }

        @OptionGroup var global: GlobalOptions
        @Option(help: "json or csv.") var format: Format = .json
        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file (replaced atomically) instead of stdout; - is stdout.", valueName: "file"),
                completion: .file()) var output: String?

        func run() throws {
            let ctx = try Context(global)
            let (subs, settings, raw) = try ctx.openStore().read { tx in
                (try tx.subscriptions(), try Settings.load(from: tx),
                 [Settings.currencyKey, Settings.remindDaysKey].compactMap { k in (try? tx.setting(k)).flatMap { $0 }.map { (k, $0) } })
            }
            let records = subs.map { SubscriptionRecord.json($0, asOf: ctx.today, settings: settings) }
            let text: String
            switch format {
            case .json:
                text = JSONValue.object([
                    ("format", .string("subs-export")), ("version", .int(1)),
                    ("settings", .object(raw.map { ($0.0, .string($0.1)) })),
                    ("subscriptions", .array(records)),
                ]).serialized(pretty: true) + "\n"
            case .csv:
                text = ([CSV.line(SubscriptionRecord.keys)] + records.map { r in
                    CSV.line(SubscriptionRecord.keys.map { SubscriptionRecord.csvCell(r[$0]!) })
                }).map { $0 + "\n" }.joined()
            }
            if let output, output != "-" {
                try AtomicFile.write(Data(text.utf8), to: output, mode: 0o600)
                Output.note("Exported \(subs.count) subscriptions to \(output).")
            } else {
                print(text, terminator: "")
            }
        }
    }
}
