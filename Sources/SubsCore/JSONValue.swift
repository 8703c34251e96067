import Foundation

/// A JSON value with ordered object keys, so output is stable and reads in a sensible order.
public indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    /// A number that is not an integer, as its exact JSON text ("0.1"): output only, never via Double.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }

    public static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
    public static func optional(_ i: Int?) -> JSONValue { i.map { .int($0) } ?? .null }
    public static func optional(_ d: LocalDate?) -> JSONValue { d.map { .string($0.description) } ?? .null }

    public subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    /// Compact (one line) or pretty (two-space indent) JSON text.
    public func serialized(pretty: Bool = false, indent: String = "") -> String {
        var out: [UInt8] = []
        write(into: &out, pretty: pretty, indent: indent.count)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends UTF-8 to one buffer (building and joining a string per node made 100,000-element arrays slow;
    /// appending bytes is a few times faster than appending to a String).
    public func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
        func newline(_ level: Int) {
            out.append(UInt8(ascii: "\n"))
            if level <= JSONValue.spaces.count {
                JSONValue.spaces.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<level])) }
            } else {
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level))
            }
        }
        switch self {
        case .string(let s): JSONValue.quote(s, into: &out)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .number(let n): out.append(contentsOf: n.utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            let scalars = items.allSatisfy(\.isScalar)
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(contentsOf: (pretty && scalars ? ", " : ",").utf8) }
                if pretty && !scalars { newline(indent + 2) }
                item.write(into: &out, pretty: pretty && !scalars, indent: indent + 2)
            }
            if pretty && !scalars { newline(indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            if pairs.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 2) }
                JSONValue.quote(key, into: &out)
                out.append(contentsOf: (pretty ? ": " : ":").utf8)
                value.write(into: &out, pretty: pretty, indent: indent + 2)
            }
            if pretty { newline(indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Indentation, copied from here (appending a repeated space byte by byte cost more than the text).
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Neither an array nor an object: a pretty array of scalars stays on one line.
    public var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    static func quote(_ s: String, into out: inout [UInt8]) {
        // Most strings need no escaping: append their bytes whole, scanned once in place.
        var s = s
        let plain = s.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { out.append(contentsOf: quote(s).utf8) }
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
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// Parses JSON text. Numbers keep their exact text (`15.99` never passes through Double):
    /// integers become `.int`, others `.string`. Key order follows the text.
    public static func parse(_ text: String) throws(SubsError) -> JSONValue {
        var p = JSONParser(Array(text.utf8))
        let value = try p.value()
        p.skipSpace()
        guard p.i == p.bytes.count else { throw p.error("unexpected text after the JSON value") }
        return value
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var intValue: Int? {
        switch self {
        case .int(let i): i
        case .string(let s): Int(s)
        default: nil
        }
    }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var isNull: Bool { self == .null }
}

/// A small recursive-descent JSON parser (RFC 8259) that reports the line of an error.
struct JSONParser {
    let bytes: [UInt8]
    var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// 1-based line of a byte offset.
    func line(at offset: Int) -> Int { 1 + bytes[..<min(offset, bytes.count)].lazy.filter { $0 == 10 }.count }

    func error(_ message: String) -> SubsError { .data("line \(line(at: i)): \(message)") }

    mutating func skipSpace() {
        while i < bytes.count, [9, 10, 13, 32].contains(bytes[i]) { i += 1 }
    }

    mutating func value(depth: Int = 0) throws(SubsError) -> JSONValue {
        guard depth < 100 else { throw error("JSON nested too deeply") }
        skipSpace()
        guard i < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var pairs: [(String, JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                i += 1
                pairs.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of JSON") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of JSON") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            let start = i
            while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            if let n = Int(text) { return .int(n) }
            guard !text.isEmpty, Decimal(string: text) != nil else { throw error("unexpected character in JSON") }
            return .string(text)
        }
    }

    private mutating func literal(_ word: String, _ v: JSONValue) throws(SubsError) -> JSONValue {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw error("unexpected word in JSON") }
        i += w.count
        return v
    }

    private mutating func string() throws(SubsError) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw error("control character inside a JSON string") }
            if b != UInt8(ascii: "\\") { out.append(b); continue }
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                    bytes[i + 1] == UInt8(ascii: "u")
                {
                    i += 2
                    let low = try hex4()
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: out.append(e)
            }
        }
        throw error("unterminated JSON string")
    }

    private mutating func hex4() throws(SubsError) -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16)
        else { throw error("invalid \\u escape") }
        i += 4
        return v
    }
}
