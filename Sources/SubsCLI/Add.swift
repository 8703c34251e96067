import ArgumentParser
import Foundation
import SubsAI
import SubsCore
import SubsScan

extension SubsCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a subscription, typed or read from an invoice (--scan).",
            discussion: """
                Example: subs add Netflix --amount 15.99 --currency EUR --next 2026-12-05 --category Streaming --remind 7,1
                With --scan FILE the name, amount, currency, billing date and frequency are read from the invoice
                (offline unless an AI endpoint is configured; see --engine and --send); options given on the
                command line win over what was read. On a terminal the result is shown for confirmation first.
                The document is kept with the subscription.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The service's name, unique (case-insensitive); read from the invoice with --scan.") var name: String?
        @OptionGroup var fields: SubscriptionOptions
        @Option(help: ArgumentHelp("Read the subscription from this invoice: PNG, JPEG, WebP, TIFF, GIF, BMP, HEIC or PDF.", valueName: "file"),
                completion: .file(extensions: ["png", "jpg", "jpeg", "webp", "tif", "tiff", "gif", "bmp", "heic", "heif", "pdf"]))
        var scan: String?
        @OptionGroup var engine: ScanEngineOptions
        @Flag(name: [.short, .long], help: "With --scan: add without asking for confirmation.") var yes = false
        @Flag(help: "Print the stored subscription as JSON.") var json = false

        func validate() throws {
            if name == nil && scan == nil {
                throw ValidationError("give the service's name, or --scan FILE to read it from an invoice")
            }
        }

        func run() throws {
            let ctx = try Context(global)
            var changes = fields.changes
            changes.name = name
            var document: (file: String, result: ScanResult, reading: AssistedReading)?
            if let file = scan {
                let (result, reading) = try readInvoice(file, ctx)
                document = (file, result, reading)
                changes = result.extraction.subscriptionChanges.overridden(by: changes)
                guard changes.name != nil else {
                    throw SubsError.usage("could not read the service's name from \(file); give it: subs add NAME --scan \(file)")
                }
                guard changes.amount != nil else {
                    throw SubsError.usage("could not read the amount from \(file); give it with --amount")
                }
                if !yes && isatty(STDIN_FILENO) == 1 && !Output.confirm("Add this subscription?", defaultYes: true) {
                    Output.note("Nothing added.")
                    throw ExitCode.failure
                }
            }
            let store = try ctx.openStore()
            let (added, settings) = try store.write { tx in
                let settings = try Settings.load(from: tx)
                var s = try ctx.ledger.makeSubscription(changes, settings: settings, existing: try tx.subscriptions())
                s.id = try tx.insert(s)
                if let document {
                    _ = try tx.attach(
                        StoredDocument(
                            subscriptionID: s.id, fileName: (document.file as NSString).lastPathComponent,
                            mediaType: document.result.mediaType.mimeType, size: document.result.document.count,
                            digest: fnv1a64Hex(document.result.document),
                            extracted: ScanRecord.jsonLine(file: document.file, document.result, reading: document.reading),
                            scannedAt: ctx.now),
                        content: document.result.document)
                }
                return (s, settings)
            }
            if json {
                ctx.output.printJSON(SubscriptionRecord.json(added, asOf: ctx.today, settings: settings))
            } else {
                let next = Schedule.nextCharges(of: added, from: ctx.today, count: 1).first
                print("Added \(added.name) (id \(added.id)): \(added.price) \(added.cadence)"
                    + (next.map { ", next charge \($0)" } ?? ""))
            }
        }

        /// Scans the invoice and shows what was read on stderr, for review.
        private func readInvoice(_ file: String, _ ctx: Context) throws -> (ScanResult, AssistedReading) {
            let progress = Progress(ctx)
            progress.file = file
            let scanner = engine.scanner(ctx, progress: progress)
            let (result, reading) = try engine.read(file, scanner: scanner, settings: try engine.llmSettings(ctx), ctx: ctx, progress: progress)
            progress.clear()
            Output.note(ScanRecord.human(file: file, result, reading: reading, Output(noColor: true, environment: ctx.environment)))
            for w in result.warnings + reading.warnings { Output.note("\(file): warning: \(w)") }
            return (result, reading)
        }
    }
}
