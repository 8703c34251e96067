import ArgumentParser
import Foundation
import SubsCore
import SubsScan

extension SubsCommand {
    struct Scan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read invoices (images or PDFs) and print what they say; nothing is saved.",
            discussion: """
                Offline: PDF text layers are read directly, other pages go through Tesseract OCR.
                Prints name, amount, currency, billing date, next billing date and frequency with a
                confidence each; unread fields are empty (null in JSON). An unreadable file prints its
                error and the exit status is non-zero at the end, after the other files are scanned.
                Example: subs scan invoice.pdf receipt.jpg --json
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Invoice files: PNG, JPEG, WebP, TIFF, GIF, BMP, HEIC or PDF.",
                  completion: .file(extensions: ["png", "jpg", "jpeg", "webp", "tif", "tiff", "gif", "bmp", "heic", "heif", "pdf"]))
        var files: [String]
        @Flag(help: "Print one JSON object per file, one per line.") var json = false
        @Flag(help: "Also print the text that was read (the OCR or PDF text layer).") var text = false
        @Option(help: ArgumentHelp("OCR languages, '+'-separated Tesseract codes.", valueName: "langs"))
        var lang: String = "eng+fra+deu+spa"
        @Option(name: .customLong("max-pages"), help: ArgumentHelp("Refuse PDFs with more pages.", valueName: "n"))
        var maxPages: Int = 10

        func validate() throws {
            guard maxPages >= 1 else { throw ValidationError("--max-pages must be at least 1") }
            let codes = lang.split(separator: "+", omittingEmptySubsequences: false)
            guard !codes.isEmpty, codes.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "_" } }) else {
                throw ValidationError("--lang takes Tesseract codes joined by '+', like eng+fra+deu+spa")
            }
        }

        static func scanOne(_ scanner: InvoiceScanner, _ file: String) -> Result<ScanResult, SubsError> {
            do {
                return .success(try scanner.scan(URL(fileURLWithPath: file)))
            } catch {
                return .failure(error)
            }
        }

        func run() throws {
            let ctx = try Context(global)
            let locale = ctx.environment["LC_ALL"] ?? ctx.environment["LC_MONETARY"] ?? ctx.environment["LANG"] ?? ""
            var options = ScanOptions(languages: lang, maxPages: maxPages, defaultCurrency: Settings.currency(forLocale: locale))
            let progress = Progress(enabled: isatty(STDERR_FILENO) == 1 && ctx.environment["TERM"] != "dumb")
            options.progress = { progress.show($0) }
            let scanner = InvoiceScanner(options: options)
            var failed = false
            for (n, file) in files.enumerated() {
                progress.file = files.count > 1 ? "\(file) (\(n + 1)/\(files.count))" : file
                switch Self.scanOne(scanner, file) {
                case .success(let result):
                    progress.clear()
                    for w in result.warnings where !json { Output.note("\(file): warning: \(w)") }
                    print(json ? ScanRecord.jsonLine(file: file, result, text: text) : ScanRecord.human(file: file, result, ctx.output))
                    if text && !json { print(result.text + "\n") }
                case .failure(let error):
                    progress.clear()
                    failed = true
                    if json {
                        print(ScanRecord.object([("file", ScanRecord.quote(file)), ("error", ScanRecord.quote(error.message))]))
                    } else {
                        Output.error(error.message)
                    }
                }
            }
            if failed { throw ExitCode(ExitStatus.code(for: .data)) }
        }
    }
}

/// A one-line progress note on stderr while OCR runs; only on a terminal.
final class Progress: @unchecked Sendable {
    let enabled: Bool
    var file = ""
    private let lock = NSLock()

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ step: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data("\r\u{1B}[Kscanning \(file): \(step)…".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// How `subs scan` prints a result.
enum ScanRecord {
    static let fields = ["name", "amount", "currency", "billing_date", "next_billing_date", "frequency"]

    static func values(_ r: ScanResult) -> [String: (value: String?, confidence: Double, evidence: String?)] {
        let amountText: String? = r.amount.value.map { a in
            r.currency.value.map { Money(a, $0).plainString } ?? "\(a)"
        }
        return [
            "name": (r.name.value, r.name.confidence, r.name.evidence),
            "amount": (amountText, r.amount.confidence, r.amount.evidence),
            "currency": (r.currency.value?.code, r.currency.confidence, r.currency.evidence),
            "billing_date": (r.billingDate.value?.description, r.billingDate.confidence, r.billingDate.evidence),
            "next_billing_date": (r.nextBillingDate.value?.description, r.nextBillingDate.confidence, r.nextBillingDate.evidence),
            "frequency": (r.frequency.value?.frequency ?? "monthly", r.frequency.confidence, r.frequency.evidence),
        ]
    }

    static func jsonLine(file: String, _ r: ScanResult, text: Bool = false) -> String {
        let v = values(r)
        var pairs: [(String, String)] = [("file", quote(file))]
        for f in fields { pairs.append((f, v[f]!.value.map(quote) ?? "null")) }
        pairs.append(("frequency_stated", r.frequencyStated ? "true" : "false"))
        pairs.append(("confidence", object(fields.map { ($0, String(format: "%.2f", v[$0]!.value == nil ? 0 : v[$0]!.confidence)) })))
        pairs.append(("evidence", object(fields.map { ($0, v[$0]!.evidence.map(quote) ?? "null") })))
        pairs.append(("category", r.extraction.category.map(quote) ?? "null"))
        pairs.append(("language", r.extraction.language.map(quote) ?? "null"))
        pairs.append(("source", quote(r.source.rawValue)))
        pairs.append(("pages", String(r.pages.count)))
        pairs.append(("media_type", quote(r.mediaType.mimeType)))
        pairs.append(("elapsed_ms", String(r.elapsedMilliseconds)))
        pairs.append(("warnings", "[" + r.warnings.map(quote).joined(separator: ",") + "]"))
        if text { pairs.append(("text", quote(r.text))) }
        return object(pairs)
    }

    static func human(file: String, _ r: ScanResult, _ out: Output) -> String {
        let v = values(r)
        let labels = ["name": "Name", "amount": "Amount", "currency": "Currency", "billing_date": "Billing date",
                      "next_billing_date": "Next billing", "frequency": "Frequency"]
        var lines = [out.bold(file) + out.dim("  (\(r.source.rawValue), \(r.pages.count) page\(r.pages.count == 1 ? "" : "s"), \(r.elapsedMilliseconds) ms)")]
        for f in fields {
            let (value, conf, _) = v[f]!
            var text = value ?? out.dim("-")
            if f == "frequency" && !r.frequencyStated { text += out.dim(" (not stated; default)") }
            let mark = value != nil && conf < 0.6 ? out.yellow("  ? low confidence \(String(format: "%.2f", conf))") : ""
            lines.append("  " + (labels[f]! + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + text + mark)
        }
        return lines.joined(separator: "\n")
    }

    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
