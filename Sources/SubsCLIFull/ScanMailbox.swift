import ArgumentParser
import Foundation
import SubsAI
import SubsCLI
import SubsCore
import SubsMail
import SubsScan

/// `subs scan --mailbox PATH`: lists the invoices of a mailbox by service, and with --add adds them.
extension SubsCommand.Scan {
    func scanMailbox(_ path: String, _ ctx: Context) throws {
        if add && !yes && isatty(STDIN_FILENO) != 1 {
            throw SubsError.usage("--add asks about each service on a terminal; pass --yes to add them without asking")
        }
        let mailbox = try Mailbox(path: path)
        let progress = Progress(ctx)
        progress.file = path
        let scanner = engine.scanner(ctx, progress: progress)
        let mails = MailboxScanner(mail: MailScanner(scanner: scanner), since: since.flatMap { LocalDate(iso: $0) })
        let start = ContinuousClock.now
        var total = 0
        let expected = progress.enabled ? mailbox.messageCount : 0
        let findings = try mails.scan(mailbox) { n in
            total = n
            progress.bar(n, of: max(expected, n), "messages")
        }
        progress.clear()
        let groups = MailboxScanner.group(findings)
        let seconds = Double((ContinuousClock.now - start).components.attoseconds) / 1e18 + Double((ContinuousClock.now - start).components.seconds)
        Output.note("\(path): \(total) messages in \(String(format: "%.1f", seconds)) s; \(findings.count) invoice\(findings.count == 1 ? "" : "s") of \(groups.count) service\(groups.count == 1 ? "" : "s")")
        if json {
            for g in groups { print(Self.json(g)) }
        } else if !groups.isEmpty {
            Self.table(groups).write(ctx.output)
        }
        if add { try addServices(groups, mailbox: mailbox, scanner: scanner, progress: progress, ctx) }
    }

    static func amountText(_ e: Extraction) -> String {
        guard let a = e.amount.value else { return "-" }
        return e.currency.value.map { Money(a, $0).plainString + " " + $0.code } ?? "\(a)"
    }

    /// One row per service: its latest invoice, how many there are, how sure, and the latest subject.
    static func table(_ groups: [MailboxGroup]) -> Table {
        Table(header: ["NAME", "AMOUNT", "EVERY", "LATEST", "INVOICES", "SURE", "SUBJECT"], rows: groups.map { g in
            let l = g.latest
            return [g.name, amountText(l.extraction), g.cadence?.description ?? "-", l.date?.description ?? "-", "\(g.findings.count)",
                    "\(Int((g.confidence * 100).rounded()))%", l.message.message.subject ?? ""]
        }, rightAligned: [1, 4, 5])
    }

    static func json(_ g: MailboxGroup) -> String {
        func message(_ f: MailboxFinding) -> JSONValue {
            .object([
                ("file", .string(f.message.file)), ("date", .optional(f.message.message.date?.description)),
                ("from", .optional(f.message.message.from?.address)), ("subject", .optional(f.message.message.subject)),
                ("amount", .optional(f.extraction.amount.value.map { a in f.extraction.currency.value.map { Money(a, $0).plainString } ?? "\(a)" })),
                ("currency", .optional(f.extraction.currency.value?.code)),
                ("billing_date", .optional(f.extraction.billingDate.value?.description)),
                ("confidence", .number(String(format: "%.2f", f.confidence))),
            ])
        }
        let l = g.latest
        return JSONValue.object([
            ("name", .string(g.name)), ("count", .int(g.findings.count)),
            ("amount", .optional(l.extraction.amount.value.map { a in l.extraction.currency.value.map { Money(a, $0).plainString } ?? "\(a)" })),
            ("currency", .optional(l.extraction.currency.value?.code)),
            ("billing_date", .optional(l.date?.description)),
            ("frequency", .optional(g.cadence?.frequency)), ("interval", g.cadence.map { .int($0.count) } ?? .null),
            ("confidence", .number(String(format: "%.2f", g.confidence))),
            ("messages", .array(g.findings.map(message))),
        ]).serialized()
    }

    /// Adds (or updates) each service from its latest invoice, read whole (attachments too).
    private func addServices(_ groups: [MailboxGroup], mailbox: Mailbox, scanner: InvoiceScanner, progress: Progress, _ ctx: Context) throws {
        let adder = try SubsCommand.Add.parse(["--yes", "mailbox"] + (json ? ["--json"] : []))
        for g in groups {
            let m = g.latest.message
            let bytes = try mailbox.bytes(of: m)
            let file = mailbox.format == .mbox ? "\((mailbox.path as NSString).lastPathComponent)-\(m.number).eml" : m.file
            let digest = SHA256.hex(bytes)
            let (kept, all) = try ctx.openStore().read { tx in (try tx.documents(withDigest: digest), try tx.subscriptions()) }
            if !kept.isEmpty {
                Output.note("\(g.name): this invoice (\(file)) is kept already; skipped")
                continue
            }
            var (result, reading) = try engine.read(file, bytes: bytes, scanner: scanner, settings: nil, ctx: ctx, progress: progress)
            progress.clear()
            // The invoice does not say how often; the dates of its service's invoices do.
            if !result.frequencyStated, let cadence = g.cadence {
                result.extraction.frequency = ScannedField(cadence, confidence: 0.7, evidence: "the dates of \(g.findings.count) invoices")
                result.extraction.frequencyStated = true
            }
            var changes = result.extraction.subscriptionChanges
            if let a = changes.amount, a.hasPrefix("-") { changes.amount = nil }
            guard changes.name != nil, changes.amount != nil else {
                Output.note("\(g.name): could not read a name and an amount from \(file); skipped (subs add --scan FILE asks for them)")
                continue
            }
            if !yes {
                Output.note(ScanRecord.human(file: file, result, reading: reading, Output(noColor: true, environment: ctx.environment), evidence: true))
            }
            let document = SubsCommand.Add.Document(
                file: file, mediaType: result.mediaType.mimeType, bytes: bytes, digest: digest,
                extracted: ScanRecord.jsonLine(file: file, result, reading: reading))
            if let tracked = all.first(where: { Subscription.nameKey($0.name) == Subscription.nameKey(changes.name!) }) {
                let update = InvoiceUpdate(invoice: changes, for: tracked, today: ctx.today)
                Output.note(Review.describe(update, of: tracked))
                if !yes && !Output.confirm("Update \(tracked.name) from this invoice?", defaultYes: true) { continue }
                try adder.update(tracked.id, with: update.changes, document: document, ctx)
                continue
            }
            if !yes {
                do { changes = try Review.confirmOrCorrect(changes) } catch is ExitCode { continue }
            }
            try adder.add(changes, document: document, ctx)
        }
    }
}
