import Foundation
import SubsCore

/// A date the document prints (or its e-mail was sent on) that could be the billing or the next billing date.
struct DateCandidate {
    var date: LocalDate
    /// Nil for the e-mail's sent date.
    var mention: DateMention?
    var features: FeatureRow
}

enum DateCandidates {
    static let roles: [LabelRole] = [
        .dateInvoice, .datePayment, .dateGeneric, .dateOrder, .dateDue, .datePeriod, .dateFrom, .dateTo, .dateNext,
        .dateDelivery, .dateExpiry, .dateSince, .dateTrial, .dateBirth, .datePrinted, .docInvoice, .docReceipt,
        .docPayment, .paid, .total, .fee, .docAnnounce, .customer, .usage,
    ]

    /// Every reading of every date: a numeric date that could be day-first or month-first ("04/05/2026")
    /// gives both, and the document's other dates, language and currency tell the scorer which holds.
    static func make(_ doc: DocumentModel, base: FeatureRow) -> [DateCandidate] {
        var readings: [(LocalDate, DateMention?, reading: Double)] = []
        var dayFirstVotes = 0, monthFirstVotes = 0
        for m in doc.dates + doc.rereadDates {
            if !doc.lines[m.line].isReread {
                switch m.form {
                case .numeric where m.a > 12: dayFirstVotes += 1
                case .numeric where m.b > 12: monthFirstVotes += 1
                case .dayMonthName: dayFirstVotes += 1
                case .monthNameDay: monthFirstVotes += 1
                default: break
                }
            }
            if let d = m.date {
                readings.append((d, m, 0))
            } else {
                if let d = LocalDate(year: m.year, month: m.b, day: m.a) { readings.append((d, m, 1)) }
                if let d = LocalDate(year: m.year, month: m.a, day: m.b) { readings.append((d, m, 2)) }
            }
        }
        if let sent = doc.context.sentDate { readings.append((sent, nil, 0)) }
        guard !readings.isEmpty else { return [] }
        let distinct = Array(Set(readings.map(\.0))).sorted()
        let counts = readings.reduce(into: [LocalDate: Int]()) { $0[$1.0, default: 0] += 1 }
        let dollar = doc.money.contains { $0.marker == "$" || $0.currency?.code == "USD" }

        var out: [DateCandidate] = []
        for (date, mention, reading) in readings {
            var row = FeatureRow()
            row.add("reading", reading)
            row.add("ambiguous", reading != 0)
            row.add("day_first_votes", Double(dayFirstVotes))
            row.add("month_first_votes", Double(monthFirstVotes))
            row.add("dollar", dollar)
            row.add("sent_date", mention == nil)
            row.add("reread", mention.map { doc.lines[$0.line].isReread } ?? false)
            row.add("equals_sent", doc.context.sentDate == date)
            row.add("days_from_sent", doc.context.sentDate.map { Double($0.days(until: date)) } ?? .nan)
            row.add("form", mention.map { Double(form($0.form)) } ?? -1)
            row.add("two_digit_year", mention.map { $0.raw.range(of: #"\d{4}"#, options: .regularExpression) == nil } ?? false)
            let index = distinct.firstIndex(of: date) ?? 0
            row.add("chrono", Double(index))
            row.add("chrono_share", distinct.count > 1 ? Double(index) / Double(distinct.count - 1) : 0.5)
            row.add("distinct", Double(distinct.count))
            row.add("repeats", Double(counts[date] ?? 1))
            let others = distinct.filter { $0 != date }
            let after = others.filter { $0 > date }.map { Double(date.days(until: $0)) }.min()
            let before = others.filter { $0 < date }.map { Double($0.days(until: date)) }.min()
            row.add("days_to_next", after ?? .nan)
            row.add("days_from_previous", before ?? .nan)
            row.add("month_after_exists", others.contains { FrequencyFinder.cadence(from: date, to: $0) != nil })
            row.add("month_before_exists", others.contains { FrequencyFinder.cadence(from: $0, to: date) != nil })
            if let m = mention {
                let line = doc.lines[m.line]
                let page = doc.page(of: line)
                let sameLine = readings.filter { $0.1?.line == m.line && $0.1?.start != m.start }
                row.add("range_start", sameLine.contains { ($0.1?.start ?? 0) > m.start && $0.0 > date })
                row.add("range_end", sameLine.contains { ($0.1?.start ?? 0) < m.start && $0.0 < date })
                row.add("dates_on_line", Double(Set(sameLine.map { $0.1!.start }).count))
                row.add("time_on_line", line.text.range(of: #"\b\d{1,2}:\d{2}\b"#, options: .regularExpression) != nil)
                row.add("money_on_line", doc.money.contains { $0.line == m.line })
                row.add("y", Double(line.top) / Double(page.height))
                row.add("x_left", Double(line.span(m.start, m.end).left) / Double(page.width))
                row.add("page", Double(page.number - 1))
                row.add("line_rank", Double(line.anchor - page.lines.lowerBound))
                row.add("words", Double(line.words.count))
                row.add("cell", Double(line.cell(at: m.start)))
                row.add("height", Double(line.words[line.word(at: m.start)].height) / page.wordHeight)
                row.add("confidence", line.words[line.word(at: m.start)].confidence)
                row.add("sentence", sentenceBefore(line.text, m.start))
                LabelContext(doc, line: m.line, start: m.start, end: m.end).add(to: &row, roles: roles)
            } else {
                for name in ["range_start", "range_end", "dates_on_line", "time_on_line", "money_on_line"] { row.add(name, 0) }
                for name in ["y", "x_left", "page", "line_rank", "words", "cell", "height", "confidence", "sentence"] { row.add(name, .nan) }
                LabelContext.none.add(to: &row, roles: roles)
            }
            row.append(base)
            out.append(DateCandidate(date: date, mention: mention, features: row))
        }
        return out
    }

    static func form(_ f: DateMention.Form) -> Int {
        switch f {
        case .iso: 0
        case .numeric: 1
        case .dayMonthName: 2
        case .monthNameDay: 3
        }
    }

    /// How many words of running text come before the date on its line ("Your plan renews on"): a date in a
    /// sentence is announced by it, a date in a table by its label.
    static func sentenceBefore(_ text: String, _ start: Int) -> Double {
        let before = (text as NSString).substring(to: start)
        return Double(before.split(whereSeparator: { $0 == " " }).filter { $0.count > 1 && $0.allSatisfy(\.isLetter) }.count)
    }
}

extension LabelContext {
    /// No labels at all: for a value that is not printed (an e-mail's header).
    static var none: LabelContext {
        var c = LabelContext()
        c.nearGap = .nan
        c.aboveGap = .nan
        return c
    }

    private init() {}
}
