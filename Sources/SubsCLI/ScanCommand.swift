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
                Example: subs scan invoice.pdf receipt.jpg --json
                """
        )

        package init() {}

        @OptionGroup package var global: GlobalOptions
        @Argument(help: "Invoice files: PNG, JPEG, WebP, TIFF, GIF, BMP, HEIC, PDF or an e-mail (.eml).",
                  completion: .file(extensions: ["png", "jpg", "jpeg", "webp", "tif", "tiff", "gif", "bmp", "heic", "heif", "pdf", "eml"]))
        package var files: [String]
        @Flag(help: "Print one JSON object per file, one per line.") package var json = false
        @Flag(help: "Also print the text that was read (the OCR or PDF text layer).") package var text = false
        @OptionGroup package var engine: ScanEngineOptions

        package func run() throws { try FullBuild.run(self) }
    }
}
