import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    struct Upcoming: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "upcoming",
            abstract: "Every charge in the next days, in date order, with a running total.",
            discussion: """
                The window starts today: --days N covers N days (today included), --until DATE runs through DATE. \
                Amounts are what the service charges; YOURS is your part when the cost is split, and the totals \
                count your part. Totals are per currency, plus one in the main currency (subs config set currency) \
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
            if !format.json && !format.csv {
                // The table streams the charges in date order: nothing is collected per charge.
                if !renderTable(subs: subs, data: data, ctx: ctx, through: through) {
                    Output.note(subs.isEmpty ? "No subscriptions yet. Add one: subs add Netflix --amount 15.99" : "No charges from \(ctx.today) through \(through).")
                }
                return
            }
            if format.json {
                subs.withUnsafeBufferPointer { renderJSON(subs: $0, from: ctx.today, through: through) }
                return
            }
            let charges = Projection.charges(of: subs, from: ctx.today, through: through)
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
        }

        /// `--json`: the array `printJSON` writes, streamed in date order. The members of a (subscription, price)
        /// are laid out once; a charge adds its date, kind and previous amount.
        private func renderJSON(subs: UnsafeBufferPointer<Subscription>, from: LocalDate, through: LocalDate) {
            // Per subscription, where its prices' texts start in `texts` (-1: none laid out yet).
            var firstText = [Int](repeating: -1, count: subs.count)
            var texts: [(head: [UInt8], tail: [UInt8])] = []
            func members(_ pairs: [(String, JSONValue)], into out: inout [UInt8]) {
                for (key, value) in pairs {
                    out.append(contentsOf: ",\n    ".utf8)
                    JSONValue.string(key).write(into: &out, pretty: true, indent: 4)
                    out.append(contentsOf: ": ".utf8)
                    value.write(into: &out, pretty: true, indent: 4)
                }
            }
            func text(_ c: ChargeRef) -> Int {
                if firstText[c.index] < 0 {
                    firstText[c.index] = texts.count
                    let s = subs[c.index]
                    for p in s.prices {
                        var head: [UInt8] = [], tail: [UInt8] = []
                        let yours = s.userPart(of: p.price)
                        members([("id", .int(s.id)), ("name", .string(s.name)), ("amount", .string(p.price.plainString)),
                                 ("currency", .string(p.price.currency.code)), ("your_amount", .string(yours.plainString))], into: &head)
                        head.append(contentsOf: ",\n    \"kind\": ".utf8)
                        members([("frequency", .string(s.cadence.frequency)), ("interval", .int(s.cadence.count)),
                                 ("category", .optional(s.category))], into: &tail)
                        tail.append(contentsOf: ",\n    \"previous_amount\": ".utf8)
                        texts.append((head, tail))
                    }
                }
                return firstText[c.index] + c.priceIndex
            }
            let buffer = StdoutBuffer()
            var any = false
            Projection.forEachChargeRefInDateOrder(of: subs, from: from, through: through) { c in
                buffer.append((any ? ",\n  {\n    \"date\": \"" : "[\n  {\n    \"date\": \""))
                any = true
                buffer.write(atMost: 11) { $0.put(c.date); $0.put(UInt8(ascii: "\"")) }
                let k = text(c)
                buffer.append(texts[k].head)
                buffer.append(c.kind == .charge ? "\"charge\"" : "\"\(c.kind.rawValue)\"")
                buffer.append(texts[k].tail)
                if let p = c.previousPriceIndex {
                    buffer.appendJSON(.string(subs[c.index].prices[p].price.plainString), indent: 4)
                } else {
                    buffer.append("null")
                }
                buffer.append("\n  }")
                buffer.flushIfFull()
            }
            buffer.append(any ? "\n]\n" : "[]\n")
            buffer.flush()
        }

        /// What a (subscription, price) shows and adds: the amount and the user's part as text, and the part in
        /// the running total's currency, in whole millionths when it is that (else the Decimal that follows).
        private struct PriceEntry {
            var count = 0
            var amount: [UInt8] = []
            var yours: [UInt8] = []
            var yoursMoney = Money(0, .usd)
            var yoursMillionths: Int?
            var base: Int?
            var converted: Decimal = 0
        }

        /// "MonTueWed...", three bytes a day from Monday (`LocalDate.weekdayAbbreviation`).
        private static let weekdays: [UInt8] = Array(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].joined().utf8)

        /// The table of charges in date order with a running total. The charges of each (subscription, price)
        /// are counted first, for the totals and the column widths; then the date-ordered walk writes the
        /// lines straight into an output buffer. False when there is no charge.
        private func renderTable(subs: [Subscription], data: ProjectionData, ctx: Context, through: LocalDate) -> Bool {
            let conv = data.converter
            let out = ctx.output
            // Per subscription with charges, where its prices' entries start in `entries` (-1: no charge).
            var firstEntry = [Int](repeating: -1, count: subs.count)
            var entries: [PriceEntry] = []
            var count = 0
            var nameWidth = Table.width("NAME"), cadenceWidth = Table.width("CADENCE")
            var amountWidth = Table.width("AMOUNT"), yoursWidth = Table.width("YOURS")
            var showYours = false
            // Per subscription with charges: its cadence's text and the display widths of it and the name.
            var cadenceTexts = [String](repeating: "", count: subs.count)
            var widths = [(name: Int, cadence: Int)](repeating: (0, 0), count: subs.count)
            for i in subs.indices {
                // Its prices' entries go at the end of `entries`, and come off again when it has no charge.
                let start = entries.count
                entries.append(contentsOf: repeatElement(PriceEntry(), count: subs[i].prices.count))
                var charged = false
                Projection.forEachPriceCount(of: subs[i], from: ctx.today, through: through) { priceIndex, n in
                    let p = ChargePrice(subs[i], priceIndex: priceIndex)
                    entries[start + priceIndex] = PriceEntry(
                        count: n, amount: p.display(yours: false), yours: p.display(yours: true), yoursMoney: p.yours,
                        yoursMillionths: p.yoursMillionths)
                    charged = true
                }
                guard charged else {
                    entries.removeLast(entries.count - start)
                    continue
                }
                firstEntry[i] = start
                cadenceTexts[i] = subs[i].cadence.description
                widths[i] = (Table.width(subs[i].name), Table.width(cadenceTexts[i]))
                nameWidth = max(nameWidth, widths[i].name)
                cadenceWidth = max(cadenceWidth, widths[i].cadence)
                if subs[i].share != .whole { showYours = true }
                for k in start..<entries.count where entries[k].count > 0 {
                    count += entries[k].count
                    amountWidth = max(amountWidth, entries[k].amount.count)
                    yoursWidth = max(yoursWidth, entries[k].yours.count)
                }
            }
            guard count > 0 else { return false }
            // Totals per currency, exact: whole millionths in integers (see RunningTotal).
            var perCurrency: [Currency: RunningTotal] = [:]
            for e in entries where e.count > 0 {
                var t = perCurrency[e.yoursMoney.currency] ?? RunningTotal(currency: e.yoursMoney.currency)
                if let v = e.yoursMillionths { t.add(millionths: v * e.count, share: .whole) } else {
                    for _ in 0..<e.count { t.add(e.yoursMoney.amount) }
                }
                perCurrency[e.yoursMoney.currency] = t
            }
            var all = Amounts()
            for (_, t) in perCurrency { all.add(Money(t.value, t.currency)) }
            // The running total is in the main currency when every charge converts, else in the one currency there is.
            let runningCurrency: Currency? = conv.total(all) != nil ? conv.target : (all.currencies.count == 1 ? all.currencies[0] : nil)
            // What each (subscription, price) adds to the running total; integers when every one is whole millionths.
            var allWhole = true, anyNegative = false
            var final = 0
            if let rc = runningCurrency {
                for k in entries.indices where entries[k].count > 0 {
                    let m = entries[k].yoursMoney
                    let converted = rc == m.currency ? m.amount : conv.convert(m)!.amount
                    entries[k].converted = converted
                    entries[k].base = rc == m.currency ? entries[k].yoursMillionths : Millionths.of(converted)
                    if let b = entries[k].base { final += b * entries[k].count } else { allWhole = false }
                    if converted < 0 { anyNegative = true }
                }
            }
            // The running total only grows when no charge is negative: its widest text is the last one.
            var totalWidth = Table.width("TOTAL")
            func runningText(_ whole: Int, _ rc: Currency) -> [UInt8] {
                var b: [UInt8] = []
                Millionths.appendDisplay(whole, rc, to: &b)
                return b
            }
            if let rc = runningCurrency {
                if allWhole && !anyNegative {
                    totalWidth = max(totalWidth, runningText(final, rc).count)
                } else {
                    var running = RunningTotal(currency: rc)
                    subs.withUnsafeBufferPointer { subs in Projection.forEachChargeRefInDateOrder(of: subs, from: ctx.today, through: through, markPriceChanges: false) { c in
                        let k = firstEntry[c.index] + c.priceIndex
                        if let b = entries[k].base { running.add(millionths: b, share: .whole) } else { running.add(entries[k].converted) }
                        totalWidth = max(totalWidth, running.displayString.utf8.count)
                    } }
                }
            }
            let dateWidth = 10, dayWidth = 3

            let buffer = StdoutBuffer()
            // One line; cells are (text, width, right-aligned); the last one is not padded.
            var header: [(String, Int, Bool)] = [("DATE", dateWidth, false), ("DAY", dayWidth, false), ("NAME", nameWidth, false), ("AMOUNT", amountWidth, true)]
            if showYours { header.append(("YOURS", yoursWidth, true)) }
            header.append(("CADENCE", cadenceWidth, false))
            if runningCurrency != nil { header.append(("TOTAL", totalWidth, true)) }
            header.append(("NOTE", 0, false))
            var headerText = ""
            for (k, (cell, width, right)) in header.enumerated() {
                if k > 0 { headerText += "  " }
                let pad = String(repeating: " ", count: max(width - Table.width(cell), 0))
                if right { headerText += pad }
                headerText += cell
                if !right && k < header.count - 1 { headerText += pad }
            }
            buffer.append(out.useColor ? out.bold(headerText) : headerText)
            // The middle of a line (name, amount, your part, cadence) is the same for every charge of a
            // (subscription, price): laid out once into one arena, copied per line with the padding after it.
            var arena: [UInt8] = []
            var segments = [(start: Int, end: Int, cadencePad: Int)](repeating: (0, 0, 0), count: entries.count)
            for i in subs.indices where firstEntry[i] >= 0 {
                let name = subs[i].name
                for p in subs[i].prices.indices {
                    let k = firstEntry[i] + p
                    guard entries[k].count > 0 else { continue }
                    let start = arena.count
                    arena.append(contentsOf: name.utf8)
                    arena.append(contentsOf: repeatElement(UInt8(ascii: " "), count: nameWidth - widths[i].name + 2 + amountWidth - entries[k].amount.count))
                    arena.append(contentsOf: entries[k].amount)
                    if showYours {
                        arena.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 + yoursWidth - entries[k].yours.count))
                        arena.append(contentsOf: entries[k].yours)
                    }
                    arena.append(contentsOf: "  ".utf8)
                    arena.append(contentsOf: cadenceTexts[i].utf8)
                    segments[k] = (start, arena.count, cadenceWidth - widths[i].cadence)
                }
            }
            var runningWhole = 0
            var running = runningCurrency.map { RunningTotal(currency: $0) }
            var totalText: [UInt8] = []
            let code = Array((runningCurrency?.code ?? "").utf8)
            let digits = runningCurrency?.minorUnits ?? 0
            // The most a line writes before its note: newline, date, day, the middle and its padding, the total
            // (or a running total's text, at most 40 bytes and the code).
            let lineRoom = 19 + segments.map { $0.end - $0.start + $0.cadencePad }.max()! + 2 + max(totalWidth, 41 + code.count)
            // Borrowed bytes: slicing the arrays per line would retain and release them per line.
            let weekdays = SubsCommand.Upcoming.weekdays
            arena.withUnsafeBufferPointer { arena in weekdays.withUnsafeBufferPointer { weekdays in subs.withUnsafeBufferPointer { subs in code.withUnsafeBufferPointer { code in
                Projection.forEachChargeRefInDateOrder(of: subs, from: ctx.today, through: through) { c in
                    let k = firstEntry[c.index] + c.priceIndex
                    let segment = segments[k]
                    var note = ""
                    if c.kind == .trialEnd { note = "trial converts" }
                    if let before = c.previousPriceIndex { note += (note.isEmpty ? "" : "; ") + "new price, was \(subs[c.index].prices[before].price.displayString)" }
                    if runningCurrency != nil {
                        if allWhole {
                            runningWhole += entries[k].base!
                        } else {
                            if let b = entries[k].base { running!.add(millionths: b, share: .whole) } else { running!.add(entries[k].converted) }
                            totalText = Array(running!.displayString.utf8)
                        }
                    }
                    buffer.write(atMost: lineRoom) { line in
                        line.put(UInt8(ascii: "\n"))
                        line.put(c.date)
                        line.spaces(2)
                        let w = 3 * (c.date.weekday - 1)
                        line.put(UnsafeBufferPointer(rebasing: weekdays[w..<w + 3]))
                        line.spaces(2)
                        line.put(UnsafeBufferPointer(rebasing: arena[segment.start..<segment.end]))
                        guard runningCurrency != nil || !note.isEmpty else { return }
                        line.spaces(segment.cadencePad)
                        guard runningCurrency != nil else { return }
                        line.spaces(2)
                        // Right-aligned: digits, separators and a code are ASCII, a byte a column.
                        if allWhole {
                            Millionths.withDisplay(runningWhole, digits: digits) { text in
                                line.spaces(totalWidth - text.count - 1 - code.count)
                                line.put(text)
                                line.put(UInt8(ascii: " "))
                                line.put(code)
                            }
                        } else {
                            line.spaces(totalWidth - totalText.count)
                            totalText.withUnsafeBufferPointer { line.put($0) }
                        }
                    }
                    if !note.isEmpty {
                        buffer.append("  ")
                        buffer.append(out.yellow(note))
                    }
                    buffer.flushIfFull()
            } } } } }
            buffer.append(byte: UInt8(ascii: "\n"))
            buffer.flush()
            if let rc = runningCurrency, allWhole {
                running = RunningTotal(currency: rc)
                running!.add(millionths: runningWhole, share: .whole)
            }
            let sums = all.sums
            let perCurrencyText = perCurrency.keys.sorted().map { perCurrency[$0]!.displayString }
            print("\(count) charge\(count == 1 ? "" : "s") from \(ctx.today) through \(through): " + perCurrencyText.joined(separator: " + "))
            if sums.count > 1 || sums.first?.currency != conv.target, let t = (runningCurrency == conv.target ? running?.displayString : nil) ?? conv.total(all)?.displayString {
                let date = conv.rateDate(all).map { " (rates of \($0))" } ?? ""
                print("Total in \(conv.target.code): \(t)\(date)")
            }
            data.warnAboutRates(for: all, converter: conv, today: ctx.today)
            return true
        }
    }
}
