import Foundation
import SubsCore
import Testing

@testable import SubsScan

/// The shipped extractor on plain, unambiguous documents written here, one per language and kind: what any
/// trained model worth shipping must read right. (Accuracy on many documents is measured by
/// `training/train.py`'s cross-validation and `scripts/score-corpus`, not here.)
@Suite struct ExtractionTests {
    let extractor = InvoiceExtractor()

    func read(_ lines: [String]) throws -> Extraction {
        let dir = try TempDir()
        let pdf = try dir.file("doc.pdf", Fixtures.textPDF(pages: [lines]))
        return extractor.extract(pages: try InvoiceScanner().readPages(of: pdf))
    }

    struct Invoice: Sendable, CustomTestStringConvertible {
        var lang: String
        var lines: [String]
        var amount: String
        var date: String
        var testDescription: String { lang }
    }

    static let invoices: [Invoice] = [
        Invoice(lang: "en", lines: [
            "Harbor Lane Hosting", "Invoice INV-20417", "Invoice date: 3 February 2026", "Due date: 17 February 2026",
            "Cloud server S2 (1 month)          €20.00", "Subtotal                           €20.00",
            "VAT 23%                             €4.60", "Total due                          €24.60",
        ], amount: "24.60", date: "2026-02-03"),
        Invoice(lang: "fr", lines: [
            "Atelier Brume", "Facture n° F-2026-0113", "Date de facture : 03/02/2026", "Échéance : 03/03/2026",
            "Abonnement mensuel                 20,00 €", "Total HT                           20,00 €",
            "TVA 20 %                            4,00 €", "Total TTC                          24,00 €",
        ], amount: "24.00", date: "2026-02-03"),
        Invoice(lang: "de", lines: [
            "Nordlicht Energie", "Rechnung Nr. 55120", "Rechnungsdatum: 03.02.2026", "Fällig am: 17.02.2026",
            "Grundgebühr Februar              20,00 EUR", "Zwischensumme netto              20,00 EUR",
            "MwSt. 19 %                        3,80 EUR", "Gesamtbetrag                     23,80 EUR",
        ], amount: "23.80", date: "2026-02-03"),
        Invoice(lang: "es", lines: [
            "Casa Verde Mercado", "Factura F-0087", "Fecha de factura: 03/02/2026", "Vencimiento: 03/03/2026",
            "Cuota mensual                      20,00 €", "Base imponible                     20,00 €",
            "IVA 21 %                            4,20 €", "Total a pagar                      24,20 €",
        ], amount: "24.20", date: "2026-02-03"),
        Invoice(lang: "it", lines: [
            "Luce Chiara Servizi", "Fattura n. 2026/118", "Data fattura: 03/02/2026", "Scadenza: 03/03/2026",
            "Canone mensile                     20,00 €", "Imponibile                         20,00 €",
            "IVA 22%                             4,40 €", "Totale da pagare                   24,40 €",
        ], amount: "24.40", date: "2026-02-03"),
        Invoice(lang: "nl", lines: [
            "De Groene Fiets", "Factuur 2026-0042", "Factuurdatum: 03-02-2026", "Vervaldatum: 17-02-2026",
            "Abonnement februari                € 20,00", "Subtotaal                          € 20,00",
            "BTW 21%                             € 4,20", "Totaal te betalen                  € 24,20",
        ], amount: "24.20", date: "2026-02-03"),
        Invoice(lang: "pt", lines: [
            "Onda Azul Telecom", "Fatura FT 2026/311", "Data de emissão: 03/02/2026", "Data de vencimento: 03/03/2026",
            "Mensalidade fevereiro              20,00 €", "Total sem IVA                      20,00 €",
            "IVA 23%                             4,60 €", "Total a pagar                      24,60 €",
        ], amount: "24.60", date: "2026-02-03"),
    ]

    @Test(arguments: invoices) func anInvoiceInEachLanguageGivesItsTotalCurrencyAndDate(_ invoice: Invoice) throws {
        let r = try read(invoice.lines)
        #expect(r.amount.value == Decimal(string: invoice.amount), "\(r.amount)")
        #expect(r.currency.value == .eur)
        #expect(r.billingDate.value == LocalDate(iso: invoice.date), "\(r.billingDate)")
        #expect(r.nextBillingDate.value == nil, "a due date is no next billing date: \(r.nextBillingDate)")
        #expect(r.name.value == invoice.lines[0], "\(r.name)")
    }

    @Test func aDocumentThatChargesNothingGivesNulls() throws {
        let r = try read([
            "The Weekly Bean — newsletter", "New this month: our autumn blends", "Start a plan from €9.99/month",
            "Single origin Ethiopia 250 g      €12.50", "House espresso 1 kg               €29.00",
            "Unsubscribe · View in browser",
        ])
        #expect(r.amount.value == nil, "\(r.amount)")
        #expect(r.billingDate.value == nil)
    }

    @Test func aStatedRenewalAndPeriodAreRead() throws {
        let r = try read([
            "Quillpost", "Receipt", "Paid on March 14, 2026", "Pro plan, billed annually", "Total paid  $96.00",
            "Your plan renews on March 14, 2027.",
        ])
        #expect(r.amount.value == 96)
        #expect(r.currency.value == .usd)
        #expect(r.billingDate.value == LocalDate(iso: "2026-03-14"))
        #expect(r.nextBillingDate.value == LocalDate(iso: "2027-03-14"))
        #expect(r.frequency.value == .yearly && r.frequencyStated)
    }

    @Test func withoutAFrequencyItIsMonthlyNotStated() throws {
        let r = try read(["Harbor Lane Hosting", "Invoice", "Invoice date: 3 February 2026", "Total  €24.60"])
        #expect(r.frequency.value == .monthly)
        #expect(!r.frequencyStated)
    }
}

@Suite struct ExtractedNameTests {
    @Test func aNameKeepsNoneOfItsLinesPunctuation() {
        #expect(InvoiceExtractor.withoutLinePunctuation("TicketArena !") == "TicketArena")
        #expect(InvoiceExtractor.withoutLinePunctuation("— Acme Cloud: ") == "Acme Cloud")
        #expect(InvoiceExtractor.withoutLinePunctuation("Disney+") == "Disney+")
        #expect(InvoiceExtractor.withoutLinePunctuation("Acme Inc.") == "Acme Inc.")
        #expect(InvoiceExtractor.withoutLinePunctuation("!!") == "!!")
    }

    @Test func aBillingDateAndTheNextGiveTheCadence() {
        let day = { (s: String) in LocalDate(iso: s)! }
        #expect(InvoiceExtractor.cadence(from: day("2025-01-31"), to: day("2025-02-28")) == .monthly)
        #expect(InvoiceExtractor.cadence(from: day("2025-01-31"), to: day("2026-01-31")) == .yearly)
        #expect(InvoiceExtractor.cadence(from: day("2025-01-06"), to: day("2025-01-13")) == .weekly)
        #expect(InvoiceExtractor.cadence(from: day("2025-01-31"), to: day("2025-02-20")) == nil)
    }
}
