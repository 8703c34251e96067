import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    package struct Add: FullBuildCommand {
        package static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a subscription, typed or read from an invoice (--scan).",
            discussion: """
                Example: subs add Netflix --amount 15.99 --currency EUR --next 2026-12-05 --category Streaming --remind 7,1
                With --scan FILE the name, amount, currency, billing date and frequency are read from the invoice \
                (offline unless an AI endpoint is configured; see --engine and --send); options given on the \
                command line win over what was read. On a terminal the result is shown for review first, with \
                the text each value came from: Enter adds, n stops, e corrects the fields one by one; a name or \
                amount the invoice does not show is asked for. The document is kept with the subscription, as a \
                file named by its SHA-256 in documents/ next to the database. The same file scanned again is \
                refused, naming the subscription it is kept with; an invoice of a service already tracked \
                updates that subscription (a new price from the invoice's date, its schedule) instead of adding \
                it twice.
                """
        )

        package init() {}

        @OptionGroup package var global: GlobalOptions
        @Argument(help: "The service's name, unique (case-insensitive); read from the invoice with --scan.") package var name: String?
        @OptionGroup package var fields: SubscriptionOptions
        @Option(help: ArgumentHelp("Read the subscription from this invoice: PNG, JPEG, WebP, TIFF, GIF, BMP, HEIC, PDF or an e-mail (.eml).", valueName: "file"),
                completion: .file(extensions: ["png", "jpg", "jpeg", "webp", "tif", "tiff", "gif", "bmp", "heic", "heif", "pdf", "eml"]))
        package var scan: String?
        @OptionGroup package var engine: ScanEngineOptions
        @Flag(name: [.short, .long], help: "With --scan: add without asking for confirmation.") package var yes = false
        @Flag(help: "Print the stored subscription as JSON.") var json = false

        /// Reading an invoice needs the scanning libraries; typing a subscription does not.
        package var needsFullBuild: Bool { scan != nil }

        package func validate() throws {
            if name == nil && scan == nil {
                throw ValidationError("give the service's name, or --scan FILE to read it from an invoice")
            }
        }

        package func run() throws {
            if scan != nil { return try FullBuild.run(self) }
            var changes = fields.changes
            changes.name = name
            try add(changes, document: nil, try Context(global))
        }

        /// An invoice read by `--scan`, kept with the subscription.
        package struct Document {
            package var file: String
            package var mediaType: String
            package var bytes: Data
            /// What was read, as `subs scan --json` prints it.
            package var extracted: String
            /// SHA-256 of the bytes, hex.
            package let digest: String

            /// - Parameter digest: `SHA256.hex(bytes)` when the caller has it already.
            package init(file: String, mediaType: String, bytes: Data, digest: String? = nil, extracted: String) {
                self.file = file
                self.mediaType = mediaType
                self.bytes = bytes
                self.extracted = extracted
                self.digest = digest ?? SHA256.hex(bytes)
            }

            func stored(for subscriptionID: Int, at now: String) -> StoredDocument {
                StoredDocument(
                    subscriptionID: subscriptionID, fileName: (file as NSString).lastPathComponent, mediaType: mediaType,
                    size: bytes.count, digest: digest, extracted: extracted, scannedAt: now)
            }
        }

        /// Stores the subscription (and its document) in one transaction, then says what was added.
        package func add(_ changes: SubscriptionChanges, document: Document?, _ ctx: Context) throws {
            let store = try ctx.openStore()
            let (added, settings) = try store.write { tx in
                let settings = try Settings.load(from: tx)
                var s = try ctx.ledger.makeSubscription(changes, settings: settings, existing: try tx.subscriptions())
                s.id = try tx.insert(s)
                if let document { _ = try tx.attach(document.stored(for: s.id, at: ctx.now), content: document.bytes) }
                return (s, settings)
            }
            printOutcome("Added", added, settings, ctx)
        }

        /// Applies a new invoice to the subscription it is of (id `id`), and keeps the invoice, in one transaction.
        package func update(_ id: Int, with changes: SubscriptionChanges, document: Document, _ ctx: Context) throws {
            let (updated, settings) = try ctx.openStore().write { tx in
                let all = try tx.subscriptions()
                let settings = try Settings.load(from: tx)
                let original = try ctx.ledger.find(String(id), in: all)
                let s = changes.isEmpty ? original : try ctx.ledger.edit(original, with: changes, settings: settings, existing: all)
                if s != original { try tx.update(s) }
                _ = try tx.attach(document.stored(for: s.id, at: ctx.now), content: document.bytes)
                return (s, settings)
            }
            printOutcome(changes.isEmpty ? "Kept the invoice with" : "Updated", updated, settings, ctx)
        }

        private func printOutcome(_ verb: String, _ s: Subscription, _ settings: Settings, _ ctx: Context) {
            if json {
                ctx.output.printJSON(SubscriptionRecord.json(s, asOf: ctx.today, settings: settings))
            } else {
                let next = Schedule.nextCharges(of: s, from: ctx.today, count: 1).first
                print("\(verb) \(s.name) (id \(s.id)): \(s.price(on: ctx.today)) \(s.cadence)"
                    + (next.map { ", next charge \($0)" } ?? ""))
            }
        }
    }
}
