import ArgumentParser
import Foundation
import SubsCore
import SubsAI
import SubsScan

extension SubsCommand {
    struct Scan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read invoices (images or PDFs) and print what they say; nothing is saved.",
            discussion: """
                Offline: PDF text layers are read directly, other pages go through Tesseract OCR.
                Prints name, amount, currency, billing date, next billing date and frequency with a
                confidence each; unread fields are empty (null in JSON). An unreadable file prints its
                error and the exit status is that of the first failure, once the other files are scanned.
                Example: subs scan invoice.pdf receipt.jpg --json
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Invoice files: PNG, JPEG, WebP, TIFF, GIF, BMP, HEIC or PDF.",
                  completion: .file(extensions: ["png", "jpg", "jpeg", "webp", "tif", "tiff", "gif", "bmp", "heic", "heif", "pdf"]))
        var files: [String]
        @Flag(help: "Print one JSON object per file, one per line.") var json = false
        @Flag(help: "Also print the text that was read (the OCR or PDF text layer).") var text = false
        @OptionGroup var engine: ScanEngineOptions

        func run() throws {
            let ctx = try Context(global)
            let progress = Progress(ctx)
            let scanner = engine.scanner(ctx, progress: progress)
            let settings = try engine.llmSettings(ctx)
            // The exit status is that of the first failure, after every file has been tried.
            var firstFailure: SubsError.Kind?
            for (n, file) in files.enumerated() {
                progress.file = files.count > 1 ? "\(file) (\(n + 1)/\(files.count))" : file
                do {
                    let (result, reading) = try engine.read(file, scanner: scanner, settings: settings, ctx: ctx, progress: progress)
                    progress.clear()
                    for w in result.warnings + reading.warnings where !json { Output.note("\(file): warning: \(w)") }
                    print(json ? ScanRecord.jsonLine(file: file, result, reading: reading, text: text)
                        : ScanRecord.human(file: file, result, reading: reading, ctx.output))
                    if text && !json { print(result.text + "\n") }
                } catch let error as SubsError {
                    progress.clear()
                    firstFailure = firstFailure ?? error.kind
                    if json {
                        print(JSONValue.object([("file", .string(file)), ("error", .string(error.message))]).serialized())
                    } else {
                        Output.error(error.message)
                    }
                }
            }
            if let firstFailure { throw ExitCode(ExitStatus.code(for: firstFailure)) }
        }
    }
}

/// A one-line progress note on stderr while OCR runs; only on a terminal.
final class Progress: @unchecked Sendable {
    let enabled: Bool
    var file = ""
    private let lock = NSLock()

    /// Shown only when stderr is a terminal that can redraw a line.
    init(_ ctx: Context) { enabled = isatty(STDERR_FILENO) == 1 && ctx.environment["TERM"] != "dumb" }

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

    static func jsonLine(file: String, _ r: ScanResult, reading: AssistedReading, text: Bool = false) -> String {
        let v = values(r)
        var pairs: [(String, JSONValue)] = [("file", .string(file))]
        for f in fields { pairs.append((f, .optional(v[f]!.value))) }
        pairs.append(("frequency_stated", .bool(r.frequencyStated)))
        pairs.append(("confidence", .object(fields.map { ($0, .number(String(format: "%.2f", v[$0]!.value == nil ? 0 : v[$0]!.confidence))) })))
        pairs.append(("evidence", .object(fields.map { ($0, .optional(v[$0]!.evidence)) })))
        pairs.append(("category", .optional(r.extraction.category)))
        pairs.append(("language", .optional(r.extraction.language)))
        pairs.append(("source", .string(r.source.rawValue)))
        pairs.append(("pages", .int(r.pages.count)))
        pairs.append(("media_type", .string(r.mediaType.mimeType)))
        pairs.append(("elapsed_ms", .int(r.elapsedMilliseconds)))
        pairs.append(("warnings", .array((r.warnings + reading.warnings).map { .string($0) })))
        pairs.append(("engine", .string(reading.engine)))
        pairs.append(("disagreements", .array(reading.disagreements.map {
            .object([("field", .string($0.field)), ("local", .string($0.local)), ("ai", .string($0.ai))])
        })))
        if text { pairs.append(("text", .string(r.text))) }
        return JSONValue.object(pairs).serialized()
    }

    static func human(file: String, _ r: ScanResult, reading: AssistedReading, _ out: Output) -> String {
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
            if let d = reading.disagreements.first(where: { $0.field == f }) {
                lines.append("  " + String(repeating: " ", count: 14) + out.yellow("engines disagree: local \(d.local), AI \(d.ai)"))
            }
        }
        return lines.joined(separator: "\n")
    }
}
