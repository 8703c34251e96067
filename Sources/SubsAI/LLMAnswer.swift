import Foundation
import SubsCore
import SubsScan

/// The model's answer, checked like user input before anything uses it.
public enum LLMAnswer {
    /// How much a checked model answer is trusted before agreement or disagreement with the local engine.
    static let baseConfidence = 0.7

    /// Why an answer was not usable: the caller falls back to the local result with this one-line warning.
    public struct Unusable: Error, Equatable, Sendable {
        public let reason: String
    }

    /// The `content` of the first choice, or why there is none (refusal, empty).
    public static func content(ofResponse body: String) throws(Unusable) -> String {
        guard let root = try? JSONValue.parse(body) else { throw Unusable(reason: "the AI endpoint's reply is not JSON") }
        guard let message = root["choices"]?.arrayValue?.first?["message"] else {
            throw Unusable(reason: "the AI endpoint's reply has no choices[0].message")
        }
        if let refusal = message["refusal"]?.stringValue, !refusal.isEmpty {
            throw Unusable(reason: "the model declined to read the document (\(refusal.prefix(80)))")
        }
        guard let content = message["content"]?.stringValue, !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw Unusable(reason: "the model's answer is empty")
        }
        return content
    }

    /// The fields of a schema-conforming answer, validated: amounts are decimals, currencies ISO 4217,
    /// dates real and plausible around `today`.
    public static func extraction(fromContent content: String, today: LocalDate) throws(Unusable) -> Extraction {
        var text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        // Some servers wrap JSON in a Markdown fence even in JSON mode.
        if text.hasPrefix("```") {
            text = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().filter { !$0.hasPrefix("```") }.joined(separator: "\n")
        }
        guard let root = try? JSONValue.parse(text), case .object(let pairs) = root else {
            throw Unusable(reason: "the model's answer is not a JSON object")
        }
        let keys = Set(pairs.map(\.0))
        let missing = ChatRequest.fields.filter { !keys.contains($0) }
        guard missing.isEmpty else { throw Unusable(reason: "the model's answer lacks \(missing.joined(separator: ", "))") }
        if let extra = keys.subtracting(ChatRequest.fields).sorted().first {
            throw Unusable(reason: "the model's answer has an unexpected field '\(extra)'")
        }
        func string(_ key: String) throws(Unusable) -> String? {
            switch root[key]! {
            case .null: return nil
            case .string(let s): return s.trimmingCharacters(in: .whitespaces).isEmpty ? nil : s.trimmingCharacters(in: .whitespaces)
            case .int(let i): return String(i)
            default: throw Unusable(reason: "the model's '\(key)' is not a string or null")
            }
        }
        var e = Extraction()
        let c = baseConfidence
        if let name = try string("name") {
            guard name.count <= 100, !name.contains(where: \.isNewline) else { throw Unusable(reason: "the model's name is not a short one-line name") }
            e.name = ScannedField(name, confidence: c, evidence: "AI")
        }
        if let a = try string("amount") {
            guard let amount = Decimal(exactly: a.replacingOccurrences(of: ",", with: ".")), amount >= 0, amount < 10_000_000 else {
                throw Unusable(reason: "the model's amount '\(a.prefix(20))' is not a plain decimal")
            }
            e.amount = ScannedField(amount, confidence: c, evidence: "AI")
        }
        if let code = try string("currency") {
            guard let currency = Currency(code: code) else { throw Unusable(reason: "the model's currency '\(code.prefix(10))' is not an ISO 4217 code") }
            e.currency = ScannedField(currency, confidence: c, evidence: "AI")
        }
        // Plausible: an invoice from the last ten years, a next charge within two years of it.
        let earliest = today.adding(months: -120), latest = today.adding(months: 24)
        for (key, path) in [("billing_date", \Extraction.billingDate), ("next_billing_date", \Extraction.nextBillingDate)] {
            guard let t = try string(key) else { continue }
            guard let d = LocalDate(iso: t) else { throw Unusable(reason: "the model's \(key) '\(t.prefix(20))' is not a real YYYY-MM-DD date") }
            guard d >= earliest && d <= latest else { throw Unusable(reason: "the model's \(key) \(d) is implausibly far from today") }
            e[keyPath: path] = ScannedField(d, confidence: c, evidence: "AI")
        }
        if let b = e.billingDate.value, let n = e.nextBillingDate.value, n <= b {
            e.nextBillingDate = .missing  // a "next" charge before this one is not a next charge
        }
        if let f = try string("frequency") {
            let cadence: Cadence? = switch f.lowercased() {
            case "weekly": .weekly
            case "monthly": .monthly
            case "quarterly": .quarterly
            case "yearly": .yearly
            default: nil
            }
            guard let cadence else { throw Unusable(reason: "the model's frequency '\(f.prefix(20))' is not weekly, monthly, quarterly or yearly") }
            e.frequency = ScannedField(cadence, confidence: c, evidence: "AI")
            e.frequencyStated = true
        }
        return e
    }
}
