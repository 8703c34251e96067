/// Reading an export file (JSON or CSV) into records, each with the line it starts on.
public enum ExportFile {
    public static func parse(_ text: String, source: String) throws(SubsError) -> (records: [(Int, JSONValue)], settings: [(String, String)]) {
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.first == "{" || trimmed.first == "[" {
            let root: JSONValue
            do { root = try JSONValue.parse(text) } catch {
                throw SubsError(.data, "\(source): not valid JSON (\(error.message)); give a file from 'subs export'")
            }
            guard let list = (root["subscriptions"] ?? root).arrayValue else {
                throw SubsError(.data, "\(source): no 'subscriptions' array; give a file from 'subs export'")
            }
            let lines = recordLines(text)
            var settings: [(String, String)] = []
            if case .object(let pairs)? = root["settings"] {
                settings = pairs.compactMap { k, v in v.stringValue.map { (k, $0) } }
            }
            return (list.enumerated().map { i, r in (i < lines.count ? lines[i] : 0, r) }, settings)
        }
        let rows = try CSV.parse(text)
        guard let header = rows.first?.fields, header.contains("name") else {
            throw SubsError(.data, "\(source): not a subs export (JSON, or CSV with a header row naming 'name', 'amount', ...)")
        }
        var records: [(Int, JSONValue)] = []
        for row in rows.dropFirst() {
            guard row.fields.count == header.count else {
                throw SubsError(.data, "\(source) line \(row.line): \(row.fields.count) fields, the header has \(header.count); nothing was imported")
            }
            records.append((row.line, SubscriptionRecord.fromCSV(header: header, row: row.fields)))
        }
        return (records, [])
    }

    /// The line each record object starts on: objects directly inside the shallowest array.
    static func recordLines(_ text: String) -> [Int] {
        var stack: [UInt8] = []
        var found: [(depth: Int, line: Int)] = []
        var line = 1
        var inString = false
        var escaped = false
        for b in text.utf8 {
            if b == 10 { line += 1 }
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if b == UInt8(ascii: "{"), stack.last == UInt8(ascii: "[") { found.append((stack.count, line)) }
                stack.append(b)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast()
            default: break
            }
        }
        let top = found.map(\.depth).min()
        return found.filter { $0.depth == top }.map(\.line)
    }

    /// Refuses a record whose name or uid is already in the database.
    public static func checkNew(_ s: Subscription, against existing: [Subscription]) throws(SubsError) {
        var seen = Seen()
        for e in existing { seen.insert(e) }
        try checkNew(s, against: seen)
    }

    /// Name keys and uids already taken, so an import checks each record in constant time
    /// (folding every existing name for every record made importing 3,000 records take minutes).
    public struct Seen {
        var names: [String: String] = [:]
        var uids: Set<String> = []
        public var ids: Set<Int> = []

        public init() {}

        public mutating func insert(_ s: Subscription) {
            names[Subscription.nameKey(s.name)] = s.name
            uids.insert(s.uid)
            ids.insert(s.id)
        }
    }

    public static func checkNew(_ s: Subscription, against seen: Seen) throws(SubsError) {
        if let clash = seen.names[Subscription.nameKey(s.name)] {
            throw .conflict("a subscription named '\(clash)' exists already")
        }
        if seen.uids.contains(s.uid) {
            throw .conflict("subscription uid \(s.uid) is already in the database (imported before?)")
        }
    }
}
