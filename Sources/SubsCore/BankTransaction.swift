import Foundation

/// One booked line of a bank statement, whatever the file's format.
public struct BankTransaction: Hashable, Sendable {
    public var date: LocalDate
    /// Signed: negative is money leaving the account.
    public var amount: Decimal
    /// Nil when the statement does not say; the caller's default then applies.
    public var currency: Currency?
    /// The payee and any memo, as the bank wrote them.
    public var description: String
    /// Where it came from, for messages: "statement.csv line 12".
    public var source: String

    public init(date: LocalDate, amount: Decimal, currency: Currency?, description: String, source: String) {
        self.date = date
        self.amount = amount
        self.currency = currency
        self.description = description
        self.source = source
    }
}

/// A payee as banks spell it, reduced to the words that name the merchant: "PAYPAL *SPOTIFY P1234" and
/// "Spotify AB Stockholm" both start with SPOTIFY. Card prefixes, payment processors, booking words in the
/// languages of the statements, references (any word with a digit), web suffixes and legal forms go.
public struct PayeeName: Hashable, Sendable {
    /// Significant words, upper case, accents folded, in order.
    public let words: [String]

    /// The word statements of one merchant share; series are looked for among transactions with the same key.
    public var key: String { words.first ?? "" }

    public init(_ description: String) {
        words = PayeeName.significantWords(of: description)
    }

    /// A readable name: the words before any place that all of `names` share, title-cased.
    public static func displayName(_ names: [PayeeName], places: Set<String> = []) -> String {
        guard var common = names.first?.words else { return "" }
        // Places (words that follow many different merchants in the statement) end the name.
        if let place = common.dropFirst().firstIndex(where: places.contains) { common = Array(common[..<place]) }
        for n in names.dropFirst() {
            var i = 0
            while i < common.count && i < n.words.count && common[i] == n.words[i] { i += 1 }
            common = Array(common.prefix(max(i, 1)))
        }
        // A merchant's name is short; the rest of a constant descriptor is usually a place.
        let kept = common.prefix(3)
        return kept.map(titleCased).joined(separator: " ")
    }

    static func titleCased(_ word: String) -> String {
        // Short all-letter words without vowels are initialisms (HBO, AXA is not): kept upper case.
        if word.count <= 3 && !word.contains(where: { "AEIOUY".contains($0) }) { return word }
        return word.prefix(1) + word.dropFirst().lowercased()
    }

    /// Whether a name the user typed ("Amazon Prime") names this payee: its first significant word is one of
    /// the payee's, or the two spell the same once spaces go ("YOUTUBEPREMIUM").
    public func matches(_ typed: PayeeName) -> Bool {
        guard let first = typed.words.first else { return false }
        if words.contains(first) { return true }
        let joinedTyped = typed.words.joined()
        let joined = words.joined()
        return joinedTyped.count >= 4 && (joined.hasPrefix(joinedTyped) || joinedTyped.hasPrefix(key) && key.count >= 4)
    }

    /// Cash from a machine or a counter: never a subscription, whatever its regularity.
    public var isCashWithdrawal: Bool { !cashWords.isDisjoint(with: words) || words.first == "CASH" }

    private var cashWords: Set<String> { PayeeName.cashWords }

    static let cashWords: Set<String> = [
        "ATM", "WITHDRAWAL", "GELDAUTOMAT", "BARGELD", "BARGELDAUSZAHLUNG", "AUSZAHLUNG", "RETRAIT", "DAB", "GAB",
        "CAJERO", "REINTEGRO", "DISPOSICION", "PRELIEVO", "BANCOMAT", "GELDOPNAME", "LEVANTAMENTO", "MULTIBANCO",
    ]

    // MARK: - Normalising

    /// Payment processors that put their name before the merchant's: "PAYPAL *SPOTIFY", "SQ *CAFE".
    static let processors: Set<String> = [
        "PAYPAL", "PP", "SQ", "SQU", "TST", "SP", "IZ", "IZETTLE", "ZTL", "SUMUP", "STRIPE", "CKO", "PADDLE",
        "FS", "GOOGLE", "GOOG", "PY", "WPY", "DRI", "LS", "CRV", "KLARNA", "BT",
    ]

    /// Booking words of statements in several languages: how a line was paid, not who was paid.
    static let bookingWords: Set<String> = [
        // en
        "POS", "CARD", "PAYMENT", "PAYMENTS", "PURCHASE", "DEBIT", "DIRECT", "DD", "SO", "STANDING", "ORDER", "BILL",
        "VISA", "MASTERCARD", "MC", "MAESTRO", "AMEX", "CONTACTLESS", "ONLINE", "RECURRING", "TO", "FROM", "AT",
        "DEB", "TFR", "TRANSFER", "FPO", "FPI", "BGC", "CHQ", "TRANSACTION", "INTL", "INTERNATIONAL", "FX",
        "REF", "REFERENCE", "NO", "ID", "WWW", "HTTP", "HTTPS", "COM", "NET", "ORG", "IO", "CO", "APP",
        "THE", "AND", "OF", "SUBSCRIPTION", "SUBSCR", "MEMBERSHIP", "MONTHLY", "ANNUAL", "PLAN",
        // de
        "LASTSCHRIFT", "SEPA", "BASISLASTSCHRIFT", "KARTENZAHLUNG", "KARTE", "GIROCARD", "EC", "UEBERWEISUNG",
        "DAUERAUFTRAG", "FOLGELASTSCHRIFT", "ERSTLASTSCHRIFT", "ABBUCHUNG", "ZAHLUNG", "BEL", "VOM", "DER", "DIE",
        "DAS", "UND", "FUER", "ABO",
        // fr
        "PRLV", "PRELEVEMENT", "CB", "CARTE", "PAIEMENT", "PAR", "ACHAT", "VIR", "VIREMENT", "FACTURE", "DU",
        "LE", "LA", "LES", "DE", "DES", "ET", "ABONNEMENT",
        // es, it, pt
        "COMPRA", "TARJETA", "TARJ", "RECIBO", "ADEUDO", "DOMICILIADO", "PAGO", "CARGO", "EN", "EL", "LOS",
        "DEL", "Y", "PAGAMENTO", "ADDEBITO", "CARTA", "BONIFICO", "DI", "IL", "COMPRAS", "DEBITO", "E",
        // nl
        "BETALING", "BETAALAUTOMAAT", "INCASSO", "ACCEPTGIRO", "OVERBOEKING", "PASVOLGNR", "TRANSACTIE", "HET",
        "EN", "VAN", "BEA", "GEA", "IDEAL",
    ]

    /// Legal forms, dropped after the first word ("NETFLIX INTERNATIONAL B.V." is Netflix).
    /// Legal forms long enough not to end an ordinary word.
    static let gluedLegalForms = ["GMBH", "MBH", "SARL", "LTD", "LLC"]

    static let legalForms: Set<String> = [
        "INC", "LTD", "LLC", "PLC", "CORP", "GMBH", "AG", "KG", "SA", "SAS", "SARL", "SL", "SLU", "SRL", "SPA",
        "BV", "NV", "AB", "AS", "OY", "APS", "LIMITED", "INTERNATIONAL", "SE", "SRO", "EU", "EUROPE", "UK",
    ]

    static let webSuffixes: Set<String> = ["COM", "NET", "ORG", "IO", "CO", "DE", "FR", "UK", "ES", "IT", "NL", "US", "SO", "TV", "APP", "EU", "BE", "CH", "AT", "PT", "SE"]

    /// References and phone numbers; a name with one digit in a long word ("1PASSWORD") is no reference.
    static func isReference(_ word: some StringProtocol) -> Bool {
        let digits = word.filter(\.isNumberFast).count
        return digits >= 2 || (digits == 1 && word.count <= 5)
    }

    static func significantWords(of description: String) -> [String] {
        // Folding is slow and most descriptions are ASCII already.
        let folded = description.utf8.allSatisfy { $0 < 0x80 } ? description.uppercased()
            : description.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased()
        var text = Substring(folded)
        // "PAYPAL *SPOTIFY", "GOOGLE*YOUTUBE": the merchant is after a processor's star.
        while let star = text.firstIndex(of: "*") {
            let before = text[..<star].split(whereSeparator: { !$0.isLetterFast && !$0.isNumberFast })
            guard let last = before.last, before.allSatisfy({ processors.contains(String($0)) || bookingWords.contains(String($0)) || $0.contains(where: \.isNumberFast) }),
                processors.contains(String(last))
            else { break }
            text = text[text.index(after: star)...]
        }
        var words: [String] = []
        for raw in text.split(whereSeparator: { !$0.isLetterFast && !$0.isNumberFast && $0 != "&" && $0 != "+" && $0 != "'" && $0 != "." }) {
            // "NETFLIX.COM" is NETFLIX, and ends the name (a place or a help URL follows); "B.V." is BV.
            let parts = raw.split(separator: ".")
            var word = String(raw.filter { $0 != "." && $0 != "'" })
            if parts.count > 1, let tld = parts.last, webSuffixes.contains(String(tld)) {
                if words.isEmpty, let name = parts.first, !isReference(name) { words.append(String(name)) }
                if !words.isEmpty { break }
                continue
            }
            // "DISNEY+" and "DISNEY PLUS" are one merchant.
            word.removeAll { $0 == "+" }
            guard !word.isEmpty, word != "&" else { continue }
            // A long reference after the name ends it: "DROPBOX*123456 DUBLIN", "TESCO STORES 7867 LEEDS".
            if !words.isEmpty && word.filter(\.isNumberFast).count >= 4 { break }
            if isReference(word) { continue }
            if bookingWords.contains(word) { continue }
            // A legal form ends the name: "SPOTIFY AB STOCKHOLM" is Spotify.
            if !words.isEmpty && legalForms.contains(word) { break }
            // A single letter is an initial or a stray card mark, not a merchant's first word.
            if words.isEmpty && word.count == 1 { continue }
            // A legal form written onto the name ("DEUTSCHLANDGMBH") ends it too.
            if let glued = gluedLegalForms.first(where: { word.count >= $0.count + 4 && word.hasSuffix($0) }) {
                words.append(String(word.dropLast(glued.count)))
                break
            }
            words.append(word)
        }
        return words
    }
}

extension BankTransaction {
    /// What makes two lines of different exports the same booking.
    public struct Identity: Hashable, Sendable {
        let date: LocalDate
        let amount: Decimal
        let description: String
    }

    public var identity: Identity { Identity(date: date, amount: amount, description: description) }
}

extension Character {
    /// `isLetter` without the Unicode property lookup for ASCII, which most bank descriptions are.
    public var isLetterFast: Bool {
        if let a = asciiValue { return (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A }
        return isLetter
    }

    /// `isNumber` without the Unicode property lookup for ASCII.
    public var isNumberFast: Bool {
        if let a = asciiValue { return a >= 0x30 && a <= 0x39 }
        return isNumber
    }
}
