import Foundation
import SubsCore

/// A statement of how often the charge recurs: a cue word or suffix ("/month", "jährlich", "billed annually"),
/// a cycle's label and value ("Billing cycle: Yearly"), or a service period printed as two dates a month or a
/// year apart. Without one chosen the frequency is monthly, not stated.
struct FrequencyCandidate {
    var cadence: Cadence
    var line: Int?
    var features: FeatureRow
}

enum FrequencyCandidates {
    static let cadences: [Cadence] = [.weekly, .monthly, .quarterly, .yearly]
    static let roles: [LabelRole] = [.total, .totalWeak, .paid, .fee, .subtotal, .unit, .usage, .docSubscription, .datePeriod, .dateNext, .discount, .docNone]

    static func make(_ doc: DocumentModel, base: FeatureRow) -> [FrequencyCandidate] {
        struct Cue { var cadence: Cadence; var line: Int?; var kind: Int; var labelled: Bool; var slash: Bool }
        var cues: [Cue] = []
        for line in doc.readLines {
            for c in FrequencyFinder.cues(in: line.text, line: line.index) {
                let slash = line.text.contains("/") && c.phrase.hasPrefix("per ")
                cues.append(Cue(cadence: c.cadence, line: line.index, kind: c.phrase.contains(" ") ? 1 : 0, labelled: c.labelled, slash: slash))
            }
            if line.index + 1 < doc.readLineCount, let c = FrequencyFinder.wrappedCue(
                TextLine(page: line.page, words: line.words, cells: cells(line)),
                over: TextLine(page: doc.lines[line.index + 1].page, words: doc.lines[line.index + 1].words, cells: cells(doc.lines[line.index + 1])),
                line: line.index)
            {
                cues.append(Cue(cadence: c.cadence, line: line.index, kind: 1, labelled: false, slash: false))
            }
        }
        // A service period: two dates on one line a week, month, quarter or year apart.
        let byLine = Dictionary(grouping: doc.dates.filter { $0.date != nil }, by: \.line)
        // In line order: a dictionary's order changes from run to run, and so would the candidates' order.
        for (l, dates) in byLine.sorted(by: { $0.key < $1.key }) where dates.count >= 2 {
            let sorted = dates.sorted { $0.start < $1.start }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                guard let s = a.date, let e = b.date, s < e, let c = FrequencyFinder.cadence(from: s, to: e.adding(days: 1)) ?? FrequencyFinder.cadence(from: s, to: e)
                else { continue }
                cues.append(Cue(cadence: c, line: l, kind: 2, labelled: false, slash: false))
            }
        }
        if let subject = doc.context.subject {
            for c in FrequencyFinder.cues(in: subject, line: -1) {
                cues.append(Cue(cadence: c.cadence, line: nil, kind: 3, labelled: c.labelled, slash: false))
            }
        }
        guard !cues.isEmpty else { return [] }
        let moneyLines = Set(doc.money.map(\.line))
        let perCadence = cues.reduce(into: [Cadence: Int]()) { $0[$1.cadence, default: 0] += 1 }

        var out: [FrequencyCandidate] = []
        for cue in cues {
            var row = FeatureRow()
            for c in cadences { row.add("cadence." + c.description, cue.cadence == c) }
            row.add("kind", Double(cue.kind))
            row.add("labelled", cue.labelled)
            row.add("slash", cue.slash)
            row.add("same", Double(perCadence[cue.cadence] ?? 0))
            row.add("others", Double(cues.count - (perCadence[cue.cadence] ?? 0)))
            row.add("cadences", Double(perCadence.count))
            if let l = cue.line {
                let line = doc.lines[l]
                let page = doc.page(of: line)
                row.add("money_on_line", moneyLines.contains(l))
                row.add("money_lines_near", Double(moneyLines.filter { abs($0 - l) <= 2 }.count))
                row.add("y", Double(line.top) / Double(page.height))
                row.add("page", Double(page.number - 1))
                row.add("words", Double(line.words.count))
                let roles = line.labels.reduce(into: RoleSet.empty) { $0.formUnion($1.roles) }
                row.add("line", roles: roles, of: roles_)
            } else {
                row.add("money_on_line", false)
                row.add("money_lines_near", 0)
                for name in ["y", "page", "words"] { row.add(name, .nan) }
                row.add("line", roles: .empty, of: roles_)
            }
            row.append(base)
            out.append(FrequencyCandidate(cadence: cue.cadence, line: cue.line, features: row))
        }
        return out
    }

    private static var roles_: [LabelRole] { roles }

    private static func cells(_ line: DocumentModel.Line) -> [[WordBox]] {
        (0..<line.cellCount).map { c in line.words.indices.filter { line.wordCell[$0] == c }.map { line.words[$0] } }
    }
}
