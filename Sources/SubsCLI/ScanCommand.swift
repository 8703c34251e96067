import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    package struct Scan: FullBuildCommand {
        package static let configuration = CommandConfiguration(
            commandName: "scan",
            abstract: "Read invoices (images or PDFs) and print what they say; nothing is saved.",
            discussion: """
                Offline: PDF text layers are read directly, other pages go through Tesseract OCR. \
                Prints name, amount, currency, billing date, next billing date and frequency with a \
                confidence each; unread fields are empty (null in JSON). An unreadable file prints its \
                error and the exit status is that of the first failure, once the other files are scanned.
                An e-mail (.eml) is read whole: its HTML or text body, its PDF and image attachments, its sender \
                and Date: header (for a forwarded mail, the original ones).
                --mailbox PATH reads an mbox file or a Maildir folder and lists the messages that look like \
                subscription invoices or renewal notices, one row per service with the number of its invoices \
                and the latest amount; bodies only, PDF attachments when a body shows no amount. --add then adds \
                each service after a question on the terminal (--yes adds them all, for scripts).
                Example: subs scan invoice.pdf receipt.jpg --json
                Example: subs scan --mailbox ~/Mail/inbox.mbox --since 2026-01-01
                """
        )

        package init() {}

        @OptionGroup package var global: GlobalOptions
        @Argument(help: "Invoice files: PNG, JPEG, WebP, TIFF, GIF, BMP, HEIC, PDF or an e-mail (.eml).",
                  completion: .file(extensions: ["png", "jpg", "jpeg", "webp", "tif", "tiff", "gif", "bmp", "heic", "heif", "pdf", "eml"]))
        package var files: [String] = []
        @Option(help: ArgumentHelp("List the invoices in this mbox file or Maildir folder.", valueName: "path"),
                completion: .file()) package var mailbox: String?
        @Option(help: ArgumentHelp("With --mailbox: only messages sent on or after this day.", valueName: "yyyy-mm-dd"))
        package var since: String?
        @Flag(help: "With --mailbox: add the services found, asking about each one on a terminal.") package var add = false
        @Flag(name: [.short, .long], help: "With --add: add without asking.") package var yes = false
        @Flag(help: "Print one JSON object per file (per service with --mailbox), one per line.") package var json = false
        @Flag(help: "Also print the text that was read (the OCR or PDF text layer).") package var text = false
        @OptionGroup package var engine: ScanEngineOptions

        package func validate() throws {
            if mailbox == nil {
                if files.isEmpty { throw ValidationError("give the invoice files to scan, or --mailbox PATH") }
                if since != nil || add || yes { throw ValidationError("--since, --add and --yes go with --mailbox PATH") }
            } else if !files.isEmpty {
                throw ValidationError("give either files or --mailbox PATH, not both")
            }
            if yes && !add { throw ValidationError("--yes goes with --add") }
            if let since, LocalDate(iso: since) == nil {
                throw ValidationError("--since '\(since)' is not a real date; use YYYY-MM-DD, like 2026-01-31")
            }
        }

        package func run() throws { try FullBuild.run(self) }
    }
}
