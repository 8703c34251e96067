import ArgumentParser
import SubsCore

extension SubsCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List subscriptions (active and trials unless --all or --status).", aliases: ["ls"])

        enum SortKey: String, ExpressibleByArgument, CaseIterable { case next, name, amount, monthly }

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Include paused and cancelled subscriptions.") var all = false
        @Option(help: ArgumentHelp("Only this category (case-insensitive).", valueName: "name")) var category: String?
        @Option(help: ArgumentHelp("Only this status: active, paused, cancelled, trial.", valueName: "status"),
                completion: .list(Status.allCases.map(\.rawValue))) var status: String?
        @Option(help: ArgumentHelp("Only those whose name, category, tags or notes contain this text.", valueName: "text")) var search: String?
        @Option(help: "Order: next, name, amount, monthly.") var sort: SortKey = .next
        @OptionGroup var format: FormatOptions

        func run() throws {
            let ctx = try Context(global)
            let wanted = try status.map { s throws -> Status in
                guard let st = Status(rawValue: s.lowercased()) else {
                    throw SubsError.usage("unknown status '\(s)'; use active, paused, cancelled or trial")
                }
                return st
            }
            let (subs, settings) = try ctx.openStore().read { tx in (try tx.subscriptions(), try Settings.load(from: tx)) }
            let rows = SubscriptionQuery(all: all, status: wanted, category: category, search: search, sort: sort.rawValue)
                .apply(to: subs, asOf: ctx.today)
            if format.json {
                ctx.output.printJSONArray(rows) { SubscriptionRecord.json($0.subscription, asOf: ctx.today, settings: settings) }
                return
            }
            if format.csv {
                let records = rows.map { SubscriptionRecord.json($0.subscription, asOf: ctx.today, settings: settings) }
                ctx.output.printCSV(header: SubscriptionRecord.keys, rows: records.map { r in SubscriptionRecord.keys.map { SubscriptionRecord.csvCell(r[$0]!) } })
                return
            }
            if rows.isEmpty {
                Output.note(subs.isEmpty ? "No subscriptions yet. Add one: subs add Netflix --amount 15.99" : "No subscription matches.")
                return
            }
            var table = Table(header: ["ID", "NEXT", "NAME", "AMOUNT", "CADENCE", "MONTHLY", "CATEGORY"], rightAligned: [0, 3, 5])
            if all || wanted != nil { table.header.append("STATUS") }
            for row in rows {
                let s = row.subscription
                var cells = [
                    String(s.id), row.next?.description ?? "-", s.name, s.price(on: ctx.today).displayString, s.cadence.description,
                    s.roundedMonthlyCost(asOf: ctx.today).displayString, s.category ?? "",
                ]
                if all || wanted != nil { cells.append(s.status.rawValue) }
                table.rows.append(cells)
            }
            table.write(ctx.output)
        }
    }
}
