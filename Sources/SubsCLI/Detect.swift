import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    package struct Detect: FullBuildCommand {
        package static let configuration = CommandConfiguration(
            commandName: "detect",
            abstract: "Find the subscriptions in bank statement exports (CSV, OFX, QFX, QIF, CAMT.053).",
            discussion: """
                Reads the files (format, separator, encoding, date and number conventions told by content), finds \
                charges to the same payee at a regular cadence, weekly to yearly, and compares them with what subs \
                tracks: new ones, tracked ones whose amount changed, tracked ones the statements do not charge, and \
                cancelled ones still charged. Nothing is saved unless --add is given.
                Example: subs detect ~/Downloads/statement-2025.csv --add
                """
        )

        package init() {}

        @OptionGroup package var global: GlobalOptions
        @Argument(help: "Statement files: CSV (or TSV), OFX, QFX, QIF or ISO 20022 CAMT.053 XML.",
                  completion: .file(extensions: ["csv", "tsv", "txt", "ofx", "qfx", "qif", "xml"]))
        package var files: [String]
        @Option(help: ArgumentHelp(
            "CSV columns by 1-based position or header name: date=1,description=3,amount=5 (or payee=N, debit=N,credit=N, currency=N, direction=N); dates=dmy|mdy|ymd sets the order of day and month.",
            valueName: "list"))
        package var columns: String?
        @Option(help: ArgumentHelp("Currency of amounts the file does not name (default: the configured currency).", valueName: "code"))
        package var currency: String?
        @OptionGroup var format: FormatOptions
        @Flag(help: "Review the new subscriptions found and add them, one question each.") package var add = false
        @Flag(name: [.short, .long], help: "With --add: add every new active one without asking.") package var yes = false

        package func validate() throws {
            if yes && !add { throw ValidationError("--yes goes with --add") }
            if add && (format.json || format.csv) { throw ValidationError("--add reviews on the terminal; leave out --json and --csv") }
        }

        package func run() throws { try FullBuild.run(self) }

        /// Everything after reading the files: find, compare with the store, print, add.
        package func review(_ transactions: [BankTransaction], read: [StatementFile], defaultCurrency: Currency, _ ctx: Context) throws {
            let store = try ctx.openStore()
            let tracked = try store.read { try $0.subscriptions() }
            let end = transactions.map(\.date).max()
            let series = RecurringChargeFinder(defaultCurrency: defaultCurrency, statementEnd: end).find(in: transactions)
                .filter { $0.confidence >= DetectOutput.minimumConfidence }
            let review = StatementReview(series: series, transactions: transactions, tracked: tracked)
            let output = DetectOutput(review: review, read: read, transactions: transactions.count, ctx.output)
            if format.json { return ctx.output.printJSON(output.json()) }
            if format.csv { return output.printCSV() }
            output.printHuman()
            if add { try addNew(review, ctx) }
        }

        private func addNew(_ review: StatementReview, _ ctx: Context) throws {
            let candidates = review.findings.filter { $0.verdict == .new && $0.series.isActive }
            guard !candidates.isEmpty else { return print("Nothing new to add.") }
            if !yes && isatty(STDIN_FILENO) != 1 {
                throw SubsError.usage("--add asks on a terminal; give --yes to add all \(candidates.count) without asking")
            }
            var chosen: [RecurringSeries] = []
            for f in candidates {
                let s = f.series
                if yes || Output.confirm("Add \(s.name): \(Money(s.amount, s.currency)) \(s.cadence), next \(s.nextCharge.map(String.init(describing:)) ?? "-")?", defaultYes: false) {
                    chosen.append(s)
                }
            }
            guard !chosen.isEmpty else { return print("Nothing added.") }
            let added = try ctx.openStore().write { tx in
                let settings = try Settings.load(from: tx)
                var names: [String] = []
                for s in chosen {
                    let existing = try tx.subscriptions()
                    var sub = try ctx.ledger.makeSubscription(s.proposal(existing: existing), settings: settings, existing: existing)
                    s.adopt(into: &sub)
                    sub.id = try tx.insert(sub)
                    names.append("\(sub.name) (id \(sub.id))")
                }
                return names
            }
            print("Added \(added.count): \(added.joined(separator: ", ")).")
        }
    }
}
