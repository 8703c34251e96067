import Foundation
import SubsCore

/// A date printed in the text.
struct DateMention {
    enum Form { case iso, numeric, dayMonthName, monthNameDay }
    var line: Int
    var start: Int
    var end: Int
    var form: Form
    var raw: String
    /// For numeric forms: the first two numbers as printed, and the year.
    var a: Int
    var b: Int
    var year: Int
    /// Resolved when unambiguous (ISO, month names, or a numeric part above 12).
    var date: LocalDate?
}

/// Finds dates in English, French, German, Spanish, Italian, Dutch and Portuguese, written with month names
/// ("5 January 2026", "January 5, 2026", "5. Januar 2026", "1er janvier 2026", "5 de enero de 2026",
/// "25-Dec-18") or numbers ("2026-01-05", "05/01/2026", "05.01.26").
enum DateFinder {
    static let months: [String: Int] = {
        let names: [[String]] = [
            ["jan", "january", "janvier", "janv", "januar", "janner", "jaenner", "enero", "ene", "gennaio", "gen", "januari", "janeiro"],
            ["feb", "february", "fevrier", "fevr", "fev", "februar", "febrero", "febr", "febbraio", "februari", "fevereiro"],
            ["mar", "march", "mars", "marz", "maerz", "marzo", "mrz", "maart", "mrt", "marco"],
            ["apr", "april", "avril", "avr", "abril", "abr", "aprile"],
            ["may", "mai", "mayo", "maggio", "mag", "mei", "maio"],
            ["jun", "june", "juin", "juni", "junio", "giugno", "giu", "junho"],
            ["jul", "july", "juillet", "juil", "juli", "julio", "luglio", "lug", "julho"],
            ["aug", "august", "aout", "agosto", "ago", "augustus"],
            ["sep", "sept", "september", "septembre", "septiembre", "setiembre", "settembre", "set", "sett", "setembro"],
            ["oct", "october", "octobre", "oktober", "okt", "octubre", "ottobre", "ott", "outubro", "out"],
            ["nov", "november", "novembre", "noviembre", "novembro"],
            ["dec", "december", "decembre", "dezember", "dez", "diciembre", "dic", "dicembre", "dezembro"],
        ]
        var t: [String: Int] = [:]
        for (i, list) in names.enumerated() { for n in list { t[n] = i + 1 } }
        return t
    }()

    /// A month's name; OCR sometimes parts its capital from the rest ("J uli", "J une"), which is joined,
    /// and reads a J as ")", "]" or "|" (`monthKey`).
    private static let word = #"([A-Za-zÀ-ÿ)\]|](?: (?=[a-zà-ÿ]{2}))?[A-Za-zÀ-ÿ]{2,9})"#
    private static let iso = try! NSRegularExpression(pattern: #"(?<![\d.])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])"#)
    private static let numeric = try! NSRegularExpression(
        pattern: #"(?<![\w.,/-])(\d{1,2})\s?([/.\-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d]|[.,]\d)"#)
    /// The year after a month's name. Tesseract's line reader sometimes reads a year's last digit
    /// twice ("15.Mai20255", "Sep1,20255"): one more digit, the same as the last, is that slip.
    /// (Both patterns using it have three groups before it: the year is the third, its last digit the fourth.)
    private static let yearAfterName = #"(\d{3}(\d)|\d{2})(?:(?<=\d{4})\4)?(?![\d])"#
    /// The day's period may be read as a comma ("27, Oktober 2026"); Mexico writes "04/feb/2026".
    private static let dayName = try! NSRegularExpression(
        pattern: #"(?<![\d])(\d{1,2})(?:er|st|nd|rd|th|º|°)?[.,]?[\s\-/]*(?:de\s+|of\s+)?"# + word + #"\.?,?[\s\-/]*(?:de\s+|del\s+)?"# + yearAfterName)
    /// OCR may lose the space between the month's name and the day ("Sep1, 2025").
    private static let nameDay = try! NSRegularExpression(
        pattern: word + #"\.?\s*(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|\s+)"# + yearAfterName)

    /// The key of a month's name in `months`: folded, a space OCR put inside it taken out, and a J
    /// read as a bracket or bar put back (") une" -> "june"; a name that is no month then stays none).
    private static func monthKey(_ printed: String) -> String {
        let key = Text.fold(printed).replacingOccurrences(of: " ", with: "")
        guard let first = printed.first, ")]|".contains(first) else { return key }
        return "j" + key
    }

    /// French "1er" (the first of the month) that OCR read as "ler", "Ier", "Ler" or "ter". One UTF-16
    /// unit for another, so offsets into the line stay right.
    private static let firstReadAsLetter = try! NSRegularExpression(pattern: #"(?<![\w])[lILt](?=er\s+\p{L})"#)

    /// "16,11.2026": the first period of a dotted date read as a comma (four-digit years only:
    /// "3,12.99" is more likely money). One unit for another, so offsets stay right.
    private static let periodReadAsComma = try! NSRegularExpression(pattern: #"(?<![\w.,/-])(\d{1,2}),(\d{1,2}\.(?:19|20)\d\d)(?![\d]|[.,]\d)"#)

    /// A numeric date whose first digit OCR read as a letter: "O1/01/2025" (a zero read as O),
    /// "l5.03.2026" (a one read as l or I). One unit for another, so offsets stay right.
    private static let zeroReadAsO = try! NSRegularExpression(pattern: #"(?<![\w])O"# + restOfNumericDate)
    private static let oneReadAsLetter = try! NSRegularExpression(pattern: #"(?<![\w])[lI]"# + restOfNumericDate)
    /// What follows such a first character: the date's other digits.
    private static let restOfNumericDate = #"(?=\d[./-]\d{1,2}[./-](?:\d{4}|\d{2})(?!\d))"#

    static func find(in printed: String, line: Int) -> [DateMention] {
        var text = Text.correcting(Text.correcting(printed, firstReadAsLetter, with: "1", hint: "er "), periodReadAsComma, with: "$1.$2", hint: ",")
        text = Text.correcting(text, zeroReadAsO, with: "0", hint: "O")
        for hint in ["l", "I"] { text = Text.correcting(text, oneReadAsLetter, with: "1", hint: hint) }
        let ns = text as NSString
        let all = NSRange(location: 0, length: ns.length)
        var out: [DateMention] = []
        func taken(_ r: NSRange) -> Bool {
            out.contains { $0.start < r.location + r.length && r.location < $0.end }
        }
        func int(_ m: NSTextCheckingResult, _ i: Int) -> Int { Int(ns.substring(with: m.range(at: i))) ?? 0 }
        func year(_ y: Int) -> Int { y < 100 ? 2000 + y : y }
        func plausible(_ y: Int) -> Bool { (1990...2100).contains(y) }

        for m in iso.matches(in: text, range: all) {
            let y = int(m, 1), mo = int(m, 2), d = int(m, 3)
            // Dotted with one-digit parts ("2029.1.9" in "112.12%2029.1.9:745") it is OCR's
            // run of numbers: a year-first date with dots pads its month and day ("2025.01.09").
            if ns.substring(with: m.range).contains("."), m.range(at: 2).length == 1 || m.range(at: 3).length == 1 { continue }
            guard plausible(y), let date = LocalDate(year: y, month: mo, day: d) else { continue }
            out.append(DateMention(line: line, start: m.range.location, end: m.range.location + m.range.length, form: .iso,
                                   raw: ns.substring(with: m.range), a: mo, b: d, year: y, date: date))
        }
        out += mentions(of: dayName, in: ns) { m in
            guard !taken(m.range), let mo = months[monthKey(ns.substring(with: m.range(at: 2)))] else { return nil }
            let y = year(int(m, 3)), d = int(m, 1)
            // A two-digit year is only accepted in the compact "25-Dec-18" form.
            if ns.substring(with: m.range(at: 3)).count == 2 && !ns.substring(with: m.range).contains("-") { return nil }
            guard plausible(y), let date = LocalDate(year: y, month: mo, day: d) else { return nil }
            return DateMention(line: line, start: m.range.location, end: m.range.location + m.range.length,
                               form: .dayMonthName, raw: ns.substring(with: m.range), a: d, b: mo, year: y, date: date)
        }
        out += mentions(of: nameDay, in: ns) { m in
            guard !taken(m.range), let mo = months[monthKey(ns.substring(with: m.range(at: 1)))] else { return nil }
            // Here a year is written in full.
            guard m.range(at: 3).length == 4 else { return nil }
            let y = int(m, 3), d = int(m, 2)
            guard plausible(y), let date = LocalDate(year: y, month: mo, day: d) else { return nil }
            return DateMention(line: line, start: m.range.location, end: m.range.location + m.range.length,
                               form: .monthNameDay, raw: ns.substring(with: m.range), a: mo, b: d, year: y, date: date)
        }
        for m in numeric.matches(in: text, range: all) where !taken(m.range) {
            // Spaced out with a two-digit year ("7 - 15") it is a code or a quantity, not a date.
            if ns.substring(with: m.range(at: 4)).count == 2 && ns.substring(with: m.range).contains(" ") { continue }
            // Nor are two one-digit parts and a two-digit year with dots ("1.7.98" in a tax summary's
            // "A 20% 1.7.98"): printed dates pad them ("01.07.98").
            if m.range(at: 4).length == 2, m.range(at: 1).length == 1, m.range(at: 3).length == 1,
                ns.substring(with: m.range(at: 2)) == "."
            {
                continue
            }
            let a = int(m, 1), b = int(m, 3)
            var y = year(int(m, 4))
            // OCR often misreads the leading 2 of a year ("25/12/7018"): x0yy is 20yy.
            if !plausible(y), y >= 1000, (y / 100) % 10 == 0 { y = 2000 + y % 100 }
            guard plausible(y), (1...31).contains(a), (1...31).contains(b), a <= 12 || b <= 12 else { continue }
            var date: LocalDate?
            if a > 12 { date = LocalDate(year: y, month: b, day: a) }
            if b > 12 { date = LocalDate(year: y, month: a, day: b) }
            if a > 12 || b > 12, date == nil { continue }
            out.append(DateMention(line: line, start: m.range.location, end: m.range.location + m.range.length,
                                   form: .numeric, raw: ns.substring(with: m.range), a: a, b: b, year: y, date: date))
        }
        return out.sorted { $0.start < $1.start }
    }

    /// The dates `read` makes of the matches of `regex` in `text`, left to right. A match that is
    /// no date does not hide one it overlaps: the search goes on from the end of the match's first
    /// group ("76 Fecha 16" in "Carmen, 76 Fecha 16 de octubre de 2025" is no date; the search
    /// goes on after "76" and finds "16 de octubre de 2025").
    private static func mentions(of regex: NSRegularExpression, in text: NSString, read: (NSTextCheckingResult) -> DateMention?) -> [DateMention] {
        var found: [DateMention] = []
        var from = 0
        while from < text.length,
            let m = regex.firstMatch(in: text as String, options: .withTransparentBounds, range: NSRange(location: from, length: text.length - from))
        {
            if let mention = read(m) {
                found.append(mention)
                from = m.range.location + m.range.length
            } else {
                from = m.range(at: 1).location + m.range(at: 1).length
            }
        }
        return found
    }

    /// Currencies of countries that write dates year, month, day.
    static let yearMonthDayCurrencies: Set<String> = ["JPY", "KRW", "CNY", "TWD"]

    /// Resolves ambiguous numeric dates: day-first unless the document shows month-first dates
    /// (a second number above 12, "January 5" style, a service period that is one only read so)
    /// or is English with US dollars.
    static func resolve(_ mentions: inout [DateMention], language: String?, currency: Currency?) {
        var dayFirstVotes = 0, monthFirstVotes = 0
        for m in mentions {
            switch m.form {
            case .numeric where m.a > 12: dayFirstVotes += 2
            case .numeric where m.b > 12: monthFirstVotes += 2
            case .dayMonthName: dayFirstVotes += 1
            case .monthNameDay: monthFirstVotes += 1
            default: break
            }
        }
        // A service period ("07/06/2026 - 06/07/2026") is one in one order only: its end after its
        // start by a week, a month, a quarter or a year.
        for (m, n) in zip(mentions, mentions.dropFirst()) where m.line == n.line && m.form == .numeric && n.form == .numeric {
            func isPeriod(monthFirst: Bool) -> Bool {
                guard let start = monthFirst ? LocalDate(year: m.year, month: m.a, day: m.b) : LocalDate(year: m.year, month: m.b, day: m.a),
                    let end = monthFirst ? LocalDate(year: n.year, month: n.a, day: n.b) : LocalDate(year: n.year, month: n.b, day: n.a)
                else { return false }
                return start < end && FrequencyFinder.cadence(from: start, to: end) != nil
            }
            switch (isPeriod(monthFirst: false), isPeriod(monthFirst: true)) {
            case (true, false): dayFirstVotes += 2
            case (false, true): monthFirstVotes += 2
            default: break
            }
        }
        var monthFirst: Bool
        if dayFirstVotes != monthFirstVotes {
            monthFirst = monthFirstVotes > dayFirstVotes
        } else {
            // Month-first is the US habit, and where dates are written year, month, day (Japan, Korea,
            // China, Taiwan) the month stays before the day when the year goes last; everywhere else
            // (and when unsure) day-first.
            monthFirst = (language ?? "en") == "en" && currency == .usd || currency.map { yearMonthDayCurrencies.contains($0.code) } == true
        }
        for i in mentions.indices where mentions[i].date == nil && mentions[i].form == .numeric {
            let m = mentions[i]
            mentions[i].date = monthFirst
                ? LocalDate(year: m.year, month: m.a, day: m.b) : LocalDate(year: m.year, month: m.b, day: m.a)
        }
    }
}
