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
    /// RFC 4180; bank exports also use `;`, tab and `|`.
    public static func parse(_ text: String, separator: Character = ",") throws(SubsError) -> [(line: Int, fields: [String])] {
        var rows: [(Int, [String])] = []
        var field = ""
        var fields: [String] = []
        var inQuotes = false
        var line = 1
        var rowLine = 1
        var chars = Array(text)
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < chars.count && chars[i + 1] == "\"" {
                        field.append("\"")
                        i += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" || c == "\r\n" { line += 1 }
                    field.append(c)
                }
            } else if c == "\"" && field.isEmpty {
                inQuotes = true
            } else if c == separator {
                fields.append(field)
                field = ""
            } else if c == "\n" || c == "\r\n" || c == "\r" {
                fields.append(field)
                if !(fields.count == 1 && fields[0].isEmpty) { rows.append((rowLine, fields)) }
                fields = []
                field = ""
                line += 1
                rowLine = line
            } else {
                field.append(c)
            }
            i += 1
        }
        if inQuotes { throw .data("line \(rowLine): a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            rows.append((rowLine, fields))
        }
        return rows
    }
}
