import SubsCore

/// Reads how often the charge recurs from cues like "/month", "per year", "mensuel", "par an",
/// "jährlich", "al mes", "billed yearly", "trimestriel", or from a stated service period.
enum FrequencyFinder {
    struct Cue {
        var cadence: Cadence
        var line: Int
        var phrase: String
    }

    /// The line with "/" read as "per", so "9,99 €/mois" and "$5/mo" match "per mois", "per mo".
    static func cueText(_ line: String) -> String {
        Text.fold(line.replacingOccurrences(of: "/", with: " per "))
    }

    static func cues(in lineText: String, line: Int) -> [Cue] {
        let text = cueText(lineText)
        var found: [Cue] = []
        var claimed: [Range<String.Index>] = []
        // Longest phrases first, so "vierteljahrlich" is not read as "jahrlich".
        let all = Lexicon.frequencyCues.flatMap { entry in entry.phrases.map { (entry.cadence, $0) } }
            .sorted { $0.1.count > $1.1.count }
        for (cadenceName, phrase) in all {
            let needles = Lexicon.slashOnlyCues.contains(phrase)
                ? ["per \(phrase)", "par \(phrase)", "pro \(phrase)", "por \(phrase)", "al \(phrase)", "a \(phrase)"]
                : [phrase]
            for needle in needles {
                var start = text.startIndex
                while start < text.endIndex, let r = Text.range(of: needle, in: String(text[start...])) {
                    let sub = String(text[start...])
                    let lo = text.index(start, offsetBy: sub.distance(from: sub.startIndex, to: r.lowerBound))
                    let hi = text.index(lo, offsetBy: needle.count)
                    let range = lo..<hi
                    if !claimed.contains(where: { $0.overlaps(range) }) {
                        claimed.append(range)
                        if let c = Cadence(parsing: cadenceName) { found.append(Cue(cadence: c, line: line, phrase: needle)) }
                    }
                    start = hi
                }
            }
        }
        return found
    }

    /// A service period's length as a cadence: ~7 days weekly, ~1 month, ~3 months, ~1 year.
    static func cadence(from start: LocalDate, to end: LocalDate) -> Cadence? {
        let days = start.days(until: end)
        switch days {
        case 6...7: return .weekly
        case 27...31: return .monthly
        case 88...92: return .quarterly
        case 363...366: return .yearly
        default: return nil
        }
    }
}
