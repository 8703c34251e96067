import Foundation
import SubsCore

/// Finds the brand a person recognises: a catalogue vendor named or whose domain appears; else
/// the sender's domain as the document prints it; else the letterhead, with the legal form dropped
/// when the brand is printed alone or named in a sentence like "Thank you for subscribing to X";
/// else the name that sentence gives.
struct NameFinder {
    let catalogue: VendorCatalogue

    struct Found {
        var name: String
        var confidence: Double
        var evidence: String
        var vendor: VendorCatalogue.Vendor?
    }

    static let legalForms: [String] = [
        "inc", "incorporated", "ltd", "limited", "llc", "llp", "plc", "gmbh", "gmbh co kg", "ag", "kg", "se", "sa", "sas",
        "sarl", "sasu", "eurl", "bv", "b v", "nv", "sl", "slu", "s l", "s a", "srl", "spa", "pty ltd", "pty", "corp",
        "corporation", "co", "company", "sdn bhd", "bhd", "pte ltd", "pte", "oy", "ab", "as", "aps", "ug", "e k",
        "international", "services", "holdings", "group", "europe", "emea", "s b", "sdn", "gbr", "ohg", "e v",
        "ug haftungsbeschrankt",
    ]

    /// Every word of the legal forms ("gmbh", "co", "kg", "sdn", "bhd"...).
    static let legalFormWords = Set(legalForms.flatMap { $0.split(separator: " ").map(String.init) })

    /// Lines that are never a vendor name (document words, mail-client chrome).
    static let notNames: Set<String> = [
        "invoice", "receipt", "tax invoice", "facture", "recu", "rechnung", "quittung", "factura", "recibo", "ticket",
        "bill to", "inbox", "compose", "sent", "drafts", "starred", "mail", "payment", "paiement", "zahlung", "pago",
        "order", "commande", "bestellung", "pedido", "cash bill", "official receipt", "simplified tax invoice",
        "payment successful", "paiement reussi", "zahlung erfolgreich", "pago realizado", "thank you", "merci",
        "danke", "gracias", "from", "to", "de", "an", "para", "a", "subject", "objet", "betreff", "asunto",
        // A mail app's folders and tabs, in the four languages.
        "boite de reception", "messages envoyes", "brouillons", "corbeille", "suivis", "importants", "tous les messages",
        "posteingang", "gesendet", "entwurfe", "papierkorb", "markiert", "wichtig", "alle nachrichten", "recibidos",
        "bandeja de entrada", "enviados", "borradores", "papelera", "destacados", "importantes", "todos", "pospuestos",
        "snoozed", "important", "all mail", "spam", "primary", "principal", "promotions", "promociones", "social",
        "updates", "mises a jour", "actualizaciones", "reception", "sent items", "deleted items", "junk email", "outbox",
        "archive", "elements envoyes", "elements supprimes", "courrier indesirable", "gesendete elemente",
        "geloschte elemente", "junk e mail", "elementos enviados", "elementos eliminados", "correo no deseado", "archivo",
        "bandeja de salida",
        // A bank app's screen titles.
        "transaction details", "payment details", "details de la transaction", "detail de la transaction",
        "details du paiement", "umsatzdetails", "transaktionsdetails", "zahlungsdetails", "buchungsdetails",
        "detalles de la transaccion", "detalle de la transaccion", "detalles del pago", "detalle del movimiento",
        "detalles del movimiento",
        // An item table's first column heading.
        "description", "designation", "libelle", "article", "produit", "beschreibung", "bezeichnung", "artikel",
        "leistung", "position", "descripcion", "concepto", "articulo", "detalle", "item", "items", "product",
    ]

    private static let emailOrWeb = try! NSRegularExpression(
        pattern: #"(?:([A-Za-z0-9._%+-]+)@|www\.|https?://)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})"#)
    /// Top-level domains a vendor's bare web address ends in (a regular expression's alternatives).
    private static let commonTopLevelDomains = "com|net|org|io|co|fr|de|es|uk|tv|app|me|ai|so|us|eu|ch|at|be|nl|it|mx|ar|cl|pe|br|pt|lu|ie|info|energy|cloud"
    private static let bareDomain = try! NSRegularExpression(
        pattern: #"(?<![@\w.-])([A-Za-z0-9-]{2,}\.(?:(?:com|net|org|co|gob|edu)\.[a-z]{2}|"# + commonTopLevelDomains + #"))(?![\w.])"#)

    /// The label a domain's owner chose: "finobox" of "billing.finobox.app", "claro" of "claro.com.co".
    static func ownLabel(of domain: String) -> String? {
        let labels = domain.split(separator: ".").map(String.init)
        guard labels.count >= 2 else { return nil }
        let secondLevel: Set<String> = ["com", "net", "org", "co", "gob", "gov", "edu", "ac"]
        if labels.count >= 3, secondLevel.contains(labels[labels.count - 2]), labels[labels.count - 1].count == 2 {
            return labels[labels.count - 3]
        }
        return labels[labels.count - 2]
    }

    /// - Parameter tillReceipt: a shop's receipt: its own name is in the header, while its items
    ///   ("Apple juice") and the links printed at its foot name other brands.
    func find(lines: [TextLine], paidWithLines: Set<Int>, tillReceipt: Bool = false) -> Found? {
        guard var found = finding(lines: lines, paidWithLines: paidWithLines, tillReceipt: tillReceipt) else { return nil }
        // (a name's article OCR misread, "EI Eco de Getafe", whichever rule found it)
        if found.vendor == nil { found.name = Self.articleReadRight(found.name) }
        return found
    }

    /// A name starting with the article OCR misread ("EI Eco de Getafe": a capital I for the l) spelled
    /// right, when a capitalised word follows.
    static func articleReadRight(_ name: String) -> String {
        var words = name.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count > 1, let next = words[1].first, next.isUppercase, words[1].contains(where: \.isLowercase),
            let article = article(read: words[0]), article != words[0]
        else { return name }
        words[0] = article
        return words.joined(separator: " ")
    }

    /// The article a word is, as printed or as OCR misreads it ("EI" for "El"); nil for other words.
    static func article(read word: String) -> String? {
        articles.contains(word) ? word : word == "EI" ? "El" : nil
    }

    private func finding(lines: [TextLine], paidWithLines: Set<Int>, tillReceipt: Bool) -> Found? {
        let headerEnd = tillReceipt ? max(5, lines.count / 4) : lines.count
        // Every domain printed, and the label before its suffix ("finobox" of "billing@finobox.app").
        // (each line's domains read once: the steps below look at them again)
        let lineDomains = lines.map { domains(in: $0.text) }
        let printedDomains = Array(lineDomains.joined())
        let printedLabels = printedDomains.compactMap { d -> String? in
            Self.ownLabel(of: d)
        }
        // 1. A catalogue vendor named on the document or owning a domain printed on it.
        var best: (score: Double, found: Found)?
        // The best hit that is no store: an app store's receipt names the service bought through it.
        var bestService: (score: Double, found: Found)?
        func consider(_ score: Double, _ found: Found) {
            if best == nil || score > best!.score { best = (score, found) }
            if found.vendor?.isStore != true, bestService == nil || score > bestService!.score { bestService = (score, found) }
        }
        // A reading pane beside a mail list: the other rows' senders are other mails'.
        // (The dated senders of the top lines, read once for the pane, the list and the other rows.)
        let datedRows = lines.prefix(Self.mailListLines).map(Self.datedSenders(on:))
        let pane = Self.paneSender(in: lines, datedRows: datedRows) ?? Self.listedSender(in: lines, datedRows: datedRows)
        // A known name that another listed mail's sender has ("GitHub 28/11/2025"), on its row or in
        // its subject ("[GitHub] A new SSH key was added").
        let otherSenders: Set<String> = pane.map { pane in
            Set(datedRows.joined().map(Text.fold)).subtracting([Text.fold(pane.name)])
        } ?? []
        func namesAnotherListedSender(_ key: String) -> Bool {
            guard let pane, Text.fold(pane.name) != key else { return false }
            return otherSenders.contains { $0 == key || $0.hasPrefix(key + " ") }
        }
        for (i, line) in lines.enumerated() where !paidWithLines.contains(i) && i < headerEnd && !Self.isSearchBar(line, index: i) {
            let raw = line.text
            for domain in lineDomains[i] {
                if let v = catalogue.vendor(domain: domain) {
                    consider(3.0 - Double(i) * 0.01, Found(name: v.name, confidence: 0.9, evidence: raw, vendor: v))
                }
            }
            // A person's address on the line ("Account k.green@fastmail.com") is read past.
            let folded = Text.fold(Self.withoutPersonalAddresses(raw))
            guard !folded.isEmpty else { continue }
            let position = 2.0 - min(1, Double(i) / Double(max(lines.count, 1)))
            // Catalogue names and aliases are looked up by word n-grams of the line (fast: no
            // scan of every name over every line); the longest match at the earliest word wins.
            let tokens = folded.split(separator: " ").map(String.init)
            var hit: (key: String, index: Int)?
            outer: for start in tokens.indices {
                for n in stride(from: min(catalogue.longestName, tokens.count - start), through: 1, by: -1) {
                    let key = tokens[start..<start + n].joined(separator: " ")
                    // Two-letter names (EE, BT, O2) are too easily OCR noise: they need their domain,
                    // or to be printed as the catalogue spells them on two lines ("Your O2 bill", "My O2").
                    if let index = catalogue.byName[key], key.count >= 3 || Self.linesPrinting(catalogue.vendors[index].name, in: lines) >= 2 {
                        hit = (key, index)
                        break outer
                    }
                    // A long one-word name OCR split in two or three ("NordV PN"), or a name of words OCR ran
                    // together ("GoogleOne").
                    let joined = key.replacingOccurrences(of: " ", with: "")
                    if let index = n > 1 ? catalogue.byJoinedName[joined] : catalogue.byRunTogetherName[joined] {
                        hit = (joined, index)
                        break outer
                    }
                }
            }
            if let (key, index) = hit, !namesAnotherListedSender(key) {
                let v = catalogue.vendors[index]
                // A name that is also an ordinary word must be printed with the catalogue's capital
                // and stand alone (a header, a cell) or recur ("Your Slack receipt" ... "Slack").
                // Standing alone counts in the header area (an item "Apple" in a receipt body is fruit).
                let inHeader = i < max(5, lines.count / 5)
                let standalone = inHeader && line.cells.contains { cell in
                    // (past a logo's monogram, a scrap of it in lower case or without letters, a ring read as a
                    // letter or bars read as strokes: "G Google One", "all Google One", "(3 Google One", "O SFR",
                    // "Il Google One")
                    var words = Self.droppingDoubtfulMarks(cell)
                    while words.count > 1, Self.isLogoPiece(words[0].text) { words.removeFirst() }
                    let folded = Text.fold(words.text)
                    return folded == key || folded.replacingOccurrences(of: " ", with: "") == key
                        || (folded.hasPrefix(key + " ") && Self.isCountry(String(folded.dropFirst(key.count + 1))))
                }
                let distinctive = key.count >= 5 && !VendorCatalogueWords.common.contains(key)
                let capitalised = line.words.contains { Text.fold($0.text) == key && $0.text.first?.isUppercase == true }
                    || raw.contains(v.name)
                var accepted = true
                // Below the header, a line with a price is an item ("1 Apple juice 3.90"), not the vendor.
                let itemLine = !inHeader && !AmountFinder.find(in: raw, line: 0, language: nil).isEmpty
                if !distinctive && itemLine {
                    accepted = false
                } else if !distinctive {
                    let recurring = capitalisedMentions(of: key, in: lines) >= 2
                    accepted = capitalised && (standalone || recurring || (key.count >= 4 && !VendorCatalogueWords.common.contains(key) && !tillReceipt))
                        // A logo's lower case ("edf"), alone in the header, when the name is no word.
                        || (standalone && !VendorCatalogueWords.common.contains(key))
                }
                // "Fino Box <billing@finobox.app>": an ordinary word that is part of another brand, whose own
                // domain the document prints, while none of the vendor's is printed. (A distinctive name stays:
                // OCR reading "billing@dropbox.com" as "billingedropbox.com" does not make Dropbox another brand.)
                let vendorDomainPrinted = printedDomains.contains { d in v.domains.contains { d == $0 || d.hasSuffix("." + $0) } }
                let compactKey = key.replacingOccurrences(of: " ", with: "")
                if !distinctive && !vendorDomainPrinted
                    && printedLabels.contains(where: { $0.count > compactKey.count && $0.contains(compactKey) })
                {
                    accepted = false
                }
                // "Pamita Box ... Pamita Box": an ordinary word printed each time after the same capitalised
                // word (not a word of the language, as in "Your Slack receipt") ends that longer name;
                // printed each time before the same one ("Mega Fan ... Mega Fan") starts it. ("Box Inc." is read as
                // a legal name below.)
                if accepted && !distinctive, let before = Self.constantNeighbour(key, offset: -1, in: lines),
                    !Lexicon.languageWords.values.contains(where: { $0.contains(before) })
                {
                    accepted = false
                }
                if accepted && !distinctive, let after = Self.constantNeighbour(key, offset: 1, in: lines),
                    !Lexicon.languageWords.values.contains(where: { $0.contains(after) }), !Self.isCountry(after)
                {
                    accepted = false
                }
                // A name of three letters or fewer ("EE", "BT") on a document printing another's domain and that
                // name in words, and none of the vendor's domains: letters OCR made of a logo or a band.
                if accepted && key.count <= 3 && !vendorDomainPrinted,
                    printedLabels.contains(where: { $0.count >= 4 && self.printedForm(of: $0, in: lines) != nil })
                {
                    accepted = false
                }
                if accepted {
                    let score = position + Double(key.count) * 0.01 + (standalone ? 0.3 : 0)
                    consider(score, Found(name: v.name, confidence: standalone ? 0.9 : 0.8, evidence: raw, vendor: v))
                }
            }
            // A legal name whose core is a catalogue name: "Slack Technologies Limited" -> Slack, also
            // at the head of a footer's line ("Orange SA au capital de ...").
            for cell in line.cells {
                for part in cell.text.split(separator: ",") {
                let text = String(part)
                let folded = Text.fold(text), stripped = Self.stripLegal(text)
                guard let core = stripped != folded ? stripped : Self.nameBeforeLegalForm(text), core != folded,
                    let v = catalogue.vendor(named: core), core.count >= 2,
                    // A short name ("EE", "O2") as the brand prints it, not letters of noise ("ee e a").
                    core.count >= 4 || text.contains(v.name)
                else { continue }
                consider(position - 0.2, Found(name: v.name, confidence: 0.75, evidence: raw, vendor: v))
                }
            }
        }
        if let best {
            let found = best.found.vendor?.isStore == true ? (bestService ?? best).found : best.found
            // A known name only in the body ("Add HBO Max for $5.990") of a mail whose sender's own
            // domain names it ("pagos@zapping.com", "Zapping" printed): an offer, not the vendor.
            let header = lines.prefix(8)
            if let v = found.vendor, let at = lines.firstIndex(where: { $0.text == found.evidence }), at >= header.count,
                !header.contains(where: { Text.contains(Text.fold($0.text), phrase: Text.fold(v.name)) }),
                let sender = senderDomainName(in: header, printedIn: lines)
            {
                return Found(name: sender.name, confidence: 0.6, evidence: sender.line, vendor: nil)
            }
            return found
        }

        // Read only when the domain's name or the letterhead needs them (a sender's line returns first).
        lazy var thanks = ThanksPhrase.name(in: lines)
        // Every line that could be the letterhead; the likeliest is the first scored highest.
        lazy var letterheads = self.letterheadLines(lines, thanksLine: thanks?.line)

        // 2. The sender's or website's domain, in the capitals the document prints it with. A domain whose
        // name is also printed as words comes first: OCR reading "billing@acme.com" as "billingeacme.com"
        // makes a domain nobody prints.
        var unprinted: (label: String, line: String)?
        for (index, line) in lines.prefix(headerEnd).enumerated() {
            for domain in lineDomains[index] {
                guard let label = Self.ownLabel(of: domain.lowercased()) else { continue }
                guard label.count >= 3, !Self.everyonesDomains.contains(label) else { continue }
                // A hyphenated domain often adds the town or trade to the name ("cinqtemps-danse"), in
                // the address the vendor writes from (a bare domain may be the customer's website).
                let fromMailbox = line.text.lowercased().replacingOccurrences(of: " ", with: "").contains("@" + domain)
                let pieces = label.split(separator: "-")
                // (A head that is only a trade, "cafe" of "cafe-caravelle", names no one.)
                let heads = [label] + (fromMailbox ? (1..<pieces.count).reversed().map { pieces[..<$0].joined(separator: "-") } : [])
                    .filter { !Self.businessWords.contains($0) }
                // The mail's sender, named over its address with more words than the domain has
                // ("Glanzwerk Autowaschclub" over "billing@glanzwerk.de"), is the name it goes by.
                func sender(extending printed: String) -> Found? {
                    guard fromMailbox else { return nil }
                    if let sender = Self.senderExtending(printed, above: index, datedRows: datedRows) {
                        // (a word OCR slipped on, put right by the subject's surer reading)
                        let name = Self.confirmingWords(of: sender.name, line: lines[sender.index], against: lines)
                        return Found(name: name, confidence: 0.65, evidence: lines[sender.index].text, vendor: nil)
                    }
                    // ... or named before the address itself ("Gemüsekiste Hofgut <kundenservice@email.hofgut-kiste.de>"),
                    // as other lines print it (not with an avatar's letters read before it once: "Ka Lotus Loft Yoga"),
                    // or with words after the domain's name ("Bean & Bloom Coffee Club", whose subject OCR misread)
                    if let named = Self.senderName(in: lines[index...index]), Self.extends(named.name, printed),
                        Self.linesMentioning(named.name, in: lines) >= 2 || Text.fold(named.name).hasPrefix(Text.fold(printed) + " ")
                    {
                        return Found(name: named.name, confidence: 0.65, evidence: named.line, vendor: nil)
                    }
                    return nil
                }
                // (How often the domain is printed: a misread domain puts right no name printed more often.)
                let domainPrintings = lineDomains.filter { $0.contains { Self.ownLabel(of: $0.lowercased()) == label } }.count
                if let printed = heads.lazy.compactMap({
                    self.printedForm(of: $0, in: lines) ?? self.printedFormWithOneSlip(of: $0, printed: domainPrintings, in: lines)
                }).first {
                    // (its "&" may be written out in the legal name: "Bean and Bloom Roasters LLC" under "Bean & Bloom")
                    let spellings = [printed] + Self.spellingOutAmpersand(printed)
                    // Printed as a legal name ("Sprachwerk Akademie e.K."), under its brand ("Sprachwerk").
                    if !tillReceipt,
                        let legal = letterheads.first(where: { l in
                            l.legal && spellings.contains { Text.contains(Text.fold(l.text), phrase: Text.fold($0)) }
                        }),
                        let brand = Self.brand(over: legal.text, at: legal.index, among: letterheads, lines: lines)
                    {
                        return Found(name: brand.text, confidence: 0.6, evidence: brand.line, vendor: nil)
                    }
                    // ... or in the footer ("Sprachwerk Akademie e.K. · Oranienstraße 34"), under the brand the
                    // header prints in fewer of its words ("© Sprachwerk"), or in words of its own added to the
                    // domain's ("Glanzwerk Autowaschclub" over "Glanzwerk Autopflege GmbH", of glanzwerk.de), printed
                    // on two lines or more (not a title misread beside it once), and not the legal name misread
                    // ("Crux Climbing Centre Lid").
                    let printedWords = Set(Text.fold(printed).split(separator: " "))
                    if !tillReceipt,
                        let (at, legalName) = lines.indices.lazy.compactMap({ k in
                            lines[k].cells.lazy.compactMap { Self.nameBeforeLegalForm($0.text) }
                                .first { legal in spellings.contains { Text.contains(legal, phrase: Text.fold($0)) } }.map { (k, $0) }
                        }).first,
                        let brand = Self.brand(over: printed, at: at, among: letterheads, lines: lines)
                    {
                        let brandWords = Set(Text.fold(brand.text).split(separator: " "))
                        if brandWords.isStrictSubset(of: printedWords)
                            || Self.extends(brand.text, printed) && brandWords.subtracting(printedWords).isDisjoint(with: legalName.split(separator: " "))
                            && Self.linesMentioning(brand.text, in: lines) >= 2
                        {
                            return Found(name: brand.text, confidence: 0.6, evidence: brand.line, vendor: nil)
                        }
                    }
                    return sender(extending: printed) ?? Found(name: printed, confidence: 0.7, evidence: line.text, vendor: nil)
                }
                // A trade before the name ("cafe-caravelle"): the sender that prints the name after it with
                // words of its own ("Torréfaction Caravelle"). (The name alone may be a subject's scrap.)
                if pieces.count > 1, Self.businessWords.contains(String(pieces[0])),
                    let printed = printedForm(of: pieces.dropFirst().joined(separator: "-"), in: lines),
                    let found = sender(extending: printed)
                {
                    return found
                }
                if unprinted == nil { unprinted = (label, line.text) }
            }
        }
        // A domain the document never prints as words names the vendor only when no letterhead
        // or sentence does: it may be the customer's own website on a host's invoice.
        let fromDomain = unprinted.map {
            Found(name: $0.label.prefix(1).uppercased() + $0.label.dropFirst(), confidence: 0.6, evidence: $0.line, vendor: nil)
        }

        // 2b. The sender of a mail, as its header shows it: "Maroc Telecom <facture@iam.ma>" (the
        // address often misread, so no domain was found above).
        if let sender = Self.senderName(in: lines.prefix(12)) {
            // (a word OCR slipped on, put right by the subject's or the letterhead's surer reading)
            let name = lines.first { $0.text == sender.line }.map { Self.confirmingWords(of: sender.name, line: $0, against: lines) }
            return Found(name: name ?? sender.name, confidence: 0.6, evidence: sender.line, vendor: nil)
        }
        if let pane {
            return Found(name: pane.name, confidence: 0.6, evidence: lines[pane.index].text, vendor: nil)
        }

        // 3. The letterhead: among the first lines, the one that reads most like a business name; else the
        // name a thank-you sentence gives ("Thanks for subscribing to Quorvo"), which may also put the
        // letterhead right (below).
        let letterhead = letterheads.reduce(nil as LetterheadLine?) { best, l in best == nil || l.score > best!.score ? l : best }
        // A stylised logo read with letters missing ("VI eo ron") spells part of the domain printed
        // beside it ("videotron.com"): the domain names it.
        if let l = letterhead, let domain = fromDomain, Self.readsPartOf(domain.name, l.text) {
            return Found(name: domain.name, confidence: 0.6, evidence: domain.evidence, vendor: nil)
        }
        if let l = letterhead {
            let text = Self.confirmingWords(of: Self.cuttingAfterLegalName(l.text), line: lines[l.index], against: lines)
            let name = Self.repairBusinessWords(Self.repairInitials(Self.repairParenthesis(Self.repairLegalForm(text))))
            // An invoice's letterhead often prints the brand alone over its legal name ("Acme Cloud" over
            // "Acme Cloud S.A."): a person knows the brand. (A shop's receipt is named as printed.)
            if !tillReceipt, let brand = Self.brandPrintedAlone(of: name, legalLine: lines[l.index], in: lines.prefix(8)) {
                return Found(name: Self.droppingLogoLetter(brand, line: l.index, lines: lines), confidence: 0.6, evidence: l.line, vendor: nil)
            }
            // ... or a brand of other words over it, sharing a name with it ("Café Origen" over
            // "Tostadores Origen, S.L.", "Sprachwerk" over "Sprachwerk Akademie e.K.").
            if !tillReceipt, l.legal, let brand = Self.brand(over: name, at: l.index, among: letterheads, lines: lines) {
                return Found(name: Self.confirmingWords(of: brand.text, line: lines[brand.index], against: lines),
                             confidence: 0.55, evidence: brand.line, vendor: nil)
            }
            // ... or a brand of its own, in larger type ("El Eco de Getafe" over "Ediciones del Sur de Madrid, S.L."),
            // on an invoice to a customer (a shop's receipt is named by its company, under its slogan or logo).
            if !tillReceipt, l.legal, Self.writesToACustomer(lines) || lines.contains(where: { Self.isRecipientLabel($0.text) }),
                let brand = Self.brand(inLargerTypeOver: l, among: letterheads, lines: lines) {
                return Found(name: Self.confirmingWords(of: brand.text, line: lines[brand.index], against: lines),
                             confidence: 0.5, evidence: brand.line, vendor: nil)
            }
            if let t = thanks {
                // A doubtful header OCR misread: the sentence, read surer, spells the same name.
                if Self.sameNameMisread(name, t.name), t.confidence > lines[l.index].confidence {
                    return Found(name: t.name, confidence: 0.6, evidence: lines[t.line].text, vendor: nil)
                }
                // An invoice's legal name and the brand the sentence uses ("Quorvo" of "Quorvo Technologies
                // Ltd"). (A sentence that adds to the letterhead names a plan: "Quorvo Premium".)
                if !tillReceipt, Text.fold(name).hasPrefix(Text.fold(t.name) + " ") {
                    return Found(name: t.name, confidence: 0.65, evidence: lines[t.line].text, vendor: nil)
                }
            }
            // A letter's letterhead that is only a legal name: the name shortened ("Gothaer Allgemeine
            // Versicherung AG" -> "Gothaer"). A shop's receipt is named as printed, and so is a
            // letterhead with no sign of a letter to a customer.
            if !tillReceipt, Self.writesToACustomer(lines), let short = Self.shortenedLegalName(name) {
                return Found(name: short, confidence: 0.5, evidence: l.line, vendor: nil)
            }
            return Found(name: Self.droppingLogoLetter(name, line: l.index, lines: lines), confidence: 0.5, evidence: l.line, vendor: nil)
        }
        if let t = thanks { return Found(name: t.name, confidence: 0.6, evidence: lines[t.line].text, vendor: nil) }
        return fromDomain
    }

    /// `test` holds for the line, or for its first cell when other columns share the line.
    static func wholeOrFirstCell(of line: TextLine, _ test: (String) -> Bool) -> Bool {
        test(line.text) || line.cells.count > 1 && test(line.cells[0].text)
    }

    /// Date labels of two words or more ("invoice date", "nachste zahlung") and a period's words
    /// ("Periodo de facturación"); other single words also start names ("Start", "Delivery").
    static let dateLabels = (Lexicon.billingDateLabels.map(\.phrase) + Lexicon.nextDateLabels + Lexicon.otherDateLabels)
        .filter { $0.contains(" ") } + ["period", "periode", "periodo", "zeitraum", "leistungszeitraum", "abrechnungszeitraum"]

    /// `folded` starts with a date's label.
    static func startsWithDateLabel(_ folded: String) -> Bool {
        dateLabels.contains { folded == $0 || folded.hasPrefix($0 + " ") }
    }

    /// A line of the first eight that reads like a business name, and how much: its place, a legal
    /// form, a line-of-business word, capitals.
    struct LetterheadLine {
        var score: Double
        /// The name as the line prints it, its scraps and marks dropped.
        var text: String
        var line: String
        var index: Int
        /// It has a legal form ("S.L.", "e.K.", "Ltd").
        var legal: Bool
    }

    /// The lines of the first eight that may be the letterhead, in order, skipping the customer's
    /// block and the thank-you sentence (`thanksLine`).
    func letterheadLines(_ lines: [TextLine], thanksLine: Int?) -> [LetterheadLine] {
        var out: [LetterheadLine] = []
        var afterRecipientLabel = false
        // Past the invoice's particulars (number, date, customer number), a person's name over an
        // address is the customer's block even when its "Bill to" label was not read.
        var pastParticulars = false
        for (index, line) in lines.prefix(8).enumerated() {
            let lineFolded = Text.fold(line.text)
            defer {
                if !DateFinder.find(in: line.text, line: 0).isEmpty || Self.particularsLabels.contains(where: { Text.contains(lineFolded, phrase: $0) }) {
                    pastParticulars = true
                }
            }
            // A noise line of scraps OCR was unsure of ("AN SO SEEN BE ...") labels nothing.
            // (The label may share its line with the particulars in a column beside it: "Facturar a
            // ...   Fecha de factura 16 de octubre de 2026".)
            if line.confidence >= 0.5, Self.wholeOrFirstCell(of: line, Self.isRecipientLabel) {
                afterRecipientLabel = true
                continue
            }
            if afterRecipientLabel { afterRecipientLabel = false; continue }  // the customer's name
            if index == thanksLine { continue }  // a sentence, not a letterhead
            // (The person's name may share its line with the invoice's particulars in a column beside
            // it: "Marta López      N.º de factura 9107".)
            if pastParticulars, index + 1 < lines.count,
                Self.wholeOrFirstCell(of: line, Self.looksLikePersonName),
                Self.looksLikeAddress(lines[index + 1].text)
            {
                break  // the customer's block: the body of the invoice follows
            }
            // The first cell, past marks and specks in the margin ("x", "|", a logo read as "E JU U"),
            // and past a logo in lower case when a capitalised cell follows ("helvetia ▲   Helvetia
            // Versicherungen").
            var cells = line.cells.map {
                Self.joiningSpacedCapitals(Self.repairingSlashForm(Self.droppingTrailingMarks(Self.droppingLogoScrap(Self.droppingDoubtfulMarks($0).text))))
            }
            // A logo in lower case at the top ("kolektif house") names the vendor as the document prints
            // it capitalised elsewhere ("Location: Kolektif House Levent"), unless the line prints it so.
            if index <= 1, let k = cells.firstIndex(where: { $0.contains(where: \.isLetter) }),
                !cells[k].contains(where: \.isUppercase),
                !cells.indices.contains(where: { $0 != k && Text.fold(cells[$0]).hasPrefix(Text.fold(cells[k])) }),
                let printed = Self.capitalisedElsewhere(Text.fold(cells[k]), in: lines, except: index)
            {
                cells[k] = printed
            }
            let lettered = cells.indices.filter { cells[$0].split(separator: " ").contains { $0.filter(\.isLetter).count >= 3 } }
            let chosen = lettered.first { cells[$0].contains(where: \.isUppercase) } ?? lettered.first ?? (cells.isEmpty ? nil : 0)
            var cell = chosen.map { cells[$0] } ?? line.text
            // A legal form OCR set apart from its name ("Sprachwerk Akademie   e.K.") is the name's.
            if let k = chosen, k + 1 < cells.count, Self.legalForms.contains(Text.fold(cells[k + 1])) { cell += " " + cells[k + 1] }
            // How surely the name's own cell was read: scraps OCR doubted elsewhere on the line (a rule
            // read as "=", a faint title) do not make the name doubtful.
            let cellConfidence = chosen.map { line.cells[$0].meanConfidence } ?? line.confidence
            // A phone mail app's chevron after the sender ("Wellhub >") is no part of the name; a "+"
            // is ("Canal+"). Marks the title came after ("Glanzwerk $ ZAHLUNGSBELEG") go with it.
            let trimmed = Self.droppingTrailingMarks(Self.droppingTitle(Self.droppingRegistrationNumber(cell)))
                .trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters).union(CharacterSet(charactersIn: "<>|=")))
            let folded = Text.fold(trimmed)
            let letters = trimmed.filter(\.isLetter)
            // Mostly letters, up to the legal form (a company number may follow it, its bracket misread).
            let named = Self.cuttingAfterLegalName(trimmed)
            guard letters.count >= 3, Double(named.filter(\.isLetter).count) / Double(max(1, named.filter { !$0.isWhitespace }.count)) > 0.6,
                !Self.notNames.contains(folded), trimmed.split(separator: " ").count <= 8,
                cellConfidence > 0.6
            else { continue }
            // Handwriting and body text are lower case; letterheads are capitalised, or written as the
            // legal name writes them ("dm-drogerie markt" over "dm-drogerie markt GmbH + Co. KG").
            guard letters.contains(where: \.isUppercase) || index <= 1 && lines.indices.contains(where: { k in
                k != index && lines[k].cells.contains { Self.nameBeforeLegalForm($0.text) == folded }
            }) else { continue }
            if Self.isMailApp(folded) { continue }
            // A phone's status bar ("12:26 all 5G"), over a screenshot.
            if index <= 1, line.words.first?.text.range(of: #"^\d{1,2}:\d{2}$"#, options: .regularExpression) != nil { continue }
            if Lexicon.invoiceWords.contains(where: { Text.contains(folded, phrase: $0) }) { continue }
            if DateFinder.find(in: trimmed, line: 0).isEmpty == false { continue }
            // A date's label in the column before its date ("Periodo de facturación   16 oct 2025 -
            // 22 oct 2025"), however OCR read its accents.
            if line.cells.count > 1, Self.startsWithDateLabel(folded), !DateFinder.find(in: line.text, line: 0).isEmpty { continue }
            // A label line ("Total   €8.00") is not a letterhead.
            if !AmountFinder.find(in: line.text, line: 0, language: nil).isEmpty { continue }
            // A company's legal form ("... Sdn Bhd", "... GmbH") makes a name even with a number
            // or a place in it ("7 Star Mart S/B", "Kedai Buku (Taman Indah) Sdn Bhd").
            let hasLegalForm = Self.namingLegalForms.contains { Text.contains(folded, phrase: $0) }
            // A person addressed by title ("Mr Daniel Price", "M. et Mme Leroy", "Frau Tanaka") is the
            // customer; a company may take a title for its brand ("MR D.I.Y. (M) SDN BHD").
            if !hasLegalForm, let first = line.words.first?.text, Self.isPersonalTitle(first) { continue }
            // The owner under the shop's name ("Inh. Dr. Petra Hahn e.K.", "Prop. J. Martin").
            if let first = trimmed.split(separator: " ").first, Self.ownerLabels.contains(Text.fold(String(first))) { continue }
            // Addresses ("Tannenberg 4", "94120 Fontenay"), phone and id lines, "Label: value" lines.
            let words = Set(folded.split(separator: " ").map(String.init))
            let hasBusinessWord = !words.isDisjoint(with: Self.businessWords)
            if !hasLegalForm && !hasBusinessWord && trimmed.split(separator: " ").contains(where: { $0.allSatisfy(\.isNumber) }) {
                continue
            }
            // A postcode or phone number run into a word ("Town,81200") is an address too.
            if !hasLegalForm && trimmed.range(of: #"\d{4,}"#, options: .regularExpression) != nil { continue }
            // (A colon at either end is a speck in the margin, not a label's.)
            if trimmed.contains(":") || cell.contains("#") || cell.contains("°") || cell.contains("@") { continue }
            // A line with a web address is a footer's or an item's (the domains had their turn above).
            if Text.matches(Self.bareDomain, cell) || Text.matches(Self.emailOrWeb, cell) { continue }
            // A street's word makes an address, unless the line ends in a trade: "Maple Street Pharmacy" is
            // a shop, "Market Street" a street.
            let endsInTrade = folded.split(separator: " ").last.map { Self.businessWords.contains(String($0)) } ?? false
            if !hasLegalForm && !endsInTrade && !words.isDisjoint(with: Self.addressWords) { continue }
            if !hasLegalForm && Self.isStreetLine(trimmed) { continue }
            // A town with a Canadian or British postcode ("MONTRÉAL QC H2H 2A1", "Leeds LS6 3AA").
            if !hasLegalForm && trimmed.range(of: Self.postcode, options: .regularExpression) != nil { continue }
            // A tax status ("IVA RESPONSABLE INSCRIPTO") or a tax line.
            if !hasLegalForm && !words.isDisjoint(with: ["iva", "tva", "vat", "mwst", "igv", "gst", "hst"]) { continue }
            // Places or services in a row ("Levent · Maslak · Tophane"): a tagline, not a name.
            if trimmed.components(separatedBy: "·").count >= 3 || Self.isTagline(line.text) { continue }
            // A state, region or country line of the address ("Selangor Darul Ehsan", "Johor").
            if !hasLegalForm && !hasBusinessWord
                && CountryClues.phrases.contains(where: { $0.weight >= 1 && !Self.namingLegalForms.contains($0.phrase) && Text.contains(folded, phrase: $0.phrase) })
            {
                continue
            }
            // Only a legal form ("BHD", "GmbH") is the end of a name broken over two lines.
            if words.isSubset(of: Self.legalFormWords.union(Self.descriptors)) { continue }
            // A mail's header lines ("to me", "para mí", "Re: ..."); the addressing words only in the
            // lower case of a reading pane: capitalised, they start names ("An Post", "Para").
            if let first = trimmed.split(separator: " ").first {
                let word = Text.fold(String(first))
                if ["inbox", "re", "fwd", "posteingang", "recibidos"].contains(word) { continue }
                if ["to", "from", "de", "para", "an", "von", "a"].contains(word), first.first?.isLowercase == true { continue }
            }
            var score = 1.0 - Double(index) * 0.15
            let legal = Self.legalForms.contains { Text.contains(folded, phrase: $0) && $0.count >= 2 }
            if legal { score += 1.5 }
            if !words.isDisjoint(with: Self.businessWords) { score += 1 }
            if letters.allSatisfy(\.isUppercase) { score += 0.3 }
            var name = Self.repairAmpersand(trimmed)
            // A capitals name ending in "&" goes on on the next line ("HOME & GARDEN &" / "TOOLS").
            if name.hasSuffix(" &"), index + 1 < lines.count {
                let next = lines[index + 1].text.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
                if !next.isEmpty, next.filter(\.isLetter).allSatisfy(\.isUppercase), !next.contains(where: \.isNumber) {
                    name += " " + next
                }
            }
            // "BISTRO & CAFE", "RESTAURANT": what the business is, under its name, not the name.
            if folded.split(separator: " ").allSatisfy({ Self.descriptiveWords.contains(String($0)) }) && !hasLegalForm { continue }
            out.append(LetterheadLine(score: score, text: name, line: line.text, index: index, legal: legal))
        }
        return out
    }

    /// A cell that ends in the document's title in capitals after a name in mixed case ("Bean &
    /// Bloom Coffee Club PAYMENT RECEIPT", "Glanzwerk ZAHLUNGSBESTÄTIGUNG"): the brand beside it,
    /// OCR having read the gap between them as one space. Unchanged otherwise (a capitals line,
    /// "SIMPLIFIED TAX INVOICE", is no name and a title).
    static func droppingTitle(_ cell: String) -> String {
        let words = cell.split(separator: " ")
        // A title in mixed case run into the name, its gap lost ("Torréfaction CaravelleReçu de paiement").
        // (A short document word ending the cell may be the brand's own: "SimpleBill".)
        if let k = words.indices.last(where: { titleStart(in: words[$0]) != nil }),
            let start = titleStart(in: words[k]), words[k][..<start].filter(\.isLetter).count >= 3,
            k + 1 < words.count || Text.fold(String(words[k][start...])).count >= 6,
            words[(k + 1)...].allSatisfy({ w in
                let folded = Text.fold(String(w))
                return Lexicon.invoiceWords.contains(folded) || titleJoiningWords.contains(folded)
            })
        {
            return (words[..<k] + [words[k][..<start]]).joined(separator: " ")
        }
        func inTitle(_ word: Substring) -> Bool {
            let folded = Text.fold(String(word))
            return word.contains(where: \.isLetter) && !word.contains(where: \.isLowercase)
                && (Lexicon.invoiceWords.contains(folded) || titleJoiningWords.contains(folded))
        }
        var start = words.count
        while start > 0, inTitle(words[start - 1]) { start -= 1 }
        let title = words[start...].map { Text.fold(String($0)) }
        guard start > 0, title.contains(where: { Lexicon.invoiceWords.contains($0) }),
            !titleJoiningWords.contains(Text.fold(String(words[start - 1]))), words[..<start].joined().filter(\.isLetter).count >= 3,
            words[..<start].contains(where: { $0.contains(where: \.isLowercase) })
        else { return cell }
        return words[..<start].joined(separator: " ")
    }

    /// Where a word turns from lower case to a capital that starts a document's word ("Reçu" of
    /// "CaravelleReçu").
    static func titleStart(in word: Substring) -> Substring.Index? {
        var i = word.index(after: word.startIndex)
        while i < word.endIndex {
            if word[i].isUppercase, word[word.index(before: i)].isLowercase, Lexicon.invoiceWords.contains(Text.fold(String(word[i...]))) {
                return i
            }
            i = word.index(after: i)
        }
        return nil
    }

    /// Little words inside a document's title ("REÇU DE PAIEMENT", "PROOF OF PAYMENT").
    static let titleJoiningWords: Set<String> = ["de", "of", "du", "der", "des", "la", "le", "el"]

    /// Lines of business and the words joining them: a line of only these says what a business is.
    static let descriptiveWords = businessWords.union(["&", "and", "et", "und", "y"])

    /// An icon or an avatar beside a name reads as one character OCR doubts ("x Kayo", "O Fizz"): a
    /// one-character word at either end of a cell, read with clearly less confidence than the word
    /// beside it, is dropped; so is a lone sign before a name, however sure ("© Glanzwerk", "@ Bean
    /// & Bloom"): no name starts with one; and a logo's monogram, the name's own initial before it
    /// ("N Nimbuspark").
    static func droppingDoubtfulMarks(_ cell: [WordBox]) -> [WordBox] {
        func isMark(_ w: WordBox, beside n: WordBox) -> Bool {
            w.text.count == 1 && w.confidence < doubtfulMarkConfidence && n.confidence >= w.confidence + 0.15
                && n.text.filter(\.isLetter).count >= 3
        }
        func isSign(_ w: WordBox) -> Bool { w.text.count == 1 && !w.text.contains(where: { $0.isLetter || $0.isNumber }) }
        // (in its frame, or a piece of it: "[A] Alojanet", "A] Alojanet")
        func isMonogram(_ w: WordBox, before n: WordBox) -> Bool {
            let letter = w.text.filter { !"()[]{}".contains($0) }
            return letter.count == 1 && letter.first!.isUppercase && n.text.filter(\.isLetter).count >= 3
                && Text.fold(String(n.text.prefix(1))) == Text.fold(letter)
        }
        var words = cell
        if words.count > 1, isMark(words[0], beside: words[1]) || isMonogram(words[0], before: words[1]) { words.removeFirst() }
        // Signs one after another ("| © Nimbuspark": a rule and a logo) all go, and a monogram after them.
        if let named = words.firstIndex(where: { $0.text.filter(\.isLetter).count >= 2 }), words[..<named].allSatisfy(isSign) {
            words.removeFirst(named)
        } else if let named = words.firstIndex(where: { $0.text.filter(\.isLetter).count >= 2 }), named >= 2,
            words[..<(named - 1)].allSatisfy(isSign), isMonogram(words[named - 1], before: words[named])
        {
            words.removeFirst(named)
        }
        if words.count > 1, isMark(words[words.count - 1], beside: words[words.count - 2]) { words.removeLast() }
        return words
    }

    /// Letters of names ("A1 Telekom", "E Leclerc") are read with more confidence than this; icons
    /// read as letters came in at 0.59-0.67.
    static let doubtfulMarkConfidence = 0.75

    /// A logo OCR read as an opening bracket and letters before the name beside it ("(EN Judo Club"):
    /// names never start with a bracket they do not close; nor with a letter or two in brackets
    /// ("[Cc] Crux Climbing": a monogram in a frame), nor with the frame's closing side alone, as OCR
    /// reads a framed monogram ("1) L'Atelier", "Lt] L'Atelier").
    static func droppingLogoScrap(_ cell: String) -> String {
        // (a framed monogram glued to the name: "[v]Vertige Escalade", or the frame's closing side read
        // as a bar: "L|L'Atelier Partagé")
        if let r = cell.range(of: #"^(?:[(\[{]\p{L}{1,2}[)\]}]|\p{L}{1,2}\|)(?=\p{Lu}[\p{Ll}'’])"#, options: .regularExpression) {
            return String(cell[r.upperBound...])
        }
        let words = cell.split(separator: " ")
        guard words.count > 1, let first = words.first else { return cell }
        // (a monogram read as one letter before a name's article: "O El Eco de Getafe")
        if first.count == 1, words.count > 2, article(read: String(words[1])) != nil, words[2].first?.isUppercase == true {
            return words.dropFirst().joined(separator: " ")
        }
        if first.count <= 3, let last = first.last, ")]}|".contains(last), !first.contains(where: { "([{".contains($0) }),
            words[1].first?.isUppercase == true
        {
            return words.dropFirst().joined(separator: " ")
        }
        guard let open = first.first, "([{".contains(open) else { return cell }
        let framed = first.count >= 3 && ")]}".contains(first.last!) && first.dropFirst().dropLast().allSatisfy(\.isLetter)
            && first.count <= 4
        guard framed || !cell.contains(where: { ")]}".contains($0) }) else { return cell }
        return words.dropFirst().joined(separator: " ")
    }

    /// A name ends in a letter, a digit or a bracket: a last word of marks only (a logo or a
    /// speck read as "©", "*", "|") and a trademark sign ("Lumen®") are not part of it.
    static func droppingTrailingMarks(_ cell: String) -> String {
        var words = cell.split(separator: " ").map(String.init)
        while words.count > 1, let last = words.last, !last.contains(where: { $0.isLetter || $0.isNumber || "()[]".contains($0) }) {
            words.removeLast()
        }
        guard var last = words.last else { return cell }
        while last.count > 1, let c = last.last, "®™©℠".contains(c) { last.removeLast() }
        words[words.count - 1] = last
        return words.joined(separator: " ")
    }

    /// `printed` (a letterhead) is `label` (a domain's) read with letters lost: its letters, in
    /// order, are most of the label's, none added, and lost inside it (a name found whole in a
    /// longer domain, "Notion" in "getnotion", is the name).
    static func readsPartOf(_ label: String, _ printed: String) -> Bool {
        let l = Array(Text.fold(label).filter(\.isLetter)), p = Array(Text.fold(printed).filter(\.isLetter))
        guard p.count >= 4, p.count < l.count, Double(p.count) >= Double(l.count) * 0.6,
            !String(l).contains(String(p))
        else { return false }
        var k = 0
        for c in l where k < p.count && c == p[k] { k += 1 }
        return k == p.count
    }

    /// Two readings of one name that differ by a few letters or spaces ("FUYI MINEMARKET", "FUYI MINI
    /// MARKET"): letters and digits alike but for at most one slip in six, and not the same reading.
    static func sameNameMisread(_ a: String, _ b: String) -> Bool {
        func core(_ s: String) -> String { s.uppercased().filter { $0.isLetter || $0.isNumber } }
        let x = core(a), y = core(b)
        guard x != y || a != b, min(x.count, y.count) >= 4 else { return false }
        return editDistance(x, y) <= max(1, max(x.count, y.count) / 6)
    }

    /// The capitalised word printed right before (`offset` -1) or after (+1) every capitalised mention
    /// of one-word `key` (folded), when there are two mentions or more and it is always the same one.
    static func constantNeighbour(_ key: String, offset: Int, in lines: [TextLine]) -> String? {
        guard !key.contains(" ") else { return nil }
        var neighbour: String?
        var mentions = 0
        for line in lines {
            for (k, w) in line.words.enumerated() where Text.fold(w.text) == key && w.text.first?.isUppercase == true {
                guard line.words.indices.contains(k + offset), let first = line.words[k + offset].text.first, first.isUppercase
                else { return nil }
                let word = Text.fold(line.words[k + offset].text)
                if let n = neighbour, n != word { return nil }
                neighbour = word
                mentions += 1
            }
        }
        return mentions >= 2 ? neighbour : nil
    }

    /// "Acme Cloud S.A. - 17 Rue du Port" -> "Acme Cloud S.A.": after the part that ends a legal name, a
    /// separator starts the address or other particulars. ("Acme, Inc." keeps its comma: the form is after it.)
    static func cuttingAfterLegalName(_ text: String) -> String {
        let separators = [" - ", " – ", " — ", " | ", " · ", ", ", " / "]
        var parts: [(text: String, separator: String)] = []
        var rest = Substring(text)
        while let r = separators.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            parts.append((String(rest[..<r.lowerBound]), String(rest[r])))
            rest = rest[r.upperBound...]
        }
        parts.append((String(rest), ""))
        // No separator, but an address run on after the form ("... GmbH Schildescher Str 16 33611"):
        // the name ends with its form when a number follows.
        if parts.count == 1 {
            let words = text.split(separator: " ").map(String.init)
            for k in words.indices.dropLast() where namingLegalForms.contains(Text.fold(words[k]))
                && words[(k + 1)...].contains(where: { $0.contains(where: \.isNumber) })
            {
                return words[...k].joined(separator: " ")
            }
        }
        guard parts.count > 1,
            let k = parts.firstIndex(where: { p in namingLegalForms.contains { Text.contains(Text.fold(p.text), phrase: $0) } }),
            k < parts.count - 1
        else { return text }
        return parts[...k].enumerated().map { i, p in i < k ? p.text + p.separator : p.text }.joined()
    }

    /// The brand of legal name `name` ("Acme Cloud" of "Acme Cloud S.A."), as a cell of `lines` prints it
    /// alone. When the two readings differ, by a letter ("Acme Cl0ud") or by spaces ("AcmeCloud S.A."),
    /// the brand is spelled as OCR was surer of it, in the cell or in `legalLine` (the legal name's line).
    static func brandPrintedAlone(of name: String, legalLine: TextLine? = nil, in lines: ArraySlice<TextLine>) -> String? {
        let core = stripLegal(name)
        guard core != Text.fold(name), core.filter(\.isLetter).count >= 3 else { return nil }
        let cells = lines.flatMap(\.cells)
        func text(_ cell: [WordBox]) -> String {
            cell.text.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        }
        if let exact = cells.first(where: { Text.fold(text($0)) == core }) { return text(exact) }
        // The legal name's own spelling of the brand: its first words.
        let words = name.split(separator: " ").map(String.init)
        guard let k = (1..<max(1, words.count)).first(where: { Text.fold(words.prefix($0).joined(separator: " ")) == core }) else { return nil }
        let spelled = Array(words.prefix(k))
        func unspaced(_ s: String) -> String { s.filter { $0 != " " } }
        for cell in cells {
            let alone = text(cell)
            // Not the legal name itself, nor another one.
            guard stripLegal(alone) == Text.fold(alone) else { continue }
            let spacesOnly = unspaced(Text.fold(alone)) == unspaced(core)
            guard spacesOnly || (cell.count == k && core.filter(\.isLetter).count >= 5 && sameNameMisread(alone, spelled.joined(separator: " ")))
            else { continue }
            let cellOnly = cell.filter { !spelled.contains($0.text) }.map(\.confidence)
            let legalOnly = (legalLine?.words ?? []).filter { spelled.contains($0.text) && !cell.map(\.text).contains($0.text) }.map(\.confidence)
            func mean(_ xs: [Double]) -> Double? { xs.isEmpty ? nil : xs.reduce(0, +) / Double(xs.count) }
            if let c = mean(cellOnly), let l = mean(legalOnly), c != l { return c > l ? alone : spelled.joined(separator: " ") }
            // As sure of both: OCR runs words together more often than it splits them, and a
            // logo type is misread more often than body text.
            return spacesOnly ? alone : spelled.joined(separator: " ")
        }
        return nil
    }

    /// The letterhead line above legal name `name` (on line `index`) that prints its brand in other
    /// words, sharing a name with it ("Café Origen" over "Tostadores Origen, S.L."): the nearest.
    /// A logo read as a letter or a word in lower case before the brand ("O Sprachwerk", "all
    /// Foundry Desk") is dropped when the capitalised rest still shares the name.
    static func brand(over name: String, at index: Int, among candidates: [LetterheadLine], lines: [TextLine] = []) -> LetterheadLine? {
        guard var brand = candidates.last(where: { $0.index < index && !$0.legal && sharesAName($0.text, name) }) else { return nil }
        var words = brand.text.split(separator: " ").map(String.init)
        // (a logo's scrap before it: one letter, lower case ("all]", bars read as letters), a mark ("A>"), or two
        // letters that another line prints the name without, "Oo Sprachwerk" under the mail's sender "Sprachwerk"
        // or its subject "Ihre Rechnung von Sprachwerk")
        func printedWithout(_ first: String, _ rest: String) -> Bool {
            let whole = Text.fold(first + " " + rest), key = Text.fold(rest)
            return first.count == 2 && (candidates.contains { Text.fold($0.text) == key }
                || lines.contains { l in
                    let text = Text.fold(l.text)
                    return Text.contains(text, phrase: key) && !Text.contains(text, phrase: whole)
                })
        }
        func lowerCase(_ word: String) -> Bool {
            let letters = word.filter(\.isLetter)
            return !letters.isEmpty && letters.allSatisfy(\.isLowercase)
        }
        while words.count > 1, let first = words.first, words[1].first?.isUppercase == true || isMarkedScrap(words[1]),
            first.count == 1 || lowerCase(first) || isMarkedScrap(first)
                || printedWithout(first, words.dropFirst().joined(separator: " ")),
            sharesAName(words.dropFirst().joined(separator: " "), name)
        {
            words.removeFirst()
        }
        // (its last word cut short where a title was run into it, "PartagReçu de paiement": the legal name
        // spells it whole, "Partagé")
        if let last = words.last,
            brand.line.range(of: NSRegularExpression.escapedPattern(for: last) + #"\p{Lu}"#, options: .regularExpression) != nil,
            let whole = spelledWhole(last, in: name)
        {
            words[words.count - 1] = whole
        }
        brand.text = words.joined(separator: " ")
        return brand
    }

    /// The word of legal name `name` that `word` (four letters or more) is with its last letter
    /// lost, when `lost` allows that letter.
    static func spelledWhole(_ word: String, in name: String, lost: (Character) -> Bool = { _ in true }) -> String? {
        guard word.count >= 4 else { return nil }
        return name.split(separator: " ")
            .map { $0.trimmingCharacters(in: .punctuationCharacters) }
            .first { $0.count == word.count + 1 && Text.fold($0).hasPrefix(Text.fold(word)) && lost($0.last!) }
    }

    /// Letters so thin that OCR loses them at a word's end, in a logo's type most ("Babe" for "Babel").
    static let thinLetters: Set<Character> = ["l", "I", "i", "j", "t", "f"]

    /// A word before a name that is a piece of its logo: a monogram, a scrap in lower case or without
    /// letters, a ring read as a letter or bars read as strokes ("G", "all", "(3", "O", "Il").
    static func isLogoPiece(_ word: String) -> Bool {
        word.count == 1 || isMarkedScrap(word)
            || (word.count <= 3 && (word.allSatisfy(\.isLowercase) || word.allSatisfy { "Il|1!".contains($0) }))
    }

    /// A logo read as a letter before the name, with the bar or mark beside it ("O Sprachwerk",
    /// "G | Greenleaf Veg Box"): dropped when another line prints the rest without it, as words
    /// or in a web or mail address ("sprachwerk-akademie.de"). A name that starts with a letter
    /// ("A Lisa Coiffure") is printed whole elsewhere, its address "alisacoiffure.fr". Marks
    /// alone before the name go anyway.
    static func droppingLogoLetter(_ name: String, line index: Int, lines: [TextLine]) -> String {
        let words = name.split(separator: " ").map(String.init)
        var k = 0
        while k < min(2, words.count - 1), words[k].count == 1 || isMarkedScrap(words[k]) { k += 1 }
        guard k > 0, words[k].first?.isUppercase == true, words[k...].contains(where: { $0.count >= 4 }) else { return name }
        let rest = words[k...].joined(separator: " ")
        // (marks alone, "\¢ Crux Climbing", are no name's)
        if Text.fold(words[..<k].joined()).isEmpty { return rest }
        let restFolded = Text.fold(rest), nameFolded = Text.fold(name)
        let restLetters = restFolded.filter(\.isLetter), wholeLetters = Text.fold(words.joined()).filter(\.isLetter)
        let printed = lines.enumerated().contains { n, line in
            let text = Text.fold(line.text)
            return n != index
                && ((Text.contains(text, phrase: restFolded) && !Text.contains(text, phrase: nameFolded))
                    || line.text.split(separator: " ").contains { token in
                        guard token.contains(where: { $0 == "." || $0 == "@" }) else { return false }
                        let letters = Text.fold(String(token)).filter(\.isLetter)
                        return letters.contains(restLetters) && !letters.contains(wholeLetters)
                    })
        }
        return printed ? rest : name
    }

    /// Two characters at most, without a letter or with a mark no name is spelled with ("(3", "A>"):
    /// a logo read as text.
    static func isMarkedScrap(_ word: String) -> Bool {
        word.count <= 2 && (!word.contains(where: \.isLetter) || word.contains { !$0.isLetter && !$0.isNumber && !".,'&-+".contains($0) })
    }

    /// The brand over legal name `legal`, in type at least twice as tall ("El Eco de Getafe" over
    /// "Ediciones del Sur de Madrid, S.L."): the logo a person knows the vendor by. Its logo's pieces
    /// are dropped.
    static func brand(inLargerTypeOver legal: LetterheadLine, among candidates: [LetterheadLine], lines: [TextLine]) -> LetterheadLine? {
        func typeHeight(_ line: TextLine) -> Int {
            let heights = line.words.filter { $0.text.contains(where: \.isLetter) }.map(\.height).sorted()
            return heights.isEmpty ? 0 : heights[heights.count / 2]
        }
        let legalHeight = typeHeight(lines[legal.index])
        guard legalHeight > 0,
            var brand = candidates.last(where: { $0.index < legal.index && !$0.legal && typeHeight(lines[$0.index]) >= 2 * legalHeight })
        else { return nil }
        var words = brand.text.split(separator: " ").map(String.init)
        // (the logo's pieces before a capital: "D | Datentresor24")
        if let k = words.firstIndex(where: { !isLogoPiece($0) }), k > 0, words[k].first?.isUppercase == true { words.removeFirst(k) }
        // (not a reading run into the title beside it: "Lavandería BurbuffäSTIFICANTE")
        guard !words.contains(where: { $0.range(of: #"\p{Ll}\p{Lu}{2}"#, options: .regularExpression) != nil }) else { return nil }
        // (its last word with a thin last letter lost, that the legal name spells: "Academia Babe" over
        // "Centro de Idiomas Babel, S.L.")
        if let last = words.last, let whole = spelledWhole(last, in: legal.text, lost: thinLetters.contains) {
            words[words.count - 1] = whole
        }
        brand.text = words.joined(separator: " ")
        return brand
    }

    /// Two names with a word of their own in common: four letters or more, no legal form, no word
    /// of a line of business or of a language ("Café Origen" and "Tostadores Origen S.L.").
    static func sharesAName(_ a: String, _ b: String) -> Bool {
        func names(_ s: String) -> Set<String> {
            Set(Text.fold(s).split(separator: " ").map(String.init).filter { $0.count >= 4 && !wordsOfNoName.contains($0) })
        }
        return !names(a).isDisjoint(with: names(b))
    }

    /// Legal forms' words, lines of business and words of the four languages: shared, they make no
    /// two names one.
    static let wordsOfNoName: Set<String> = legalFormWords
        .union(descriptors).union(businessWords).union(Lexicon.languageWords.values.joined())

    /// A doubtful word of the letterhead put right by the same word printed elsewhere on the
    /// document and read with clearly more confidence: "KESTREI" in the name, "Kestrel" in the
    /// address; "BRAMBLF" in the header, "bramble.example" at the foot. Only words of five letters or
    /// more that differ in one letter change, and only when the name's spelling is printed
    /// nowhere else; the name keeps its own capitals. However surely it was read, a word is put
    /// right by one spelling printed on two other lines or more ("Autowaschelub" in a mail's
    /// sender, "Autowaschclub" in its subject and its letterhead).
    static func confirmingWords(of name: String, line: TextLine, against lines: [TextLine]) -> String {
        // Words elsewhere: letter runs of every other line, with their confidence and how many lines print them.
        var elsewhere: [String: (confidence: Double, lines: Int)] = [:]
        for other in lines where other.page != line.page || other.words.first?.line != line.words.first?.line {
            var seen: Set<String> = []
            for w in other.words {
                for run in w.text.split(whereSeparator: { !$0.isLetter }) where run.count >= 5 {
                    let key = run.uppercased()
                    let before = elsewhere[key] ?? (0, 0)
                    elsewhere[key] = (max(before.confidence, w.confidence), before.lines + (seen.insert(key).inserted ? 1 : 0))
                }
            }
        }
        guard !elsewhere.isEmpty else { return name }
        var tokens = name.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for (t, token) in tokens.enumerated() {
            let core = token.filter(\.isLetter)
            guard core.count >= 5, core == token.trimmingCharacters(in: .punctuationCharacters),
                let read = line.words.first(where: { $0.text.contains(core) }), elsewhere[core.uppercased()] == nil
            else { continue }
            if let spelled = umlautSpelling(of: core, read: read.confidence, elsewhere: elsewhere) {
                tokens[t] = token.replacingOccurrences(of: core, with: spelled)
                continue
            }
            let letters = Array(core.uppercased())
            let matches = elsewhere.filter { key, other in
                key.count == letters.count && zip(key, letters).filter { $0 != $1 }.count == 1
                    && (other.lines >= 2 && read.confidence < 1  // (a text layer's word is as printed)
                        || read.confidence < confirmableConfidence && other.confidence >= read.confidence + 0.1)
            }
            // Two different spellings elsewhere: no telling which one the name is.
            guard matches.count == 1, let (key, _) = matches.first else { continue }
            var fixed = ""
            for (mine, theirs) in zip(core, key) {
                fixed.append(mine == theirs || String(mine).uppercased() == String(theirs) ? mine
                    : Character(mine.isLowercase ? String(theirs).lowercased() : String(theirs)))
            }
            tokens[t] = token.replacingOccurrences(of: core, with: fixed)
        }
        return tokens.joined(separator: " ")
    }

    /// A name's word with "ii" where another line prints "ü": OCR reads an umlaut's dots over a
    /// "u" as two "i"s ("Gemiisekiste" in the letterhead, "Gemüsekiste" in the order). The two
    /// letters in place of one are outside the one-letter rule; "ii" is rare inside a word of the
    /// four languages, so one other line's spelling is enough. A text layer's word is as printed.
    static func umlautSpelling(of core: String, read confidence: Double, elsewhere: [String: (confidence: Double, lines: Int)]) -> String? {
        guard confidence < 1 else { return nil }
        var spellings: [String] = []
        var from = core.startIndex
        while let pair = core.range(of: "ii", options: .caseInsensitive, range: from..<core.endIndex) {
            let spelled = core.replacingCharacters(in: pair, with: core[pair].first!.isUppercase ? "Ü" : "ü")
            if elsewhere[spelled.uppercased()] != nil { spellings.append(spelled) }
            from = core.index(after: pair.lowerBound)
        }
        return spellings.count == 1 ? spellings[0] : nil
    }

    /// Letterhead words read with at least this confidence are not put right by other mentions.
    static let confirmableConfidence = 0.9

    /// Labels of the customer's address block ("Bill to", "Facturé à", "Rechnungsempfänger").
    static let customerBlockLabels = ["bill to", "billed to", "invoice to", "customer", "sold to", "ship to", "facture a",
                                      "client", "adresse de facturation", "rechnungsempfanger", "kunde", "rechnung an",
                                      "cliente", "facturar a", "datos del cliente"]

    /// Labels of the customer's block, and greetings: the line after one names the customer, not the issuer.
    static let recipientLabels = customerBlockLabels + ["to", "dear", "hi", "hello", "bonjour", "hallo", "hola", "para", "an", "a"]

    /// "To: Jordan Lee", "Bill to"; not a mark and a number in the margin ("A 3113"), nor a long line
    /// that starts with a label's word ("An ... "). A one-letter label (Spanish "a") counts only with
    /// its colon: OCR reads specks and logo scraps as lone letters ("a", "A 7 W"), and the
    /// letterhead under them is no customer's name. The other `addressingWords` count with their
    /// colon or alone on their line.
    static func isRecipientLabel(_ raw: String) -> Bool {
        let folded = Text.fold(raw)
        // A label and at most a name ("Dear Mr and Mrs Smith"), not a line of words.
        guard folded.split(separator: " ").count <= 7 else { return false }
        return recipientLabels.contains { label in
            guard folded == label || (folded.hasPrefix(label + " ") && folded.dropFirst(label.count).contains(where: \.isLetter)) else {
                return false
            }
            guard Self.addressingWords.contains(label), folded != label || label.count == 1 else { return true }
            return raw.trimmingCharacters(in: .whitespaces).dropFirst(label.count).trimmingCharacters(in: .whitespaces).hasPrefix(":")
        }
    }

    /// Recipient labels that also start names ("Para SARL", "An Post", "A2 Hosting"): labels only
    /// with their colon, or alone on their line.
    static let addressingWords: Set<String> = ["to", "para", "an", "a"]

    /// Labels of an invoice's particulars, printed after the issuer's letterhead.
    static let particularsLabels = ["invoice number", "invoice no", "customer id", "customer number", "account number",
                                    "n de facture", "numero de facture", "n de client", "rechnungsnummer", "kundennummer",
                                    "n de factura", "numero de factura", "n de cliente"]

    /// "Lucía García", "Jordan Lee": two or three capitalised words, nothing else.
    static func looksLikePersonName(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard (2...3).contains(words.count) else { return false }
        return words.allSatisfy { w in
            w.count >= 2 && w.first!.isUppercase && w.dropFirst().allSatisfy { $0.isLowercase || $0 == "-" || $0 == "'" }
        }
    }

    /// A street line: a house number with a street word, or a postcode.
    static func looksLikeAddress(_ text: String) -> Bool {
        let words = Set(Text.fold(text).split(separator: " ").map(String.init))
        let hasNumber = text.contains(where: \.isNumber)
        return hasNumber && (!words.isDisjoint(with: addressWords.union(["calle", "via", "carrer", "rua", "avenue", "drive", "way"])) || isPostBox(Text.fold(text))
            || text.range(of: #"\b\d{4,5}\b"#, options: .regularExpression) != nil)
    }

    /// OCR reads the "&" of a capitals name as "E" or "4": "STATIONERY E BOOKS" -> "STATIONERY &
    /// BOOKS", "HARDWARE 4" at the end of the line -> "HARDWARE &". Only a lone "E" or "4" between
    /// capitals words of three letters or more, after at least two of them (not a middle initial
    /// as in "JOHN E SMITH"), or a "4" ending such a line, changes.
    static func repairAmpersand(_ name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        func capitalsWord(_ w: String) -> Bool { w.count >= 3 && w.allSatisfy { $0.isLetter && $0.isUppercase } }
        for i in words.indices where i >= 2 && capitalsWord(words[i - 1]) && capitalsWord(words[i - 2]) {
            let last = i == words.count - 1
            if (last && words[i] == "4") || (!last && words[i] == "E" && capitalsWord(words[i + 1])) { words[i] = "&" }
        }
        return words.joined(separator: " ")
    }

    /// "ACME CO. (M) BHD (123456-X)" -> "ACME CO. (M) BHD": the company registration number
    /// printed after a name is not part of it.
    static func droppingRegistrationNumber(_ name: String) -> String {
        let stripped = name.replacingOccurrences(
            of: #"\s*\(\s*[A-Za-z]{0,4}\s*\d[\d\s]{4,}\s*-?\s*[A-Za-z]?\s*\)\s*$"#, with: "", options: .regularExpression)
        return stripped.isEmpty ? name : stripped
    }

    /// A logo set in spaced capitals ("O R K I N") is one word; an address run on after it in the same
    /// cell ("O R K I N 9300 N Lamar Blvd") is left off.
    static func joiningSpacedCapitals(_ cell: String) -> String {
        let words = cell.split(separator: " ")
        let run = words.prefix { $0.count == 1 && $0.first!.isUppercase }
        guard run.count >= 4 else { return cell }
        let rest = words.dropFirst(run.count)
        let joined = run.joined()
        if let next = rest.first, next.first?.isNumber == true { return joined }
        return ([joined] + rest.map(String.init)).joined(separator: " ")
    }

    /// Canada's "H2H 2A1" and the United Kingdom's "LS6 3AA", "SW1A 1AA".
    static let postcode = #"(?<![\p{L}\p{N}])(?:[A-Z]\d[A-Z] ?\d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})(?![\p{L}\p{N}])"#

    /// Words in a row between the same dots or marks, as OCR reads "·" in "DOG WALKING · CHORLTON ·
    /// MANCHESTER" ("+»", "•"): what a business does and where, under its name.
    static func isTagline(_ line: String) -> Bool {
        let ns = line as NSString
        let marks = taglineMark.matches(in: line, range: NSRange(location: 0, length: ns.length)).map {
            ns.substring(with: $0.range).trimmingCharacters(in: .whitespaces)
        }
        guard let mark = marks.first, marks.filter({ $0 == mark }).count >= 2 else { return false }
        let parts = line.components(separatedBy: " \(mark) ")
        return parts.count >= 3 && parts.allSatisfy { $0.filter(\.isLetter).count >= 3 }
    }

    private static let taglineMark = try! NSRegularExpression(pattern: #"(?<=\p{L}) [·•+»◆●∙⋅*]{1,2} (?=\p{L})"#)

    /// Words (`phrase`, folded) as another line prints them with capitals: each word capitalised.
    static func capitalisedElsewhere(_ phrase: String, in lines: [TextLine], except: Int) -> String? {
        let n = phrase.split(separator: " ").count
        guard (1...4).contains(n), phrase.filter(\.isLetter).count >= 4 else { return nil }
        for (i, line) in lines.enumerated() where i != except {
            let words = line.words.map(\.text)
            guard words.count >= n else { continue }
            for start in 0...(words.count - n) {
                let window = words[start..<start + n]
                if window.allSatisfy({ $0.first?.isUppercase == true }), Text.fold(window.joined(separator: " ")) == phrase {
                    return window.joined(separator: " ").trimmingCharacters(in: .punctuationCharacters)
                }
            }
        }
        return nil
    }

    /// "SPEED MART 5/8" -> "SPEED MART S/B": Malaysia's short "Sendirian Berhad" with OCR's digits for
    /// S and B, after a word of capitals (a size "5/8" follows a number or stands among lower case).
    static func repairingSlashForm(_ cell: String) -> String {
        var words = cell.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for i in words.indices.dropFirst() where ["S/8", "5/B", "5/8"].contains(words[i]) {
            let before = words[i - 1]
            guard before.count >= 3, before.allSatisfy({ $0.isLetter && $0.isUppercase }) else { continue }
            words[i] = "S/B"
        }
        return words.joined(separator: " ")
    }

    /// "D.1.Y." -> "D.I.Y.", "A.0.K." -> "A.O.K.": in capital initials OCR reads I as 1 and O as 0.
    static func repairInitials(_ name: String) -> String {
        name.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let w = String(word)
            guard w.range(of: #"^(?:[A-Z10]\.){2,}[A-Z10]?\.?$"#, options: .regularExpression) != nil,
                w.contains(where: \.isLetter)
            else { return w }
            return w.replacingOccurrences(of: "1", with: "I").replacingOccurrences(of: "0", with: "O")
        }.joined(separator: " ")
    }

    /// "ACME CM) BHD" -> "ACME (M) BHD": OCR reads an opening parenthesis before a letter as "C";
    /// only a word "C" + capital + ")" with no "(" before it changes.
    static func repairParenthesis(_ name: String) -> String {
        var words = name.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var open = false
        for i in words.indices {
            let w = words[i]
            if !open, w.count == 3, w.hasPrefix("C"), w.hasSuffix(")"), let mid = w.dropFirst().first, mid.isUppercase, mid.isLetter {
                words[i] = "(\(mid))"
            }
            if w.contains("(") { open = true }
            if w.contains(")") { open = false }
        }
        return words.joined(separator: " ")
    }

    /// Legal forms distinctive enough to mark a line as a company name.
    static let namingLegalForms = [
        "sdn bhd", "bhd", "berhad", "s b", "pte ltd", "pty ltd", "gmbh", "ltd", "limited", "llc", "inc", "plc", "sarl",
        "sas", "s a", "s l", "srl", "b v", "n v", "co ltd", "corp", "corporation", "pvt ltd", "kft", "sp z o o",
    ]

    /// OCR's usual misreadings of a legal form in a letterhead, put right: "SON BHD", "S0N BHD",
    /// "SDN BND" -> "SDN BHD". Only whole words next to the form's other word change.
    static func repairLegalForm(_ name: String) -> String {
        var words = name.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        func core(_ w: String) -> String { w.uppercased().filter { $0.isLetter || $0.isNumber } }
        for i in words.indices where i + 1 < words.count {
            let a = core(words[i]), b = core(words[i + 1])
            let firstOK = a.count == 3 && a.first == "S" && a.last == "N" && "O0BQ".contains(Array(a)[1])
            let secondOK = ["BHD", "BND", "8HD", "BHO", "BH0", "SHD"].contains(b)
            if (firstOK && (secondOK || b == "BHD")) || (a == "SDN" && secondOK && b != "BHD") {
                let lower = words[i].contains(where: \.isLowercase) || words[i + 1].contains(where: \.isLowercase)
                words[i] = words[i].replacingOccurrences(of: words[i].filter { $0.isLetter || $0.isNumber }, with: lower ? "Sdn" : "SDN")
                words[i + 1] = words[i + 1].replacingOccurrences(of: words[i + 1].filter { $0.isLetter || $0.isNumber }, with: lower ? "Bhd" : "BHD")
            }
        }
        return words.joined(separator: " ")
    }

    /// Words of addresses, not of names.
    static let addressWords: Set<String> = [
        "street", "st", "road", "rd", "avenue", "ave", "lane", "suite", "floor", "rue", "avenue", "boulevard", "bd",
        "chemin", "place", "strasse", "str", "weg", "platz", "allee", "calle", "avenida", "plaza", "paseo", "jalan",
        "jln", "taman", "lot", "no", "blok", "block", "level", "unit", "building", "cedex", "kawasan",
        "perindustrian", "bandar", "persiaran", "lorong", "kampung", "industrial",
    ]

    /// A street and its house number that the address words miss: a German compound street name
    /// ("Lindenstraße 3-7", "Am Mühlweg 12"), Spain's "C/" for calle, Turkey's "Cad."/"Sok.",
    /// Mexico's "Col." (colonia).
    static func isStreetLine(_ text: String) -> Bool {
        let folded = Text.fold(text)
        if text.range(of: #"(?<![\p{L}\p{N}])(?:C/|Cad\.|Sok\.|Col\.)\s?\p{L}"#, options: .regularExpression) != nil { return true }
        let houseNumber = #"^\d{1,4}[a-z]?(?:[-/]\d{1,4}[a-z]?)?,?$"#
        let words = folded.split(separator: " ").map(String.init)
        return words.indices.contains { i in
            let w = words[i]
            guard streetSuffixes.contains(where: { w.count > $0.count + 2 && w.hasSuffix($0) }) else { return false }
            return words[(i + 1)...].prefix(2).contains { $0.range(of: houseNumber, options: .regularExpression) != nil }
        }
    }

    /// Endings of German street names written as one word.
    static let streetSuffixes = ["strasse", "str", "gasse", "weg", "allee", "platz", "ring", "damm", "ufer", "chaussee"]

    /// "PO Box 12", "Postfach 3 40", "Apartado 55": a post box. ("Box" alone is a word of shop names too.)
    static func isPostBox(_ folded: String) -> Bool {
        ["po box", "p o box", "pobox", "post box", "postfach", "apartado", "boite postale"].contains { Text.contains(folded, phrase: $0) }
    }

    /// Words that make a line read like a business name.
    static let businessWords: Set<String> = [
        "enterprise", "enterprises", "trading", "store", "stores", "mart", "market", "supermarket", "restaurant",
        "restoran", "cafe", "bistro", "bar", "hardware", "pharmacy", "bakery", "boutique", "shop", "stationery",
        "electrical", "machinery", "motor", "motors", "gallery", "hotel", "station", "books", "deco", "kitchen",
        "boulangerie", "pharmacie", "librairie", "apotheke", "backerei", "buchhandlung", "farmacia", "panaderia",
        "libreria", "tienda", "gym", "fitness", "studio", "club",
    ]

    /// "BACKEREL" -> "BACKEREI", "STATIONERV" -> "STATIONERY": a word of a name that is a business word
    /// (`businessWords`) but for one letter OCR often reads for another (I/L, O/D, V/Y...). Only words of
    /// six letters or more change, and they keep their capitals.
    static func repairBusinessWords(_ name: String) -> String {
        name.split(separator: " ", omittingEmptySubsequences: false).map { token -> String in
            let word = String(token)
            let letters = Array(word.lowercased())
            guard letters.count >= 6, letters.allSatisfy(\.isLetter), !businessWords.contains(String(letters)) else { return word }
            let fixes = businessWords.filter { candidate in
                guard candidate.count == letters.count else { return false }
                let differing = zip(candidate, letters).filter { $0 != $1 }
                return differing.count == 1 && ocrConfusions.contains(Set([differing[0].0, differing[0].1]))
            }
            guard fixes.count == 1, let fix = fixes.first else { return word }
            return String(zip(word, fix).map { mine, right in mine.isUppercase ? Character(right.uppercased()) : right })
        }.joined(separator: " ")
    }

    /// Pairs of letters OCR takes one for the other in print.
    static let ocrConfusions: Set<Set<Character>> = Set(["il", "od", "oq", "ef", "nm", "nh", "mh", "vy", "uv", "cg", "rk", "ti", "ce"].map { Set($0) })

    /// Lines printing `name` among their words, case and accents aside: a name read alike in
    /// several places is no scrap read once.
    static func linesMentioning(_ name: String, in lines: [TextLine]) -> Int {
        let phrase = Text.fold(name)
        return lines.filter { Text.contains(Text.fold($0.text), phrase: phrase) }.count
    }

    /// Lines printing `word` exactly (case and all) as a word of theirs.
    static func linesPrinting(_ word: String, in lines: [TextLine]) -> Int {
        lines.filter { line in line.words.contains { $0.text.trimmingCharacters(in: .punctuationCharacters) == word } }.count
    }

    /// The lines that print catalogue name `key` (folded) capitalised. A capital that only starts a
    /// cell or follows a colon, before a word in lower case, is the phrase's, not a brand's: "Medium
    /// veg box ¥1,520", "Subscription: Medium veg box" (but "Your Slack receipt" counts).
    func capitalisedMentions(of key: String, in lines: [TextLine]) -> Int {
        let keyWords = key.split(separator: " ").map(String.init)
        return lines.filter { line in
            // A name of several words ("Google One") counts where its words follow one another, the first capitalised.
            let words = line.words
            return words.indices.contains { k in
                guard k + keyWords.count <= words.count, words[k].text.first?.isUppercase == true,
                    zip(words[k...], keyWords).allSatisfy({ Text.fold($0.text) == $1 })
                else { return false }
                let startsPhrase = line.cells.contains { $0.first == words[k] } || (k > 0 && words[k - 1].text.hasSuffix(":"))
                let next = k + keyWords.count
                return !(startsPhrase && next < words.count && words[next].text.first?.isLowercase == true)
            }
        }.count
    }

    /// Titles before a person's name, as printed.
    /// Words that introduce a shop's owner, folded ("Inh." is German "Inhaber").
    static let ownerLabels: Set<String> = [
        "inh", "inhaber", "inhaberin", "prop", "proprietor", "proprietaire", "gerant", "gerante", "titular", "owner",
    ]

    static let personalTitles: Set<String> = [
        "Mr", "Mr.", "Mrs", "Mrs.", "Ms", "Ms.", "Miss", "M.", "Mme", "Mme.", "Mlle", "Mlle.",
        "Herr", "Frau", "Sr.", "Sra.", "Srta.", "Sr", "Sra", "Don", "Doña",
    ]

    /// A mail app's top bar: its own brand ("Proton Mail", "Yahoo Mail") beside the search box,
    /// among the first lines of a screenshot. The brand is the app's, not the sender's.
    static func isSearchBar(_ line: TextLine, index: Int) -> Bool {
        index < 3 && line.words.contains { ["search", "buscar", "rechercher", "suchen"].contains(Text.fold($0.text)) }
    }

    /// Titles that are printed in capitals too ("MME GENEVIÈVE TREMBLAY"); "Don", "Miss" in
    /// capitals begin brands as often.
    static let capitalisedTitles: Set<String> = ["MR", "MRS", "MS", "MME", "MLLE", "HERR", "FRAU", "SR", "SRA", "SRTA"]

    /// The display name of a mail's sender, from a header line's cell "Name <address@...>", past a
    /// "From:"/"De :"/"Von" label. Not a person writing from a mail provider's address, not the
    /// reader ("To: Lena Huber <lena@...>"), not a mail app's own name.
    static func senderName(in lines: ArraySlice<TextLine>) -> (name: String, line: String)? {
        for line in lines {
            for cell in line.cells {
                let text = droppingDoubtfulMarks(cell).text
                if let name = phoneSender(text) { return (name, line.text) }
                guard let open = text.firstIndex(of: "<") else { continue }
                var words = text[..<open].split(separator: " ").map(String.init)
                if let k = words.lastIndex(where: { ["from", "de", "von", "da", "absender", "remitente", "expediteur"].contains(Text.fold($0).trimmingCharacters(in: .punctuationCharacters)) }) {
                    words = Array(words[(k + 1)...])
                }
                // (past a mail folder's name beside it in the app's sidebar, "Posteingang Gemüsekiste Hofgut <...>",
                // and an avatar's letter read with a mark, "B) Bean & Bloom <...>")
                while words.count > 1, notNames.contains(Text.fold(words[0])) || isMarkedScrap(words[0]) { words.removeFirst() }
                let name = words.joined(separator: " ").trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
                let folded = Text.fold(name)
                let address = text[open...].dropFirst().prefix { $0 != ">" }.replacingOccurrences(of: " ", with: ".")
                guard name.filter(\.isLetter).count >= 3, (1...4).contains(words.filter { $0 != "&" }.count), !notNames.contains(folded),
                    !["to", "an", "a", "para", "cc"].contains(Text.fold(words.first ?? "")),
                    !isMailApp(folded), isCompanyAddress(address, of: name)
                else { continue }
                return (name, line.text)
            }
        }
        return nil
    }

    /// A company's mail address after a sender's name: a mailbox at a domain that is no mail
    /// provider's; or, its "@" misread ("no-replyW account lotusloftyoga com"), one spelling the
    /// name, at no mail provider.
    static func isCompanyAddress(_ address: String, of name: String) -> Bool {
        let at = address.split(separator: "@", maxSplits: 1).map(String.init)
        if at.count == 2 {
            return !at[1].isEmpty && !personalProviders.contains(ownLabel(of: at[1].lowercased()) ?? at[1].lowercased())
        }
        let folded = Text.fold(address)
        let pieces = folded.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let nameLetters = Text.fold(name).filter { $0.isLetter || $0.isNumber }
        return !address.contains("@") && nameLetters.count >= 4 && pieces.contains { $0.contains(nameLetters) }
            && pieces.allSatisfy { !personalProviders.contains($0) }
    }

    /// A phone mail app's sender line: the name, then the day it came without a year ("Neon 21 Jan :",
    /// "HBO Max Nov 8", "etepetete 17. Nov.").
    static func phoneSender(_ raw: String) -> String? {
        // past a mark in the margin ("| etepetete 17. Nov.")
        let text = String(raw.drop { !$0.isLetter && !$0.isNumber })
        let ns = text as NSString
        guard let m = phoneSenderLine.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) else { return nil }
        let monthRange = m.range(at: 2).location != NSNotFound ? m.range(at: 2) : m.range(at: 3)
        guard monthRange.location != NSNotFound else { return nil }
        let month = Text.fold(ns.substring(with: monthRange).trimmingCharacters(in: .punctuationCharacters))
        guard DateFinder.months[month] != nil else { return nil }
        let name = ns.substring(with: m.range(at: 1)).trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        let folded = Text.fold(name)
        guard name.filter(\.isLetter).count >= 2, name.split(separator: " ").count <= 4, !notNames.contains(folded),
            !Lexicon.invoiceWords.contains(where: { Text.contains(folded, phrase: $0) }), !isMailApp(folded),
            !weekdays.contains(folded)  // "Wed 11 March": an item's day, no sender
        else { return nil }
        return name
    }

    /// Days of the week in the four languages, written out and shortened (folded).
    static let weekdays: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed",
        "thu", "thur", "thurs", "fri", "sat", "sun", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi",
        "dimanche", "lun", "mar", "mer", "jeu", "ven", "sam", "dim", "montag", "dienstag", "mittwoch", "donnerstag",
        "freitag", "samstag", "sonntag", "mo", "di", "mi", "do", "fr", "sa", "so", "lunes", "martes", "miercoles",
        "jueves", "viernes", "sabado", "domingo", "mie", "jue", "vie", "sab", "dom",
    ]

    /// Mail providers and social networks print their domain on everyone's documents.
    static let everyonesDomains: Set<String> = [
        "gmail", "outlook", "hotmail", "yahoo", "icloud", "mail", "email", "noreply", "no-reply", "facebook", "fb",
        "instagram", "twitter", "x", "tiktok", "youtube", "linkedin", "whatsapp", "wa", "google", "goo", "bit", "maps",
        "pinterest",
    ]

    /// The name a mail's sender address gives its own domain, as the document prints it in words
    /// ("pagos@zapping.com" and "Zapping"): not a known vendor's domain, a mail provider's or a person's.
    func senderDomainName(in header: ArraySlice<TextLine>, printedIn lines: [TextLine]) -> (name: String, line: String)? {
        for line in header {
            let compact = line.text.lowercased().replacingOccurrences(of: " ", with: "")
            for domain in domains(in: line.text) where compact.contains("@" + domain.lowercased()) {
                guard catalogue.vendor(domain: domain) == nil, let label = Self.ownLabel(of: domain.lowercased()),
                    label.count >= 3, !Self.everyonesDomains.contains(label), !Self.personalProviders.contains(label),
                    let printed = printedForm(of: label, in: lines)
                else { continue }
                return (printed, line.text)
            }
        }
        return nil
    }

    /// The sender of the open mail in a client that lists mails as dated rows ("Wetaca 17/11/25",
    /// "Renfe 15/11/25", ...): of three or more senders listed, the one the page names again, at
    /// least twice and more than any other.
    /// `datedRows`: the dated senders of each of the first `mailListLines` lines (`datedSenders(on:)`).
    static func listedSender(in lines: [TextLine], datedRows: [[String]]) -> (name: String, index: Int)? {
        var rows: [(name: String, folded: String, index: Int)] = []
        for (i, senders) in datedRows.enumerated() {
            if let name = senders.first {
                rows.append((name, Text.fold(name), i))
            }
        }
        let names = Set(rows.map(\.folded))
        guard names.count >= 3 else { return nil }
        // Mentions past the name's own rows (a reading pane's text shares the rows' lines).
        let folded = lines.map { Text.fold($0.text) }
        let mentions: [(name: String, count: Int)] = names.map { name in
            (name, folded.reduce(0) { $0 + Text.occurrences(of: name, in: $1) } - rows.filter { $0.folded == name }.count)
        }
        let ranked = mentions.sorted { a, b in a.count > b.count || (a.count == b.count && a.name < b.name) }
        guard let top = ranked.first, top.count >= 2, ranked[1].count < top.count,
            let row = rows.first(where: { $0.folded == top.name })
        else { return nil }
        return (row.name, row.index)
    }

    /// How far down a page a mail list's rows and a reading pane's header are looked for.
    static let mailListLines = 40

    /// The dated senders of a line's cells, a name's cell read with the date cell after it too (a
    /// list's dates are aligned to the right of its rows).
    static func datedSenders(on line: TextLine) -> [String] {
        let cells = line.cells.map { droppingDoubtfulMarks($0).text }
        return cells.indices.compactMap { k in
            datedSender(cells[k]) ?? (k + 1 < cells.count ? datedSender(cells[k] + " " + cells[k + 1]) : nil)
        }
    }

    /// A time, a day and month without the year ("16/06", "05.10."), a short numeric date ("17/11/25").
    private static let shortDateOrTime = try! NSRegularExpression(
        pattern: #"^(?:\d{1,2}:\d{2}|(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])\.?|\d{1,2}[./-]\d{1,2}[./-]\d{2}(?:\d{2})?)$"#)

    /// A mail list's row, or a reading pane's header: a cell of a name and the day (and time) the mail
    /// came ("Wolt 29/11/2025", "SNCF Connect lun. 16/06", "Helpling 7. Oktober 2025 um 14:18"). The name.
    static func datedSender(_ cell: String) -> String? {
        // (past the sender's address: "Les Paniers de Léa <bonjour@paniersdelea.fr> mar. 17/06/2025")
        let words = cell.split(separator: " ").map(String.init).filter { !$0.contains("@") }
        func isDateWord(_ w: String) -> Bool {
            let folded = Text.fold(w)
            return w.contains(where: \.isNumber) && !w.contains(where: \.isLetter)
                || DateFinder.months[folded] != nil || weekdays.contains(folded) || ["um", "at", "a", "las"].contains(folded)
        }
        guard let k = words.firstIndex(where: isDateWord), k >= 1, words[k...].allSatisfy(isDateWord),
            words[k...].contains(where: { $0.contains(where: \.isNumber) }),
            !DateFinder.find(in: words[k...].joined(separator: " "), line: 0).isEmpty
                // a time, a day and month without the year ("16/06", "05.10."), a short numeric date ("17/11/25")
                || words[k...].contains(where: { Text.matches(shortDateOrTime, $0) })
        else { return nil }
        // (past a mail folder's name beside it in the app's sidebar: "Posteingang Gemüsekiste Hofgut")
        let start = words[..<(k - 1)].firstIndex { !notNames.contains(Text.fold($0)) } ?? k - 1
        let name = words[start..<k].joined(separator: " ").trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        let folded = Text.fold(name)
        guard name.filter(\.isLetter).count >= 3, name.first?.isUppercase == true || name.first?.isNumber == true,
            k - start <= 4, !notNames.contains(folded), !isMailApp(folded),
            // a price ("CHF 12.90"), not a day
            !words[..<k].contains(where: AmountFinder.isMarker),
            !Lexicon.invoiceWords.contains(where: { Text.contains(folded, phrase: $0) })
        else { return nil }
        return name
    }

    /// The sender of the mail open in a reading pane: a dated sender cell over the "To:" line
    /// ("Podimo 03/12/2025 08:31" / "To: me"). A mail list beside it shows other senders' rows,
    /// dated the same way but over their subjects.
    /// `datedRows` as for `listedSender`.
    static func paneSender(in lines: [TextLine], datedRows: [[String]]) -> (name: String, index: Int)? {
        let recipient = #"(?:^|\s)(?:To|An|À|A|Para|Pour)\s?:"#
        for i in lines.prefix(20).indices {
            let below = lines[(i + 1)..<min(lines.count, i + 3)]
            guard below.contains(where: { $0.text.range(of: recipient, options: .regularExpression) != nil }) else { continue }
            for name in datedRows[i] where !looksLikePersonName(name) { return (name, i) }
        }
        return nil
    }

    /// A dated sender over a mail's address line (`index`), or on it, whose name starts or ends
    /// with the domain's printed name and adds words that are no mailbox's role ("Glanzwerk
    /// Autowaschclub", "Torréfaction Caravelle"; not "Glanzwerk Team").
    static func senderExtending(_ printed: String, above index: Int, datedRows: [[String]]) -> (name: String, index: Int)? {
        for i in stride(from: min(index, datedRows.count - 1), through: max(0, index - 2), by: -1) {
            if let name = datedRows[i].first(where: { extends($0, printed) }) { return (name, i) }
        }
        return nil
    }

    /// `name` starts or ends with `printed` and adds up to three words of its own, no mailbox's role
    /// or document's word ("Glanzwerk Autowaschclub" of "Glanzwerk"; not "Glanzwerk Team"), and
    /// starts with no piece of a logo ("ru Alojanet": an avatar's letters).
    static func extends(_ name: String, _ printed: String) -> Bool {
        let key = Text.fold(printed), folded = Text.fold(name)
        guard folded.hasPrefix(key + " ") || folded.hasSuffix(" " + key), name.split(separator: " ").filter({ $0 != "&" }).count <= 4,
            folded.hasPrefix(key + " ") || !isLogoPiece(String(name.split(separator: " ")[0]))
        else { return false }
        let added = (folded.hasPrefix(key + " ") ? folded.dropFirst(key.count + 1) : folded.dropLast(key.count + 1))
            .split(separator: " ").map(String.init)
        return !added.allSatisfy { mailboxRoles.contains($0) || Lexicon.invoiceWords.contains($0) }
    }

    private static let phoneSenderLine = try! NSRegularExpression(
        pattern: #"^([\p{L}][\p{L}\p{N}&.+' -]{1,40}?)\s+(?:\d{1,2}\.?\s+(\p{L}{3,5}\.?)|(?=\p{L}{3,5}\.?\s+\d{1,2}\b)(\p{L}{3,5})\.?\s+\d{1,2})\s*[:.]?\s*$"#)

    /// Mail providers whose addresses are people's, not companies'. (Orange and Free host mail too,
    /// but their own bills come from those domains.)
    static let personalProviders: Set<String> = ["gmail", "googlemail", "outlook", "hotmail", "live", "yahoo", "icloud",
                                                 "me", "gmx", "web", "proton", "protonmail", "aol", "t-online"]

    /// A mail app's own name in its window's header ("Gmail", "GMX E-Mail Cloud Kalender") is no sender.
    static func isMailApp(_ folded: String) -> Bool {
        let apps = ["gmail", "gmx", "outlook", "yahoo mail", "yahoo", "proton mail", "protonmail", "thunderbird", "web de",
                    "icloud mail", "samsung email"]
        return apps.contains { folded == $0 || folded.hasPrefix($0 + " ") }
    }

    /// A country or city after a brand says where it operates ("Claro Colombia", "Movistar Perú"); it
    /// is no part of the brand. (Company forms are clues to the country too, but not places.)
    static func isCountry(_ folded: String) -> Bool {
        CountryClues.phrases.contains { $0.phrase == folded && $0.weight >= 1.5 }
            && !legalForms.contains(folded) && !namingLegalForms.contains(folded)
    }

    static func isPersonalTitle(_ word: String) -> Bool {
        personalTitles.contains(word) || capitalisedTitles.contains(word.hasSuffix(".") ? String(word.dropLast()) : word)
    }

    /// Descriptive words legal names add to a brand.
    static let descriptors: Set<String> = [
        "technologies", "technology", "tech", "software", "media", "digital", "online", "international", "services",
        "service", "holdings", "holding", "group", "europe", "emea", "eu", "uk", "ireland", "germany", "deutschland",
        "france", "espana", "spain", "iberia", "usa", "us", "americas", "global", "operations", "payments",
        "sarl", "s", "a", "r", "l", "u", "de", "the", "of", "and", "co", "company", "entertainment", "networks",
        "network", "communications", "telecom", "systems", "labs", "studios", "b", "v", "n", "plc", "limited",
    ]

    /// Legal forms that end a company's name for sure (more than `namingLegalForms`, which also
    /// find where a name ends inside a line).
    static let endingLegalForms = Set(namingLegalForms + ["ag", "se", "kg", "ggmbh", "gmbh co kg", "slu", "sasu", "eurl", "bv", "nv",
                                                         "spa", "oy", "ab", "aps", "sa", "sl", "pte", "pty", "ug", "ug haftungsbeschrankt"])

    /// A legal name without its form and the descriptive words and places before it, in the
    /// letters it was printed in ("Gothaer Allgemeine Versicherung AG" -> "Gothaer"); nil when
    /// `name` does not end with a legal form or nothing is left.
    static func shortenedLegalName(_ name: String) -> String? {
        let folded = Text.fold(name)
        guard endingLegalForms.contains(where: { folded.hasSuffix(" " + $0) }) else { return nil }
        var tokens = name.split(separator: " ").map(String.init)
        func droppable(_ token: String) -> Bool {
            let f = Text.fold(token)
            return f.isEmpty || isCountry(f) || f.split(separator: " ").allSatisfy {
                legalFormWords.contains(String($0)) || descriptors.contains(String($0)) || legalNameDescriptors.contains(String($0))
            }
        }
        while tokens.count > 1, let last = tokens.last, droppable(last) { tokens.removeLast() }
        guard var lastWord = tokens.popLast() else { return nil }
        while let c = lastWord.last, ",.;:-–(".contains(c) { lastWord.removeLast() }
        let short = (tokens + [lastWord]).joined(separator: " ")
        return short.isEmpty || short == name || droppable(short) ? nil : short
    }

    /// Signs of a letter to a customer, which a till receipt never has: a salutation, an
    /// account's or policy's number, a bank account to pay into.
    static func writesToACustomer(_ lines: [TextLine]) -> Bool {
        let doc = lines.prefix(60).map { Text.fold($0.text) }.joined(separator: " \n ")
        return customerLetterMarks.contains { Text.contains(doc, phrase: $0) }
            || lines.contains { $0.text.range(of: Self.ibanShape, options: .regularExpression) != nil }
    }

    /// An IBAN as printed, in groups of four or not ("CH12 3000 0002 6000 4471 8").
    static let ibanShape = #"\b[A-Z]{2}\d{2} ?(?:[A-Z0-9]{4} ?){3,}"#

    static let customerLetterMarks = [
        "dear", "sehr geehrte", "sehr geehrter", "herrn", "madame", "monsieur", "estimado", "estimada", "customer number",
        "account number", "policy number", "kundennummer", "kunden nr", "versicherten nr", "versicherungsnummer", "vertragsnummer",
        "police nr", "mitgliedsnummer", "n de client", "numero de client", "n client", "numero de contrat",
        "n de contrat", "numero de cliente", "n de cliente", "numero de poliza", "n de poliza", "iban",
    ]

    /// Words legal names add between the brand and the form, besides `descriptors`: a line of
    /// business, a country's short code.
    static let legalNameDescriptors: Set<String> = [
        "versicherung", "versicherungen", "versicherungs", "kranken", "krankenversicherung", "allgemeine", "assurance",
        "assurances", "seguros", "reaseguros",
        "insurance", "retail", "nz", "au", "sg", "hk", "ca", "ie", "nl", "ch", "at", "be",
    ]

    /// The brand core of a legal name: legal forms and descriptive words dropped from the end.
    /// The folded words before the first legal form of `text`, when that form comes within its
    /// first five words ("Orange SA au capital de ..." -> "orange").
    static func nameBeforeLegalForm(_ text: String) -> String? {
        let words = Text.fold(text).split(separator: " ").map(String.init)
        guard words.count >= 2 else { return nil }
        for k in 1..<min(words.count, 6) {
            let rest = words[k...].joined(separator: " ")
            if legalForms.contains(where: { rest == $0 || rest.hasPrefix($0 + " ") }) {
                return words[..<k].joined(separator: " ")
            }
        }
        return nil
    }

    static func stripLegal(_ name: String) -> String {
        var words = Text.fold(name).split(separator: " ").map(String.init)
        var changed = true
        while changed && words.count > 1 {
            changed = false
            if let last = words.last, legalFormWords.contains(last) || descriptors.contains(last) {
                words.removeLast()
                changed = true
            }
        }
        return words.joined(separator: " ")
    }

    func domains(in printed: String) -> [String] {
        // OCR spaces a web address out after its dots ("www. lavoir-express. fr"), or loses the last
        // dot ("www. sfr fr"): joined again.
        let text = printed.contains("www.") || printed.contains("WWW.")
            ? Self.spacedWebAddress.stringByReplacingMatches(
                in: printed, range: NSRange(location: 0, length: (printed as NSString).length), withTemplate: "$1.$2.$3")
            : printed
        let ns = text as NSString
        var out: [String] = []
        for m in Self.emailOrWeb.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let domain = ns.substring(with: m.range(at: 2)).lowercased()
            if m.range(at: 1).location != NSNotFound, Self.isPersonalMailbox(ns.substring(with: m.range(at: 1)), domain: domain) { continue }
            out.append(domain)
        }
        for m in Self.bareDomain.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            out.append(ns.substring(with: m.range(at: 1)).lowercased())
        }
        return out
    }

    private static let spacedWebAddress = try! NSRegularExpression(
        pattern: #"\b(www)\. ?([A-Za-z0-9-]{2,})(?:\. ?| (?=(?:"# + commonTopLevelDomains + #")\b))([a-z]{2,6})\b"#,
        options: .caseInsensitive)

    /// `text` with the personal mail addresses in it blanked out.
    static func withoutPersonalAddresses(_ text: String) -> String {
        let ns = text as NSString
        var out = text as NSString
        for m in emailOrWeb.matches(in: text, range: NSRange(location: 0, length: ns.length)).reversed()
        where m.range(at: 1).location != NSNotFound
            && isPersonalMailbox(ns.substring(with: m.range(at: 1)), domain: ns.substring(with: m.range(at: 2)).lowercased())
        {
            out = out.replacingCharacters(in: m.range, with: " ") as NSString
        }
        return out as String
    }

    /// A person's address ("k.green@fastmail.com", "pa.vidal@orange.fr"), the customer's mostly,
    /// says nothing of the vendor, even at a provider's domain; a vendor writes from a role's
    /// mailbox ("billing@", "googleplay-noreply@", "hola@") or one named like its domain.
    static func isPersonalMailbox(_ local: String, domain: String) -> Bool {
        let parts = local.lowercased().split(whereSeparator: { "._-+".contains($0) }).map(String.init)
        if parts.contains(where: { mailboxRoles.contains($0) || $0.hasSuffix("noreply") }) { return false }
        let label = ownLabel(of: domain) ?? domain
        if parts.contains(where: { $0.count >= 3 && (label.contains($0) || $0.contains(label)) }) { return false }
        return true
    }

    static let mailboxRoles: Set<String> = [
        "billing", "bill", "bills", "invoice", "invoices", "invoicing", "receipt", "receipts", "noreply", "no", "reply",
        "donotreply", "info", "support", "help", "hello", "hi", "hola", "bonjour", "hallo", "contact", "contacto", "service",
        "services", "team", "account", "accounts", "payments", "payment", "orders", "order", "mail", "news", "newsletter",
        "notification", "notifications", "factures", "facture", "facturation", "facturas", "factura", "facturacion",
        "rechnung", "rechnungen", "kundenservice", "kunden", "clients", "client", "clientes", "cliente", "sales", "admin",
        "office", "accounting", "compta", "abo", "abonnement", "abonnements", "subscriptions", "subscription", "members",
        "membership", "care", "customercare", "store", "shop", "web", "online", "mailer", "system", "auto", "alerts",
        // the same roles in French, German and Spanish
        "suscripciones", "suscripcion", "pagos", "cobros", "avisos", "notificaciones", "atencion", "socios", "ventas",
        "recibos", "servicio", "inscripciones", "secretaria", "tesoreria", "noresponder", "responder", "paiements",
        "adherents", "membres", "inscriptions", "secretariat", "tresorerie", "nepasrepondre", "repondre", "zahlungen",
        "mitglieder", "kontakt", "verwaltung", "buchhaltung", "aboservice", "antworten",
    ]

    /// "hellofresh" -> "HelloFresh" when the text prints it so (words joined); nil when it does not.
    /// A domain leaves out the little words inside a name ("courrier-vexin" of "Courrier du
    /// Vexin"), and a name alone in its cell keeps the article it starts with ("El Eco de Getafe"
    /// of "ecodegetafe"): a newspaper's article is part of its name. The name alone in a cell (a
    /// letterhead, a sender) comes before the same words in a sentence.
    func printedForm(of label: String, in lines: [TextLine]) -> String? {
        let label = Self.letters(label)
        var inSentence: String?
        for line in lines {
            let words = line.words.map(\.text)
            for n in 1...5 where words.count >= n {
                for i in 0...(words.count - n) {
                    let joined = words[i..<i + n].joined(separator: " ")
                    guard !joined.contains("@"), !joined.contains(".") || n > 1 else { continue }
                    let key = Self.letters(joined)
                    // (the little words inside left out: only a name of three words or more has them)
                    func withoutLittleWords() -> String {
                        words[i..<i + n].enumerated().filter { k, w in k == 0 || k == n - 1 || !Self.littleWords.contains(Text.fold(w)) }
                            .map(\.element).joined()
                    }
                    let matches = key == label || (n > 2 && Self.letters(withoutLittleWords()) == label)
                        || (n > 2 && Self.spellingOutAmpersand(joined).contains { Self.letters($0) == label })
                        || Self.germanSpelling(joined).map { Self.letters($0) == label } == true
                        || Self.withoutElidedArticle(joined).map { Self.letters($0) == label } == true
                    if matches || (n <= 4 && !joined.contains(".") && Self.domainShortens(key, to: label, lastWord: words[i + n - 1])) {
                        let name = joined.trimmingCharacters(in: .punctuationCharacters)
                        // A cell's words past marks at either end ("© Studio Prana": a logo).
                        let cells = line.cells.map { cell in
                            Array(cell.map(\.text).drop { Self.letters($0).isEmpty }.reversed().drop { Self.letters($0).isEmpty }.reversed())
                        }
                        // (... or as a mail's sender names itself: "El Eco de Getafe <clientes@...>")
                        // (OCR reads the l of "El" as a capital I; a logo's piece may come first: "B El Eco de Getafe".)
                        if i > 0, let article = Self.article(read: words[i - 1]),
                            cells.contains(where: { Array($0.drop(while: Self.isLogoPiece)) == Array(words[(i - 1)..<(i + n)]) })
                                || i + n < words.count && words[i + n].hasPrefix("<")
                        {
                            return article + " " + name
                        }
                        // Alone in its cell, or beside marks only. (With the article another line prints it with:
                        // a wrapped subject "Confirmation de paiement - Le" / "Courrier du Vexin".)
                        let alone = cells.contains(Array(words[i..<(i + n)]))
                        func named() -> String { Self.articlePrinted(before: name, in: lines).map { $0 + " " + name } ?? name }
                        if alone { return named() }
                        if inSentence == nil { inSentence = named() }
                    }
                }
            }
        }
        return inSentence
    }

    /// The article a cell prints `name` with, alone ("Le Courrier du Vexin", the sender's cell of a
    /// phone's mail app), as `article(read:)` spells it; nil when no cell does. (In a sentence an
    /// article may be the sentence's: "The Acme team", "Die Acme GmbH dankt".)
    static func articlePrinted(before name: String, in lines: [TextLine]) -> String? {
        let key = name.split(separator: " ").map { Text.fold(String($0)) }
        for cell in lines.lazy.flatMap(\.cells) {
            let words = cell.map(\.text).drop { Self.letters($0).isEmpty }
            guard words.count == key.count + 1, let article = article(read: words.first!),
                words.dropFirst().map({ Text.fold($0.trimmingCharacters(in: .punctuationCharacters)) }) == key
            else { continue }
            return article
        }
        return nil
    }

    /// The domain's name printed in a cell with one letter misread ("Mühitaler Bote" for
    /// muehltaler-bote.de), put right by the domain: a name of eight letters or more, one letter
    /// for another, the printed capitals and accents kept. A run of the cell's words counts: a
    /// logo's scrap or the title may share the cell ("M Mühitaler Bote RECHNUNG"). OCR misreads
    /// domains too ("alelier-partage.fr" under "Atelier Partagé" printed three times): a spelling
    /// printed in more cells than the domain is printed on lines (`domainPrintings`) stays.
    func printedFormWithOneSlip(of label: String, printed domainPrintings: Int, in lines: [TextLine]) -> String? {
        let label = Array(Self.letters(label))
        guard label.count >= 8 else { return nil }
        func spelled(_ s: String) -> [Character] { Array(Self.letters(Self.germanSpelling(s) ?? s)) }
        // How surely the domain was read: a name read surer than it is not put right by it.
        let domainConfidence = lines.flatMap(\.words).filter { Self.letters($0.text).contains(String(label)) }.map(\.confidence).max() ?? 1
        for line in lines {
            for cell in line.cells {
                let words = cell.map(\.text)
                for n in 1...min(4, words.count) {
                    for start in 0...(words.count - n) {
                        let run = words[start..<start + n]
                        guard !run.contains(where: { $0.contains("@") || $0.contains(".") }) else { continue }
                        let printed = run.joined(separator: " ").trimmingCharacters(in: .punctuationCharacters)
                        let key = spelled(printed)
                        guard key.count == label.count else { continue }
                        let slips = zip(key, label).enumerated().filter { $0.element.0 != $0.element.1 }
                        guard slips.count == 1, let slip = slips.first, slip.element.0.isLetter, slip.element.1.isLetter,
                            Self.cellsPrinting(printed, in: lines) <= domainPrintings,
                            cell[start..<start + n].map(\.confidence).min() ?? 0 <= domainConfidence
                        else { continue }
                        // The printed letter that slipped, put right where the result spells the domain.
                        let (misread, meant) = slip.element
                        for i in printed.indices where Text.fold(String(printed[i])) == String(misread) {
                            let letter = printed[i].isUppercase ? String(meant).uppercased() : String(meant)
                            let candidate = printed.replacingCharacters(in: i...i, with: letter)
                            if spelled(candidate) == label { return candidate }
                        }
                    }
                }
            }
        }
        return nil
    }

    /// How many cells print `text`, a line read twice (the page's reading and a header band's, at
    /// the same height) counted once.
    static func cellsPrinting(_ text: String, in lines: [TextLine]) -> Int {
        let phrase = Text.fold(text)
        var places: [TextLine] = []
        var count = 0
        for line in lines {
            let n = line.cells.filter { Text.contains(Text.fold($0.text), phrase: phrase) }.count
            guard n > 0, !places.contains(where: { $0.page == line.page && $0.top < line.bottom && line.top < $0.bottom }) else { continue }
            places.append(line)
            count += n
        }
        return count
    }

    /// A name's letters and digits as a domain writes them: lower case, without accents
    /// ("Café Origen" -> "cafeorigen").
    static func letters(_ s: String) -> String { Text.fold(s).filter { $0 != " " } }

    /// A name with "&" as domains spell it, the sign written as a word of the four languages
    /// ("Bean & Bloom" -> "Bean and Bloom", of beanandbloom.coffee); none without one.
    static func spellingOutAmpersand(_ s: String) -> [String] {
        guard s.contains("&") else { return [] }
        return ["and", "et", "und", "y"].map {
            s.replacingOccurrences(of: "&", with: " \($0) ").split(separator: " ").joined(separator: " ")
        }
    }

    /// German umlauts as domains spell them ("Mühltaler" -> "Muehltaler"); nil without one.
    static func germanSpelling(_ s: String) -> String? {
        guard s.contains(where: { "äöüÄÖÜ".contains($0) }) else { return nil }
        let pairs: [(String, String)] = [("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("Ä", "Ae"), ("Ö", "Oe"), ("Ü", "Ue")]
        return pairs.reduce(s) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// A name that starts with an elided article ("L'Atelier Partagé", "D'Artagnan") without it,
    /// as its domain leaves it out ("atelier-partage"); nil for other names.
    static func withoutElidedArticle(_ s: String) -> String? {
        // (looked at for every run of words: no copy of the string unless it is one)
        var rest = s[...]
        guard let first = rest.popFirst(), first.isLetter, let mark = rest.popFirst(), mark == "'" || mark == "’",
            rest.first?.isLetter == true, rest.count >= 2
        else { return nil }
        return String(rest)
    }

    /// Words a domain leaves out inside a name.
    static let littleWords: Set<String> = ["du", "de", "des", "del", "la", "le", "les", "of", "the", "and", "et", "und", "y", "der", "die", "das"]
    /// Articles a name may start with, as printed.
    static let articles: Set<String> = ["The", "Le", "La", "Les", "L'", "El", "Los", "Las", "Der", "Die", "Das"]

    /// A domain cut short in its last word ("lacolmenacowork" of "La Colmena Coworking"): at most
    /// three letters left off, and at least four of that word kept.
    static func domainShortens(_ key: String, to label: String, lastWord: String) -> Bool {
        let missing = key.count - label.count
        let last = lastWord.lowercased().filter { $0.isLetter || $0.isNumber }.count
        return (1...3).contains(missing) && key.hasPrefix(label) && last - missing >= 4
    }
}

enum VendorCatalogueWords {
    /// Catalogue names that are also everyday words in the four languages.
    static let common: Set<String> = [
        "free", "box", "make", "later", "things", "ring", "match", "bear", "hey", "mega", "sky", "now", "wow", "salt",
        "three", "lime", "flo", "tile", "factor", "rover", "pocket", "buffer", "calm", "notion", "zoom", "slack",
        "proton", "visible", "orange", "spectrum", "ro", "ee", "bt", "mint", "hinge", "bumble", "medium", "keeper",
        "sync", "steam", "loom", "max", "apple", "google", "amazon", "lucid", "splice", "brilliant", "sketch", "avid",
        "affinity", "framer", "equinox", "bark", "sunrise", "octopus", "basecamp", "day one", "care of", "canal",
        "digi", "prime", "plex", "copilot", "claude", "cursor", "discord", "xbox", "lyft", "uber", "nike", "garmin",
        "google play", "google one", "chatgpt", "openai",
        "claro", "direct line", "linea directa", "keep cool", "go fit", "dir", "voi", "lovable", "shudder", "expansion",
        "kicker", "share now", "straight talk", "us mobile", "css", "die welt", "der standard", "die presse", "the times",
        "the information", "la nacion", "el tiempo", "el comercio", "el universal", "el periodico", "le point",
        "l express", "le parisien", "l equipe", "capture one", "adamo",
    ]
}
