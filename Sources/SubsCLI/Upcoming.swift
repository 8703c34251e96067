import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    struct Upcoming: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every charge in the next days, in date order, with a running total.",
            discussion: """
                The window starts today: --days N covers N days (today included), --until DATE runs through DATE.
                Amounts are what the service charges; YOURS is your part when the cost is split, and the totals
                count your part. Totals are per currency, plus one in the main currency (subs config set currency)
                when exchange rates are known (subs rates).
                """)

        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("Days to look ahead, today included (default 30).", valueName: "n")) var days: Int?
        @Option(help: ArgumentHelp("Look ahead through this date (YYYY-MM-DD).", valueName: "date")) var until: String?
        @OptionGroup var format: FormatOptions

        func validate() throws {
            if days != nil && until != nil { throw ValidationError("give --days or --until, not both") }
            if let days, !(1...36_600).contains(days) { throw ValidationError("--days must be from 1 to 36600") }
        }

        func run() throws {
            let ctx = try Context(global)
            var through = ctx.today.adding(days: (days ?? 30) - 1)
            if let until {
                through = try parseDate(until, "--until")
                if through < ctx.today { throw SubsError.usage("--until \(through) is before today (\(ctx.today)); give a later date") }
            }
            let data = try ProjectionData(ctx)
            let subs = data.subscriptions
            let charges = Projection.charges(of: subs, from: ctx.today, through: through)
            // Per subscription once (copying a Subscription per charge retains a dozen strings and arrays).
            let ids = subs.map { JSONValue.int($0.id) }, names = subs.map { JSONValue.string($0.name) }
            let frequencies = subs.map { JSONValue.string($0.cadence.frequency) }, intervals = subs.map { JSONValue.int($0.cadence.count) }
            let categories = subs.map { JSONValue.optional($0.category) }
            if format.json {
                var texts: (Int, Int, JSONValue, JSONValue, JSONValue) = (-1, -1, .null, .null, .null)
                ctx.output.printJSON(.array(charges.map { c in
                    if texts.0 != c.index || texts.1 != c.priceIndex {
                        texts = (c.index, c.priceIndex, .string(c.price.plainString), .string(c.price.currency.code), .string(c.yours.plainString))
                    }
                    return .object([
                        ("date", .string(c.date.description)), ("id", ids[c.index]), ("name", names[c.index]),
                        ("amount", texts.2), ("currency", texts.3), ("your_amount", texts.4), ("kind", .string(c.kind.rawValue)),
                        ("frequency", frequencies[c.index]), ("interval", intervals[c.index]),
                        ("category", categories[c.index]), ("previous_amount", .optional(c.previousPrice?.plainString)),
                    ])
                }))
                return
            }
            if format.csv {
                ctx.output.printCSV(
                    header: ["date", "id", "name", "amount", "currency", "your_amount", "kind", "frequency", "interval", "category", "previous_amount"],
                    rows: charges.map { c in
                        let s = subs[c.index]
                        return [c.date.description, String(s.id), s.name, c.price.plainString, c.price.currency.code, c.yours.plainString,
                                c.kind.rawValue, s.cadence.frequency, String(s.cadence.count), s.category ?? "", c.previousPrice?.plainString ?? ""]
                    })
                return
            }
            if charges.isEmpty {
                Output.note(subs.isEmpty ? "No subscriptions yet. Add one: subs add Netflix --amount 15.99" : "No charges from \(ctx.today) through \(through).")
                return
            }
            renderTable(charges, subs: subs, data: data, ctx: ctx, through: through)
        }

        private func renderTable(_ charges: [Charge], subs: [Subscription], data: ProjectionData, ctx: Context, through: LocalDate) {
            let conv = data.converter
            // Totals per currency, exact: whole millionths per share in integers (see RunningTotal).
            var perCurrency: [Currency: RunningTotal] = [:]
            var lastPrice: (Int, Int, Int?) = (-1, -1, nil)
            for c in charges {
                if lastPrice.0 != c.index || lastPrice.1 != c.priceIndex { lastPrice = (c.index, c.priceIndex, Millionths.of(c.yours.amount)) }
                if let v = lastPrice.2 {
                    perCurrency[c.yours.currency, default: RunningTotal(currency: c.yours.currency)].add(millionths: v, share: .whole)
                } else {
                    perCurrency[c.yours.currency, default: RunningTotal(currency: c.yours.currency)].add(c.yours.amount)
                }
            }
            var all = Amounts()
            for (_, t) in perCurrency { all.add(Money(t.value, t.currency)) }
            // The running total is in the main currency when every charge converts, else in the one currency there is.
            let runningCurrency: Currency? = conv.total(all) != nil ? conv.target : (all.currencies.count == 1 ? all.currencies[0] : nil)
            let showYours = charges.contains { subs[$0.index].share != .whole }
            var header = ["DATE", "DAY", "NAME", "AMOUNT"]
            if showYours { header.append("YOURS") }
            header.append("CADENCE")
            if runningCurrency != nil { header.append("TOTAL") }
            header.append("NOTE")
            var table = Table(header: header, rightAligned: Set([3] + (showYours ? [4] : []) + (runningCurrency != nil ? [showYours ? 6 : 5] : [])))
            table.rows.reserveCapacity(charges.count)
            var running = runningCurrency.map { RunningTotal(currency: $0) }
            // Per subscription and price, formatted once: (price index, amount text, yours text, what it adds to
            // the running total in whole millionths before the share, or nil to add `yours` in Decimal).
            var cache: [Int: (Int, String, String, Int?, Decimal)] = [:]
            // Per subscription once, not per row: copying a Subscription retains a dozen strings and arrays.
            let names = subs.map(\.name), cadences = subs.map(\.cadence.description)
            for c in charges {
                let entry: (Int, String, String, Int?, Decimal)
                if let cached = cache[c.index], cached.0 == c.priceIndex { entry = cached } else {
                    // The user's part of the charge (whole minor units) in the running total's currency.
                    var base: Int?
                    var converted = c.yours.amount
                    if let rc = runningCurrency {
                        converted = rc == c.yours.currency ? c.yours.amount : conv.convert(c.yours)!.amount
                        base = Millionths.of(converted)
                    }
                    entry = (c.priceIndex, c.price.displayString, c.yours.displayString, base, converted)
                    cache[c.index] = entry
                }
                var row = [c.date.description, c.date.weekdayAbbreviation, names[c.index], entry.1]
                if showYours { row.append(entry.2) }
                row.append(cadences[c.index])
                if running != nil {
                    if let base = entry.3 { running!.add(millionths: base, share: .whole) } else { running!.add(entry.4) }
                    row.append(running!.displayString)
                }
                var notes: [String] = []
                if c.kind == .trialEnd { notes.append("trial ends") }
                if let before = c.previousPrice { notes.append("new price, was \(before.displayString)") }
                row.append(notes.isEmpty ? "" : ctx.output.yellow(notes.joined(separator: "; ")))
                table.rows.append(row)
            }
            print(table.render(ctx.output))
            let sums = all.sums
            let perCurrencyText = perCurrency.keys.sorted().map { perCurrency[$0]!.displayString }
            print("\(charges.count) charge\(charges.count == 1 ? "" : "s") from \(ctx.today) through \(through): " + perCurrencyText.joined(separator: " + "))
            if sums.count > 1 || sums.first?.currency != conv.target, let t = (runningCurrency == conv.target ? running?.displayString : nil) ?? conv.total(all)?.displayString {
                let date = conv.rateDate(all).map { " (rates of \($0))" } ?? ""
                print("Total in \(conv.target.code): \(t)\(date)")
            }
            data.warnAboutRates(for: all, converter: conv, today: ctx.today)
        }
    }
}
