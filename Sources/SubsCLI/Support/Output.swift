import Foundation
import SubsCore

/// Where output goes and how it looks: data on stdout, messages on stderr; colour only on a terminal
/// and never with NO_COLOR, TERM=dumb or --no-color.
struct Output {
    let isTerminal: Bool
    let useColor: Bool
    let width: Int

    init(noColor: Bool, environment: [String: String]) {
        isTerminal = isatty(STDOUT_FILENO) == 1
        let noColorEnv = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isTerminal && !noColor && !noColorEnv && environment["TERM"] != "dumb"
        var size = winsize()
        if isTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            width = Int(size.ws_col)
        } else {
            width = Int(environment["COLUMNS"] ?? "") ?? 80
        }
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("subs: \(message)\n".utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    func bold(_ s: String) -> String { useColor ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    func dim(_ s: String) -> String { useColor ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    func red(_ s: String) -> String { useColor ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
    func yellow(_ s: String) -> String { useColor ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
    func green(_ s: String) -> String { useColor ? "\u{1B}[32m\(s)\u{1B}[0m" : s }
    func cyan(_ s: String) -> String { useColor ? "\u{1B}[36m\(s)\u{1B}[0m" : s }

    func printJSON(_ value: JSONValue) { print(value.serialized(pretty: true)) }

    func printCSV(header: [String], rows: [[String]]) {
        print(CSV.line(header))
        for r in rows { print(CSV.line(r)) }
    }
}

/// An aligned text table. Columns whose header is in `rightAligned` are right-aligned (amounts).
struct Table {
    var header: [String]
    var rows: [[String]] = []
    var rightAligned: Set<Int> = []

    func render(_ out: Output) -> String {
        var widths = header.map(\.count)
        for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
        func line(_ cells: [String], header: Bool) -> String {
            let padded = cells.enumerated().map { i, c -> String in
                let pad = String(repeating: " ", count: widths[i] - c.count)
                return rightAligned.contains(i) ? pad + c : (i == cells.count - 1 ? c : c + pad)
            }
            var text = Substring(padded.joined(separator: "  "))
            while text.last == " " { text = text.dropLast() }
            return header ? out.bold(String(text)) : String(text)
        }
        return ([line(header, header: true)] + rows.map { line($0, header: false) }).joined(separator: "\n")
    }
}
