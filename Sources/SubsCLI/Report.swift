import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    struct ReportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "What was and will be charged in a period, what everything costs a month and a year, and the change.",
            discussion: """
                The period is this month by default; 'subs report 2026' or 'subs report --year 2026' a year, \
                'subs report 2026-03' or --month 2026-03 a month, --year alone this year, --from/--to any range. \
                Charges come from the schedules and price history (your part when the cost is split); the change \
                compares with the period just before (the month, the year, or as many days before the range).
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(help: "A month: this one, or the PERIOD given as YYYY-MM.") var month = false
        @Flag(help: "A year: this one, or the PERIOD given as YYYY.") var year = false
        @Argument(help: ArgumentHelp("YYYY-MM or YYYY.", valueName: "period")) var period: String?
        @Option(help: ArgumentHelp("First day of a range (YYYY-MM-DD).", valueName: "date")) var from: String?
        @Option(help: ArgumentHelp("Last day of a range (YYYY-MM-DD).", valueName: "date")) var to: String?
        @Option(help: "Group by category, payment-method or tag.", completion: .list(ReportGrouping.allCases.map(\.rawValue)))
        var by: String = "category"
        @Option(help: ArgumentHelp("Biggest items to show (default 10).", valueName: "n")) var top = 10
        @OptionGroup var format: FormatOptions

        func validate() throws {
            if month && year { throw ValidationError("give --month or --year, not both") }
            if (from != nil || to != nil) && (month || year || period != nil) {
                throw ValidationError("give a month, a year or --from/--to, not several")
            }
            if (from == nil) != (to == nil) { throw ValidationError("a range needs both --from and --to") }
            if top < 0 { throw ValidationError("--top must be 0 or more") }
        }

        func resolvePeriod(today: LocalDate) throws -> ReportPeriod {
            if let from, let to {
                return try ReportPeriod.range(from: try parseDate(from, "--from"), through: try parseDate(to, "--to"))
            }
            if let period {
                if period.count == 4 {
                    if month { throw SubsError.usage("--month needs YYYY-MM, not '\(period)'") }
                    return try ReportPeriod.year(parsing: period)
                }
                if year { throw SubsError.usage("--year needs YYYY, not '\(period)'") }
                return try ReportPeriod.month(parsing: period)
            }
            return year ? .year(today.year) : .month(of: today)
        }

        func run() throws {
            let ctx = try Context(global)
            guard let grouping = ReportGrouping(rawValue: by.lowercased()) else {
                throw SubsError.usage("unknown grouping '\(by)'; use category, payment-method or tag")
            }
            let p = try resolvePeriod(today: ctx.today)
            let data = try ProjectionData(ctx)
            let conv = data.converter
            let r = SubsCore.Report(subscriptions: data.subscriptions, period: p, today: ctx.today, grouping: grouping, converter: conv)
            let subs = data.subscriptions
            if format.json { return ctx.output.printJSON(json(r, subs, conv)) }
            if format.csv { return printCSV(r, subs, conv, ctx.output) }
            render(r, subs, conv, ctx, data)
        }

        private func json(_ r: SubsCore.Report, _ subs: [Subscription], _ conv: Converter) -> JSONValue {
            let J = AmountsFormat.self
            let change: JSONValue
            let percent: JSONValue
            if let a = conv.total(r.previousTotal), let b = conv.total(r.total) {
                change = J.money(Money(b.amount - a.amount, conv.target))
                percent = a.amount == 0 ? .null : .string(Money.plain((b.amount - a.amount) * 100 / a.amount, scale: 1))
            } else {
                change = .null
                percent = .null
            }
            return .object([
                ("period", .object([("kind", .string(r.period.kind.rawValue)), ("label", .string(r.period.label)),
                                    ("from", .string(r.period.from.description)), ("through", .string(r.period.through.description))])),
                ("as_of", .string(r.today.description)), ("group_by", .string(r.grouping.rawValue)), ("currency", .string(conv.target.code)),
                ("count", .int(r.count)), ("total", J.json(r.total)), ("total_in_main", J.converted(r.total, conv)),
                ("charged", J.json(r.charged)), ("charged_in_main", J.converted(r.charged, conv)),
                ("to_come", J.json(r.toCome)), ("to_come_in_main", J.converted(r.toCome, conv)),
                ("groups", .array(r.groups.map { g in
                    let before = r.previousGroups[g.key] ?? Amounts()
                    return .object([("key", .string(g.key)), ("count", .int(g.count)), ("total", J.json(g.amounts)),
                                    ("total_in_main", J.converted(g.amounts, conv)), ("previous_total", J.json(before)),
                                    ("previous_in_main", J.converted(before, conv))])
                })),
                ("months", .array(r.months.map { .object([("month", .string($0.key)), ("total", J.json($0.amounts)), ("total_in_main", J.converted($0.amounts, conv))]) })),
                ("items", .array(r.items.map { i in
                    .object([("id", .int(subs[i.index].id)), ("name", .string(i.line.key)), ("count", .int(i.line.count)),
                             ("total", J.json(i.line.amounts)), ("total_in_main", J.converted(i.line.amounts, conv))])
                })),
                ("normalised", .array(r.normalised.map { n in
                    let s = subs[n.index]
                    return .object([("id", .int(s.id)), ("name", .string(s.name)), ("frequency", .string(s.cadence.frequency)),
                                    ("interval", .int(s.cadence.count)), ("monthly", J.money(n.monthly)), ("yearly", J.money(n.yearly))])
                })),
                ("monthly_total", J.json(r.monthlyTotal)), ("monthly_total_in_main", J.converted(r.monthlyTotal, conv)),
                ("yearly_total", J.json(r.yearlyTotal)), ("yearly_total_in_main", J.converted(r.yearlyTotal, conv)),
                ("previous", .object([("label", .string(r.previous.label)), ("from", .string(r.previous.from.description)),
                                      ("through", .string(r.previous.through.description)), ("count", .int(r.previousCount)),
                                      ("total", J.json(r.previousTotal)), ("total_in_main", J.converted(r.previousTotal, conv))])),
                ("change_in_main", change), ("change_percent", percent),
            ])
        }

        private func printCSV(_ r: SubsCore.Report, _ subs: [Subscription], _ conv: Converter, _ out: Output) {
            var rows: [[String]] = []
            func add(_ section: String, _ key: String, _ count: Int?, _ a: Amounts) {
                for m in a.sums { rows.append([section, key, count.map(String.init) ?? "", m.plainString, m.currency.code]) }
                if !a.isEmpty, a.currencies != [conv.target], let t = conv.total(a) { rows.append([section + "_in_main", key, count.map(String.init) ?? "", t.plainString, t.currency.code]) }
            }
            add("total", r.period.label, r.count, r.total)
            add("charged", r.period.label, nil, r.charged)
            add("to_come", r.period.label, nil, r.toCome)
            add("previous_total", r.previous.label, r.previousCount, r.previousTotal)
            for g in r.groups { add("group", g.key, g.count, g.amounts) }
            for g in r.groups { add("previous_group", g.key, nil, r.previousGroups[g.key] ?? Amounts()) }
            for m in r.months { add("month", m.key, nil, m.amounts) }
            for i in r.items { add("item", i.line.key, i.line.count, i.line.amounts) }
            for n in r.normalised {
                rows.append(["monthly_cost", subs[n.index].name, "", n.monthly.plainString, n.monthly.currency.code])
                rows.append(["yearly_cost", subs[n.index].name, "", n.yearly.plainString, n.yearly.currency.code])
            }
            add("monthly_total", "", nil, r.monthlyTotal)
            add("yearly_total", "", nil, r.yearlyTotal)
            out.printCSV(header: ["section", "key", "count", "amount", "currency"], rows: rows)
        }

        private func render(_ r: SubsCore.Report, _ subs: [Subscription], _ conv: Converter, _ ctx: Context, _ data: ProjectionData) {
            let out = ctx.output
            let T = AmountsFormat.self
            print(out.bold("Report \(r.period.label) (\(r.period.from) to \(r.period.through)), as of \(r.today)"))
            print("")
            var summary = Table(header: ["", "AMOUNT", ""], rightAligned: [1])
            summary.rows.append(["Charged", T.text(r.charged, conv), "through \(min(r.today, r.period.through))"])
            summary.rows.append(["To come", T.text(r.toCome, conv), ""])
            summary.rows.append(["Total", T.text(r.total, conv), "\(r.count) charge\(r.count == 1 ? "" : "s")"])
            summary.rows.append(["\(r.previous.label)", T.text(r.previousTotal, conv), "\(r.previousCount) charge\(r.previousCount == 1 ? "" : "s")"])
            summary.rows.append(["Change", T.change(from: r.previousTotal, to: r.total, conv), ""])
            print(summary.render(out).split(separator: "\n").dropFirst().joined(separator: "\n"))
            if !r.groups.isEmpty {
                print("")
                let title = ["category": "CATEGORY", "payment-method": "PAYMENT METHOD", "tag": "TAG"][r.grouping.rawValue]!
                print(BarChart(rows: r.groups.map { g in
                    .init(label: g.key, value: conv.magnitude(g.amounts),
                          cells: [String(g.count), T.text(g.amounts, conv), T.change(from: r.previousGroups[g.key] ?? Amounts(), to: g.amounts, conv)])
                }, header: [title, "CHARGES", "AMOUNT", "CHANGE"]).render(out))
            }
            if r.months.count > 1 {
                print("")
                print(BarChart(rows: r.months.map { .init(label: $0.key, value: conv.magnitude($0.amounts), text: T.text($0.amounts, conv)) },
                               header: ["MONTH", "AMOUNT"]).render(out))
            }
            if !r.items.isEmpty && top > 0 {
                print("")
                print(BarChart(rows: r.items.prefix(top).map { i in
                    .init(label: i.line.key, value: conv.magnitude(i.line.amounts), cells: [String(i.line.count), T.text(i.line.amounts, conv)])
                }, header: ["BIGGEST", "CHARGES", "AMOUNT"]).render(out))
            }
            if !r.normalised.isEmpty {
                print("")
                var table = Table(header: ["LIVE SUBSCRIPTION", "CADENCE", "MONTHLY", "YEARLY"], rightAligned: [2, 3])
                table.rows.reserveCapacity(r.normalised.count + 1)
                for n in r.normalised {
                    table.rows.append([subs[n.index].name, subs[n.index].cadence.description, n.monthly.displayString, n.yearly.displayString])
                }
                table.write(out)
                print("Total: \(T.text(r.monthlyTotal, conv)) a month, \(T.text(r.yearlyTotal, conv)) a year")
            }
            var everything = r.total
            everything.add(r.previousTotal)
            everything.add(r.monthlyTotal)
            data.warnAboutRates(for: everything, converter: conv, today: r.today)
        }
    }
}
