import Foundation
import SubsCore

/// One extracted value with how sure the extractor is (0...1) and the text it came from.
/// `value` nil means the document did not show it: never a guess.
public struct ScannedField<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value?
    public var confidence: Double
    public var evidence: String?

    public init(_ value: Value?, confidence: Double = 0, evidence: String? = nil) {
        self.value = value
        self.confidence = value == nil ? 0 : confidence
        self.evidence = evidence
    }

    public static var missing: ScannedField { ScannedField(nil) }
}

/// What the extractor read from a document's text.
public struct Extraction: Sendable, Equatable {
    public var name: ScannedField<String> = .missing
    public var amount: ScannedField<Decimal> = .missing
    public var currency: ScannedField<Currency> = .missing
    public var billingDate: ScannedField<LocalDate> = .missing
    public var nextBillingDate: ScannedField<LocalDate> = .missing
    /// Always set: monthly when the document does not say (then `frequencyStated` is false).
    public var frequency: ScannedField<Cadence> = ScannedField(.monthly, confidence: 0.3)
    public var frequencyStated: Bool = false
    /// The catalogue's category for a known vendor ("streaming", "software"...).
    public var category: String?
    /// Detected language: en, fr, de, es.
    public var language: String?
    public var warnings: [String] = []
    /// How many lines of each kind of wording the document has: what tells an invoice from a newsletter.
    public var cues = DocumentCues()

    public init() {}

    /// The charge after this one: the stated next billing date, else the billing date plus one
    /// period of the (stated or default) frequency. Nil without a billing date.
    public var nextCharge: LocalDate? {
        if let n = nextBillingDate.value { return n }
        guard let b = billingDate.value, let c = frequency.value else { return nil }
        switch c.unit {
        case .day: return b.adding(days: c.count)
        case .week: return b.adding(days: 7 * c.count)
        case .month: return b.adding(months: c.count)
        case .quarter: return b.adding(months: 3 * c.count)
        case .year: return b.adding(months: 12 * c.count)
        }
    }

    /// Amount and currency together, when both were read.
    public var money: Money? {
        guard let a = amount.value, let c = currency.value else { return nil }
        return Money(a, c)
    }
}

/// Counts of the lexicon's document words (seven languages) in a document's lines.
public struct DocumentCues: Sendable, Equatable {
    /// "invoice", "Rechnung", "facture"...
    public var invoice = 0
    /// "receipt", "Quittung", "reçu"...
    public var receipt = 0
    /// "payment confirmation", "Zahlungsbestätigung"...
    public var payment = 0
    /// "subscription", "Abonnement", "membership", "renewal"...
    public var subscription = 0
    /// "total", "amount paid"...
    public var total = 0
    /// "paid", "charged"...
    public var paid = 0
    /// Words of documents that are no invoice: "newsletter", "unsubscribe", "has shipped", "quote".
    public var none = 0
    /// Announcements of a charge to come: "will be charged", "reminder".
    public var announce = 0

    public init() {}

    /// Invoice, receipt and payment wording together.
    public var billing: Int { invoice + receipt + payment }
}

/// The result of scanning one file: the fields, the text, and the document itself (the store
/// keeps the bytes under their SHA-256 with the media type).
public struct ScanResult: Sendable {
    public var extraction: Extraction
    public var pages: [TextPage]
    public var document: Data
    public var mediaType: MediaType
    public var warnings: [String]
    public var elapsed: Duration

    public var name: ScannedField<String> { extraction.name }
    public var amount: ScannedField<Decimal> { extraction.amount }
    public var currency: ScannedField<Currency> { extraction.currency }
    public var billingDate: ScannedField<LocalDate> { extraction.billingDate }
    public var nextBillingDate: ScannedField<LocalDate> { extraction.nextBillingDate }
    public var frequency: ScannedField<Cadence> { extraction.frequency }
    public var frequencyStated: Bool { extraction.frequencyStated }
    public var money: Money? { extraction.money }
    public var nextCharge: LocalDate? { extraction.nextCharge }

    /// All pages' text, pages separated by a form feed.
    public var text: String { pages.map(\.text).joined(separator: "\n\u{0C}\n") }
    /// `.ocr` when any page was OCR'd, else `.textLayer`.
    public var source: TextSource { pages.contains { $0.source == .ocr } ? .ocr : .textLayer }
    public var elapsedMilliseconds: Int {
        let c = elapsed.components
        return Int(c.seconds * 1000 + c.attoseconds / 1_000_000_000_000_000)
    }
}
