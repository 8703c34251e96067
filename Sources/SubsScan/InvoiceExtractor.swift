import Foundation
import SubsCore

/// Reads name, amount, currency, billing date, next billing date and frequency from the text of
/// any invoice, receipt or payment confirmation, without templates: labels in four languages,
/// their position (value right of or below the label), and rejection of distractors. A document
/// without evidence of a charge gives nulls.
public struct InvoiceExtractor: Sendable {
    public let catalogue: VendorCatalogue
    /// What a bare `$` means without a country clue, if it is a dollar currency.
    public let defaultCurrency: Currency?

    public init(catalogue: VendorCatalogue = .bundled, defaultCurrency: Currency? = nil) {
        self.catalogue = catalogue
        self.defaultCurrency = defaultCurrency
    }

    /// Extracts from plain text, one line per line (cells separated by two or more spaces or a tab).
    public func extract(text: String) -> Extraction {
        var words: [WordBox] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var x = 0
            for cell in line.components(separatedBy: "\t").flatMap({ $0.components(separatedBy: "   ") }) {
                for w in cell.split(separator: " ") {
                    words.append(WordBox(text: String(w), confidence: 1, x: x, y: n * 20, width: w.count * 10, height: 12, line: n, page: 1))
                    x += w.count * 10 + 10
                }
                x += 60
            }
        }
        return extract(pages: [TextPage(page: 1, source: .textLayer, words: words, width: 2000, height: 20 * 200)])
    }

    /// Extracts from a document's pages and what is known of it besides (an e-mail's header). For now the
    /// header is read as a mail client shows it, above the body.
    public func extract(pages: [TextPage], context: DocumentContext) -> Extraction {
        guard !context.isEmpty else { return extract(pages: pages) }
        var header: [String] = []
        if context.senderName != nil || context.senderAddress != nil {
            header.append("From: " + [context.senderName, context.senderAddress.map { "<\($0)>" }].compactMap { $0 }.joined(separator: " "))
        }
        if let s = context.subject { header.append("Subject: " + s) }
        if let d = context.sentDate { header.append("Date: " + d.description) }
        var out = pages
        let lineHeight = 20
        var words: [WordBox] = []
        for (n, line) in header.enumerated() {
            var x = 0
            for w in line.split(separator: " ") {
                words.append(WordBox(text: String(w), confidence: 1, x: x, y: n * lineHeight, width: w.count * 8, height: 12, line: n, page: 1))
                x += w.count * 8 + 6
            }
        }
        let shift = header.count * lineHeight + lineHeight
        if out.isEmpty { out = [TextPage(page: 1, source: .textLayer, words: [], width: 1000, height: shift)] }
        out[0].words = words + out[0].words.map { w in
            var w = w
            w.y += shift
            w.line += header.count
            return w
        }
        out[0].height += shift
        return extract(pages: out)
    }

    public func extract(pages: [TextPage]) -> Extraction {
        let lines = TextLine.lines(of: pages).filter { !$0.words.isEmpty }
        var result = Extraction()
        guard !lines.isEmpty else { return result }
        let printed = lines.map(\.text)
        let folded = printed.map(Text.fold)
        let docFolded = folded.joined(separator: " \n ")
        let raws = UnreadableSigns.repaired(printed, clues: CountryClues.scores(folded: docFolded, raw: printed.joined(separator: "\n")))
            ?? printed
        let language = detectLanguage(folded)
        result.language = language

        // Amounts.
        var money: [MoneyMention] = []
        for (i, raw) in raws.enumerated() { money += AmountFinder.find(in: raw, line: i, language: language) }
        let amount = chooseAmount(money, lines: lines, raws: raws, docFolded: docFolded, language: language)

        // Is this an invoice at all?
        let docWords = ["invoice", "receipt", "facture", "recu", "rechnung", "quittung", "beleg", "kassenbon",
                        "factura", "recibo", "boleta", "ticket", "tax invoice", "cash bill", "bill", "order confirmation",
                        "abrechnung", "abschlagsrechnung", "jahresabrechnung", "avis d echeance", "appel de cotisation", "appel de cotisations",
                        "vorschreibung",
                        // A telecom's or utility's bill, as North America and Asia title it ("Monthly statement").
                        "statement",
                        "payment confirmation", "confirmation de paiement", "zahlungsbestatigung", "comprobante"]
        let chargeWords = ["paid", "payment", "charged", "billed", "paye", "payee", "paiement", "preleve", "debite",
                           "bezahlt", "zahlung", "abgebucht", "belastet", "pagado", "pago", "cobrado", "cargo"]
        let subscriptionWords = ["subscription", "abonnement", "suscripcion", "abo", "membership", "adhesion",
                                 "mitgliedschaft", "plan", "renewal", "cotisation", "beitrag", "cuota"]
        let hasDocWord = docWords.contains { Text.contains(docFolded, phrase: $0) } || Self.namesABillInACompound(docFolded)
        // Charges only announced or denied ("will be charged", "you haven't been charged") are none made.
        let madeFolded = Self.announcedCharges.reduce(docFolded) { $0.replacingOccurrences(of: $1, with: " ") }
        // (German runs "Zahlung" into compounds where English writes "payment method": "Zahlungsmethode".)
        let hasChargeWord = chargeWords.contains { Text.contains(madeFolded, phrase: $0) }
            || madeFolded.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains { $0.hasPrefix("zahlungs") }
        let onlyAnnounced = madeFolded != docFolded && !hasChargeWord && !hasDocWord
        let hasSubscriptionWord = subscriptionWords.contains { Text.contains(docFolded, phrase: $0) }
        // Till and invoice vocabulary: a total with these is a sale.
        let transactionWords = ["cashier", "cash", "change", "tendered", "qty", "vat", "gst", "sst", "tax", "thank you",
                                "caisse", "caissier", "tva", "rendu", "especes", "kasse", "mwst", "ust", "bar", "ruckgeld",
                                "caja", "iva", "efectivo", "cambio", "gracias", "merci", "danke", "card", "carte", "karte",
                                "tarjeta", "visa", "mastercard"]
        let transactionCount = transactionWords.filter { Text.contains(docFolded, phrase: $0) }.count
        let hasTransactionWord = transactionCount > 0
        let labelled = amount.map { $0.labelWeight > 0 } ?? false
        let labelledByFeeOnly = amount.map { a in
            let line = folded[a.mention.line]
            return Lexicon.feeLabels.contains { Text.contains(line, phrase: $0.phrase) }
                && !Lexicon.chargeLabels.contains { Text.contains(line, phrase: $0.phrase) }
        } ?? false
        // Evidence of a charge: a labelled total on a document that calls itself an invoice/receipt
        // or talks about paying; a lone price on a payment confirmation; or an invoice/receipt
        // whose total is missing (torn) but that is clearly a bill.
        // A price per period ("12,99 €/mes, IVA incluido") with neither a bill's nor a payment's word is a
        // tariff advertised.
        let priceAPeriod = amount.map { Self.isRate($0.mention, raws: raws) } ?? false
        let isInvoice = (labelled && (hasDocWord || hasChargeWord
                                      || (!labelledByFeeOnly && !priceAPeriod && (hasSubscriptionWord || hasTransactionWord))))
            // (A lone price per period, "10 €/mes", is a tariff described, not a charge made.)
            || (amount.map { $0.labelWeight == 0 } == true && !priceAPeriod && hasChargeWord)
            || (amount.map { $0.labelWeight < 0 } == true && hasDocWord)
            || (hasDocWord && (hasChargeWord || hasSubscriptionWord))
            // A till receipt whose total OCR could not read: cashier, change, tax... name and date still count.
            || transactionCount >= 3
        // A slip that says it is none ("ce ticket n'est pas une facture", "no purchase made").
        let saysItIsNone = Self.notABill.contains { Text.contains(docFolded, phrase: $0) } || Self.titledAsNoBill(lines)
            || Self.isAccountStatement(docFolded)
            // A notice of new prices, with no payment made, announces charges to come.
            || (!hasChargeWord && Self.priceChangeNotices.contains { Text.contains(docFolded, phrase: $0) })
        guard isInvoice && !onlyAnnounced && !saysItIsNone else {
            result.warnings.append("no invoice evidence (a total or charge label with an amount); nothing extracted")
            return result
        }

        // Currency.
        var currency: (Currency, Double, String)?
        var strongClue: (Currency, String)?
        if let clue = CountryClues.best(folded: docFolded, raw: raws.joined(separator: "\n")),
            clue.score >= Self.localDollarEvidence, let c = Currency(code: clue.code)
        {
            strongClue = (c, clue.evidence)
        }
        if amount == nil, let (c, evidence) = strongClue {
            // No amount read, but where the document comes from is clear (address, company form, tax).
            result.currency = ScannedField(c, confidence: 0.4, evidence: evidence)
        } else if amount == nil, let c = printedCurrency(docFolded: docFolded, docRaw: raws.joined(separator: "\n")) {
            // No amount read, but the document names its currency (a symbol or code printed on it).
            result.currency = ScannedField(c.0, confidence: 0.5, evidence: c.1)
        } else if amount == nil, let clue = CountryClues.best(folded: docFolded, raw: raws.joined(separator: "\n")),
            clue.score >= 2, let c = Currency(code: clue.code)
        {
            // ... or where it comes from, clearly (an address, a company form, a tax name).
            result.currency = ScannedField(c, confidence: 0.4, evidence: clue.evidence)
        }
        if let a = amount, a.labelWeight >= 0 || hasDocWord {
            currency = resolveCurrency(a.mention, all: money, docFolded: docFolded, docRaw: raws.joined(separator: "\n"), language: language,
                                       tillReceipt: Self.tillWords.filter { Text.contains(docFolded, phrase: $0) }.count >= 2,
                                       customer: Self.customerBlock(lines))
            result.amount = ScannedField(a.mention.value, confidence: a.confidence, evidence: raws[a.mention.line])
            if let (c, conf, ev) = currency {
                result.currency = ScannedField(c, confidence: conf, evidence: ev)
                if a.mention.fractionDigits > c.minorUnits && c.minorUnits == 0 && a.mention.currency == c {
                    result.amount.value = Money.round(a.mention.value, scale: 0)
                }
            }
        }

        // Dates.
        var dates: [DateMention] = []
        for (i, raw) in raws.enumerated() {
            dates += DateFinder.find(in: raw, line: i)
            // "... will be charged on 3" / "December 2026.": a date broken over two lines.
            if i + 1 < raws.count {
                let joined = raw + " " + raws[i + 1]
                let cut = (raw as NSString).length
                for var d in DateFinder.find(in: joined, line: i) where d.start < cut && d.end > cut + 1 {
                    d.end = cut
                    dates.append(d)
                }
            }
        }
        DateFinder.resolve(&dates, language: language, currency: currency?.0)
        var (billing, next, periodCadence) = chooseDates(dates, raws: raws, folded: folded)
        if let b = billing, let n = next, let (fb, fn) = Self.readOtherWayRound(b.0, n.0) {
            billing!.0.date = fb
            next!.0.date = fn
        }
        if let b = billing { result.billingDate = ScannedField(b.0.date, confidence: b.1, evidence: raws[b.0.line]) }
        if let n = next { result.nextBillingDate = ScannedField(n.0.date, confidence: n.1, evidence: raws[n.0.line]) }

        // Frequency.
        var cues: [FrequencyFinder.Cue] = []
        for (i, raw) in raws.enumerated() {
            cues += FrequencyFinder.cues(in: raw, line: i)
            if i + 1 < lines.count, let wrapped = FrequencyFinder.wrappedCue(lines[i], over: lines[i + 1], line: i) { cues.append(wrapped) }
        }
        if let (cadence, evidence) = chooseFrequency(cues, amountLine: amount?.mention.line, moneyLines: Set(money.map(\.line)), raws: raws,
                                                        period: periodCadence)
        {
            result.frequency = ScannedField(cadence, confidence: 0.85, evidence: evidence)
            result.frequencyStated = true
        } else if let (cadence, evidence) = periodCadence {
            result.frequency = ScannedField(cadence, confidence: 0.7, evidence: evidence)
            result.frequencyStated = true
        } else if let b = result.billingDate.value, let n = result.nextBillingDate.value,
            let c = FrequencyFinder.cadence(from: b, to: n.adding(days: -1)) ?? FrequencyFinder.cadence(from: b, to: n)
        {
            result.frequency = ScannedField(c, confidence: 0.6, evidence: "from the billing and next billing dates")
        } else {
            result.frequency = ScannedField(.monthly, confidence: 0.3, evidence: nil)
        }
        // The year's total printed beside the charge ("Jahresprämie CHF 4'114.80" over a bill of 342.90):
        // twelve or four times the charge, it is paid monthly or quarterly, not yearly.
        if result.frequency.value == .yearly, let a = amount {
            let yearlyLines = Set(cues.filter { $0.cadence == .yearly }.map(\.line))
            for (parts, cadence) in [(Decimal(12), Cadence.monthly), (Decimal(4), .quarterly)] {
                if let year = money.first(where: { yearlyLines.contains($0.line) && $0.line != a.mention.line
                    && abs($0.value - a.mention.value * parts) <= parts / 100 })
                {
                    result.frequency = ScannedField(cadence, confidence: 0.7, evidence: raws[year.line])
                    break
                }
            }
        }
        // A yearly fee paid in instalments ("Jahresbeitrag 187,44 €", "Zahlungsweise vierteljährlich",
        // "Beitrag 01.01.–31.03. 46,86 €"): the charge is the instalment printed beside it.
        if result.frequencyStated, let a = amount, let cadence = result.frequency.value,
            let parts = [Cadence.quarterly: Decimal(4), .monthly: Decimal(12)][cadence],
            FrequencyFinder.cues(in: raws[a.mention.line], line: a.mention.line).contains(where: { $0.cadence == .yearly }),
            let part = money.first(where: { $0.line != a.mention.line && abs($0.value * parts - a.mention.value) <= parts / 100 })
        {
            result.amount = ScannedField(part.value, confidence: min(a.confidence, 0.7), evidence: raws[part.line])
        }

        // Name.
        let paidWith = ["paid with", "paid by", "pay with", "payment method", "paye par", "pagado por", "bezahlt durch",
                        "paye avec", "payer avec", "moyen de paiement", "bezahlt mit", "zahlungsmethode", "zahlungsart",
                        "pagado con", "metodo de pago", "forma de pago", "medio de pago", "mode de paiement", "mode de reglement",
                        "zahlungsmittel", "payment mode", "payment type",
                        // ways to pay offered ("Pagá también con Mercado Pago"): no payment made through them
                        "payez avec", "payez par", "bezahlen mit", "zahlen mit", "zahlen sie mit", "pagar con", "paga con",
                        "paga tambien", "pague con", "pagos con",
                        // where to send a transfer: the bank named there is the payee's, not the vendor
                        "bank transfer", "sort code", "iban", "bic", "swift", "bank details", "bankverbindung",
                        "uberweisung", "virement", "transferencia", "titulaire du compte", "kontoinhaber",
                        "titular de la cuenta", "account holder"]
        var paidWithLines = Set(folded.indices.filter { i in paidWith.contains { Text.contains(folded[i], phrase: $0) } })
        // A till's tender line names the way it was paid before the sum ("PAYPAL 47,93€", its sum
        // misread "PAYPAL 269"): a payment service or app store there is no vendor.
        for (i, raw) in raws.enumerated() where Self.isTenderLine(raw, catalogue: catalogue) {
            paidWithLines.insert(i)
        }
        let tillReceipt = Self.tillWords.filter { Text.contains(docFolded, phrase: $0) }.count >= 2
        if let found = NameFinder(catalogue: catalogue).find(lines: lines, paidWithLines: paidWithLines, tillReceipt: tillReceipt) {
            result.name = ScannedField(found.name, confidence: found.confidence, evidence: found.evidence)
            result.category = found.vendor?.category
        }
        if result.amount.value == nil { result.warnings.append("no total amount found") }
        return result
    }

    // MARK: Language

    func detectLanguage(_ folded: [String]) -> String? {
        var counts: [String: Int] = [:]
        for line in folded {
            for w in line.split(separator: " ") {
                for (lang, words) in Lexicon.languageWords where words.contains(String(w)) { counts[lang, default: 0] += 1 }
            }
        }
        guard let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
            best.value >= 2
        else { return nil }
        return best.key
    }

    // MARK: Amount

    struct AmountChoice {
        var mention: MoneyMention
        var labelWeight: Double
        var confidence: Double
    }

    enum LabelVerdict { case total(Double), distractor, none }

    static let inclusionWords = ["incl", "inkl", "including", "includes", "inclusive", "inc", "ttc", "brutto", "incluido", "incluidos", "inclus",
                                 "included", "incluye", "tax included", "toutes taxes"]
    static let strongDistractors = Set<String>([
        "subtotal", "sub total", "net", "excl", "excluding", "before tax", "discount", "promo", "coupon", "credit",
        "previous balance", "balance forward", "payment received", "payments received", "unit price", "price per unit",
        "was", "regular price", "list price", "save", "you save", "sous total", "total ht", "montant ht", "ht",
        "hors taxe", "hors taxes", "remise", "reduction", "solde precedent", "paiement recu", "prix unitaire",
        "au lieu de", "economie", "zwischensumme", "netto", "nettobetrag", "rabatt", "nachlass", "gutschrift",
        "vorheriger saldo", "zahlung erhalten", "einzelpreis", "statt", "base imponible", "descuento",
        "saldo anterior", "pago recibido", "precio unitario", "antes", "ahorro", "deposit", "tip",
    ] + Lexicon.otherChargeLabels)

    /// Words that start the line of a tax amount.
    static let taxWords: Set<String> = ["vat", "tax", "gst", "sst", "tva", "mwst", "ust", "iva"]

    /// A line with a definitive total's label (weight 0.95 or more) and digits after it: where the
    /// charge is printed, for a line that gave no amount, OCR garbled it.
    func unreadTotal(_ raw: String) -> Bool {
        guard let digit = raw.firstIndex(where: \.isNumber), case .total(let w) = verdict(Text.fold(String(raw[..<digit]))) else {
            return false
        }
        return w >= 0.95
    }

    /// Reads the label text before an amount: a total label, a distractor, or nothing.
    func verdict(_ label: String) -> LabelVerdict {
        guard !label.isEmpty else { return .none }
        // A label that starts with the tax gives the tax, included or not ("IVA (incl.) 6,52", "VAT included
        // 1.60"); the total's says "Total" first ("Total IVA incluido"). Specks OCR read in the margin
        // before it ("z ; IVA incluido") are no start.
        let words = Array(label.split(separator: " ").map(String.init).drop(while: { $0.count == 1 || !$0.contains(where: \.isLetter) }))
        if let first = words.first, Self.taxWords.contains(first), words.dropFirst().first != "invoice" {
            return .distractor
        }
        var positive: (weight: Double, range: Range<String.Index>)?
        for (phrase, weight) in Lexicon.totalLabels {
            if let r = lastRange(of: phrase, in: label), positive == nil || weight > positive!.weight
                || (weight == positive!.weight && r.upperBound > positive!.range.upperBound)
            {
                positive = (weight, r)
            }
        }
        let inclusive = Self.inclusionWords.contains { Text.contains(label, phrase: $0) }
        for phrase in Lexicon.distractorLabels {
            guard let r = lastRange(of: phrase, in: label) else { continue }
            // "net" inside "net a payer" is part of the total label.
            if let p = positive, p.range.lowerBound <= r.lowerBound && r.upperBound <= p.range.upperBound
                && label[p.range].count > phrase.count
            {
                continue
            }
            if Self.strongDistractors.contains(phrase) { return .distractor }
            if !(inclusive || (positive?.weight ?? 0) >= 0.95) { return .distractor }
        }
        if let p = positive { return .total(p.weight) }
        // A long label OCR slipped on by a letter ("Bezahit" for "Bezahlt"), when no label reads whole
        // and no distractor is there: a little less sure.
        if let slipped = Lexicon.totalLabels.filter({ $0.phrase.count >= 7 && Text.containsWithOneSlip(label, phrase: $0.phrase) })
            .map(\.weight).max()
        {
            return .total(slipped - 0.1)
        }
        return .none
    }

    private func lastRange(of phrase: String, in text: String) -> Range<String.Index>? {
        var found: Range<String.Index>?
        var start = text.startIndex
        while start < text.endIndex, let r = Text.range(of: phrase, in: String(text[start...])) {
            let sub = String(text[start...])
            let lo = text.index(start, offsetBy: sub.distance(from: sub.startIndex, to: r.lowerBound))
            let hi = text.index(lo, offsetBy: phrase.count)
            found = lo..<hi
            start = hi
        }
        return found
    }

    func chooseAmount(_ money: [MoneyMention], lines: [TextLine], raws: [String], docFolded: String, language: String?) -> AmountChoice? {
        guard !money.isEmpty else {
            return Self.loneDebit(raws: raws, language: language).map { AmountChoice(mention: $0, labelWeight: 0.5, confidence: 0.5) }
        }
        let money = Self.repairingDollarSigns(money)
        var scored: [(m: MoneyMention, weight: Double, score: Double)] = []
        let byLine = Dictionary(grouping: money, by: \.line)
        for m in money {
            let raw = raws[m.line]
            let ns = raw as NSString
            let siblings = byLine[m.line]!.sorted { $0.start < $1.start }
            let index = siblings.firstIndex { $0.start == m.start }!
            // The label is the text between the previous amount on the line and this one; with no
            // words in between ("Total €19.99 €14.99") the previous amount's label applies.
            var k = index
            var label = ""
            while true {
                let from = k > 0 ? siblings[k - 1].end : 0
                label = Text.fold(ns.substring(with: NSRange(location: from, length: max(0, siblings[k].start - from))))
                if !label.contains(where: \.isLetter) && k > 0 { k -= 1; continue }
                break
            }
            var v = verdict(label)
            var below = false
            // Label on the line above, value under it.
            if case .none = v, label.filter(\.isLetter).count <= 3, m.line > 0, byLine[m.line - 1] == nil {
                let above = Text.fold(raws[m.line - 1])
                if above.split(separator: " ").count <= 6 {
                    v = verdict(above)
                    below = true
                }
            }
            // A value in a column headed "Tax", "VAT", "Unit price"... is that, whatever the row says;
            // but a total's row under a "Price" column is the total of the prices.
            var rowIsTotal = false
            if case .total(let w) = v, w >= 0.8 { rowIsTotal = true }
            if columnHeaderIsDistractor(m, lines: lines, moneyLines: Set(byLine.keys), rowIsTotal: rowIsTotal) { continue }
            var weight = 0.0
            switch v {
            case .distractor: continue
            case .total(let w): weight = below ? w * 0.9 : w
            case .none: break
            }
            if m.value == 0 { continue }
            // Item-table rows (a quantity column) are line prices.
            var score = weight
            if m.marker != nil { score += 0.1 }
            // The later of equally labelled totals wins ("Total" after the items, "Total paid" at the end);
            // on one line the rightmost ("€19.99 €14.99": the old price comes first).
            score += Double(m.line) / Double(max(1, raws.count)) * 0.04 + Double(index) * 0.005
            scored.append((m, weight, score))
        }
        if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
            for c in scored { FileHandle.standardError.write(Data("amount \(c.m.raw) line \(c.m.line) weight \(c.weight) score \(c.score)\n".utf8)) }
        }
        // Cash handed over minus change given back is what was charged: a total that agrees wins.
        let paid = Self.paidByTender(money, raws: raws)
        if let paid {
            for k in scored.indices where scored[k].m.value == paid.value && scored[k].weight > 0 { scored[k].score += 0.5 }
        }
        guard var best = scored.max(by: { $0.score < $1.score }) else {
            if let paid = paid ?? Self.tenderMatchingItems(money, raws: raws) ?? Self.paidByCard(money, raws: raws) {
                return AmountChoice(mention: paid, labelWeight: 0.5, confidence: 0.5)
            }
            return nil
        }
        // A discount larger than the price leaves the amount to pay below zero ("Montant à payer -4,72 $ CA"):
        // a line printing only that, under a definitive total's label surer than the best candidate's, gives
        // the charge, a credit. (One that takes off an amount printed above is a payment of it: "Amount paid -9.99".)
        if paid == nil, let credit = raws.indices.reversed().lazy.filter({ byLine[$0] == nil })
            .compactMap({ i -> AmountChoice? in
                guard let (label, mention) = AmountFinder.credit(in: raws[i], line: i, language: language),
                    case .total(let w) = self.verdict(Text.fold(label)), w >= 0.95, w > best.weight,
                    !money.contains(where: { $0.value == -mention.value })
                else { return nil }
                return AmountChoice(mention: mention, labelWeight: w, confidence: 0.6)
            }).first
        {
            return credit
        }
        if best.weight <= 0, let paid = paid ?? Self.tenderMatchingItems(money, raws: raws) ?? Self.paidByCard(money, raws: raws) {
            return AmountChoice(mention: paid, labelWeight: 0.5, confidence: 0.5)
        }
        // The labelled totals disagree with tendered minus change, but that value is printed too
        // (a total whose label OCR garbled): the arithmetic decides.
        if let paid, best.m.value != paid.value,
            let printed = money.last(where: { $0.value == paid.value && $0.line != paid.line && $0.line < paid.line })
        {
            return AmountChoice(mention: printed, labelWeight: 0.8, confidence: 0.75)
        }
        // ... or printed with its decimal point lost on a total line ("Net Total : 3180" for 31.80).
        if let paid, best.m.value != paid.value, let digits = Self.centsDigits(paid.value),
            let line = raws.indices.last(where: { i in
                i < paid.line && Lexicon.totalLabels.contains { $0.weight >= 0.8 && Text.contains(Text.fold(raws[i]), phrase: $0.phrase) }
                    && raws[i].split(whereSeparator: { !$0.isNumber }).contains { $0 == digits }
            })
        {
            var repaired = paid
            repaired.line = line
            return AmountChoice(mention: repaired, labelWeight: 0.8, confidence: 0.6)
        }
        // A total followed by service charge, tax or rounding lines and then a larger total: the
        // first was not final ("Total 40.00 / Service 10% / Tax / Rounding / TOTAL 46.65"). A tax
        // summary's "Total" after its header is not such a later total.
        if best.weight > 0 && paid == nil {
            let adjustments = ["service charge", "serv charge", "service", "gst", "vat", "tax", "sst", "rounding", "tip",
                               "tva", "mwst", "iva"]
            let summaries = ["summary", "breakdown", "recapitulatif", "ubersicht", "resumen"]
            if let later = scored.filter({ c in
                c.weight >= 0.8 && c.m.line > best.m.line && c.m.value > best.m.value
                    && ((best.m.line + 1)..<c.m.line).contains { i in
                        adjustments.contains { Text.contains(Text.fold(raws[i]), phrase: $0) } }
                    && !((best.m.line + 1)...c.m.line).contains { i in
                        summaries.contains { Text.contains(Text.fold(raws[i]), phrase: $0) } }
            }).max(by: { $0.m.line < $1.m.line }) {
                best = later
            }
        }
        // Among equally strong totals (a tax summary's "Total" repeating the net sum, "Total" and
        // "Total paid"), the charge includes the others: take the largest.
        if best.weight > 0 && best.m.value != paid?.value {
            // A definitive label ("Grand total", "Nett total") is not outweighed by a weaker one.
            let slack = best.weight >= 1 ? 0 : 0.05
            let peers = scored.filter { $0.weight >= best.weight - slack && $0.m.line != best.m.line }
            if let larger = peers.filter({ $0.m.value > best.m.value }).max(by: { $0.m.value < $1.m.value }) { best = larger }
        }
        if best.weight > 0 {
            var conf = min(0.95, 0.5 + best.weight * 0.4 + (best.m.marker != nil ? 0.05 : 0))
            // More cash handed over than the total, with change given back, cannot be: OCR misread
            // a digit of the total, and tendered minus change, one digit away from it, is the charge.
            if let (tendered, change) = Self.tenderAndChange(money, raws: raws), change.value > 0,
                best.m.value > tendered.value, let paid,
                Self.differsInOneDigit(best.m.value, paid.value)
            {
                var repaired = best.m
                repaired.value = paid.value
                return AmountChoice(mention: repaired, labelWeight: best.weight, confidence: 0.6)
            }
            // A rounding adjustment printed after the total, with no rounded total after it that OCR
            // could read: the charge is the rounded amount.
            if let adjustment = Self.roundingAdjustment(after: best.m.line, raws: raws,
                                                        laterTotals: Set(scored.filter { $0.weight > 0 }.map(\.m.line)))
            {
                var rounded = best.m
                rounded.value += adjustment
                conf = min(conf, 0.7)
                return AmountChoice(mention: rounded, labelWeight: best.weight, confidence: conf)
            }
            return AmountChoice(mention: best.m, labelWeight: best.weight, confidence: conf)
        }
        // No total could be read, but a subtotal and the charges added to it were: their sum.
        if let (value, line) = Self.summedTotal(raws: raws) {
            let m = MoneyMention(value: value, marker: nil, currency: nil, line: line, start: 0, end: 0, fractionDigits: 2,
                                 raw: "\(value)")
            return AmountChoice(mention: m, labelWeight: 0.5, confidence: 0.45)
        }
        // A definitive total's line whose amount OCR garbled ("Zu zahlender Betrag (inkl. Mvés89,75"): the
        // charge is printed but unread, and only a price whose digits that line prints ("IVA incl.1.804,00 €",
        // run into the label) is a reading of it.
        let unreadTotals = raws.indices.filter { byLine[$0] == nil && unreadTotal(raws[$0]) }.map { raws[$0].filter(\.isNumber) }
        func readsAnUnreadTotal(_ m: MoneyMention) -> Bool {
            let digits = m.raw.filter(\.isNumber)
            return unreadTotals.isEmpty || unreadTotals.contains { $0.contains(digits) }
        }
        // No label anywhere: a payment screen showing one price (possibly repeated) is enough.
        let values = Set(scored.filter { $0.m.marker != nil }.map(\.m.value))
        if values.count == 1, let only = scored.first(where: { $0.m.marker != nil }) {
            return readsAnUnreadTotal(only.m) ? AmountChoice(mention: only.m, labelWeight: 0, confidence: 0.5) : nil
        }
        // Labels lost to OCR: on a bill the charge is the largest amount, printed at least twice
        // (item line and total). Weak evidence: low confidence, and the caller still requires the
        // document to call itself an invoice or receipt.
        var counts: [Decimal: Int] = [:]
        for c in scored { counts[c.m.value, default: 0] += 1 }
        if let top = scored.max(by: { $0.m.value < $1.m.value }), counts[top.m.value, default: 0] >= 2,
            let last = scored.last(where: { $0.m.value == top.m.value }), readsAnUnreadTotal(last.m)
        {
            return AmountChoice(mention: last.m, labelWeight: -1, confidence: 0.4)
        }
        return nil
    }

    /// On a document that prints its prices with `$`, OCR reads some `$` signs as a digit
    /// ("$6.70" as "86.70", "S6.70", "96.70"): an unsigned amount that is a signed amount of the
    /// document with one such digit in front is that amount.
    static func repairingDollarSigns(_ money: [MoneyMention]) -> [MoneyMention] {
        let signed = money.filter { $0.marker == "$" }
        guard signed.count >= 2 else { return money }
        let values = Set(signed.map(\.value))
        return money.map { m in
            guard m.marker == nil, let first = m.raw.first, "8953".contains(first) else { return m }
            let rest = String(m.raw.dropFirst())
            guard let (v, frac) = AmountFinder.parse(rest, currency: nil, language: nil), frac == 2, values.contains(v) else { return m }
            var fixed = m
            fixed.value = v
            fixed.marker = "$"
            return fixed
        }
    }

    /// "31.80" -> "3180": an amount's digits as printed when OCR drops the decimal point.
    static func centsDigits(_ value: Decimal) -> String? {
        var v = value * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &v, 0, .plain)
        guard rounded == v, rounded >= 100 else { return nil }
        return "\(rounded)"
    }

    /// Labels of the money a customer hands over at a till, and of the change given back.
    static let tenderLabels = ["cash", "cash received", "cash tendered", "tendered", "amount tendered", "tunai",
                               "especes", "bar", "gegeben", "efectivo", "entregado"]
    static let changeLabels = ["change", "change due", "baki", "rendu", "a rendre", "monnaie", "ruckgeld", "wechselgeld",
                               "cambio", "vuelto"]

    /// The amount charged at a till as tendered minus change ("CASH 50.00 ... CHANGE 12.35" is
    /// 37.65), when both are printed; the mention returned is the tendered one with that value.
    static func paidByTender(_ money: [MoneyMention], raws: [String]) -> MoneyMention? {
        guard let (t, change) = tenderAndChange(money, raws: raws) else { return nil }
        var paid = t
        paid.value = t.value - change.value
        paid.raw = "\(t.raw) - \(change.raw)"
        return paid
    }

    /// Cash handed over with neither change nor a total printed ("CASH" over "RM 170.00", under the
    /// items): what was charged, when the items above add up to it exactly.
    static func tenderMatchingItems(_ money: [MoneyMention], raws: [String]) -> MoneyMention? {
        let folded = raws.map(Text.fold)
        guard !folded.contains(where: { line in changeLabels.contains { Text.contains(line, phrase: $0) } }),
            let last = money.max(by: { ($0.line, $0.start) < ($1.line, $1.start) })
        else { return nil }
        var labelLine = last.line
        var label = Self.label(before: last, raws: raws)
        // The label alone on the line above ("Cash ." / "RM 170. 00").
        if label.filter(\.isLetter).count < 2, last.line > 0, !money.contains(where: { $0.line == last.line - 1 }) {
            labelLine = last.line - 1
            label = folded[labelLine]
        }
        guard tenderLabels.contains(where: { Text.contains(label, phrase: $0) }) else { return nil }
        let items = Dictionary(grouping: money.filter { $0.line < labelLine }, by: \.line).values.compactMap { line in
            line.max(by: { $0.start < $1.start })?.value
        }
        guard items.count >= 2, items.reduce(0, +) == last.value else { return nil }
        return last
    }

    /// A card pays exactly what was charged: with no total read ("TOTAL 12:24: €", its comma
    /// misread), the amount after a label of card words only ("TARJETA 12,24", "Visa: 12.24").
    static func paidByCard(_ money: [MoneyMention], raws: [String]) -> MoneyMention? {
        let payments = money.filter { m in
            let words = Self.label(before: m, raws: raws).split(separator: " ").map(String.init)
            return words.contains(where: cardWords.contains) && words.allSatisfy { cardWords.contains($0) || paymentFillers.contains($0) }
        }
        // One amount, however often printed: two cards paying parts are no single charge.
        guard let first = payments.first, payments.allSatisfy({ $0.value == first.value }) else { return nil }
        return payments.last
    }

    /// A payment service or app store of the catalogue (one or two words) followed by a sum only:
    /// digits and signs, perhaps a currency code ("PAYPAL 47,93€", "PAYPAL EUR 26,49", "PAYPAL
    /// CA$238.99"); not a service bought through it ("Apple Music 10,99 €").
    static func isTenderLine(_ raw: String, catalogue: VendorCatalogue) -> Bool {
        let words = raw.split(separator: " ")
        for k in 1...2 where words.count > k {
            guard catalogue.vendor(named: words.prefix(k).joined(separator: " "))?.isStore == true else { continue }
            let rest = words.dropFirst(k)
            // Words with letters: a currency's code, or letters glued to a sum ("CA$238.").
            let sumOrCode = { (w: Substring) in w.contains(where: \.isNumber) || Currency(code: w) != nil }
            if rest.contains(where: { $0.contains(where: \.isNumber) }), rest.filter({ $0.contains(where: \.isLetter) }).allSatisfy(sumOrCode) {
                return true
            }
        }
        return false
    }

    /// A bank app's payment screen prints what left the account alone on its line, below zero
    /// ("-AUD 250.49", "-39,95 EUR"), and no other amount: that is the charge. Nil when another
    /// line prints an amount below zero, or this one has a label (a discount, a payment received).
    static func loneDebit(raws: [String], language: String?) -> MoneyMention? {
        let signed = raws.indices.compactMap { i in AmountFinder.credit(in: raws[i], line: i, language: language) }
        guard signed.count == 1, let (label, mention) = signed.first, mention.currency != nil || mention.marker != nil else { return nil }
        let rest = (raws[mention.line] as NSString).substring(from: mention.end)
        guard !label.contains(where: { $0.isLetter || $0.isNumber }), !rest.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        var debit = mention
        debit.value = -mention.value
        return debit
    }

    /// Words of a card payment's label (folded), and the words around them ("paid by card").
    static let cardWords: Set<String> = [
        "card", "visa", "mastercard", "amex", "maestro", "carte", "cb", "karte", "ec", "girocard", "kartenzahlung", "tarjeta",
    ]
    static let paymentFillers: Set<String> = [
        "credit", "debit", "bancaire", "bleue", "paid", "by", "with", "payment", "paye", "par", "paiement", "bezahlt", "mit",
        "zahlung", "pagado", "con", "pago", "de", "credito", "debito",
    ]

    /// What is printed before a mention on its line, folded: the label of a till's payment line.
    static func label(before m: MoneyMention, raws: [String]) -> String {
        Text.fold((raws[m.line] as NSString).substring(to: m.start))
    }

    /// The money handed over at a till and the change given back, when both are printed.
    static func tenderAndChange(_ money: [MoneyMention], raws: [String]) -> (tendered: MoneyMention, change: MoneyMention)? {
        var tendered: MoneyMention?
        for m in money.sorted(by: { ($0.line, $0.start) < ($1.line, $1.start) }) {
            let label = Self.label(before: m, raws: raws)
            guard !label.isEmpty else { continue }
            if changeLabels.contains(where: { Text.contains(label, phrase: $0) }) {
                guard let t = tendered, m.line > t.line || m.line == t.line, t.value > m.value else { continue }
                return (t, m)
            }
            if tendered == nil, tenderLabels.contains(where: { Text.contains(label, phrase: $0) }) { tendered = m }
        }
        return nil
    }

    /// Two amounts written with the same digits but one ("37.10" and "87.10"): an OCR slip.
    static func differsInOneDigit(_ a: Decimal, _ b: Decimal) -> Bool {
        guard let x = centsDigits(a), let y = centsDigits(b), x.count == y.count else { return false }
        return zip(x, y).filter { $0 != $1 }.count == 1
    }

    static let subtotalLabels = ["subtotal", "sub total", "sous total", "zwischensumme", "total excl", "total ht"]
    static let addedChargeLabels = ["service charge", "service", "svc", "gst", "vat", "tax", "sst", "tva", "mwst", "ust",
                                    "iva", "rounding", "round", "rounding adj", "tip", "pourboire", "trinkgeld", "propina"]
    private static let lastAmount = try! NSRegularExpression(pattern: #"([-−])?\s*(?:[A-Z]{1,3}\s*|[$€£]\s*)?([-−])?\s*(?<![\d.,])(\d{1,3}(?:,\d{3})*[.,]\d{2})\s*\W*$"#)

    /// The last amount of a line, with its sign ("Rounding -0.02", "GST 6% 19.47"); nil when the
    /// line does not end in one.
    static func signedLastAmount(_ line: String) -> Decimal? {
        let ns = line as NSString
        guard let m = lastAmount.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) else { return nil }
        var digits = ns.substring(with: m.range(at: 3))
        // "1,234.50": thousands comma; "12,50": decimal comma.
        if digits.range(of: #"[.,]\d{2}$"#, options: .regularExpression) != nil {
            let last = digits.index(digits.endIndex, offsetBy: -3)
            digits = digits[..<last].replacingOccurrences(of: ",", with: "").replacingOccurrences(of: ".", with: "") + "." + digits[digits.index(after: last)...]
        }
        guard let v = Decimal(string: digits) else { return nil }
        let negative = m.range(at: 1).location != NSNotFound || m.range(at: 2).location != NSNotFound
        return negative ? -v : v
    }

    /// When the total itself could not be read: a subtotal followed by lines of charges added to it
    /// (service charge, tax, rounding), each with its amount, adds up to the charge. Nil unless at
    /// least one such line follows and every one of them has a readable amount. Returns the sum
    /// and the last line summed.
    static func summedTotal(raws: [String]) -> (Decimal, Int)? {
        guard let start = raws.indices.last(where: { i in
            subtotalLabels.contains { Text.contains(Text.fold(raws[i]), phrase: $0) } && signedLastAmount(raws[i]) != nil
        }), var sum = signedLastAmount(raws[start]), sum > 0 else { return nil }
        var last = start
        for i in (start + 1)..<raws.count {
            let folded = Text.fold(raws[i])
            guard addedChargeLabels.contains(where: { Text.contains(folded, phrase: $0) }) else { break }
            // "Total incl. GST" is the total line itself, unreadable: the sum stops there.
            if Text.contains(folded, phrase: "total") { break }
            guard let v = signedLastAmount(raws[i]) else { return nil }
            sum += v
            last = i
        }
        return last > start ? (sum, last) : nil
    }

    static let roundingLabels = ["rounding", "round", "rounding adj", "rounding adjustment", "adj", "arrondi",
                                 "rundung", "redondeo"]
    private static let signedAmount = try! NSRegularExpression(pattern: #"([-−])?\s*(?:[A-Z]{1,3}\s*|[$€£]\s*)?([-−])?\s*(?<![\d.,])(\d{1,2}[.,]\d{2})\b"#)

    /// The signed adjustment of a rounding line in the few lines after a total ("Rounding -0.02"),
    /// when no total label comes after it (which would print the rounded amount itself). Nil when
    /// there is none or it is zero; rounding moves less than one unit.
    static func roundingAdjustment(after line: Int, raws: [String], laterTotals: Set<Int>) -> Decimal? {
        var found: (line: Int, value: Decimal)?
        for i in (line + 1)..<min(raws.count, line + 4) {
            let folded = Text.fold(raws[i])
            guard roundingLabels.contains(where: { Text.contains(folded, phrase: $0) }) else { continue }
            let ns = raws[i] as NSString
            guard let m = signedAmount.matches(in: raws[i], range: NSRange(location: 0, length: ns.length)).last,
                let value = Decimal(string: ns.substring(with: m.range(at: 3)).replacingOccurrences(of: ",", with: "."))
            else { return nil }
            let negative = m.range(at: 1).location != NSNotFound || m.range(at: 2).location != NSNotFound
            found = (i, negative ? -value : value)
            break
        }
        guard let found, found.value != 0, abs(found.value) < 1 else { return nil }
        if laterTotals.contains(where: { $0 > found.line }) { return nil }
        return found.value
    }

    static let columnDistractors: Set<String> = taxColumns.union([
        "unit price", "price", "prix unitaire", "pu", "einzelpreis", "precio unitario", "precio", "qty", "qte", "menge",
        "cantidad", "s price", "u price", "rate",
    ])
    /// Columns whose values are never the charge, even in a total's row.
    static let taxColumns: Set<String> = [
        "tax", "vat", "gst", "sst", "tva", "mwst", "ust", "iva", "discount", "remise", "rabatt", "descuento",
    ]

    /// Looks up to four lines above the amount for a header line (no amounts) and reads the header
    /// word right above it.
    func columnHeaderIsDistractor(_ m: MoneyMention, lines: [TextLine], moneyLines: Set<Int>, rowIsTotal: Bool = false) -> Bool {
        let covering = lines[m.line].words(covering: m.start, m.end)
        guard let left = covering.map(\.x).min(), let right = covering.map({ $0.x + $0.width }).max() else { return false }
        var k = m.line - 1
        while k >= 0 && k >= m.line - 4 {
            defer { k -= 1 }
            if moneyLines.contains(k) { continue }
            let header = lines[k].words.filter { $0.x < right && left < $0.x + $0.width }
            guard !header.isEmpty else { continue }
            let text = Text.fold(header.text)
            if text.isEmpty { continue }
            // The line must look like column headers: several words spread across the width.
            guard lines[k].cells.count >= 2 || lines[k].words.count >= 3 else { continue }
            // "Items: 5   Qty: 5" is a count summary with its values, not a header over a column.
            if lines[k].text.range(of: #":\s*\d"#, options: .regularExpression) != nil { continue }
            return (rowIsTotal ? Self.taxColumns : Self.columnDistractors).contains { Text.contains(text, phrase: $0) }
                && !Lexicon.totalLabels.contains { $0.weight >= 0.8 && Text.contains(text, phrase: $0.phrase) }
        }
        return false
    }

    // MARK: Currency

    /// Words of a shop till's receipt (a sale at a counter, paid in the local currency).
    static let tillWords = ["cashier", "cash", "change", "tendered", "rounding", "come again", "goods sold", "returnable",
                            "refundable", "terminal", "counter", "cash bill", "payment mode", "caisse", "caissier", "especes",
                            "rendu", "kasse", "kassierer", "ruckgeld", "wechselgeld", "caja", "cajero", "efectivo", "cambio",
                            "vuelto"]

    /// Country clues needed before a bare `$` on a till receipt is read as the local, non-dollar
    /// currency (point-of-sale systems print `$` as a generic money sign).
    static let localDollarEvidence = 3.0

    /// Labels of the block with the customer's postal address: the name finder's, and a few that
    /// label only an address.
    static let customerAddressLabels = NameFinder.customerBlockLabels
        + ["billing address", "facturee a", "rechnungsadresse", "facturado a", "direccion de facturacion"]

    /// The customer's address as the document prints it: what follows a label of
    /// `customerAddressLabels` in its cell, and the cells of the next four lines that start level
    /// with the label (a block beside it, the issuer's say, is another column). Several blocks
    /// (billing and shipping) are all kept.
    static func customerBlock(_ lines: [TextLine]) -> String {
        var out: [String] = []
        for (i, line) in lines.enumerated() {
            for cell in line.cells where !cell.isEmpty {
                let folded = Text.fold(cell.text)
                guard let label = customerAddressLabels.first(where: { folded == $0 || folded.hasPrefix($0 + " ") }) else { continue }
                let labelWords = label.split(separator: " ").count
                // One word heads a block alone or with its colon: "Customer ID 2527" is a number.
                if labelWords == 1, folded != label, !cell[0].text.hasSuffix(":"), cell.count < 2 || cell[1].text != ":" { continue }
                if cell.count > labelWords { out.append(Array(cell.dropFirst(labelWords)).text) }
                let left = cell[0].x, tolerance = 3 * cell[0].height
                for next in lines.dropFirst(i + 1).prefix(4) where next.page == line.page {
                    out += next.cells.filter { !$0.isEmpty && abs($0[0].x - left) <= tolerance }.map(\.text)
                }
            }
        }
        return out.joined(separator: "\n")
    }

    func resolveCurrency(_ m: MoneyMention, all: [MoneyMention], docFolded: String, docRaw: String, language: String?,
                         tillReceipt: Bool = false, customer: @autoclosure () -> String = "") -> (Currency, Double, String)? {
        let clues = CountryClues.scores(folded: docFolded, raw: docRaw)
        let local = CountryClues.strongest(clues)
        func dollar() -> (Currency, Double, String?) {
            // A service bills in its customer's currency: a bare `$` on an invoice to an address
            // in a dollar country is that country's dollar, wherever the issuer is. (The customer's
            // block is read only here, for a bare `$`.)
            let address = customer()
            let customerDollar = CountryClues.strongest(
                CountryClues.scores(folded: Text.fold(address), raw: address).filter { CountryClues.dollarCurrencies.contains($0.key) && $0.value.score >= 2 })
            if let c = customerDollar { return (Currency(code: c.key)!, 0.7, c.value.evidence) }
            let dollarClue = CountryClues.strongest(clues.filter { CountryClues.dollarCurrencies.contains($0.key) })
            if let d = dollarClue, d.value.score >= 1, local?.value.score ?? 0 <= d.value.score {
                return (Currency(code: d.key)!, 0.75, d.value.evidence)
            }
            if tillReceipt, let l = local, l.value.score >= Self.localDollarEvidence, dollarClue == nil {
                return (Currency(code: l.key)!, 0.5, l.value.evidence)
            }
            if let d = defaultCurrency, CountryClues.dollarCurrencies.contains(d.code) { return (d, 0.6, nil) }
            return (.usd, 0.6, nil)
        }
        // The dirham's sign is also the Emirates' ("Dhs 50"): their clues make it AED.
        if let mk = m.marker, AmountFinder.dirhamSigns.contains(mk), let aed = clues["AED"], aed.score > clues["MAD"]?.score ?? 0 {
            return (Currency(code: "AED")!, 0.8, aed.evidence)
        }
        // The won's sign, which the OCR models lack, is read as the yen's on a Korean document.
        if m.currency?.code == "JPY", let mk = m.marker, !AmountFinder.codes.contains(mk), let kr = clues["KRW"],
            kr.score >= UnreadableSigns.minClue, clues["JPY"] == nil
        {
            return (Currency(code: "KRW")!, 0.75, kr.evidence)
        }
        // The franc's "FCFA" is Central Africa's where its clues outweigh West Africa's.
        if let mk = m.marker, AmountFinder.cfaFrancSigns.contains(mk), let xaf = clues["XAF"], xaf.score > clues["XOF"]?.score ?? 0 {
            return (Currency(code: "XAF")!, 0.8, xaf.evidence)
        }
        if let c = m.currency { return (c, 0.95, m.raw) }
        if m.marker == "$" { let (c, conf, _) = dollar(); return (c, conf, m.raw) }
        // The currency printed on the other amounts of the document.
        var counts: [String: Int] = [:]
        for o in all { if let c = o.currency { counts[c.code, default: 0] += 1 } else if o.marker == "$" { counts["$", default: 0] += 1 } }
        if let top = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) {
            if top.key == "$" { let (c, conf, _) = dollar(); return (c, conf * 0.9, "$ on other amounts") }
            // One stray sign (OCR turns "&" into "€") does not outweigh clear country clues.
            if top.value == 1, let l = local, l.key != top.key, l.value.score >= Self.localDollarEvidence,
                let c = Currency(code: l.key)
            {
                return (c, 0.5, l.value.evidence)
            }
            return (Currency(code: top.key)!, 0.8, "\(top.key) on other amounts")
        }
        if let (c, evidence) = printedCurrency(docFolded: docFolded, docRaw: docRaw) { return (c, 0.7, evidence) }
        // An ISO code written anywhere ("All prices in EUR").
        for code in Self.unambiguousCodes where Text.contains(docFolded, phrase: code.lowercased()) {
            return (Currency(code: code)!, 0.7, code)
        }
        // "kr" is the Swedish, Norwegian, Danish or Icelandic crown: the country's clues say which.
        if m.marker == "kr", let crown = CountryClues.strongest(clues.filter { Self.crowns.contains($0.key) }),
            let c = Currency(code: crown.key)
        {
            return (c, 0.6, crown.value.evidence)
        }
        if let l = local, l.value.score >= 1.5, let c = Currency(code: l.key) {
            return (c, min(0.7, 0.4 + l.value.score * 0.1), l.value.evidence)
        }
        return nil
    }

    /// The currencies written "kr".
    static let crowns: Set<String> = ["SEK", "NOK", "DKK", "ISK"]

    /// ISO codes that are not also words ("PEN", "TRY", "COP" are), safe to read anywhere on a page.
    static let unambiguousCodes = ["EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "PLN",
                                   "CZK", "HUF", "MYR", "SGD", "HKD", "MXN", "BRL", "ZAR", "CNY"]

    /// Symbols that are abbreviations ("Fr."), matched as printed with their dot at a word's start.
    static let abbreviatedSymbols: [String: NSRegularExpression] = Dictionary(uniqueKeysWithValues:
        Currency.symbols.map(\.symbol).filter { $0.hasSuffix(".") && $0.allSatisfy { $0.isLetter || $0 == "." } }.map {
            ($0, try! NSRegularExpression(pattern: #"(?<!\p{L})"# + NSRegularExpression.escapedPattern(for: $0), options: .caseInsensitive))
        })

    /// A currency symbol written somewhere, e.g. a column header "Amount (RM)" or "Prix (€)".
    func printedCurrency(docFolded: String, docRaw: String) -> (Currency, String)? {
        // How often each currency is printed: a speck read as "€" once does not outweigh "RM"
        // printed in every column head.
        var symbolCounts: [String: Int] = [:]
        for (symbol, code) in Currency.symbols where symbol != "$" {
            // Letter symbols ("RM", "zł") must be whole words; "US$", "€" are matched as printed.
            let wordy = symbol.allSatisfy { $0.isLetter || $0 == "." }
            let count: Int
            if let abbreviation = Self.abbreviatedSymbols[symbol] {
                // An abbreviation counts with its dot: "Fr." is francs, "FR" a country or language code.
                count = abbreviation.numberOfMatches(in: docRaw, range: NSRange(docRaw.startIndex..., in: docRaw))
            } else {
                count = wordy ? Text.occurrences(of: Text.fold(symbol), in: docFolded) : docRaw.components(separatedBy: symbol).count - 1
            }
            if count > 0 { symbolCounts[code, default: 0] += count }
        }
        for code in Self.unambiguousCodes where docRaw.contains(code) {
            let count = Text.occurrences(of: code.lowercased(), in: docFolded)
            if count > 0 { symbolCounts[code, default: 0] += count }
        }
        // Ties go to the first code alphabetically, so a document always reads the same way.
        guard let top = symbolCounts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
            let c = Currency(code: top.key)
        else { return nil }
        return (c, "\(top.key) printed on the document")
    }

    // MARK: Dates

    enum DateRole { case billing(Double), next, other, none }

    func dateRole(_ label: String) -> DateRole {
        guard !label.isEmpty else { return .none }
        var best: (end: String.Index, length: Int, role: DateRole)?
        func consider(_ phrase: String, _ role: DateRole) {
            guard let r = lastRange(of: phrase, in: label) else { return }
            if best == nil || r.upperBound > best!.end || (r.upperBound == best!.end && phrase.count > best!.length) {
                best = (r.upperBound, phrase.count, role)
            }
        }
        // "Your next payment ... will be charged on": the renewal wording decides over "charged on";
        // but "this amount will be debited on" is when this charge is taken, no renewal.
        if Lexicon.nextDateLabels.contains(where: { Text.contains(label, phrase: $0) }) {
            return Self.thisAmount.contains { Text.contains(label, phrase: $0) } ? .other : .next
        }
        for (p, w) in Lexicon.billingDateLabels { consider(p, .billing(w)) }
        for p in Lexicon.otherDateLabels { consider(p, .other) }
        // No label read right: a long one with one letter misread still names the date ("Préximo cargo").
        // Short labels stay exact: one letter turns "due" into "dud" but also "date" into "data".
        // A bare "date" read right is the tail of such a label as often as a label of its own
        // ("Your next biling date is").
        let long = 10
        let slippedNext = Lexicon.nextDateLabels.contains { $0.count >= long && Text.containsWithOneSlip(label, phrase: $0) }
        if let best {
            if case .billing(let w) = best.role, w < 0.8, slippedNext { return .next }
            return best.role
        }
        if slippedNext { return .next }
        if let w = Lexicon.billingDateLabels.filter({ $0.0.count >= long && Text.containsWithOneSlip(label, phrase: $0.0) }).map(\.1).max() {
            return .billing(w)
        }
        if Lexicon.otherDateLabels.contains(where: { $0.count >= long && Text.containsWithOneSlip(label, phrase: $0) }) { return .other }
        return .none
    }

    /// The charge and the next one, read the other way round (day and month swapped where both could be
    /// either), when only that reading puts them a week, month, quarter or year apart: "06/04/2026" then
    /// "06/05/2026" are 6 April and 6 May, even on a US-dollar invoice.
    static func readOtherWayRound(_ billing: DateMention, _ next: DateMention) -> (LocalDate, LocalDate)? {
        func ambiguous(_ m: DateMention) -> Bool { m.form == .numeric && m.a <= 12 && m.b <= 12 && m.a != m.b }
        func swapped(_ m: DateMention) -> LocalDate? {
            guard ambiguous(m), let d = m.date else { return m.date }
            return LocalDate(year: d.year, month: d.day, day: d.month)
        }
        guard ambiguous(billing) || ambiguous(next), let b = billing.date, let n = next.date,
            b >= n || FrequencyFinder.cadence(from: b, to: n) == nil,
            let sb = swapped(billing), let sn = swapped(next), sb < sn, FrequencyFinder.cadence(from: sb, to: sn) != nil
        else { return nil }
        return (sb, sn)
    }

    /// A sentence's end: a word of four or more lower-case letters ("bezahlt.", not "Nr." or
    /// "z.B."), a stop, and a capital starting the next.
    private static let sentenceEnd = try! NSRegularExpression(pattern: #"\p{Ll}{4}[.!?]\s+(?=\p{Lu})"#)

    /// The last sentence of the words before a date, which are its label: "Der Betrag wurde
    /// bezahlt. Dein Abo verlängert sich am" is labelled by its second sentence only.
    static func lastSentence(of text: String) -> String {
        guard let m = sentenceEnd.matches(in: text, range: NSRange(text.startIndex..., in: text)).last,
            let r = Range(m.range, in: text)
        else { return text }
        return String(text[r.upperBound...])
    }

    func chooseDates(_ dates: [DateMention], raws: [String], folded: [String])
        -> (billing: (DateMention, Double)?, next: (DateMention, Double)?, period: (Cadence, String)?)
    {
        var billing: (DateMention, Double, Double)?  // mention, score, confidence
        var nextCandidates: [DateMention] = []
        var period: (Cadence, String)?
        var periodStart: DateMention?
        let byLine = Dictionary(grouping: dates.filter { $0.date != nil }, by: \.line)
        // In the document's order, not the dictionary's (which changes from run to run): of two
        // periods, the later line's stands (the charge's own, below the contract's).
        for line in byLine.keys.sorted() {
            let list = byLine[line]!
            let ns = raws[line] as NSString
            let sorted = list.sorted { $0.start < $1.start }
            var previousRole: DateRole = .none
            for (k, d) in sorted.enumerated() {
                let from = k > 0 ? sorted[k - 1].end : 0
                let between = ns.substring(with: NSRange(location: from, length: max(0, d.start - from)))
                let label = Text.fold(Self.lastSentence(of: between))
                var role = dateRole(label)
                // "01/01/2026 - 31/12/2026", "du ... au ...": the second date shares the first's role.
                if k > 0, case .none = role, label.count <= 3 { role = previousRole }
                // Two dates joined by a dash or "to" span a period even without a label
                // ("Jahresbeitrag 01.02.2026 – 31.01.2027" under a "Zeitraum" column).
                let joined = label.count <= 3 && (between.contains { "-–—".contains($0) } || ["to", "au", "bis", "al", "a"].contains(label))
                var spans = false
                switch role {
                case .other: spans = true
                case .none: spans = joined
                default: break
                }
                if k > 0, spans, let a = sorted[k - 1].date, let b = d.date,
                    let c = FrequencyFinder.cadence(from: a, to: b.adding(days: 1))
                {
                    period = (c, raws[line])
                    if periodStart == nil { periodStart = sorted[k - 1] }
                }
                // Label on the line above: a short label line, or a sentence ending in one; the
                // label may go on into this line ("Facture" / "du 01/03/2026", "... will be" /
                // "taken on 14 December 2025").
                var nothingSaid = false
                if case .none = role { nothingSaid = label.split(separator: " ").count <= 2 }
                if k == 0, label.count <= 3 || nothingSaid, line > 0, byLine[line - 1] == nil {
                    let aboveWords = folded[line - 1].split(separator: " ")
                    let above = aboveWords.count <= 5 ? folded[line - 1] : aboveWords.suffix(12).joined(separator: " ")
                    let withAbove = dateRole(label.isEmpty ? above : above + " " + label)
                    // A bare "du" reads as a period's start; the words above may make it the invoice's date.
                    switch (role, withAbove) {
                    case (.none, _), (.other, .billing), (.other, .next): role = withAbove
                    default: break
                    }
                }
                // The end of a range is no charge of its own: "Renouvellement 14/04/2026 – 13/04/2027"
                // names when the renewal starts.
                if k > 0, joined, case .next = previousRole { role = .other }
                // A start, then the renewal's wording after it: "À partir du 14 février 2026, votre
                // abonnement sera prélevé de 12,99 €", "From March 1 you will be charged $12.99".
                else if Self.startWords.contains(where: { label == $0 || label.hasSuffix(" " + $0) }) {
                    let rest = ns.substring(from: d.end)
                    let clause = Text.fold(String(rest.prefix { !".!?;".contains($0) }))
                    if Lexicon.nextDateLabels.contains(where: { Text.contains(clause, phrase: $0) }) { role = .next }
                }
                previousRole = role
                switch role {
                case .billing(let w):
                    let score = 1 + w - Double(line) * 0.001
                    if billing == nil || score > billing!.1 { billing = (d, score, 0.5 + 0.45 * w) }
                case .next:
                    nextCandidates.append(d)
                case .other:
                    break
                case .none:
                    let score = 0.5 - Double(line) * 0.001
                    if billing == nil || score > billing!.1 { billing = (d, score, 0.45) }
                }
            }
        }
        // The first renewal named, after this charge when one is (a renewed item's own start is today's).
        let byPlace = nextCandidates.sorted { ($0.line, $0.start) < ($1.line, $1.start) }
        let later = billing.flatMap { b in byPlace.first { $0.date! > b.0.date! } }
        let next = (later ?? byPlace.first).map { ($0, 0.85) }
        // No date of the charge, but the period it pays for ("Billing period Mar 2, 2026 - Apr 1,
        // 2026"): a subscription is charged as its period starts. Said with little confidence.
        if billing == nil, let start = periodStart { return ((start, 0.4), next, period) }
        return (billing.map { ($0.0, $0.2) }, next, period)
    }

    /// Words that put a date as the start of something; what follows says what starts.
    static let startWords = ["a partir du", "a partir de", "des le", "from", "starting", "starting on", "beginning",
                             "as of", "effective", "ab", "ab dem", "a partir del", "desde el"]

    // MARK: Frequency

    /// "This amount" before a debit's future date: the charge at hand, not the next.
    static let thisAmount = ["ce montant", "cette somme", "le montant", "this amount", "the amount", "dieser betrag",
                             "der betrag", "der rechnungsbetrag", "este importe", "el importe", "dicho importe",
                             // the bill at hand ("Your bill is ready ... This will be collected on")
                             "this bill", "this payment", "this will be", "cette facture", "diese rechnung", "esta factura"]

    /// Charges announced or denied, not made (folded, as phrases to blank out).
    static let announcedCharges = [
        "will be charged", "will be billed", "will charge", "haven t been charged", "have not been charged",
        "not been charged", "won t be charged", "will not be charged", "sera preleve", "sera facture", "sera debite",
        "ne sera pas preleve", "ne sera pas facture", "wird abgebucht", "wird belastet", "werden abgebucht",
        "wird berechnet", "se te cobrara", "se cobrara", "se le cobrara", "no se te ha cobrado", "no se ha cobrado",
        // Paid by someone else: a parcel's postage, on a delivery notice.
        "paid by the sender", "paye par l expediteur", "vom absender bezahlt", "pagado por el remitente",
    ]

    /// German writes its bills as compounds: "Beitragsrechnung", "Stromabrechnung", "Zahlungsbeleg",
    /// "Rechnungsnummer". ("Berechnung", "Umrechnung", "Hochrechnung" are sums, not bills: the part
    /// before the bill word must be a word of its own.)
    static func namesABillInACompound(_ folded: String) -> Bool {
        folded.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains { word in
            if word.hasPrefix("rechnungs") { return true }
            // Austria's "Vorschreibung" (Beitragsvorschreibung, Schulgeldvorschreibung) is a bill.
            return ["rechnung", "quittung", "beleg", "vorschreibung"].contains { bill in
                guard word.hasSuffix(bill) else { return false }
                let head = word.dropLast(bill.count)
                return head.count >= 4 && !["hoch", "nach", "gegen", "voraus"].contains(String(head))
            }
        }
    }

    /// Slips that say they are no bill.
    static let notABill = [
        "not an invoice", "not a receipt", "no purchase", "n est pas une facture", "aucun achat", "keine rechnung",
        "kein kaufbeleg", "no es una factura", "no valido como factura", "sin compra", "not a vat invoice",
        "not a tax invoice", "ne constitue pas une facture", "does not constitute an invoice", "no constituye una factura",
        "stellt keine rechnung dar", "est un devis", "this is a quote", "this is an estimate",
        "ist ein angebot", "es un presupuesto",
        // a credit card's statement: its purchases are other vendors' charges
        "minimum payment due", "minimum payment", "pago minimo", "paiement minimum", "versement minimum", "mindestzahlung",
        // a payment that failed: nothing was taken
        "couldn t process your payment", "could not process your payment", "payment failed", "payment was declined",
        "payment has failed", "le paiement a echoue", "votre paiement a echoue", "paiement refuse", "echec du paiement",
        "zahlung fehlgeschlagen", "zahlung ist fehlgeschlagen", "zahlung wurde abgelehnt", "pago rechazado",
        "pago fallido", "no pudimos procesar tu pago", "no hemos podido procesar tu pago",
        // nothing charged yet: a booking held by a card, paid at the place
        "no charge has been made", "no se ha realizado ningun cargo", "no hemos realizado ningun cargo",
        "aucun montant n a ete debite", "aucun debit n a ete effectue", "es wurde nichts abgebucht",
        // a payslip: the employer pays, no one is billed
        "bulletin de paie", "bulletin de salaire", "payslip", "pay slip", "lohnabrechnung", "gehaltsabrechnung",
        "entgeltabrechnung", "recibo de nomina", "recibo de salarios",
    ]

    /// Words of a notice that prices change (folded).
    static let priceChangeNotices = [
        "prices are changing", "price is changing", "price change", "price increase", "changement de tarif",
        "evolution de tarif", "evolution de vos tarifs", "hausse de prix", "augmentation de prix", "preisanderung",
        "preiserhohung", "preisanpassung", "cambio de precio", "cambio de tarifa", "subida de precio", "actualizacion de precio",
    ]

    /// Titles of documents that carry prices but charge nothing: a quote, a bank's statement of
    /// the account (its debits are other people's bills).
    static let noBillTitles: Set<String> = [
        "quotation", "quote", "estimate", "devis", "angebot", "kostenvoranschlag", "presupuesto", "cotizacion",
        "bank statement", "account statement", "extracto de movimientos", "extracto bancario", "kontoauszug",
        "releve de compte", "releve bancaire",
    ]

    /// A bank account's statement, however titled: it carries the balance forward, from an opening
    /// balance to a closing one. (A telecom's "statement" is a bill, and has neither.)
    static func isAccountStatement(_ docFolded: String) -> Bool {
        let opening = ["opening balance", "balance brought forward", "solde initial", "ancien solde", "anfangssaldo",
                       "alter kontostand", "saldo inicial"]
        let closing = ["closing balance", "balance carried forward", "solde final", "nouveau solde", "endsaldo",
                       "neuer kontostand", "saldo final"]
        return opening.contains { Text.contains(docFolded, phrase: $0) } && closing.contains { Text.contains(docFolded, phrase: $0) }
    }

    /// A document titled, in a cell of its own near the top, as one that is no bill. A title of two
    /// words or more may go on ("Relevé de compte courant", "Account statement for March"); one of
    /// a word only after a dash ("DEVIS - Remplacement chauffe-eau"): an invoice's "Devis n° 12" cites
    /// the quote it follows.
    /// A one-word title with a value cell after it ("Angebot    Alperia Fix Strom", the tariff) labels
    /// a field; only its own number may follow it ("QUOTE    No. 1182").
    static func titledAsNoBill(_ lines: [TextLine]) -> Bool {
        lines.prefix(12).contains { line in
            line.cells.indices.contains { k in
                let cell = line.cells[k]
                let folded = Text.fold(cell.text)
                let firstWord = folded.split(separator: " ").first.map(String.init) ?? ""
                let dashed = cell.text.range(of: #"^\s*\p{L}+\s+[-–—]\s"#, options: .regularExpression) != nil
                let labelsNext = k + 1 < line.cells.count
                    && line.cells[k + 1].text.range(of: #"^\s*(?i:n[°º]|no\.?\s|nr\.?\s|#|\d)"#, options: .regularExpression) == nil
                return noBillTitles.contains {
                    (folded == $0 && ($0.contains(" ") || !labelsNext)) || ($0.contains(" ") && folded.hasPrefix($0 + " ")) || (dashed && firstWord == $0)
                }
            }
        }
    }

    /// A price followed by a period ("10 €/mes", "$5 per month"): a rate.
    static func isRate(_ m: MoneyMention, raws: [String]) -> Bool {
        let ns = raws[m.line] as NSString
        guard m.end <= ns.length else { return false }
        let after = Text.fold(ns.substring(from: m.end).replacingOccurrences(of: "/", with: " per "))
        return FrequencyFinder.cues(in: String(after.prefix(20)), line: 0).contains { after.hasPrefix($0.phrase) }
            || FrequencyFinder.perWords.contains { after.hasPrefix($0 + " ") }
    }

    /// Lines whose period words are not how often this charge recurs: a price put another way
    /// ("soit 9,99 €/mois", "Equivale a 6,25 € al mes", "12 x 6,99 €"), usage and estimates ("your
    /// estimated annual cost", "últimos 12 meses", "312 kWh"), a discount's duration ("Remise
    /// fidélité (12 mois)"). A plan's size before its period in brackets ("VPS 2 GB (per year)") is
    /// no usage.
    static func speaksOfOtherPeriods(_ line: String) -> Bool {
        let folded = Text.fold(line)
        let sized = FrequencyFinder.periodInBracketsAfterSize(line)
        return otherPeriodWords.contains { Text.contains(folded, phrase: $0) && !(sized && sizeUnits.contains($0)) }
            || folded.range(of: #"\b\d+ ?x ?\d"#, options: .regularExpression) != nil
    }
    /// The usage words that are also a plan's size.
    private static let sizeUnits: Set<String> = ["gb", "mb"]

    static let otherPeriodWords = [
        // a price put another way
        "equivalent", "equivale", "equivaut", "soit", "entspricht", "that s", "that is", "compared", "frente a",
        "au lieu de", "statt", "instead of", "versus", "vs", "par rapport", "comparado", "im vergleich", "save", "you save",
        "economisez", "economise", "sparen", "sparst", "ahorra", "ahorras",
        // usage, history and estimates
        "kwh", "gb", "mb", "minutes", "minuten", "minutos", "consumption", "consommation", "verbrauch", "consumo", "usage",
        "estimated", "estimate", "estimee", "estime", "estimation", "geschatzt", "voraussichtlich", "estimado", "estimada",
        "last", "derniers", "dernieres", "letzten", "ultimos",
        // a discount's duration
        "remise", "discount", "rabatt", "descuento", "reduction", "nachlass",
        // another cycle offered, or what it would have saved
        "alternativ", "alternatively", "alternative", "alternativement", "alternativamente", "lieber", "rather", "prefer",
        "prefere", "preferez", "prefieres", "prefiere", "switch to", "passez a", "passer a", "umstellen", "wechseln",
        "cambia a", "cambiar a", "moglich", "possible", "posible", "available", "disponible", "verfugbar", "saved",
        "saving", "savings", "could", "konnten", "pourriez", "podrias",
    ]

    /// A period word in a question ("Sie möchten lieber monatlich zahlen?") offers a cycle, it does not state one.
    static func asked(_ cue: FrequencyFinder.Cue, raws: [String]) -> Bool {
        let sentences = raws[cue.line].split(separator: "?", omittingEmptySubsequences: false).dropLast()
        return sentences.contains { s in
            let lastSentence = s.split(whereSeparator: { ".!".contains($0) }).last.map(String.init) ?? ""
            return Text.contains(FrequencyFinder.cueText(lastSentence), phrase: cue.phrase)
        }
    }

    func chooseFrequency(_ cues: [FrequencyFinder.Cue], amountLine: Int?, moneyLines: Set<Int>, raws: [String],
                         period: (Cadence, String)?) -> (Cadence, String)? {
        guard !cues.isEmpty else { return nil }
        var weights: [Cadence: Double] = [:]
        var evidence: [Cadence: String] = [:]
        // Each cadence's strongest cue (weight, then place in the document).
        var strongest: [Cadence: (weight: Double, index: Int)] = [:]
        for (k, c) in cues.enumerated() where !Self.speaksOfOtherPeriods(raws[c.line]) && !Self.asked(c, raws: raws) {
            var w = 1.0
            if let a = amountLine, abs(c.line - a) <= 1 { w += 2 }
            if moneyLines.contains(c.line) { w += 1 }
            if c.labelled { w += 2 }
            weights[c.cadence, default: 0] += w
            if w >= strongest[c.cadence]?.weight ?? 0 { strongest[c.cadence] = (w, k) }
            if evidence[c.cadence] == nil { evidence[c.cadence] = raws[c.line] }
        }
        // A tie goes to the stronger single cue, then to the one named later ("Annual plan, paid
        // monthly", "Monthly plan, billed annually": the payment's word follows the plan's), never
        // to a dictionary's order.
        func rank(_ c: Cadence) -> (Double, Double, Int) { (weights[c]!, strongest[c]!.weight, strongest[c]!.index) }
        // The service period the charge covers counts as much as a cue beside the total: it backs the
        // cue of its length, or outweighs a lone period word in an item's description ("Backups (weekly)").
        guard !weights.isEmpty else { return nil }
        if let (p, printed) = period {
            weights[p, default: 0] += 3
            if strongest[p] == nil { (strongest[p], evidence[p]) = ((3, -1), printed) }
        }
        guard let best = weights.max(by: { rank($0.key) < rank($1.key) }) else { return nil }
        return (best.key, evidence[best.key] ?? "")
    }
}
