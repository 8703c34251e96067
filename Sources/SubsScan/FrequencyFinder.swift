import Foundation
import SubsCore

/// Reads how often the charge recurs from cues like "/month", "per year", "mensuel", "par an",
/// "jährlich", "al mes", "billed yearly", "trimestriel", or from a stated service period.
enum FrequencyFinder {
    struct Cue {
        var cadence: Cadence
        var line: Int
        var phrase: String
        /// Printed as the value of a label that names the cycle ("Zahlweise vierteljährlich").
        var labelled = false
    }

    /// Labels whose value is how often the charge recurs (folded).
    static let cycleLabels = [
        "billing cycle", "billing frequency", "billing interval", "payment frequency", "payment schedule", "renewal period",
        "zahlweise", "zahlungsweise", "zahlungsrhythmus", "zahlungsintervall", "abrechnungsrhythmus", "abrechnungsintervall",
        "periodicite", "frequence", "frequence de paiement", "frequence de facturation", "rythme de paiement",
        "periodicidad", "frecuencia", "frecuencia de pago", "frecuencia de facturacion", "ciclo de facturacion",
    ]

    /// German names a fee after its period in one word: "Jahresbeitrag", "Monatsgebühr",
    /// "Quartalsbeitrag", "Wochenkarte". Only fee words count: "Jahresabrechnung" is a yearly
    /// settlement of monthly instalments, "Jahresverbrauch" a usage.
    static func cadence(ofCompound folded: String) -> Cadence? {
        for (head, cadence) in compoundHeads where folded.hasPrefix(head) {
            return compoundFees.contains(String(folded.dropFirst(head.count))) ? cadence : nil
        }
        return nil
    }
    private static let compoundHeads: [(String, Cadence)] = [
        ("vierteljahres", .quarterly), ("jahres", .yearly), ("monats", .monthly), ("quartals", .quarterly), ("wochen", .weekly),
        // Dutch: "jaarabonnement", "maandbedrag".
        ("kwartaal", .quarterly), ("jaar", .yearly), ("maand", .monthly), ("week", .weekly),
    ]
    private static let compoundFees: Set<String> = [
        "beitrag", "beitrage", "gebuhr", "gebuhren", "abo", "abos", "abonnement", "karte", "ticket", "preis", "pramie",
        "rate", "lizenz", "tarif", "pass", "mitgliedschaft", "paket", "miete", "pauschale",
        "abonnement", "bedrag", "kosten", "premie", "contributie", "lidmaatschap", "termijn", "prijs",
    ]

    /// Quantities per period that are no price: "30 min/semaine", "2 séances par semaine", "10 GB/month".
    static let quantityUnits: Set<String> = [
        "min", "mins", "minute", "minutes", "minuten", "minuto", "minutos", "h", "hr", "hrs", "hour", "hours", "heure",
        "heures", "stunde", "stunden", "std", "hora", "horas", "km", "gb", "go", "mb", "tb", "kwh", "seance", "seances",
        "cours", "class", "classes", "lesson", "lessons", "session", "sessions", "fois", "mal", "veces", "times", "x",
        "visit", "visits", "visite", "visites", "besuch", "besuche", "visita", "visitas", "day", "days", "jour", "jours",
        "tag", "tage", "dia", "dias",
    ]

    /// A quantity's unit before "per": one of `quantityUnits`, or a German compound ending in one
    /// ("3 Betreuungstage pro Woche", "2 Trainingsstunden pro Woche").
    static func isQuantityUnit(_ word: String) -> Bool {
        quantityUnits.contains(word) || (word.count > 8 && ["tage", "stunden", "einheiten"].contains { word.hasSuffix($0) })
    }

    /// The line with "/" read as "per", so "9,99 €/mois" and "$5/mo" match "per mois", "per mo".
    /// A slash OCR lost is put back where a period word stands alone in brackets ("Pro plan (year)")
    /// or right after a price at the end of the line ("CHF 130.33 Jahr").
    /// A period word in brackets on a line with a bracketed word that is no period labels a variant,
    /// not a period: "1,50 € (semaine), 1,80 € (dimanche)" prices a weekday's copy and a Sunday's.
    static func cueText(_ line: String) -> String {
        var text = line.replacingOccurrences(of: "/", with: " per ")
        let bracketed = lostSlashInBrackets.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length))
            .map { Text.fold((text as NSString).substring(with: $0.range(at: 1))) }
        let variants = bracketed.contains { !slashOnlyCues.contains($0) }
        for pattern in variants ? [lostSlashAfterPrice] : [lostSlashInBrackets, lostSlashAfterPrice] {
            let ns = text as NSString
            for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).reversed()
            where slashOnlyCues.contains(Text.fold(ns.substring(with: m.range(at: 1)))) {
                text = (text as NSString).replacingCharacters(in: m.range(at: 1), with: "per " + ns.substring(with: m.range(at: 1)))
            }
        }
        return Text.fold(text)
    }
    private static let lostSlashInBrackets = try! NSRegularExpression(pattern: #"\(\s*(\p{L}+)\s*\)"#)
    private static let lostSlashAfterPrice = try! NSRegularExpression(pattern: #"\d[.,]\d\d(?:\s*(?:[€£$¥]|[A-Z]{3}))?\s+(\p{L}+)\s*$"#)

    /// "per" in the seven languages ("/" is read as "per"): "par mois", "pro Monat", "por mes", "al mes", "a month".
    static let perWords = ["per", "par", "pro", "por", "al", "a", "ao", "alla", "all", "au"]

    /// Every cue phrase (slash-only words as "per X", "par X"...) -> cadence name.
    static let phraseTable: [String: String] = {
        var t: [String: String] = [:]
        for entry in cuePhrases {
            for phrase in entry.phrases {
                // French "an" (year) is also an English article and a German preposition: only
                // "par an" and "/an" say yearly ("a an" is OCR noise).
                let needles = !slashOnlyCues.contains(phrase) ? [phrase]
                    : phrase == "an" ? ["per an", "par an"]
                    : perWords.map { "\($0) \(phrase)" }
                for n in needles where t[n] == nil { t[n] = entry.cadence }
            }
        }
        return t
    }()
    /// Every word of the cue phrases.
    static let cueWords = Set(phraseTable.keys.flatMap { $0.split(separator: " ").map(String.init) })
    static let longestPhrase = phraseTable.keys.map { $0.split(separator: " ").count }.max() ?? 1

    /// Cues on one line, longest phrase first at each word ("vierteljahrlich" is not "jahrlich").
    static func cues(in lineText: String, line: Int) -> [Cue] {
        var words = cueText(lineText).split(separator: " ").map(String.init)
        // OCR parts a capital from the rest of its word ("pro J ahr"): joined when that makes a cue's word.
        var k = 0
        while k + 1 < words.count {
            if words[k].count == 1, cueWords.contains(words[k] + words[k + 1]), !cueWords.contains(words[k + 1]) {
                words[k] += words.remove(at: k + 1)
            }
            k += 1
        }
        var found: [Cue] = []
        var i = 0
        while i < words.count {
            var matched = 0
            let before = words[max(0, i - 4)..<i].joined(separator: " ")
            let labelled = cycleLabels.contains { before == $0 || before.hasSuffix(" " + $0) }
            for n in stride(from: min(longestPhrase, words.count - i), through: 1, by: -1) {
                let phrase = words[i..<i + n].joined(separator: " ")
                if let name = phraseTable[phrase], let c = Cadence(parsing: name) {
                    matched = n
                    if perWords.contains(words[i]), i > 0, isQuantityUnit(words[i - 1]),
                        !periodInBracketsAfterSize(lineText)
                    {
                        break
                    }
                    found.append(Cue(cadence: c, line: line, phrase: phrase, labelled: labelled))
                    break
                }
            }
            if matched == 0, let c = cadence(ofCompound: words[i]) ?? cadence(ofGarbledEnding: words[i]) {
                found.append(Cue(cadence: c, line: line, phrase: words[i], labelled: labelled))
            }
            i += max(1, matched)
        }
        return found
    }

    /// A long period word whose ending OCR garbled ("trimestriehe" for "trimestriel"): its first nine
    /// letters are those of cue words of ten letters or more, all of one cadence, and it is about
    /// as long. Nine letters tell these words from any other; a short word ("mensuel") is left alone.
    static func cadence(ofGarbledEnding word: String) -> Cadence? {
        guard word.count >= stemLength, word.allSatisfy(\.isLetter) else { return nil }
        let cadences = Set(longCueWords.filter { cue, _ in cue.hasPrefix(word.prefix(stemLength)) && abs(cue.count - word.count) <= 2 }.map(\.1))
        return cadences.count == 1 ? cadences.first : nil
    }
    private static let stemLength = 9
    private static let longCueWords: [(String, Cadence)] = phraseTable.compactMap { phrase, name in
        guard phrase.count > stemLength, !phrase.contains(" "), let c = Cadence(parsing: name) else { return nil }
        return (phrase, c)
    }

    /// A cue that an item's description wraps in two ("Spanish course (per" over "quarter)"): "per"
    /// ends the line's first cell and the period starts the next line's first cell, under it. The
    /// cue belongs to the item's line, where its price is. ("a" is too common an English word.)
    static func wrappedCue(_ line: TextLine, over next: TextLine, line index: Int) -> Cue? {
        guard next.page == line.page, let cell = line.cells.first, let per = cell.last, let head = next.cells.first?.first,
            head.x < per.x + per.width, head.x + head.width > cell[0].x
        else { return nil }
        let word = Text.fold(per.text)
        let phrase = word + " " + Text.fold(head.text)
        guard perWords.contains(word), word != "a", let name = phraseTable[phrase], let cadence = Cadence(parsing: name)
        else { return nil }
        return Cue(cadence: cadence, line: index, phrase: phrase)
    }

    /// A period in brackets after a plan's size or allowance ("Privat 1 TB (pro Jahr)", "VPS 2 GB (per year)",
    /// "1 TB (/Jahr)", "Formule 8 cours (par trimestre)") is the plan's billing period, not a quantity per
    /// period as in "10 GB/month" or "2 séances par semaine": the brackets set it apart from the quantity.
    static func periodInBracketsAfterSize(_ line: String) -> Bool {
        let ns = line as NSString
        return sizeThenBracketedPer.matches(in: line, range: NSRange(location: 0, length: ns.length)).contains { m in
            quantityUnits.contains(Text.fold(ns.substring(with: m.range(at: 1))))
        }
    }
    private static let sizeThenBracketedPer = try! NSRegularExpression(
        pattern: #"\d\s*(\p{L}{1,12})\s*\(\s*(?:/|(?:per|par|pro|por|al|a)\s)"#, options: .caseInsensitive)

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

    /// Folded cue phrases in seven languages, checked in this order (quarterly before yearly for "vierteljahrlich").

    static let cuePhrases: [(cadence: String, phrases: [String])] = [
        ("weekly", ["settimanale", "settimanali", "a settimana", "alla settimana", "ogni settimana", "settimanalmente", "settimana", "wekelijks", "wekelijkse", "per week", "elke week", "iedere week", "semanais", "toda semana", "todas as semanas", "week", "per week", "weekly", "every week", "a week", "wk", "semaine", "par semaine", "hebdomadaire",
                    "woche", "pro woche", "jede woche", "chaque semaine", "toutes les semaines", "wochentlich", "wochentliche", "wochentlicher", "wochentlichen", "semana", "por semana", "semanal", "semanales", "a la semana", "cada semana", "hebdomadaires", "semanalmente"]),
        ("quarterly", ["trimestrale", "trimestrali", "ogni 3 mesi", "ogni tre mesi", "al trimestre", "per kwartaal", "driemaandelijks", "elk kwartaal", "ieder kwartaal", "kwartaal", "a cada 3 meses", "de 3 em 3 meses", "trimestralidade", "quarterly", "per quarter", "quarter", "every 3 months", "every three months", "trimestriel",
                       "trimestrielle", "par trimestre", "trimestre", "vierteljahrlich", "vierteljahrliche", "vierteljahrlicher", "vierteljahrlichen", "quartalsweise", "pro quartal",
                       "quartal", "trimestral", "trimestrales", "trimestriels", "trimestrielles", "por trimestre", "al trimestre", "cada 3 meses", "tous les 3 mois", "trimestriellement", "trimestralmente",
                       "alle 3 monate"]),
        ("yearly", ["annuale", "annuali", "annuo", "annua", "all anno", "l anno", "annualmente", "ogni anno", "anno", "12 mesi", "jaarlijks", "jaarlijkse", "per jaar", "elk jaar", "ieder jaar", "jaar", "12 maanden", "anuais", "ao ano", "todo ano", "todos os anos", "anuidade", "year", "per year", "yearly", "annual", "annually", "a year", "yr", "every year", "12 months",
                    "an", "par an", "annuel", "annuelle", "annee", "par annee", "jahr", "pro jahr", "jahrlich", "jahrliche", "jahrlicher", "jahrlichen", "anuales", "annuels", "annuelles",
                    "12 monate", "jedes jahr", "chaque annee", "tous les ans", "cada ano", "ano", "al ano", "por ano", "anual", "anualmente", "annuellement",
                    "12 meses", "12 mois",
                    // Tesseract reads the ñ of "/año" as "fi".
                    "afio"]),
        ("monthly", ["mensile", "mensili", "al mese", "mensilmente", "ogni mese", "mese", "maandelijks", "maandelijkse", "per maand", "elke maand", "iedere maand", "maand", "mensal", "mensais", "ao mes", "mensalmente", "todo mes", "todos os meses", "month", "per month", "monthly", "a month", "every month", "mo", "mois", "par mois", "mensuel",
                     "mensuelle", "mensualite", "monat", "pro monat", "monatlich", "monatliche", "monatlicher", "monatlichen", "mensuales", "mensuels",
                     "mensuelles", "mes", "al mes", "jeden monat", "chaque mois", "tous les mois",
                     "por mes", "mensual", "mensualmente", "cada mes", "mensuellement"]),
    ]

    /// Cue words that only count right after a slash or "per"-like word ("/mo", "/an"), because
    /// on their own they are ordinary words.
    static let slashOnlyCues: Set<String> = ["week", "wk", "mo", "an", "year", "yr", "month", "quarter", "mois", "semaine",
                                             "woche", "monat", "jahr", "quartal", "mes", "ano", "afio", "semana", "trimestre",
                                             "annee", "settimana", "anno", "mese", "jaar", "maand", "kwartaal"]
}
