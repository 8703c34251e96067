import Foundation
import SubsCore

/// A name the vendor could go by, with every way the document gives it: printed on a line or in a cell (as
/// printed, or with its legal form, a title or a label taken off), an e-mail's sender, a web or mail domain, a
/// thank-you sentence, a copyright line, the vendor catalogue. Proposals that fold to the same text are one
/// candidate: a name the document gives several ways is the likelier.
struct NameCandidate {
    var name: String
    var vendor: VendorCatalogue.Vendor?
    /// The line the name was first printed on, if it was.
    var line: Int?
    var features: FeatureRow
}

enum NameCandidates {
    enum Source: String, CaseIterable {
        case cell, line, joined, sender, domain, catalogue, thanks, copyright
    }

    struct Proposal {
        var text: String
        var source: Source
        var line: Int?
        /// The cell of the line it is, when it is one cell of several.
        var cell: Int? = nil
        var legalStripped = false
        var titleStripped = false
        var labelStripped = false
        var idStripped = false
        var descriptorStripped = false
        /// OCR's misreading mended (`NameMending`).
        var mended = false
        /// From a line's second reading.
        var reread = false
        var vendor: VendorCatalogue.Vendor?
    }

    /// Proposals of a printed text's every variant, and of its mended reading's when it was OCR'd.
    static func proposals(of text: String, ocr: Bool, source: Source, line: Int, cell: Int? = nil) -> [Proposal] {
        let readings = [(text, false)] + (ocr ? NameMending.mended(text).map { [($0, true)] } ?? [] : [])
        return readings.flatMap { printed, mended in
            variants(of: printed).map { v in
                Proposal(text: v.text, source: source, line: line, cell: cell, legalStripped: v.legal, titleStripped: v.title,
                         labelStripped: v.label, idStripped: v.id, descriptorStripped: v.descriptor, mended: mended)
            }
        }
    }

    /// Roles of the words inside a name: a name holding an address's, a label's or a title's words is rarely one.
    static let ownRoles: [LabelRole] = [
        .address, .contact, .taxid, .customer, .title, .docInvoice, .docReceipt, .docPayment, .legal, .total, .totalWeak,
        .dateGeneric, .tendered, .till, .thanks, .sender, .docSubscription, .fee, .tax, .qty,
    ]
    static let lineRoles: [LabelRole] = [.customer, .sender, .address, .contact, .taxid, .title, .docInvoice, .docReceipt, .thanks, .dateGeneric]

    /// Lines read from the top of each page, and from its foot (where legal names and copyrights stand).
    static let headLines = 25, footLines = 10
    static let maxLength = 60
    /// Names wrapped over two lines are looked for among this many lines at the top.
    static let joinedLines = 12

    static func make(_ doc: DocumentModel, base: FeatureRow, catalogue: VendorCatalogue) -> [NameCandidate] {
        var proposals: [Proposal] = []
        for page in doc.pages {
            for i in page.lines {
                let rank = i - page.lines.lowerBound
                let fromFoot = page.lines.upperBound - 1 - i
                let line = doc.lines[i]
                let hasLegal = line.labels.contains { $0.roles.contains(.legal) }
                guard (page.number == 1 && rank < headLines) || fromFoot < footLines || hasLegal else { continue }
                proposals += printed(line, doc: doc)
                if page.number == 1, rank < joinedLines { proposals += joined(i, doc: doc) }
            }
        }
        for line in doc.lines where line.isReread {
            let page = doc.page(of: line)
            let rank = line.anchor - page.lines.lowerBound, fromFoot = page.lines.upperBound - 1 - line.anchor
            guard (page.number == 1 && rank < headLines) || fromFoot < footLines else { continue }
            proposals += printed(line, doc: doc).map { p in var p = p; p.reread = true; return p }
        }
        proposals += thanks(doc) + copyright(doc) + domains(doc) + sender(doc)
        proposals += catalogueHits(doc, catalogue: catalogue, domains: proposals.filter { $0.source == .domain })
        return group(proposals, doc: doc, base: base, catalogue: catalogue)
    }

    // MARK: Proposals

    /// Each cell of the line, and the whole line when it has several, with their variants.
    static func printed(_ line: DocumentModel.Line, doc: DocumentModel) -> [Proposal] {
        var out: [Proposal] = []
        var texts: [(String, Source, Int?)] = []
        for c in 0..<min(line.cellCount, 6) {
            texts.append((line.words.indices.filter { line.wordCell[$0] == c }.map { line.words[$0].text }.joined(separator: " "), .cell,
                          line.cellCount > 1 ? c : nil))
        }
        if line.cellCount > 1 { texts.append((line.text, .line, nil)) }
        let ocr = doc.page(of: line).source == .ocr
        for (text, source, cell) in texts {
            out += proposals(of: text, ocr: ocr, source: source, line: line.index, cell: cell)
        }
        return out
    }

    /// The line and the next, as one name wrapped over both ("LIAN CHI PU TIAN VEGETARIAN" / "RESTAURANT SDN
    /// BHD"): two lines of like type, close, neither printing money or a date.
    static func joined(_ i: Int, doc: DocumentModel) -> [Proposal] {
        guard i + 1 < doc.readLineCount else { return [] }
        let a = doc.lines[i], b = doc.lines[i + 1]
        guard a.page == b.page, a.height > 0, b.height > 0, abs(a.height - b.height) <= 0.3 * max(a.height, b.height),
            Double(b.top - a.bottom) < 1.5 * max(a.height, b.height),
            !doc.money.contains(where: { $0.line == i || $0.line == i + 1 }),
            !doc.dates.contains(where: { $0.line == i || $0.line == i + 1 })
        else { return [] }
        return proposals(of: a.text + " " + b.text, ocr: doc.page(of: a).source == .ocr, source: .joined, line: i)
    }

    struct Variant { var text: String; var legal = false; var title = false; var label = false; var id = false; var descriptor = false }

    /// The text as printed, and with a leading label ("From:", "Sold by"), a document title ("Invoice") and
    /// a trailing legal form ("GmbH", "SDN BHD") taken off, in that order, each step its own variant.
    static func variants(of printed: String) -> [Variant] {
        var out: [Variant] = []
        var current = Variant(text: clean(printed))
        guard acceptable(current.text) else { return [] }
        out.append(current)
        // "Label: name" ("DIMILIKI: BANH MI CAFE"), a short label without digits before a colon.
        if let colon = current.text.firstIndex(of: ":") {
            let head = current.text[..<colon], tail = clean(String(current.text[current.text.index(after: colon)...]))
            if head.split(separator: " ").count <= 2, !head.contains(where: \.isNumber), acceptable(tail) {
                current = Variant(text: tail, label: true)
                out.append(current)
            }
        }
        // A company or registration number after the name ("99 SPEED MART S/B (519537-X)").
        if let open = current.text.lastIndex(of: "("), current.text[open...].contains(where: \.isNumber) {
            let text = clean(String(current.text[..<open]))
            if acceptable(text) {
                current = Variant(text: text, legal: current.legal, title: current.title, label: current.label, id: true)
                out.append(current)
            }
        }
        func hits(_ s: String) -> (tokens: [DocumentModel.Token], hits: [LabelLexicon.Hit]) {
            let tokens = DocumentModel.tokenize(s)
            return (tokens, DocumentModel.lexicon.hits(in: tokens.map(\.text)))
        }
        // A label before the name.
        var (tokens, found) = hits(current.text)
        // A short one-word label ("de", "van", "da" are also a name's words: "De Groene Fiets") only before a colon.
        func labelStands(_ h: LabelLexicon.Hit) -> Bool {
            guard h.end - h.start == 1, tokens[h.start].text.count <= 3 else { return true }
            let rest = (current.text as NSString).substring(from: tokens[h.start].end)
            return rest.trimmingCharacters(in: .whitespaces).hasPrefix(":")
        }
        if let h = found.first, h.start == 0, h.end < tokens.count, labelStands(h),
            h.roles.contains(.sender) || h.roles.contains(.thanks) || h.roles.contains(.title) || h.roles.contains(.docInvoice)
                || h.roles.contains(.docReceipt) || h.roles.contains(.docPayment)
        {
            let text = clean((current.text as NSString).substring(from: tokens[h.end - 1].end))
            if acceptable(text) {
                current = Variant(text: text, legal: current.legal, title: current.title, label: true, id: current.id)
                out.append(current)
                (tokens, found) = hits(current.text)
            }
        }
        // A title after the name ("Netflix Invoice", "ACME — Receipt").
        if let h = found.last, h.end == tokens.count, h.start > 0,
            h.roles.contains(.title) || h.roles.contains(.docInvoice) || h.roles.contains(.docReceipt)
        {
            let text = clean((current.text as NSString).substring(to: tokens[h.start].start))
            if acceptable(text) {
                current = Variant(text: text, legal: current.legal, title: true, label: current.label, id: current.id)
                out.append(current)
                (tokens, found) = hits(current.text)
            }
        }
        /// Words of `role` at the end taken off, one at a time, at most twice, each step its own variant.
        func stripTrailing(_ role: LabelRole, marking flag: WritableKeyPath<Variant, Bool>) {
            for _ in 0..<2 {
                guard let h = found.last, h.end == tokens.count, h.start > 0, h.roles.contains(role) else { break }
                let text = clean((current.text as NSString).substring(to: tokens[h.start].start))
                guard acceptable(text) else { break }
                current.text = text
                current[keyPath: flag] = true
                out.append(current)
                (tokens, found) = hits(current.text)
            }
        }
        // Legal forms ("Nordlicht Energie Holding GmbH"), then, behind one only, a group's words for a country or
        // a line of business ("Hetzner Online", "Acme Deutschland"): without a legal form, "Luce Chiara Servizi"
        // is the name as the business prints it.
        stripTrailing(.legal, marking: \.legal)
        if current.legal { stripTrailing(.descriptor, marking: \.descriptor) }
        return out
    }

    /// Spaces and the punctuation that frames a name (":", "-", quotes, bullets) taken off its ends.
    static func clean(_ s: String) -> String {
        let frame = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: ":;,.-–—|*•·\"'“”‘’«»()[]{}<>/\\_=#~"))
        var t = s.trimmingCharacters(in: frame)
        // A closing bracket belongs to an opening one inside the name ("BOOK TA .K (TAMAN DAYA)").
        if s.contains("(") && t.contains("(") && !t.contains(")") && s.trimmingCharacters(in: .whitespaces).hasSuffix(")") { t += ")" }
        return t
    }

    static func acceptable(_ s: String) -> Bool {
        let letters = s.filter(\.isLetter).count
        return letters >= 2 && s.count <= maxLength && Double(letters) >= Double(s.count) * 0.4
    }

    private static func words(after phraseEnd: Int, in line: DocumentModel.Line) -> String {
        let rest = (line.text as NSString).substring(from: phraseEnd)
        // The sentence ends at its stop or exclamation mark.
        let cut = rest.split(omittingEmptySubsequences: false, whereSeparator: { ".!?,;".contains($0) }).first.map(String.init) ?? rest
        return clean(cut)
    }

    /// "Thank you for shopping at X", "Merci d'avoir choisi X".
    static func thanks(_ doc: DocumentModel) -> [Proposal] {
        var out: [Proposal] = []
        for line in doc.readLines {
            for label in line.labels where label.roles.contains(.thanks) {
                let name = words(after: label.end, in: line)
                for v in variants(of: name) {
                    out.append(Proposal(text: v.text, source: .thanks, line: line.index, legalStripped: v.legal, titleStripped: v.title))
                }
            }
        }
        return out
    }

    private static let copyrightPattern = try! NSRegularExpression(
        pattern: #"(?:©|\(c\)|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?)?\s*,?\s*([^.|©]{2,60}?)(?:\.\s|\s+all rights|\s+tous droits|\s+alle rechte|\s+todos los derechos|\s+tutti i diritti|\s+alle rechten|\s+todos os direitos|\s*$|\.$|\|)"#,
        options: .caseInsensitive)

    /// "© 2026 Nordlicht Energie GmbH. All rights reserved."
    static func copyright(_ doc: DocumentModel) -> [Proposal] {
        var out: [Proposal] = []
        for line in doc.readLines where line.text.contains("©") || line.text.lowercased().contains("(c)") || line.text.lowercased().contains("copyright") {
            let ns = line.text as NSString
            for m in copyrightPattern.matches(in: line.text, range: NSRange(location: 0, length: ns.length)) {
                for v in variants(of: ns.substring(with: m.range(at: 1))) {
                    out.append(Proposal(text: v.text, source: .copyright, line: line.index, legalStripped: v.legal, titleStripped: v.title))
                }
            }
        }
        return out
    }

    private static let hostPattern = try! NSRegularExpression(
        pattern: #"(?:[A-Za-z0-9._%+-]+@|https?://|www\.)((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})"#)
    private static let bareDomainPattern = try! NSRegularExpression(
        pattern: #"(?<![@\w.-])((?:[A-Za-z0-9-]+\.)+(?:com|net|org|io|co|app|de|fr|es|it|nl|pt|be|ch|at|uk|eu|us|ca|au|br|my|sg|tv|fm|ai|me|shop|store|online|cloud))(?![\w.-])"#)
    /// Second-level labels under which a country registers names ("co.uk", "com.au").
    static let secondLevels: Set<String> = ["co", "com", "org", "net", "gov", "ac", "edu", "ne", "or", "gob", "gouv"]

    /// The name a domain registers: "mailer.netflix.com" -> "netflix", "nordlicht-energie.co.uk" -> "nordlicht-energie".
    static func registeredLabel(_ host: String) -> String? {
        var labels = host.lowercased().split(separator: ".").map(String.init)
        guard labels.count >= 2 else { return nil }
        labels.removeLast()
        if labels.count >= 2, let last = labels.last, secondLevels.contains(last), labels.count >= 2 { labels.removeLast() }
        return labels.last
    }

    /// Hosts of the document's mail and web addresses, and the sender's.
    static func hosts(_ doc: DocumentModel) -> [(host: String, line: Int?)] {
        var out: [(String, Int?)] = []
        if let address = doc.context.senderAddress, let at = address.lastIndex(of: "@") {
            out.append((String(address[address.index(after: at)...]), nil))
        }
        for line in doc.readLines {
            let ns = line.text as NSString
            for pattern in [hostPattern, bareDomainPattern] {
                for m in pattern.matches(in: line.text, range: NSRange(location: 0, length: ns.length)) {
                    out.append((ns.substring(with: m.range(at: 1)), line.index))
                }
            }
        }
        return out
    }

    /// Names spelled by the document's domains, in the spelling a line prints them when one does
    /// ("nordlicht-energie.de" and the letterhead "Nordlicht Energie").
    static func domains(_ doc: DocumentModel) -> [Proposal] {
        var out: [Proposal] = []
        var seen: Set<String> = []
        for (host, line) in hosts(doc) {
            guard let label = registeredLabel(host), label.count >= 2, seen.insert(label).inserted else { continue }
            let joined = label.replacingOccurrences(of: "-", with: "")
            let text = printedSpelling(of: joined, in: doc)
                ?? label.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            out.append(Proposal(text: text, source: .domain, line: line))
        }
        return out
    }

    /// Words of a line that fold, run together, to `joined` ("Nordlicht Energie" for "nordlichtenergie").
    static func printedSpelling(of joined: String, in doc: DocumentModel) -> String? {
        for line in doc.readLines {
            let tokens = line.tokens
            for i in tokens.indices {
                var s = ""
                for j in i..<min(tokens.count, i + 4) {
                    s += tokens[j].text
                    if s == joined {
                        return clean((line.text as NSString).substring(with: NSRange(location: tokens[i].start, length: tokens[j].end - tokens[i].start)))
                    }
                    if s.count >= joined.count { break }
                }
            }
        }
        return nil
    }

    /// Words a sender's display name adds to the brand ("Netflix Billing", "Acme via Stripe", "no-reply").
    static let senderNoise: Set<String> = [
        "billing", "team", "support", "receipts", "receipt", "payments", "payment", "invoices", "invoice", "noreply",
        "no reply", "info", "service", "customer service", "accounts", "account", "notifications", "news", "the",
        "facturation", "equipe", "rechnung", "rechnungen", "buchhaltung", "kundenservice", "facturacion", "equipo",
        "fatturazione", "facturatie", "faturacao", "abrechnung", "mailer",
    ]

    static func sender(_ doc: DocumentModel) -> [Proposal] {
        guard var name = doc.context.senderName?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return [] }
        var out: [Proposal] = []
        for v in variants(of: name) { out.append(Proposal(text: v.text, source: .sender, legalStripped: v.legal, titleStripped: v.title)) }
        if let via = name.range(of: " via ", options: .caseInsensitive) { name = String(name[..<via.lowerBound]) }
        let words = name.split(separator: " ").map(String.init)
        let kept = words.filter { !senderNoise.contains(Text.fold($0)) }
        if kept.count < words.count, !kept.isEmpty {
            for v in variants(of: kept.joined(separator: " ")) {
                out.append(Proposal(text: v.text, source: .sender, legalStripped: v.legal, titleStripped: v.title, labelStripped: true))
            }
        }
        return out
    }

    /// Vendors of the catalogue that the document names (by a name, an alias or a domain).
    static func catalogueHits(_ doc: DocumentModel, catalogue: VendorCatalogue, domains: [Proposal]) -> [Proposal] {
        var out: [Proposal] = []
        var seen: Set<String> = []
        for (host, line) in hosts(doc) {
            if let v = catalogue.vendor(domain: host), seen.insert(v.name).inserted {
                out.append(Proposal(text: v.name, source: .catalogue, line: line, vendor: v))
            }
        }
        for line in doc.readLines {
            let tokens = line.tokens.map(\.text)
            for i in tokens.indices {
                for n in stride(from: min(catalogue.longestName, tokens.count - i), through: 1, by: -1) {
                    let phrase = tokens[i..<i + n].joined(separator: " ")
                    if let v = catalogue.vendor(named: phrase) {
                        if seen.insert(v.name).inserted { out.append(Proposal(text: v.name, source: .catalogue, line: line.index, vendor: v)) }
                        break
                    }
                }
            }
        }
        return out
    }

    // MARK: Candidates

    /// Lines that print the name and, at most two words after it, a legal form: "Hetzner" in "Hetzner Online
    /// GmbH", a brand beside the company that owns it.
    static func linesPrinting(_ key: String, beforeLegalFormIn doc: DocumentModel) -> Int {
        let words = key.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return 0 }
        return doc.readLines.filter { line in
            let legalStarts = Set(line.labels.filter { $0.roles.contains(.legal) }.map(\.start))
            guard !legalStarts.isEmpty else { return false }
            let tokens = line.tokens
            return tokens.indices.contains { i in
                let after = i + words.count
                return after <= tokens.count && zip(tokens[i..<after], words).allSatisfy { $0.text == $1 }
                    && tokens[after..<min(tokens.count, after + 3)].contains { legalStarts.contains($0.start) }
            }
        }.count
    }

    static func group(_ proposals: [Proposal], doc: DocumentModel, base: FeatureRow, catalogue: VendorCatalogue) -> [NameCandidate] {
        var order: [String] = []
        var groups: [String: [Proposal]] = [:]
        for p in proposals {
            let key = Text.fold(p.text)
            guard !key.isEmpty else { continue }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(p)
        }
        let hostLabels = Set(hosts(doc).compactMap { registeredLabel($0.host)?.replacingOccurrences(of: "-", with: "") })
        let senderKey = doc.context.senderName.map(Text.fold)
        let foldedLines = doc.readLines.map { Text.fold($0.text) }
        let firstPage = doc.pages[0]
        let heightsByRank = firstPage.lines.map { doc.lines[$0].height }.sorted(by: >)

        var out: [NameCandidate] = []
        for key in order {
            let group = groups[key]!
            var row = FeatureRow()
            for s in Source.allCases { row.add("from." + s.rawValue, group.contains { $0.source == s }) }
            row.add("sources", Double(Set(group.map(\.source)).count))
            row.add("as_printed", group.contains {
                [.cell, .line, .joined].contains($0.source) && !$0.legalStripped && !$0.titleStripped && !$0.labelStripped && !$0.idStripped
            })
            row.add("legal_stripped", group.allSatisfy(\.legalStripped))
            row.add("title_stripped", group.allSatisfy(\.titleStripped))
            row.add("label_stripped", group.allSatisfy(\.labelStripped))
            row.add("id_stripped", group.allSatisfy(\.idStripped))
            row.add("descriptor_stripped", group.allSatisfy(\.descriptorStripped))
            row.add("mended", group.allSatisfy(\.mended))
            row.add("from_reread", group.contains(where: \.reread))
            row.add("only_reread", group.allSatisfy(\.reread))
            let lineIndex = group.compactMap(\.line).min()
            if let li = lineIndex {
                let line = doc.lines[li]
                let page = doc.page(of: line)
                let at = line.anchor
                row.add("line_rank", Double(at - page.lines.lowerBound))
                row.add("from_foot", Double(page.lines.upperBound - 1 - at))
                row.add("page", Double(page.number - 1))
                // Where the name stands and its type: its own cell's when it is one cell of the line (a brand
                // beside a small "Paid on" is as large as it is printed).
                let cell = group.first { $0.line == li && $0.cell != nil }?.cell
                let span: (left: Int, right: Int) = cell.map { line.cellSpan($0) } ?? (line.left, line.right)
                let height = cell.map { line.cellHeight($0) } ?? line.height
                row.add("y", Double(line.top) / Double(page.height))
                row.add("x_left", Double(span.left) / Double(page.width))
                row.add("x_centre", (Double(span.left + span.right) / 2) / Double(page.width))
                row.add("height", height / page.wordHeight)
                row.add("height_rank", page.number == 1 ? Double(heightsByRank.firstIndex { $0 <= height } ?? 0) : .nan)
                row.add("line_cells", Double(line.cellCount))
                row.add("line_words", Double(line.words.count))
                row.add("confidence", line.confidence)
                let roles = line.labels.reduce(into: RoleSet.empty) { $0.formUnion($1.roles) }
                row.add("line", roles: roles, of: lineRoles)
                let previous = at > 0 && doc.lines[at - 1].page == line.page
                    ? doc.lines[at - 1].labels.reduce(into: RoleSet.empty) { $0.formUnion($1.roles) } : RoleSet.empty
                row.add("prev", roles: previous, of: lineRoles)
                row.add("money_on_line", doc.money.contains { $0.line == li })
                row.add("date_on_line", doc.dates.contains { $0.line == li })
            } else {
                for name in ["line_rank", "from_foot", "page", "y", "x_left", "x_centre", "height", "height_rank", "line_cells", "line_words", "confidence"] {
                    row.add(name, .nan)
                }
                row.add("line", roles: .empty, of: lineRoles)
                row.add("prev", roles: .empty, of: lineRoles)
                row.add("money_on_line", false)
                row.add("date_on_line", false)
            }
            // The name's own text.
            let text = group[0].text
            let letters = text.filter(\.isLetter)
            row.add("chars", Double(text.count))
            row.add("words", Double(text.split(separator: " ").count))
            row.add("upper", letters.isEmpty ? 0 : Double(letters.filter(\.isUppercase).count) / Double(letters.count))
            row.add("capitalised", Double(text.split(separator: " ").filter { $0.first?.isUppercase == true }.count) / Double(max(1, text.split(separator: " ").count)))
            row.add("digits", Double(text.filter(\.isNumber).count) / Double(max(1, text.count)))
            row.add("symbols", Double(text.filter { !$0.isLetter && !$0.isNumber && $0 != " " }.count) / Double(max(1, text.count)))
            let tokens = DocumentModel.tokenize(text)
            let own = DocumentModel.lexicon.hits(in: tokens.map(\.text)).reduce(into: RoleSet.empty) { $0.formUnion($1.roles) }
            row.add("own", roles: own, of: ownRoles)
            row.add("all_label", !tokens.isEmpty && DocumentModel.lexicon.hits(in: tokens.map(\.text)).reduce(0) { $0 + $1.end - $1.start } == tokens.count)
            // How else the document gives it.
            row.add("printed_lines", Double(foldedLines.filter { Text.contains($0, phrase: key) }.count))
            row.add("before_legal", Double(min(3, linesPrinting(key, beforeLegalFormIn: doc))))
            let joined = key.replacingOccurrences(of: " ", with: "")
            row.add("domain_match", hostLabels.contains(joined))
            row.add("domain_part", joined.count >= 4 && hostLabels.contains { $0 != joined && ($0.hasPrefix(joined) || $0.hasSuffix(joined)) })
            // A domain spelling the name's words in another order or among others ("plumbingstanford.com" for
            // "Stanford Plumbing & Heating"): the share of its words of three letters or more a domain holds.
            let longWords = key.split(separator: " ").filter { $0.count >= 3 }
            row.add("domain_words", longWords.isEmpty ? 0 : Double(longWords.filter { w in hostLabels.contains { $0.contains(w) } }.count) / Double(longWords.count))
            row.add("sender_match", senderKey == key)
            row.add("sender_part", senderKey.map { $0 != key && Text.contains($0, phrase: key) } ?? false)
            let vendor = group.first(where: { $0.vendor != nil })?.vendor ?? catalogue.vendor(named: text)
            row.add("catalogue", vendor != nil)
            row.add("catalogue_store", vendor?.isStore == true)
            row.append(base)
            let name = group.first(where: { $0.vendor != nil })?.text
                ?? group.first(where: { $0.source == .cell || $0.source == .line })?.text ?? text
            out.append(NameCandidate(name: name, vendor: vendor, line: lineIndex, features: row))
        }
        return out
    }
}
