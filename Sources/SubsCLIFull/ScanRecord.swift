import Foundation
import SubsAI
import SubsCLI
import SubsCore
import SubsScan

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

    /// The fields, one per line; with `evidence`, each followed by the text it was read from (the review form).
    static func human(file: String, _ r: ScanResult, reading: AssistedReading, _ out: Output, evidence: Bool = false) -> String {
        let v = values(r)
        let labels = ["name": "Name", "amount": "Amount", "currency": "Currency", "billing_date": "Billing date",
                      "next_billing_date": "Next billing", "frequency": "Frequency"]
        // An e-mail's body is a page of text too, but "text-layer" names a PDF's.
        let read = r.mediaType == .email ? (r.pages.count > 1 ? "e-mail with attachments" : "e-mail") : r.source.rawValue
        var lines = [out.bold(file) + out.dim("  (\(read), \(r.pages.count) page\(r.pages.count == 1 ? "" : "s"), \(r.elapsedMilliseconds) ms)")]
        for f in fields {
            let (value, conf, source) = v[f]!
            var text = value ?? out.dim("-")
            if f == "frequency" && !r.frequencyStated { text += out.dim(" (not stated; default)") }
            let mark = value != nil && conf < 0.6 ? out.yellow("  ? low confidence \(String(format: "%.2f", conf))") : ""
            lines.append("  " + (labels[f]! + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + text + mark)
            if evidence, value != nil, let source, !source.isEmpty {
                let oneLine = source.split(whereSeparator: \.isNewline).joined(separator: " ")
                lines.append("  " + String(repeating: " ", count: 14) + out.dim("from \"\(oneLine.prefix(60))\""))
            }
            if let d = reading.disagreements.first(where: { $0.field == f }) {
                lines.append("  " + String(repeating: " ", count: 14) + out.yellow("engines disagree: local \(d.local), AI \(d.ai)"))
            }
        }
        return lines.joined(separator: "\n")
    }
}
