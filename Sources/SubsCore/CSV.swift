import Foundation

/// RFC 4180 CSV: fields quoted when they hold a comma, quote or line break.
public enum CSV {
    public static func line(_ fields: [String]) -> String {
        fields.map { f in
            f.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f
        }.joined(separator: ",")
    }

    /// Rows with the 1-based line each starts on. Throws on an unterminated quote. `separator` is `,` for
    /// RFC 4180; bank exports also use `;`, tab and `|` (an ASCII separator).
    public static func parse(_ text: String, separator: Character = ",") throws(SubsError) -> [(line: Int, fields: [String])] {
        // Bytes, not Characters: quotes, separators and line breaks are ASCII, and an ASCII byte never occurs
        // inside a multi-byte UTF-8 sequence, so this splits exactly where a Character walk would, many times faster.
        let sep = separator.asciiValue ?? UInt8(ascii: ",")
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var text = text
        let (rows, unclosed) = text.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) -> ([(line: Int, fields: [String])], Int?) in
            var rows: [(line: Int, fields: [String])] = []
            var fields: [String] = []
            var field: [UInt8] = []
            var inQuotes = false
            var quoted = false
            var line = 1
            var rowLine = 1
            var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let n = bytes.count
            func endField() {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                quoted = false
            }
            while i < n {
                let c = bytes[i]
                if inQuotes {
                    if c == quote {
                        if i + 1 < n && bytes[i + 1] == quote {
                            field.append(quote)
                            i += 1
                        } else {
                            inQuotes = false
                        }
                    } else {
                        if c == lf { line += 1 }
                        field.append(c)
                    }
                } else if c == quote && field.isEmpty && !quoted {
                    inQuotes = true
                    quoted = true
                } else if c == sep {
                    endField()
                } else if c == lf || c == cr {
                    if c == cr && i + 1 < n && bytes[i + 1] == lf { i += 1 }
                    endField()
                    if !(fields.count == 1 && fields[0].isEmpty) { rows.append((rowLine, fields)) }
                    fields.removeAll(keepingCapacity: true)
                    line += 1
                    rowLine = line
                } else {
                    field.append(c)
                }
                i += 1
            }
            if inQuotes { return (rows, rowLine) }
            if !field.isEmpty || !fields.isEmpty {
                endField()
                rows.append((rowLine, fields))
            }
            return (rows, nil)
        }
        if let line = unclosed { throw .data("line \(line): a quoted field is not closed") }
        return rows
    }
}
