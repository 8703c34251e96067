import Foundation

/// What a label's words say: the roles of `Resources/lexicon.json`. The scorer learns what each role means
/// for each field from where it stands; a role only names the kind of words.
enum LabelRole: String, CaseIterable, Sendable {
    case total, totalWeak = "total_weak", paid, subtotal, tax, discount, shipping, previous, received, tendered, change
    case unit, qty, rounding, deposit, fee, late, usage
    case dateInvoice = "date_invoice", datePayment = "date_payment", dateGeneric = "date_generic", dateOrder = "date_order"
    case dateDue = "date_due", datePeriod = "date_period", dateFrom = "date_from", dateTo = "date_to", dateNext = "date_next"
    case dateDelivery = "date_delivery", dateExpiry = "date_expiry", dateSince = "date_since", dateTrial = "date_trial"
    case dateBirth = "date_birth", datePrinted = "date_printed"
    case docInvoice = "doc_invoice", docReceipt = "doc_receipt", docPayment = "doc_payment"
    case docSubscription = "doc_subscription", docNone = "doc_none", docAnnounce = "doc_announce", till
    case customer, sender, thanks, address, legal, title, contact, taxid
    /// Words a group's companies add between the brand and the legal form ("Online", "Deutschland").
    case descriptor

    var bit: UInt64 { 1 << UInt64(Self.allCases.firstIndex(of: self)!) }
}

/// A set of roles, as bits.
struct RoleSet: Sendable, Equatable {
    var bits: UInt64 = 0
    static let empty = RoleSet()
    func contains(_ r: LabelRole) -> Bool { bits & r.bit != 0 }
    mutating func insert(_ r: LabelRole) { bits |= r.bit }
    mutating func formUnion(_ o: RoleSet) { bits |= o.bits }
    var isEmpty: Bool { bits == 0 }
}

/// The lexicon: folded phrases of seven languages (en fr de es it nl pt) indexed by their first word, matched
/// over a line's folded words, the longest phrase at each word first.
struct LabelLexicon: Sendable {
    struct Phrase: Sendable {
        var words: [String]
        var roles: RoleSet
    }

    /// A phrase found: words `start..<end` of the folded sequence it was matched in.
    struct Hit: Sendable, Equatable {
        var start: Int
        var end: Int
        var roles: RoleSet
    }

    /// First word -> phrases starting with it, longest first.
    let byFirstWord: [String: [Phrase]]
    /// One-word German and Dutch labels of five letters or more, which end the compounds these languages build
    /// ("Monatsbetrag", "Abrechnungsdatum"): a word no phrase matches takes the roles of such an ending.
    let compoundHeads: [String: RoleSet]
    /// Language -> its commonest words, for telling the document's language.
    let languageWords: [String: Set<String>]

    static let languages = ["en", "fr", "de", "es", "it", "nl", "pt"]

    static let bundled: LabelLexicon = {
        guard let url = Bundle.module.url(forResource: "lexicon", withExtension: "json"),
            let data = try? Data(contentsOf: url), let lexicon = try? LabelLexicon(json: data)
        else { return LabelLexicon(phrases: [:], languageWords: [:]) }
        return lexicon
    }()

    init(json: Data) throws {
        struct File: Decodable {
            var roles: [String: [String: [String]]]
            var languages: [String: [String]]
        }
        let file = try JSONDecoder().decode(File.self, from: json)
        var phrases: [String: (LabelRole, [String])] = [:]
        var byPhrase: [String: RoleSet] = [:]
        var compoundLanguages: [String: Set<String>] = [:]
        for (name, perLanguage) in file.roles {
            guard let role = LabelRole(rawValue: name) else { continue }
            for (lang, list) in perLanguage {
                for p in list {
                    let folded = Text.fold(p)
                    guard !folded.isEmpty else { continue }
                    byPhrase[folded, default: .empty].insert(role)
                    phrases[folded] = (role, folded.split(separator: " ").map(String.init))
                    if lang == "de" || lang == "nl" { compoundLanguages[folded, default: []].insert(lang) }
                }
            }
        }
        self.init(
            phrases: byPhrase, languageWords: file.languages.mapValues { Set($0.map(Text.fold)) },
            compoundCandidates: Set(compoundLanguages.keys))
    }

    init(phrases: [String: RoleSet], languageWords: [String: Set<String>], compoundCandidates: Set<String> = []) {
        var index: [String: [Phrase]] = [:]
        for (text, roles) in phrases {
            let words = text.split(separator: " ").map(String.init)
            index[words[0], default: []].append(Phrase(words: words, roles: roles))
        }
        byFirstWord = index.mapValues { $0.sorted { $0.words.count > $1.words.count } }
        var heads: [String: RoleSet] = [:]
        for text in compoundCandidates where !text.contains(" ") && text.count >= 5 {
            let roles = phrases[text] ?? .empty
            // Only labels of amounts and dates end compounds worth reading so.
            let useful = roles.bits & Self.compoundRoles.bits
            if useful != 0 { heads[text] = RoleSet(bits: useful) }
        }
        compoundHeads = heads
        self.languageWords = languageWords
    }

    static let compoundRoles: RoleSet = {
        var s = RoleSet()
        for r in LabelRole.allCases where !r.rawValue.hasPrefix("doc") && ![.till, .customer, .sender, .thanks, .address, .legal, .title, .contact, .taxid, .descriptor].contains(r) {
            s.insert(r)
        }
        return s
    }()

    /// Every phrase holding `role`, as folded words.
    func phrases(with role: LabelRole) -> [[String]] {
        byFirstWord.values.flatMap { $0 }.filter { $0.roles.contains(role) }.map(\.words).sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }

    /// The phrases in `words` (folded), left to right, the longest at each word; words inside a match start none.
    func hits(in words: [String]) -> [Hit] {
        var out: [Hit] = []
        var i = 0
        while i < words.count {
            var matched = 0
            if let candidates = byFirstWord[words[i]] {
                for p in candidates where i + p.words.count <= words.count {
                    if p.words.count == 1 || words[i..<i + p.words.count].elementsEqual(p.words) {
                        out.append(Hit(start: i, end: i + p.words.count, roles: p.roles))
                        matched = p.words.count
                        break
                    }
                }
            }
            if matched == 0, let roles = compoundRoles(of: words[i]) {
                out.append(Hit(start: i, end: i + 1, roles: roles))
                matched = 1
            }
            i += max(1, matched)
        }
        return out
    }

    /// The roles of the longest label ending `word`, when that leaves a head of three letters or more.
    private func compoundRoles(of word: String) -> RoleSet? {
        let chars = Array(word.utf8)
        guard chars.count >= 8, chars.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        for start in 3...(chars.count - 5) {
            if let roles = compoundHeads[String(decoding: chars[start...], as: UTF8.self)] { return roles }
        }
        return nil
    }

    /// Each language's share of the document's words that are among its common words.
    func languageScores(_ words: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for w in words {
            for (lang, set) in languageWords where set.contains(w) { counts[lang, default: 0] += 1 }
        }
        return counts
    }
}
