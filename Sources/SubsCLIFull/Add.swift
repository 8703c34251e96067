import ArgumentParser
import Foundation
import SubsAI
import SubsCLI
import SubsCore
import SubsMail
import SubsScan

extension SubsCommand.Add: FullBuildWork {
    /// `add --scan`: reads the invoice, lets typed options win, has the user review it on a terminal, then adds
    /// a subscription, or updates the one of the same service when it is tracked already.
    func runInFullBuild() throws {
        guard let file = scan else { return try run() }
        let ctx = try Context(global)
        let progress = Progress(ctx)
        let scanner = engine.scanner(ctx, progress: progress)
        // The file is read once: the bytes checked against kept documents are the ones scanned and kept.
        let bytes = try MailScanner(scanner: scanner).readFile(URL(fileURLWithPath: file))
        let digest = SHA256.hex(bytes)
        let all = try subscriptionsRefusingKept(file, digest: digest, ctx)
        let (result, reading) = try readInvoice(file, bytes: bytes, scanner: scanner, progress: progress, ctx)
        var typed = fields.changes
        typed.name = name
        var scanned = result.extraction.subscriptionChanges
        // A credit (a discount larger than the price: "Montant à payer -4,72 $ CA") is no price to track:
        // it is asked for, or must be given, like an amount that could not be read.
        let credit = scanned.amount.flatMap { $0.hasPrefix("-") ? $0 : nil }
        if credit != nil { scanned.amount = nil }
        var changes = scanned.overridden(by: typed)
        let onTerminal = !yes && isatty(STDIN_FILENO) == 1
        if onTerminal {
            changes = try Review.missing(changes)
        }
        guard changes.name != nil else {
            throw SubsError.usage("could not read the service's name from \(file); give it: subs add NAME --scan \(file)")
        }
        guard changes.amount != nil else {
            if let credit {
                throw SubsError.usage("\(file) shows a credit of \(credit), not a charge; give the price with --amount")
            }
            throw SubsError.usage("could not read the amount from \(file); give it with --amount")
        }
        let document = Document(
            file: file, mediaType: result.mediaType.mimeType, bytes: bytes, digest: digest,
            extracted: ScanRecord.jsonLine(file: file, result, reading: reading))

        if let tracked = all.first(where: { Subscription.nameKey($0.name) == Subscription.nameKey(changes.name!) }) {
            let update = InvoiceUpdate(invoice: changes, for: tracked, today: ctx.today)
            Output.note(Review.describe(update, of: tracked))
            if onTerminal && !Output.confirm("Update \(tracked.name) from this invoice instead of adding it again?", defaultYes: true) {
                Output.note("Nothing changed.")
                throw ExitCode.failure
            }
            return try self.update(tracked.id, with: update.changes, document: document, ctx)
        }
        if onTerminal {
            changes = try Review.confirmOrCorrect(changes)
        }
        try add(changes, document: document, ctx)
    }

    /// The subscriptions tracked, unless the same file was scanned before: it is kept already, with the
    /// subscription it made or updated. (Checked before the scan, which takes seconds.)
    private func subscriptionsRefusingKept(_ file: String, digest: String, _ ctx: Context) throws -> [Subscription] {
        let (kept, all) = try ctx.openStore().read { tx in (try tx.documents(withDigest: digest), try tx.subscriptions()) }
        guard let first = kept.first, let owner = all.first(where: { $0.id == first.subscriptionID }) else { return all }
        throw SubsError.conflict(
            "\(file) was scanned before (\(first.scannedAt.prefix(10))) and is kept with \(owner.name) (id \(owner.id)); "
                + "'subs show \(owner.id)' lists it")
    }

    /// Scans the invoice and shows what was read on stderr, with where each value came from, for review.
    private func readInvoice(_ file: String, bytes: Data, scanner: InvoiceScanner, progress: Progress, _ ctx: Context) throws
        -> (ScanResult, AssistedReading)
    {
        progress.file = file
        let (result, reading) = try engine.read(
            file, bytes: bytes, scanner: scanner, settings: try engine.llmSettings(ctx), ctx: ctx, progress: progress)
        progress.clear()
        let plain = Output(noColor: true, environment: ctx.environment)
        Output.note(ScanRecord.human(file: file, result, reading: reading, plain, evidence: true))
        for w in result.warnings + reading.warnings { Output.note("\(file): warning: \(w)") }
        return (result, reading)
    }
}

/// The review of a scanned invoice on a terminal: questions on stderr, answers on stdin.
enum Review {
    /// Asks for the name and amount when the invoice did not show them.
    static func missing(_ changes: SubscriptionChanges) throws -> SubscriptionChanges {
        var c = changes
        if c.name == nil { c.name = try ask("Service name", current: nil, required: true) }
        if c.amount == nil { c.amount = try ask("Amount (like 9.99 or '9,99 EUR')", current: nil, required: true, check: checkAmount) }
        return c
    }

    /// "Add this subscription? [Y/n/e]": e goes through the fields, Enter keeping each value.
    static func confirmOrCorrect(_ changes: SubscriptionChanges) throws -> SubscriptionChanges {
        FileHandle.standardError.write(Data("Add this subscription? [Y/n/e to correct fields] ".utf8))
        let answer = (readLine() ?? "n").trimmingCharacters(in: .whitespaces).lowercased()
        switch answer {
        case "", "y", "yes":
            return changes
        case "e", "edit":
            var c = changes
            Output.note("Enter keeps a value; type a new one to correct it.")
            c.name = try ask("Name", current: c.name, required: true)
            c.amount = try ask("Amount", current: c.amount, required: true, check: checkAmount)
            c.currency = try ask("Currency", current: c.currency, required: false) { code in
                Currency(code: code.uppercased()) == nil ? "use an ISO 4217 code like EUR, USD, GBP" : nil
            }.map { $0.uppercased() }
            c.next = try ask("Next charge (YYYY-MM-DD)", current: c.next, required: false) { d in
                LocalDate(iso: d) == nil ? "use YYYY-MM-DD, like 2026-01-31" : nil
            }
            if let next = c.next, let since = c.since, since > next { c.since = nil }
            c.cadence = try ask("Every (month, year, week, quarter, 'N months')", current: c.cadence ?? "month", required: false) { t in
                Cadence(parsing: t) == nil ? "use week, month, quarter, year or 'N days|weeks|months|years'" : nil
            }
            return c
        default:
            Output.note("Nothing added.")
            throw ExitCode.failure
        }
    }

    static func describe(_ update: InvoiceUpdate, of s: Subscription) -> String {
        let tracked = "\(s.name) is tracked already (id \(s.id), \(s.price) \(s.cadence))"
        if update.isOlder { return "\(tracked); this invoice is older than its current price: it is kept, the price stays." }
        var parts: [String] = []
        if let amount = update.changes.amount {
            parts.append("price \(amount)\(update.changes.currency.map { " \($0)" } ?? "") from \(update.changes.priceFrom ?? "today")")
        }
        if let next = update.changes.next { parts.append("charges on \(next)'s schedule") }
        if let cadence = update.changes.cadence { parts.append("every \(cadence)") }
        return parts.isEmpty ? "\(tracked); this invoice changes nothing: it is kept with it." : "\(tracked); this invoice sets: " + parts.joined(separator: ", ") + "."
    }

    private static func checkAmount(_ text: String) -> String? {
        (try? AmountParser.parse(text)) == nil ? "not an amount; type it like 9.99, 9,99 or 9.99 EUR" : nil
    }

    /// One question; Enter keeps `current`. Three wrong answers end the review.
    private static func ask(_ label: String, current: String?, required: Bool, check: (String) -> String? = { _ in nil }) throws -> String? {
        for _ in 0..<3 {
            FileHandle.standardError.write(Data("\(label)\(current.map { " [\($0)]" } ?? ""): ".utf8))
            guard let line = readLine() else { break }
            let answer = line.trimmingCharacters(in: .whitespaces)
            if answer.isEmpty {
                if current != nil || !required { return current }
                Output.note("\(label) is needed.")
                continue
            }
            if let problem = check(answer) {
                Output.note("'\(answer)': \(problem)")
                continue
            }
            return answer
        }
        throw SubsError.usage("no valid \(label.lowercased().split(separator: " ").first ?? "value") given; nothing added")
    }
}
