import Foundation
import SubsCore

/// Every field's candidates of one document, as the scorer sees them: what `subs-train` writes out for
/// training, and what extraction scores.
package struct DocumentCandidates: Sendable {
    package struct Field: Sendable {
        package var names: [String] = []
        package var rows: [[Double]] = []
        /// Each candidate's value as text: "15.99", "EUR", "2026-03-01", "Netflix", "monthly".
        package var values: [String] = []
        /// For amounts: the currency the amount's own sign or code names, if it names one.
        package var currencies: [String?] = []
    }

    package var amount = Field()
    package var currency = Field()
    package var billing = Field()
    package var next = Field()
    package var name = Field()
    package var frequency = Field()

    package var byName: [(String, Field)] {
        [("amount", amount), ("currency", currency), ("billing", billing), ("next", next), ("name", name), ("frequency", frequency)]
    }
}

/// Reads name, amount, currency, billing date, next billing date and frequency from any invoice, receipt or
/// payment confirmation, without templates, by scoring candidates: every money amount, date, currency, name
/// and frequency cue the document gives is a candidate with features of its layout and labels (in seven
/// languages), and a trained scorer per field (`ScoringModel`, trained in `training/`) picks the likeliest, or
/// none when no candidate scores above the field's threshold: a document that does not say gives nulls.
public struct InvoiceExtractor: Sendable {
    public let catalogue: VendorCatalogue
    /// What a bare `$` means without a country clue, if it is a dollar currency, and the user's currency.
    public let defaultCurrency: Currency?
    let model: ScoringModel?

    public init(catalogue: VendorCatalogue = .bundled, defaultCurrency: Currency? = nil) {
        self.init(catalogue: catalogue, defaultCurrency: defaultCurrency, model: ScoringModel.bundled)
    }

    init(catalogue: VendorCatalogue, defaultCurrency: Currency?, model: ScoringModel?) {
        self.catalogue = catalogue
        self.defaultCurrency = defaultCurrency
        self.model = model
    }

    /// Extracts from plain text, one line per line (cells separated by three or more spaces or a tab).
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
        return extract(pages: [TextPage(page: 1, source: .textLayer, words: words, width: 2000, height: max(20 * 60, 20 * (words.last?.line ?? 0) + 40))])
    }

    public func extract(pages: [TextPage]) -> Extraction { extract(pages: pages, context: DocumentContext()) }

    struct Scored<Value> {
        var value: Value
        var score: Double
        var evidence: String?
    }

    /// The candidates of every field with their features.
    func candidates(_ doc: DocumentModel) -> (DocumentCandidates, amounts: [AmountCandidate], currencies: [CurrencyCandidate],
                                              dates: [DateCandidate], names: [NameCandidate], frequencies: [FrequencyCandidate]) {
        let base = DocumentFeatures.row(doc)
        let amounts = AmountCandidates.make(doc, base: base)
        let currencies = CurrencyCandidates.make(doc, base: base, defaultCurrency: defaultCurrency)
        let dates = DateCandidates.make(doc, base: base)
        let names = NameCandidates.make(doc, base: base, catalogue: catalogue)
        let frequencies = FrequencyCandidates.make(doc, base: base)
        var out = DocumentCandidates()
        func fill(_ field: inout DocumentCandidates.Field, _ rows: [FeatureRow], _ values: [String]) {
            field.names = rows.first?.names ?? []
            field.rows = rows.map(\.values)
            field.values = values
        }
        fill(&out.amount, amounts.map(\.features), amounts.map { "\($0.value)" })
        out.amount.currencies = amounts.map { $0.mention.currency?.code }
        fill(&out.currency, currencies.map(\.features), currencies.map(\.currency.code))
        fill(&out.billing, dates.map(\.features), dates.map(\.date.description))
        out.next = out.billing
        fill(&out.name, names.map(\.features), names.map(\.name))
        fill(&out.frequency, frequencies.map(\.features), frequencies.map(\.cadence.description))
        return (out, amounts, currencies, dates, names, frequencies)
    }

    /// Extracts from a document's pages and what is known of it besides (an e-mail's header).
    public func extract(pages: [TextPage], context: DocumentContext) -> Extraction {
        var result = Extraction()
        let doc = DocumentModel(pages: pages, context: context)
        result.language = doc.language
        let count = { (r: LabelRole) in doc.roleCounts[r] ?? 0 }
        result.cues.invoice = count(.docInvoice)
        result.cues.receipt = count(.docReceipt)
        result.cues.payment = count(.docPayment)
        result.cues.subscription = count(.docSubscription)
        result.cues.total = count(.total)
        result.cues.paid = count(.paid)
        result.cues.none = count(.docNone)
        result.cues.announce = count(.docAnnounce)
        guard !doc.lines.isEmpty || !context.isEmpty else { return result }
        guard let model else {
            result.warnings.append("the extractor's trained model is missing or does not fit this build; nothing extracted (rebuild with make train)")
            return result
        }
        let (all, amounts, currencies, dates, names, frequencies) = candidates(doc)
        func best(_ field: String, _ f: DocumentCandidates.Field) -> (index: Int, score: Double)? {
            guard !f.rows.isEmpty, let scorer = model.field(field, matching: f.names) else { return nil }
            var top: (Int, Double)?
            var scores: [(Int, Double)] = []
            for (i, row) in f.rows.enumerated() {
                let s = scorer.score(row)
                scores.append((i, s))
                if top == nil || s > top!.1 { top = (i, s) }
            }
            // SUBS_DEBUG_CANDIDATES=1: each field's best candidates and their scores, on stderr.
            if ProcessInfo.processInfo.environment["SUBS_DEBUG_CANDIDATES"] != nil {
                let shown = scores.sorted { $0.1 > $1.1 }.prefix(4).map { "\(f.values[$0.0]) \(String(format: "%.3f", $0.1))" }
                FileHandle.standardError.write(Data("\(field) (threshold \(String(format: "%.2f", scorer.threshold))): \(shown.joined(separator: " | "))\n".utf8))
            }
            guard let top, top.1 >= scorer.threshold else { return nil }
            return top
        }
        let evidence = { (line: Int?) in line.map { doc.lines[$0].text } }

        // The mention the charge was read from, whichever way it was chosen: its sign or code names the currency.
        var charged: MoneyMention?
        if let (i, s) = best("amount", all.amount) {
            let a = amounts[i]
            charged = a.mention
            // Below zero it is a charge as a bank prints it, unless the document works it out as a credit.
            let value = AmountCandidates.isCredit(a.mention, in: doc) ? a.mention.signedValue : a.value
            result.amount = ScannedField(value, confidence: s, evidence: evidence(a.mention.line))
        } else if !context.isEmpty, let only = amounts.first, only.mention.marker != nil,
            amounts.allSatisfy({ $0.value == only.value }), result.cues.invoice + result.cues.receipt + result.cues.payment + result.cues.paid > 0
        {
            // An e-mail about a payment that prints one amount, with a currency sign or code, names the charge even
            // in running text no label precedes ("sent you an invoice for €120.00"); a low confidence says so.
            result.amount = ScannedField(only.value, confidence: 0.4, evidence: evidence(only.mention.line))
            charged = only.mention
        }
        // The charge's own sign or code names its currency; else the document's evidence decides.
        if let c = charged?.currency {
            result.currency = ScannedField(c, confidence: 0.95, evidence: result.amount.evidence)
        } else if let (i, s) = best("currency", all.currency) {
            result.currency = ScannedField(currencies[i].currency, confidence: s, evidence: nil)
        }
        if let c = result.currency.value, c.minorUnits == 0, let a = result.amount.value {
            result.amount.value = Money.round(a, scale: 0)
        }
        if let (i, s) = best("billing", all.billing) {
            result.billingDate = ScannedField(dates[i].date, confidence: s, evidence: evidence(dates[i].mention?.line))
        }
        if let (i, s) = best("next", all.next), dates[i].date > (result.billingDate.value ?? .distantPast) {
            result.nextBillingDate = ScannedField(dates[i].date, confidence: s, evidence: evidence(dates[i].mention?.line))
        }
        if let (i, s) = best("name", all.name) {
            let n = names[i]
            result.name = ScannedField(Self.withoutLinePunctuation(n.name), confidence: s, evidence: evidence(n.line) ?? context.senderName)
            result.category = n.vendor?.category
        }
        if let (i, s) = best("frequency", all.frequency) {
            result.frequency = ScannedField(frequencies[i].cadence, confidence: s, evidence: evidence(frequencies[i].line))
            result.frequencyStated = true
        }
        // No cadence printed, but a billing date and the next one: their distance is the cadence.
        if !result.frequencyStated, let billed = result.billingDate.value, let next = result.nextBillingDate.value,
            let cadence = Self.cadence(from: billed, to: next)
        {
            let confidence = min(result.billingDate.confidence, result.nextBillingDate.confidence) * 0.8
            result.frequency = ScannedField(cadence, confidence: confidence, evidence: result.nextBillingDate.evidence)
            result.frequencyStated = true
        }
        if result.amount.value == nil { result.warnings.append("no total amount found") }
        return result
    }

    /// A line's own punctuation is not the name's ("TicketArena !", "Acme:"); "Disney+" and "Inc." keep theirs.
    public static func withoutLinePunctuation(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "!?:;,|*·-–—").union(.whitespaces))
        return trimmed.isEmpty ? name : trimmed
    }

    /// The cadence whose one step from `a` lands within two days of `b` (month lengths and booking shifts).
    public static func cadence(from a: LocalDate, to b: LocalDate) -> Cadence? {
        let steps: [Cadence] = [.weekly, Cadence(unit: .week, count: 2)!, .monthly, .quarterly, Cadence(unit: .month, count: 6)!, .yearly]
        return steps.first { c in
            let due: LocalDate
            switch c.unit {
            case .week: due = a.adding(days: 7 * c.count)
            case .month: due = a.adding(months: c.count)
            case .quarter: due = a.adding(months: 3 * c.count)
            case .year: due = a.adding(months: 12 * c.count)
            default: return false
            }
            return abs(due.days(until: b)) <= 2
        }
    }
}

extension LocalDate {
    static let distantPast = LocalDate(year: 1900, month: 1, day: 1)!
}

/// For `subs-train`: the candidates the shipped extractor scores, computed by the same code.
package enum TrainingCandidates {
    package static func candidates(pages: [TextPage], context: DocumentContext = DocumentContext()) -> DocumentCandidates {
        let extractor = InvoiceExtractor(catalogue: .bundled, defaultCurrency: nil, model: nil)
        return extractor.candidates(DocumentModel(pages: pages, context: context)).0
    }

    /// Names compared as the corpus's scorer compares them: case, accents and punctuation ignored.
    package static func sameName(_ a: String, _ b: String) -> Bool { Text.fold(a) == Text.fold(b) }
}
