import Foundation

/// The trained scorers (`Resources/scorer.json`, written by `make train`): per field, gradient-boosted trees
/// over the candidates' features, and the score under which the field is left empty.
struct ScoringModel: Sendable {
    struct Field: Sendable {
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
    struct Tree: Sendable {
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
        return ScoringModel(json: data)
    }()

    /// The model from its JSON. Read by `ModelJSON`, not JSONDecoder, which takes 0.2 s over its 600,000
    /// numbers: most of the time a text PDF's whole scan takes.
    init?(json data: Data) {
        guard case .object(let top)? = ModelJSON.parse(data), case .number(let version)? = top["version"],
            case .object(let fields)? = top["fields"]
        else { return nil }
        self.version = Int(version)
        var parsed: [String: Field] = [:]
        for (name, value) in fields {
            guard case .object(let f) = value, let features = f["features"]?.strings, case .number(let baseline)? = f["baseline"],
                case .number(let threshold)? = f["threshold"], case .array(let trees)? = f["trees"]
            else { return nil }
            var read: [Tree] = []
            read.reserveCapacity(trees.count)
            for t in trees {
                guard case .object(let t) = t, let feature = t["feature"]?.numbers, let thresholds = t["threshold"]?.numbers,
                    let left = t["left"]?.numbers, let right = t["right"]?.numbers, let value = t["value"]?.numbers,
                    let missingLeft = t["missingLeft"]?.bools, let leaf = t["leaf"]?.bools
                else { return nil }
                read.append(Tree(feature: feature.map { Int($0) }, threshold: thresholds, left: left.map { Int($0) },
                                 right: right.map { Int($0) }, value: value, missingLeft: missingLeft, leaf: leaf))
            }
            parsed[name] = Field(features: features, baseline: baseline, threshold: threshold, trees: read)
        }
        self.fields = parsed
    }

    /// The field's scorer when its features are exactly `names`, in that order.
    func field(_ name: String, matching names: [String]) -> Field? {
        guard let f = fields[name], f.features == names else { return nil }
        return f
    }
}

/// A JSON reader for the model file: numbers as Doubles straight from the bytes, no Codable machinery.
enum ModelJSON {
    indirect enum Value {
        case number(Double), bool(Bool), string(String), null
        case array([Value])
        /// Arrays of numbers or of booleans (the trees' nodes) are read flat, not element by element.
        case numbers([Double])
        case bools([Bool])
        case object([String: Value])

        var numbers: [Double]? {
            if case .numbers(let a) = self { return a }
            if case .array(let a) = self, a.isEmpty { return [] }
            return nil
        }
        var bools: [Bool]? {
            if case .bools(let a) = self { return a }
            if case .array(let a) = self, a.isEmpty { return [] }
            return nil
        }
        var strings: [String]? {
            guard case .array(let a) = self else { return nil }
            var out: [String] = []
            for v in a { guard case .string(let s) = v else { return nil }; out.append(s) }
            return out
        }
    }

    static func parse(_ data: Data) -> Value? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Value? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard let v = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.i == reader.bytes.count ? v : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        mutating func value(depth: Int) -> Value? {
            guard depth < 32 else { return nil }
            skipSpace()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var object: [String: Value] = [:]
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
                while true {
                    skipSpace()
                    guard case .string(let key)? = value(depth: depth + 1) else { return nil }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    object[key] = v
                    skipSpace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1
                var array: [Value] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(array) }
                if i < bytes.count, bytes[i] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[i]) {
                    var flat: [Double] = []
                    while true {
                        guard case .number(let d)? = value(depth: depth + 1) else { return nil }
                        flat.append(d)
                        skipSpace()
                        guard i < bytes.count else { return nil }
                        if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                        if bytes[i] == UInt8(ascii: "]") { i += 1; return .numbers(flat) }
                        return nil
                    }
                }
                if i < bytes.count, bytes[i] == UInt8(ascii: "t") || bytes[i] == UInt8(ascii: "f") {
                    var flat: [Bool] = []
                    while true {
                        guard case .bool(let b)? = value(depth: depth + 1) else { return nil }
                        flat.append(b)
                        skipSpace()
                        guard i < bytes.count else { return nil }
                        if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                        if bytes[i] == UInt8(ascii: "]") { i += 1; return .bools(flat) }
                        return nil
                    }
                }
                while true {
                    guard let v = value(depth: depth + 1) else { return nil }
                    array.append(v)
                    skipSpace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(array) }
                    return nil
                }
            case UInt8(ascii: "\""):
                // The model's strings are feature names: no escapes beyond the plain ones.
                i += 1
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                    i += 1
                }
                guard i < bytes.count else { return nil }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return .string(text)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default:
                let start = i
                while i < bytes.count, (0x30...0x39).contains(bytes[i]) || bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")
                    || bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") { i += 1 }
                guard i > start, let d = Double(Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                else { return nil }
                return .number(d)
            }
        }

        mutating func literal(_ word: StaticString, _ v: Value) -> Value? {
            let n = word.utf8CodeUnitCount
            guard i + n <= bytes.count else { return nil }
            for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return nil }
            i += n
            return v
        }
    }
}
