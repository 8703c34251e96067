import Foundation

/// The name a document gives itself in a thank-you sentence: "Thank you for subscribing to Quorvo
/// Plus!", "Merci d'avoir choisi Ateliers Brume.", "Thank you for shopping at FUYI MINI" / "MARKET".
/// Vendors outside the catalogue often print their brand nowhere else as plainly.
enum ThanksPhrase {
    /// Folded (`Text.fold`) phrases that the name follows, in the four languages. ("Welcome to" is
    /// not one: a plan's name follows it as often as the vendor's, "Welcome to Premium".)
    static let phrases = [
        "thank you for subscribing to", "thanks for subscribing to", "thank you for your subscription to",
        "thanks for your subscription to", "thank you for choosing", "thanks for choosing", "thank you for shopping at",
        "thank you for shopping with", "thanks for shopping at", "thanks for shopping with", "thank you for dining at",
        "thank you for dining with", "thank you for visiting", "thanks for visiting", "thank you for your purchase at",
        "thank you for your order at", "thank you for being a member of",
        "merci de vous etre abonne a", "merci de vous etre abonnee a", "merci pour votre abonnement a",
        "merci de votre abonnement a", "merci d avoir choisi", "merci de faire confiance a", "merci pour votre achat chez",
        "merci de votre visite chez", "merci pour votre commande chez",
        "vielen dank fur ihr abonnement bei", "danke fur ihr abonnement bei", "vielen dank fur ihren einkauf bei",
        "danke fur ihren einkauf bei", "vielen dank fur ihre bestellung bei", "danke fur deine bestellung bei",
        "gracias por suscribirte a", "gracias por suscribirse a", "gracias por tu suscripcion a",
        "gracias por su suscripcion a", "gracias por elegir", "gracias por comprar en", "gracias por tu compra en",
        "gracias por su compra en", "gracias por su visita a",
    ]

    /// Words that may stand inside a name between capitalised words ("Barnes & Noble", "Salt and Stone").
    static let joiners: Set<String> = ["&", "and", "et", "und", "y", "de", "of", "+"]
    /// Articles before the name ("at the Corner Shop"); they are not part of it.
    static let articles: Set<String> = ["the", "le", "la", "les", "l", "der", "die", "das", "el", "los", "las"]

    struct Found {
        var name: String
        /// Index in `lines` of the line the sentence starts on.
        var line: Int
        var confidence: Double
    }

    /// The first thank-you sentence of `lines` that names someone: the capitalised words after the
    /// phrase up to the sentence's end, with the next line when the sentence was wrapped there.
    static func name(in lines: [TextLine]) -> Found? {
        let widest = lines.map { l in l.words.map { $0.x + $0.width }.max() ?? 0 }.max() ?? 0
        for (i, line) in lines.enumerated() {
            let folded = Text.fold(line.text)
            guard folded.contains(" "), let phrase = phrases.first(where: { Text.contains(folded, phrase: $0) }) else { continue }
            guard let start = wordIndex(after: phrase, in: line.words) else { continue }
            var (words, stopped) = nameWords(line.words[start...].map(\.text))
            guard !words.isEmpty else { continue }
            // A sentence wrapped at the right margin goes on below: a short line of capitalised words.
            if !stopped, i + 1 < lines.count, lines[i + 1].page == line.page,
                let right = line.words.last.map({ $0.x + $0.width }), Double(right) >= Double(widest) * 0.85
            {
                let next = lines[i + 1].words.map(\.text)
                let (more, _) = nameWords(next)
                if next.count <= 3, more.count == next.count, !next.joined().contains(where: \.isNumber) { words += more }
            }
            let name = words.joined(separator: " ")
            guard name.filter(\.isLetter).count >= 2 else { continue }
            return Found(name: name, line: i, confidence: line.confidence)
        }
        return nil
    }

    /// Index of the first word after `phrase` (folded) in `words`, matching word by word on folded text.
    static func wordIndex(after phrase: String, in words: [WordBox]) -> Int? {
        // Folded tokens of the line, each with the index of the word it comes from.
        var tokens: [(text: Substring, word: Int)] = []
        for (k, w) in words.enumerated() {
            for t in Text.fold(w.text).split(separator: " ") { tokens.append((t, k)) }
        }
        let wanted = phrase.split(separator: " ")
        guard tokens.count > wanted.count else { return nil }
        for s in 0...(tokens.count - wanted.count) where zip(tokens[s...], wanted).allSatisfy({ $0.0.text == $0.1 }) {
            let last = tokens[s + wanted.count - 1].word
            return last + 1 < words.count ? last + 1 : nil
        }
        return nil
    }

    /// The name at the start of `words`: capitalised words (or numbers) and joiners between them,
    /// up to the end of the sentence. `stopped` is true when something other than the line's end
    /// ended it (punctuation, a lower-case word).
    static func nameWords(_ words: [String]) -> (words: [String], stopped: Bool) {
        var out: [String] = []
        var rest = words[...]
        if let first = rest.first, articles.contains(Text.fold(first)), rest.count > 1 { rest = rest.dropFirst() }
        for w in rest {
            let trimmed = w.trimmingCharacters(in: CharacterSet(charactersIn: "!?,;:\"”’)»"))
            // A dot ends the sentence unless it belongs to initials or a legal form ("D.I.Y.", "S.A.").
            let initials = trimmed.range(of: #"^(?:[A-Za-z]\.){2,}$"#, options: .regularExpression) != nil
            let core = initials ? trimmed : trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "."))
            guard let head = core.first else { return (out, true) }
            let isName = head.isUppercase || head.isNumber
            if !isName && !(joiners.contains(core.lowercased()) && !out.isEmpty) { return (trimmedJoiners(out), true) }
            out.append(core)
            if core != w || out.count == 6 { return (trimmedJoiners(out), true) }
        }
        return (trimmedJoiners(out), false)
    }

    private static func trimmedJoiners(_ words: [String]) -> [String] {
        var w = words
        while let last = w.last, joiners.contains(last.lowercased()) { w.removeLast() }
        return w
    }
}
