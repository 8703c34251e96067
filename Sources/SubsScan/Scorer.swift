import Foundation

/// The trained scorers (`Resources/scorer.json`, written by `make train`): per field, gradient-boosted trees
/// over the candidates' features, and the score under which the field is left empty.
struct ScoringModel: Sendable, Decodable {
    struct Field: Sendable, Decodable {
        var features: [String]
        var baseline: Double
        /// Below this probability the field stays empty: the document does not say, or not clearly.
        var threshold: Double
        var trees: [Tree]

        /// The probability that a candidate with these feature values is the field's value.
        func score(_ values: [Double]) -> Double {
            var raw = baseline
            for tree in trees { raw += tree.value(values) }
            return 1 / (1 + exp(-raw))
        }
    }

    /// One tree, as parallel arrays of its nodes (node 0 is the root).
    struct Tree: Sendable, Decodable {
        var feature: [Int]
        var threshold: [Double]
        var left: [Int]
        var right: [Int]
        var value: [Double]
        /// Where a missing value (NaN) goes.
        var missingLeft: [Bool]
        var leaf: [Bool]

        func value(_ x: [Double]) -> Double {
            var n = 0
            while !leaf[n] {
                let v = x[feature[n]]
                n = v.isNaN ? (missingLeft[n] ? left[n] : right[n]) : (v <= threshold[n] ? left[n] : right[n])
            }
            return value[n]
        }
    }

    var version: Int
    var fields: [String: Field]

    static let fieldNames = ["amount", "currency", "billing", "next", "name", "frequency"]

    /// The shipped model; nil when it is missing or does not fit the features this build computes (then
    /// every field stays empty, with a warning, rather than scored on the wrong columns).
    static let bundled: ScoringModel? = {
        guard let url = Bundle.module.url(forResource: "scorer", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(ScoringModel.self, from: data)
    }()

    /// The field's scorer when its features are exactly `names`, in that order.
    func field(_ name: String, matching names: [String]) -> Field? {
        guard let f = fields[name], f.features == names else { return nil }
        return f
    }
}
