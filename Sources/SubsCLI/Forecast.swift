import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    struct ForecastCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forecast",
            abstract: "Charges per month ahead, per category (your part).",
            discussion: "From today through the end of the month --months ahead (the current month counts as the first).")

        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("Months to forecast, this one included (default 12).", valueName: "n")) var months = 12
        @OptionGroup var format: FormatOptions

        func validate() throws {
            if !(1...600).contains(months) { throw ValidationError("--months must be from 1 to 600") }
        }

        func run() throws {
            let ctx = try Context(global)
            let data = try ProjectionData(ctx)
            let conv = data.converter
            let f = Forecast(subscriptions: data.subscriptions, today: ctx.today, months: months, converter: conv)
            func month(_ d: LocalDate) -> String { String(d.description.prefix(7)) }
            if format.json {
                ctx.output.printJSON(.object([
                    ("from", .string(f.from.description)), ("through", .string(f.through.description)),
                    ("currency", .string(conv.target.code)),
                    ("total", AmountsFormat.json(f.total)), ("total_in_main", AmountsFormat.converted(f.total, conv)),
                    ("months", .array(f.months.map { m in
                        .object([
                            ("month", .string(month(m.month))), ("total", AmountsFormat.json(m.total)),
                            ("total_in_main", AmountsFormat.converted(m.total, conv)),
                            ("categories", .array(m.categories.map { c in
                                .object([("category", .string(c.key)), ("total", AmountsFormat.json(c.amounts)),
                                         ("total_in_main", AmountsFormat.converted(c.amounts, conv))])
                            })),
                        ])
                    })),
                ]))
                return
            }
            if format.csv {
                var rows: [[String]] = []
                for m in f.months {
                    for c in m.categories { for s in c.amounts.sums { rows.append([month(m.month), c.key, s.plainString, s.currency.code]) } }
                }
                ctx.output.printCSV(header: ["month", "category", "amount", "currency"], rows: rows)
                return
            }
            if f.total.isEmpty {
                Output.note(data.subscriptions.isEmpty ? "No subscriptions yet. Add one: subs add Netflix --amount 15.99" : "No charges from \(f.from) through \(f.through).")
                return
            }
            print(ctx.output.bold("Forecast \(f.from) through \(f.through)"))
            var table = Table(header: ["MONTH", "CATEGORY", "AMOUNT"], rightAligned: [2])
            for m in f.months where !m.total.isEmpty {
                for (i, c) in m.categories.enumerated() {
                    table.rows.append([i == 0 ? month(m.month) : "", c.key, AmountsFormat.text(c.amounts, conv)])
                }
                if m.categories.count > 1 { table.rows.append(["", ctx.output.dim("total"), AmountsFormat.text(m.total, conv)]) }
            }
            table.write(ctx.output)
            print("")
            print(ctx.output.bold("Per month"))
            print(BarChart(rows: f.months.map { m in
                .init(label: month(m.month), value: conv.magnitude(m.total), text: AmountsFormat.text(m.total, conv))
            }).render(ctx.output))
            print("")
            print("Total: \(AmountsFormat.text(f.total, conv))")
            data.warnAboutRates(for: f.total, converter: conv, today: ctx.today)
        }
    }
}
