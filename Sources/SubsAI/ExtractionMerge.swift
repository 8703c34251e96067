import SubsCore
import SubsScan

/// Merges the local extractor's result with the model's, field by field.
///
/// Agreement raises confidence. On disagreement the more confident side wins (the model's checked
/// answer counts 0.7, so a local reading the extractor is very sure of stays) and both values are kept
/// in `disagreements` for the review form. A field only one side read is taken from that side.
public enum ExtractionMerge {
    public struct Disagreement: Sendable, Equatable {
        public let field: String
        public let local: String
        public let ai: String
    }

    public static func merge(local: Extraction, ai: Extraction) -> (Extraction, [Disagreement]) {
        var merged = local
        var disagreements: [Disagreement] = []
        func field<V>(_ path: WritableKeyPath<Extraction, ScannedField<V>>, _ name: String, same: (V, V) -> Bool = { $0 == $1 }, show: (V) -> String) {
            let l = local[keyPath: path], a = ai[keyPath: path]
            switch (l.value, a.value) {
            case (nil, nil): return
            case (nil, _?): merged[keyPath: path] = a
            case (_?, nil): return
            case let (lv?, av?):
                if same(lv, av) {
                    merged[keyPath: path] = ScannedField(lv, confidence: min(1, max(l.confidence, a.confidence) + 0.2), evidence: l.evidence)
                } else {
                    disagreements.append(Disagreement(field: name, local: show(lv), ai: show(av)))
                    merged[keyPath: path] = l.confidence >= 0.9 || l.confidence > a.confidence ? l : a
                }
            }
        }
        field(\.name, "name", same: { Subscription.nameKey($0) == Subscription.nameKey($1) }, show: { $0 })
        field(\.amount, "amount", show: { "\($0)" })
        field(\.currency, "currency", show: { $0.code })
        field(\.billingDate, "billing_date", show: { $0.description })
        field(\.nextBillingDate, "next_billing_date", show: { $0.description })
        // Frequency: a stated one beats the monthly default; two stated ones merge like the other fields.
        if ai.frequencyStated && !local.frequencyStated {
            merged.frequency = ai.frequency
            merged.frequencyStated = true
        } else if ai.frequencyStated && local.frequencyStated {
            field(\.frequency, "frequency", show: { $0.frequency })
        }
        return (merged, disagreements)
    }
}
