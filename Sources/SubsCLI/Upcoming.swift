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
            var running = runningCurrency.map { RunningTotal(currency: $0) }
            // Per subscription and price, formatted once: (price index, amount text, yours text, what it adds to
            // the running total in whole millionths, or nil to add the Decimal amount that follows).
            var cache: [Int: (Int, String, String, Int?, Decimal)] = [:]
            // Per subscription once, not per row: copying a Subscription retains a dozen strings and arrays.
            let names = subs.map(\.name), cadences = subs.map(\.cadence.description)
            // The texts that change per row, in order (the running total needs it), and the column widths;
            // then the lines go straight into one buffer (a table of 100,000 rows of arrays was the cost).
            var rows: [(charge: Int, amount: String, yours: String, total: String, note: String)] = []
            rows.reserveCapacity(charges.count)
            var widths = header.map(Table.width)
            widths[0] = 10  // YYYY-MM-DD
            widths[1] = 3  // Mon
            var seen = Swift.Set<Int>()
            for (i, c) in charges.enumerated() {
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
                    widths[3] = max(widths[3], Table.width(entry.1))
                    if showYours { widths[4] = max(widths[4], Table.width(entry.2)) }
                }
                if seen.insert(c.index).inserted {
                    widths[2] = max(widths[2], Table.width(names[c.index]))
                    widths[showYours ? 5 : 4] = max(widths[showYours ? 5 : 4], Table.width(cadences[c.index]))
                }
                var total = ""
                if running != nil {
                    if let base = entry.3 { running!.add(millionths: base, share: .whole) } else { running!.add(entry.4) }
                    total = running!.displayString
                    widths[showYours ? 6 : 5] = max(widths[showYours ? 6 : 5], Table.width(total))
                }
                var notes: [String] = []
                if c.kind == .trialEnd { notes.append("trial ends") }
                if let before = c.previousPrice { notes.append("new price, was \(before.displayString)") }
                rows.append((i, entry.1, entry.2, total, notes.isEmpty ? "" : ctx.output.yellow(notes.joined(separator: "; "))))
            }
            let pads = (0...(widths.max() ?? 0)).map { String(repeating: " ", count: $0) }
            var text = ""
            text.reserveCapacity((widths.reduce(0, +) + 2 * widths.count + 1) * (rows.count + 1))
            /// One line; cells are (text, column, right-aligned); the last one is not padded.
            func line(_ cells: [(String, Int, Bool)]) {
                for (k, (cell, col, right)) in cells.enumerated() {
                    if k > 0 { text.append("  ") }
                    let pad = pads[max(widths[col] - Table.width(cell), 0)]
                    if right { text.append(pad) }
                    text.append(cell)
                    if !right && k < cells.count - 1 { text.append(pad) }
                }
            }
            var headerCells: [(String, Int, Bool)] = [("DATE", 0, false), ("DAY", 1, false), ("NAME", 2, false), ("AMOUNT", 3, true)]
            if showYours { headerCells.append(("YOURS", 4, true)) }
            headerCells.append(("CADENCE", showYours ? 5 : 4, false))
            if runningCurrency != nil { headerCells.append(("TOTAL", showYours ? 6 : 5, true)) }
            headerCells.append(("NOTE", header.count - 1, false))
            line(headerCells)
            if ctx.output.useColor { text = ctx.output.bold(text) }
            for r in rows {
                let c = charges[r.charge]
                text.append("\n")
                var cells: [(String, Int, Bool)] = [
                    (c.date.description, 0, false), (c.date.weekdayAbbreviation, 1, false), (names[c.index], 2, false), (r.amount, 3, true),
                ]
                if showYours { cells.append((r.yours, 4, true)) }
                cells.append((cadences[c.index], showYours ? 5 : 4, false))
                if runningCurrency != nil { cells.append((r.total, showYours ? 6 : 5, true)) }
                if !r.note.isEmpty { cells.append((r.note, header.count - 1, false)) }
                line(cells)
            }
            print(text)
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
