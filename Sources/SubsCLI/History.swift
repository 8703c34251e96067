import ArgumentParser
import SubsCore

extension SubsCommand {
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "Past charges of a subscription and its lifetime cost (your share).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let ctx = try Context(global)
            let s = try ctx.openStore().read { tx in try ctx.ledger.find(subscription, in: try tx.subscriptions()) }
            let history = ChargeHistory(of: s, through: ctx.today)
            if json {
                ctx.output.printJSON(.object([
                    ("id", .int(s.id)), ("name", .string(s.name)),
                    ("charges", .array(history.charges.map { c in
                        .object([
                            ("date", .string(c.date.description)), ("amount", .string(c.price.plainString)),
                            ("currency", .string(c.price.currency.code)), ("your_amount", .string(c.yours.plainString)),
                        ])
                    })),
                    ("count", .int(history.charges.count)),
                    ("lifetime_cost", .array(history.lifetime.map { .object([("amount", .string($0.plainString)), ("currency", .string($0.currency.code))]) })),
                ]))
                return
            }
            if history.charges.isEmpty {
                print("\(s.name) has not charged yet (first charge \(Schedule.nextCharges(of: s, from: s.startedOn, count: 1).first?.description ?? "none")).")
                return
            }
            var table = Table(header: ["DATE", "AMOUNT"], rightAligned: [1])
            if !s.share.isWhole { table.header.append("YOURS"); table.rightAligned.insert(2) }
            for c in history.charges {
                table.rows.append([c.date.description, c.price.displayString] + (s.share.isWhole ? [] : [c.yours.displayString]))
            }
            table.write(ctx.output)
            print("Lifetime: " + history.lifetime.map(\.displayString).joined(separator: " + ") + " (\(history.charges.count) charges)")
        }
    }
}
