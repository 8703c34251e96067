import Foundation
import SubsCore

/// Text of a bank export whatever its encoding: a byte-order mark decides (UTF-8, UTF-16), then valid
/// UTF-8, else Windows-1252 (what European banks' "ANSI" exports are; Latin-1 is its subset).
enum StatementText {
    static func decode(_ data: Data) -> String {
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: data.dropFirst(3), as: UTF8.self) }
        if data.starts(with: [0xFF, 0xFE]) { return String(data: data.dropFirst(2), encoding: .utf16LittleEndian) ?? "" }
        if data.starts(with: [0xFE, 0xFF]) { return String(data: data.dropFirst(2), encoding: .utf16BigEndian) ?? "" }
        if let text = String(validating: data, as: UTF8.self) { return text }
        return String(data: data, encoding: .windowsCP1252) ?? String(decoding: data, as: UTF8.self)
    }
}

/// Amounts as banks write them: "-12.50", "1.234,56", "1 234,56", "(12.50)", "12.50-", "12,50 DR",
/// "€12.50", "+3.00 EUR". Which of `.` and `,` is the decimal mark is decided once per column
/// (`DecimalMark.guess`), since "1.234" alone could be either.
enum BankAmount {
    enum DecimalMark: Sendable { case point, comma }

    /// The mark that makes sense of every value of a column.
    static func guess(_ values: [String]) -> DecimalMark {
        var commaVotes = 0
        var pointVotes = 0
        for v in values {
            let t = v.filter { $0.isNumberFast || $0 == "." || $0 == "," }
            guard let last = t.lastIndex(where: { $0 == "." || $0 == "," }) else { continue }
            let decimals = t.distance(from: last, to: t.endIndex) - 1
            let mark = t[last]
            let both = t.contains { $0 == "." } && t.contains { $0 == "," }
            if both || decimals != 3 {
                if mark == "," { commaVotes += 1 } else { pointVotes += 1 }
            }
        }
        return commaVotes > pointVotes ? .comma : .point
    }

    private static let symbolsLongestFirst = Currency.symbols.sorted { $0.symbol.count > $1.symbol.count }
    private static let plainBytes = Set(Array("0123456789.,-+ '".utf8))

    /// The signed value and any currency the text names; nil when it is no amount.
    static func parse(_ raw: String, mark: DecimalMark) -> (value: Decimal, currency: Currency?)? {
        var text = raw.trimmedSpaces
        guard !text.isEmpty else { return nil }
        var negative = false
        var currency: Currency?
        if text.last?.isLetterFast == true {
            let upper = text.uppercased()
            for suffix in [" DR", "DR", " D"] where upper.hasSuffix(suffix) && text.count > suffix.count {
                negative = true
                text = String(text.dropLast(suffix.count))
                break
            }
            for suffix in [" CR", "CR", " C"] where text.uppercased().hasSuffix(suffix) && text.count > suffix.count {
                text = String(text.dropLast(suffix.count))
                break
            }
        }
        if text.hasPrefix("(") && text.hasSuffix(")") { negative = true; text = String(text.dropFirst().dropLast()) }
        // Currency symbols and codes around the number; any other letter means it is no amount.
        // Most cells are plain numbers: only others are searched for symbols.
        if text.utf8.contains(where: { !plainBytes.contains($0) }) {
            for (symbol, code) in symbolsLongestFirst where text.contains(symbol) {
                currency = currency ?? Currency(code: code)
                text = text.replacingOccurrences(of: symbol, with: " ")
            }
        }
        let letters = String(text.filter(\.isLetterFast))
        if !letters.isEmpty {
            guard letters.count == 3, let code = Currency(code: letters) else { return nil }
            currency = code
            text = String(text.filter { !$0.isLetterFast })
        }
        var digits = ""
        var sawDigit = false
        for c in text {
            if c.isNumberFast {
                digits.append(c)
                sawDigit = true
            } else if c == "-" || c == "−" {
                negative = true
            } else if (c == "." && mark == .point) || (c == "," && mark == .comma) {
                digits.append(".")
            } else if c == "." || c == "," || c == " " || c == "'" || c == "\u{A0}" || c == "\u{202F}" || c == "+" {
                continue  // grouping
            } else {
                return nil
            }
        }
        guard sawDigit, digits.filter({ $0 == "." }).count <= 1,
            let value = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        return (negative ? -value : value, currency)
    }
}

/// Dates as banks write them. The order of day and month is decided once per column from all its values
/// (a 13th of the month settles it); "2025-01-31", "31.01.2025", "01/31/2025", "31-01-25", "20250131",
/// "31 Jan 2025", "Jan 31, 2025", "31-janv.-2025".
enum BankDate {
    enum Order: String, CaseIterable { case dmy, mdy, ymd }

    static let monthNames: [String: Int] = {
        var m: [String: Int] = [:]
        let names = [
            ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"],
            ["janv", "fevr", "mars", "avr", "mai", "juin", "juil", "aout", "sept", "oct", "nov", "dec"],
            ["jan", "feb", "maerz", "apr", "mai", "jun", "jul", "aug", "sep", "okt", "nov", "dez"],
            ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"],
            ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
            ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
            ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"],
        ]
        for list in names { for (i, n) in list.enumerated() where m[n] == nil { m[n] = i + 1 } }
        m["mar"] = 3; m["marz"] = 3; m["sept"] = 9; m["march"] = 3
        return m
    }()

    /// The numbers (or month name) of a date, in the order written.
    static func parts(_ raw: String) -> [String]? {
        var text = raw.trimmedSpaces
        // A time after the date ("2025-01-31 12:00", "2025-01-31T12:00:00Z").
        if let t = text.firstIndex(of: "T"), text.first?.isNumberFast == true, text[t...].contains(where: { $0 == ":" }) { text = String(text[..<t]) }
        // ... and its zone ("2018-02-25 12:34:56 +0000", "... 10:00 UTC").
        if text.contains(where: { $0 == ":" }) {
            var tokens = text.split(separator: " ")
            if let time = tokens.firstIndex(where: { $0.contains(":") }) { tokens = Array(tokens[..<time]) }
            text = tokens.joined(separator: " ")
        }
        if text.count == 8, text.allSatisfy(\.isNumberFast) {
            return [String(text.prefix(4)), String(text.dropFirst(4).prefix(2)), String(text.suffix(2))]
        }
        if text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2F || $0 == 0x2E || $0 == 0x20 }) {
            let parts = text.utf8.split(whereSeparator: { !(0x30...0x39).contains($0) }).map { String(decoding: $0, as: UTF8.self) }
            return parts.count == 3 ? parts : nil
        }
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        let parts = folded.split(whereSeparator: { !$0.isLetterFast && !$0.isNumberFast }).map(String.init)
        guard parts.count == 3 else { return nil }
        return parts
    }

    static func guessOrder(_ values: [String]) -> Order {
        var dayFirstPossible = true
        var monthFirstPossible = true
        var sawYearFirst = false
        for v in values {
            guard let p = parts(v), p.allSatisfy({ $0.allSatisfy(\.isNumberFast) }) else { continue }
            if p[0].count == 4 { sawYearFirst = true; continue }
            let a = Int(p[0]) ?? 0
            let b = Int(p[1]) ?? 0
            if a > 12 { monthFirstPossible = false }
            if b > 12 { dayFirstPossible = false }
        }
        if sawYearFirst { return .ymd }
        if !dayFirstPossible && monthFirstPossible { return .mdy }
        if dayFirstPossible && monthFirstPossible && disorder(values, .mdy) < disorder(values, .dmy) { return .mdy }
        return .dmy
    }

    /// How far from sorted (either way) the dates are when read in `order`: an export lists its lines by
    /// date, so when no day is over 12 the right reading is the one that keeps them in order.
    static func disorder(_ values: [String], _ order: Order) -> Int {
        let days = values.prefix(2000).compactMap { parse($0, order: order)?.dayNumber }
        var up = 0, down = 0
        for (a, b) in zip(days, days.dropFirst()) {
            if b > a { up += 1 } else if b < a { down += 1 }
        }
        return min(up, down)
    }

    static func parse(_ raw: String, order: Order) -> LocalDate? {
        guard let p = parts(raw) else { return nil }
        var day: Int?
        var month: Int?
        var year: Int?
        if let named = p.firstIndex(where: { $0.first?.isLetter == true }) {
            // "31 jan 2025", "jan 31 2025".
            let name = String(p[named].prefix(5))
            month = monthNames[name] ?? monthNames[String(name.prefix(4))] ?? monthNames[String(name.prefix(3))]
            let numbers = p.enumerated().filter { $0.offset != named }.map(\.element)
            guard numbers.count == 2 else { return nil }
            if numbers[0].count == 4 { year = Int(numbers[0]); day = Int(numbers[1]) } else { day = Int(numbers[0]); year = Int(numbers[1]) }
        } else {
            let n = p.map { Int($0) }
            guard n.allSatisfy({ $0 != nil }) else { return nil }
            if p[0].count == 4 {
                (year, month, day) = (n[0], n[1], n[2])
            } else {
                switch order {
                case .mdy: (month, day, year) = (n[0], n[1], n[2])
                case .dmy, .ymd: (day, month, year) = (n[0], n[1], n[2])
                }
            }
        }
        guard var y = year, let m = month, let d = day else { return nil }
        if y < 100 { y += y < 70 ? 2000 : 1900 }
        return LocalDate(year: y, month: m, day: d)
    }
}

extension String {
    /// Without surrounding spaces and tabs. Foundation's trimming is slow, and a statement has a million cells,
    /// nearly all of them untrimmed already.
    var trimmedSpaces: String {
        let isSpace = { (b: UInt8) in b == 0x20 || b == 0x09 }
        guard let first = utf8.first, let last = utf8.last, isSpace(first) || isSpace(last) || first >= 0x80 || last >= 0x80 else {
            return self
        }
        return trimmingCharacters(in: .whitespaces)
    }
}
