import Foundation
import SubsCore

/// Where output goes and how it looks: data on stdout, messages on stderr; colour only on a terminal
/// and never with NO_COLOR, TERM=dumb or --no-color.
package struct Output {
    let isTerminal: Bool
    let useColor: Bool
    let width: Int

    package init(noColor: Bool, environment: [String: String]) {
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

    package static func error(_ message: String) {
        FileHandle.standardError.write(Data("subs: \(message)\n".utf8))
    }

    /// Asks on stderr and reads the answer from stdin; an empty answer takes the default.
    package static func confirm(_ question: String, defaultYes: Bool) -> Bool {
        FileHandle.standardError.write(Data("\(question) \(defaultYes ? "[Y/n]" : "[y/N]") ".utf8))
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return answer.isEmpty ? defaultYes : answer == "y" || answer == "yes"
    }

    package static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    package func bold(_ s: String) -> String { useColor ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    package func dim(_ s: String) -> String { useColor ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    package func red(_ s: String) -> String { useColor ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
    package func yellow(_ s: String) -> String { useColor ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
    func green(_ s: String) -> String { useColor ? "\u{1B}[32m\(s)\u{1B}[0m" : s }
    func cyan(_ s: String) -> String { useColor ? "\u{1B}[36m\(s)\u{1B}[0m" : s }

    /// Pretty JSON and a newline, written as bytes.
    package func printJSON(_ value: JSONValue) {
        let buffer = StdoutBuffer()
        buffer.appendJSON(value, indent: 0)
        buffer.append(byte: UInt8(ascii: "\n"))
        buffer.flush()
    }

    /// A pretty JSON array of objects, as `printJSON(.array(...))` writes it, made and written one element at a
    /// time: memory stays that of one element, however many there are.
    package func printJSONArray<C: Collection>(_ items: C, _ element: (C.Element) -> JSONValue) {
        guard !items.isEmpty else { return print("[]") }
        let buffer = StdoutBuffer()
        buffer.append(byte: UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { buffer.append(byte: UInt8(ascii: ",")) }
            first = false
            buffer.append("\n  ")
            buffer.appendJSON(element(item), indent: 2)
            buffer.flushIfFull()
        }
        buffer.append("\n]\n")
        buffer.flush()
    }

    func printCSV(header: [String], rows: [[String]]) {
        print(CSV.line(header))
        for r in rows { print(CSV.line(r)) }
    }
}

/// An aligned text table. Columns whose header is in `rightAligned` are right-aligned (amounts).
package struct Table {
    package var header: [String]
    package var rows: [[String]] = []
    package var rightAligned: Set<Int> = []

    package init(header: [String], rows: [[String]] = [], rightAligned: Set<Int> = []) {
        self.header = header
        self.rows = rows
        self.rightAligned = rightAligned
    }

    /// Display width: the byte count for ASCII (Character counting is slow over 100,000 rows).
    static func width(_ s: String) -> Int {
        s.utf8.allSatisfy({ $0 < 0x80 }) ? s.utf8.count : s.count
    }

    /// The table as text; `write(_:)` prints it.
    func render(_ out: Output) -> String { String(decoding: bytes(out), as: UTF8.self) }

    /// Prints the table and a newline, as bytes: 10,000 rows are not made into one String first.
    package func write(_ out: Output) {
        let buffer = StdoutBuffer()
        buffer.append(bytes(out))
        buffer.append(byte: UInt8(ascii: "\n"))
        buffer.flush()
    }

    /// The table's UTF-8, lines separated by newlines (none after the last).
    private func bytes(_ out: Output) -> [UInt8] {
        var widths = header.map(Table.width)
        var cellWidths: [[Int]] = []
        cellWidths.reserveCapacity(rows.count)
        for r in rows {
            let w = r.map(Table.width)
            for (i, x) in w.enumerated() { widths[i] = max(widths[i], x) }
            cellWidths.append(w)
        }
        // One buffer for the whole table; padding from prebuilt runs of spaces.
        let pads = (0...(widths.max() ?? 0)).map { [UInt8](repeating: UInt8(ascii: " "), count: $0) }
        var text: [UInt8] = []
        text.reserveCapacity((widths.reduce(0, +) + 2 * widths.count + 1) * (rows.count + 1))
        let last = header.count - 1
        func line(_ cells: [String], _ w: [Int]) {
            // Trailing empty cells and the padding before them are left out.
            var end = cells.count - 1
            while end > 0 && cells[end].isEmpty { end -= 1 }
            for i in 0...max(end, 0) where i < cells.count {
                if i > 0 { text.append(UInt8(ascii: " ")); text.append(UInt8(ascii: " ")) }
                let pad = widths[i] - w[i]
                if rightAligned.contains(i) {
                    text.append(contentsOf: pads[pad])
                    text.append(contentsOf: cells[i].utf8)
                } else {
                    text.append(contentsOf: cells[i].utf8)
                    if i < end && i < last { text.append(contentsOf: pads[pad]) }
                }
            }
        }
        line(header, header.map(Table.width))
        if out.useColor { text = Array(out.bold(String(decoding: text, as: UTF8.self)).utf8) }
        for (r, w) in zip(rows, cellWidths) {
            text.append(UInt8(ascii: "\n"))
            line(r, w)
        }
        return text
    }
}
