import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    struct Rates: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rates",
            abstract: "Exchange rates for totals in the main currency: list, set by hand, import or fetch a file.",
            discussion: """
                A rate means 1 CODE = RATE BASE: 'subs rates set USD 0.92 --base EUR' is 1 USD = 0.92 EUR. \
                Files: the ECB euro reference rates (eurofxref XML or CSV) or a CSV with a header naming \
                currency,rate (and optionally base,date). One rate per currency pair is kept, the newest. \
                Rates older than 30 days are flagged. Nothing needs the network: 'update' is optional.
                """,
            subcommands: [ListRates.self, Set.self, Import.self, Update.self],
            defaultSubcommand: ListRates.self)

        /// Stores rates in one transaction; returns how many replaced or added, and how many were older than stored.
        static func store(_ rates: [ExchangeRate], ctx: Context) throws -> (stored: Int, older: Int) {
            try ctx.openStore().write { tx in
                var stored = 0
                for r in rates { if try tx.setRate(r) { stored += 1 } }
                return (stored, rates.count - stored)
            }
        }

        static func summary(_ rates: [ExchangeRate], _ result: (stored: Int, older: Int)) -> String {
            let dates = Swift.Set(rates.map(\.date)).sorted()
            let when = dates.count == 1 ? "dated \(dates[0])" : "dated \(dates.first!) to \(dates.last!)"
            var text = "Stored \(result.stored) rate\(result.stored == 1 ? "" : "s") \(when)"
            if result.older > 0 { text += "; kept \(result.older) newer one\(result.older == 1 ? "" : "s") already stored" }
            return text + "."
        }

        struct ListRates: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the stored rates (the default).")
            @OptionGroup var global: GlobalOptions
            @OptionGroup var format: FormatOptions

            func run() throws {
                let ctx = try Context(global)
                let data = try ProjectionData(ctx)
                let rates = data.rates.rates
                let stale = Swift.Set(data.rates.stale(asOf: ctx.today))
                func rateText(_ d: Decimal) -> String { "\(d)" }
                if format.json {
                    ctx.output.printJSON(.array(rates.map { r in
                        .object([("base", .string(r.base.code)), ("quote", .string(r.quote.code)), ("rate", .string(rateText(r.rate))),
                                 ("date", .string(r.date.description)), ("source", .string(r.source)), ("stale", .bool(stale.contains(r)))])
                    }))
                    return
                }
                if format.csv {
                    ctx.output.printCSV(header: ["base", "quote", "rate", "date", "source"],
                                        rows: rates.map { [$0.base.code, $0.quote.code, rateText($0.rate), $0.date.description, $0.source] })
                    return
                }
                if rates.isEmpty {
                    Output.note("No exchange rates yet. Set one: subs rates set USD 0.92 --base \(data.settings.currency.code), or import the ECB file: subs rates import eurofxref-daily.xml")
                } else {
                    var table = Table(header: ["RATE", "DATE", "SOURCE"])
                    for r in rates {
                        table.rows.append(["1 \(r.base.code) = \(rateText(r.rate)) \(r.quote.code)", r.date.description + (stale.contains(r) ? " (old)" : ""), r.source])
                    }
                    table.write(ctx.output)
                }
                // What the subscriptions need: their currencies against the main one.
                let used = Swift.Set(data.subscriptions.map(\.currency)).subtracting([data.settings.currency]).sorted()
                let conv = data.converter
                if !used.isEmpty && !format.json {
                    let missing = used.filter { conv.factor($0) == nil }
                    if !missing.isEmpty {
                        Output.note("warning: no rate from \(missing.map(\.code).joined(separator: ", ")) to the main currency \(conv.target.code); set one: subs rates set \(missing[0].code) RATE")
                    }
                }
                if !stale.isEmpty {
                    Output.note("warning: \(stale.count) rate\(stale.count == 1 ? " is" : "s are") over \(RateTable.staleAfterDays) days old; update: subs rates import FILE or subs rates update --url URL")
                }
            }
        }

        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "set", abstract: "Set one rate by hand: 1 CODE = RATE BASE.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: ArgumentHelp("The currency priced, like USD.", valueName: "code")) var code: String
            @Argument(help: ArgumentHelp("What 1 CODE is worth in the base currency, like 0.92.", valueName: "rate")) var rate: String
            @Option(help: ArgumentHelp("Base currency (default: the main currency).", valueName: "code")) var base: String?
            @Option(help: ArgumentHelp("Date of the rate (default today).", valueName: "date")) var date: String?

            func run() throws {
                let ctx = try Context(global)
                guard let c = Currency(code: code) else { throw SubsError.usage("unknown currency '\(code)'; use an ISO 4217 code like USD") }
                guard let value = Decimal(exactly: rate.replacingOccurrences(of: ",", with: ".")) else {
                    throw SubsError.usage("rate '\(rate)' is not a decimal number, like 0.92")
                }
                let day = try date.map { try parseDate($0, "--date") } ?? ctx.today
                let store = try ctx.openStore()
                let r = try store.write { tx in
                    let b: Currency
                    if let base {
                        guard let parsed = Currency(code: base) else { throw SubsError.usage("unknown base currency '\(base)'; use an ISO 4217 code like EUR") }
                        b = parsed
                    } else {
                        b = try Settings.load(from: tx).currency
                    }
                    let r = ExchangeRate(base: c, quote: b, rate: value, date: day, source: "manual")
                    try ExchangeRate.validate(r)
                    guard try tx.setRate(r) else {
                        throw SubsError.conflict("a newer rate for \(c.code)/\(b.code) is stored; give --date on or after it")
                    }
                    return r
                }
                print("1 \(r.base.code) = \(r.rate) \(r.quote.code) (\(r.date)).")
            }
        }

        struct Import: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "import", abstract: "Import rates from an ECB eurofxref file (XML or CSV) or a simple CSV.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The file; - reads stdin.", completion: .file(extensions: ["xml", "csv"])) var file: String
            @Option(help: ArgumentHelp("Base currency of a simple CSV without a base column (default: the main currency).", valueName: "code")) var base: String?

            func run() throws {
                let ctx = try Context(global)
                let text: String
                if file == "-" {
                    text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                } else {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        throw SubsError(.noInput, "cannot read \(file); give the path of an ECB XML or CSV rate file")
                    }
                    text = String(decoding: data, as: UTF8.self)
                }
                let rates = try Rates.parse(text, source: file == "-" ? "stdin" : (file as NSString).lastPathComponent, base: base, ctx: ctx)
                print(Rates.summary(rates, try Rates.store(rates, ctx: ctx)))
            }
        }

        struct Update: FullBuildCommand {
            static let configuration = CommandConfiguration(commandName: "update", abstract: "Fetch a rate file over HTTP and import it (optional; never needed offline).")
            @OptionGroup var global: GlobalOptions
            @Option(help: ArgumentHelp("Address of an ECB eurofxref XML or CSV file, like https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml", valueName: "url"))
            var url: String
            @Option(help: ArgumentHelp("Give up after this many seconds (default 15).", valueName: "seconds")) var timeout: Double = 15
            @Option(help: ArgumentHelp("Base currency of a simple CSV without a base column (default: the main currency).", valueName: "code")) var base: String?

            func validate() throws {
                if !(timeout > 0 && timeout <= 600) { throw ValidationError("--timeout must be from 0 to 600 seconds") }
            }

            func run() throws {
                let ctx = try Context(global)
                let fetcher = RateFetcher(http: try FullBuild.http())
                let text = try fetcher.fetch(url: url, timeoutSeconds: timeout)
                let rates = try Rates.parse(text, source: url, base: base, ctx: ctx)
                print(Rates.summary(rates, try Rates.store(rates, ctx: ctx)))
            }
        }

        static func parse(_ text: String, source: String, base: String?, ctx: Context) throws -> [ExchangeRate] {
            let b: Currency
            if let base {
                guard let c = Currency(code: base) else { throw SubsError.usage("unknown base currency '\(base)'; use an ISO 4217 code like EUR") }
                b = c
            } else {
                b = try ctx.openStore().read { tx in try Settings.load(from: tx) }.currency
            }
            return try RateFile.parse(text, defaultBase: b, today: ctx.today, source: source)
        }
    }
}
