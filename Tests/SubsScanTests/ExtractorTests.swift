import Foundation
import SubsCore
import TestSupport
import Testing

@testable import SubsScan

/// The extractor on invoice text written here (not corpus files): several languages, amount and
/// date formats, and the distractors real invoices carry.
@Suite struct ExtractorTests {
    let extractor = InvoiceExtractor()

    func d(_ s: String) -> LocalDate { LocalDate(iso: s)! }

    @Test func englishEmailReceiptWithDistractors() {
        let r = extractor.extract(text: """
            Streamflix
            Your receipt
            Invoice number INV-2026-004211
            Invoice date   March 4, 2026
            Due date   March 18, 2026
            Premium plan — billed monthly   $22.99
            Subtotal   $21.00
            Sales tax   $1.99
            Total   $22.99
            Previous balance   $45.98
            Your subscription renews on April 4, 2026.
            Call us at +1 415 555 0134
            """)
        #expect(r.amount.value == Decimal(string: "22.99"))
        #expect(r.currency.value == .usd)
        #expect(r.billingDate.value == d("2026-03-04"))
        #expect(r.nextBillingDate.value == d("2026-04-04"))
        #expect(r.frequency.value == .monthly)
        #expect(r.frequencyStated)
        #expect(r.name.value == "Streamflix")
    }

    /// A late-payment amount and last year's price are printed beside this charge, often in
    /// plainer words than the total's label.
    @Test func lateFeeAndLastYearsPriceAreNotTheCharge() {
        let late = extractor.extract(text: """
            Broadline Fibre
            Bill date 12-Feb-2026
            Monthly rental   ₹999.00
            GST 18%   ₹179.82
            Total amount due   ₹1,060.82
            Amount payable after due date: ₹1,160.82 (includes late payment charge ₹100.00)
            """)
        #expect(late.amount.value == Decimal(string: "1060.82"))
        let renewal = extractor.extract(text: """
            Harbourside Home Insurance
            Premium invoice
            Date 3 September 2025
            Total premium   £318.45
            Last year's total premium   £296.10
            """)
        #expect(renewal.amount.value == Decimal(string: "318.45"))
        let german = extractor.extract(text: """
            Stadtwerke Kleinwald
            Rechnungsdatum: 02.03.2026
            Abschlag März   84,00 €
            Bei Zahlung nach Fälligkeit: 89,00 €
            """)
        #expect(german.amount.value == Decimal(string: "84.00"))
        let spanish = extractor.extract(text: """
            Seguros Olivar
            Recibo de la póliza
            Fecha de emisión: 01/04/2026
            Importe total del año pasado: 389,00 €
            Total recibo: 412,00 €
            """)
        #expect(spanish.amount.value == Decimal(string: "412.00"))
        // The year's premium printed beside a monthly instalment is no charge label.
        let instalment = extractor.extract(text: Self.healthInsuranceInstalment)
        #expect(instalment.amount.value == Decimal(string: "342.90"))
    }

    /// A health insurer's monthly bill, the year's premium printed beside the instalment.
    static let healthInsuranceInstalment = """
        Krankenkasse Alpstein
        Prämienrechnung März 2026
        Rechnungsdatum 20.2.2026
        Grundversicherung   CHF 398.60
        Zu bezahlen   CHF 342.90
        Jahresprämie 2026 nach Verbilligung: CHF 4'114.80.
        """

    /// Twelve times the charge, a year's total printed beside it says the charge is monthly; four
    /// times, quarterly.
    @Test func aYearsTotalOfTwelveOrFourChargesGivesTheFrequency() {
        let instalment = extractor.extract(text: Self.healthInsuranceInstalment)
        #expect(instalment.frequency.value == .monthly)
        let quarter = extractor.extract(text: """
            Kraftwerk Training
            Rechnung
            Rechnungsdatum 1.4.2026
            Jahresbeitrag   CHF 1'190.00
            Rechnungsbetrag   CHF 297.50
            """)
        #expect(quarter.amount.value == Decimal(string: "297.50"))
        #expect(quarter.frequency.value == .quarterly)
    }

    @Test func frenchTTCOverHTAndTVA() {
        let r = extractor.extract(text: """
            Facture
            Date de facture : 15/03/2026
            Date d'échéance : 30/03/2026
            Abonnement annuel   119,88 €
            Total HT   99,90 €
            TVA 20 %   19,98 €
            Montant TTC   119,88 €
            IBAN FR76 3000 6000 0112 3456 7890 189
            """)
        #expect(r.amount.value == Decimal(string: "119.88"))
        #expect(r.currency.value == .eur)
        #expect(r.billingDate.value == d("2026-03-15"))
        #expect(r.nextBillingDate.value == nil)
        #expect(r.frequency.value == .yearly)
        #expect(r.language == "fr")
    }

    @Test func germanGroupedAmountAndQuarterly() {
        let r = extractor.extract(text: """
            Rechnung
            Rechnungsdatum: 5. Januar 2026
            Leistungszeitraum: 01.01.2026 - 31.03.2026
            Wartungsvertrag, vierteljährliche Abrechnung
            Nettobetrag   1.091,60 EUR
            MwSt. 19%   207,40 EUR
            Gesamtbetrag   1.299,00 EUR
            Zahlbar bis 19.01.2026
            """)
        #expect(r.amount.value == Decimal(string: "1299.00"))
        #expect(r.currency.value == .eur)
        #expect(r.billingDate.value == d("2026-01-05"))
        #expect(r.frequency.value == .quarterly)
        #expect(r.frequencyStated)
    }

    @Test func spanishWithDiscountAndNextCharge() {
        let r = extractor.extract(text: """
            Recibo de pago
            Fecha de factura: 9 de abril de 2025
            Plan Familiar al mes   17,99 €
            Descuento   -3,00 €
            Importe total   14,99 €
            Próximo cobro: 9 de mayo de 2025
            """)
        #expect(r.amount.value == Decimal(string: "14.99"))
        #expect(r.billingDate.value == d("2025-04-09"))
        #expect(r.nextBillingDate.value == d("2025-05-09"))
        #expect(r.frequency.value == .monthly)
        #expect(r.frequencyStated)
        #expect(r.language == "es")
    }

    /// Numeric dates that read either way: the reading that puts the charge and the next one a period
    /// apart wins over the US-dollar habit, both ways round.
    @Test func ambiguousDatesReadSoTheNextChargeIsAPeriodLater() {
        let dayFirst = extractor.extract(text: """
            Orvanta
            Invoice
            Invoice date: 06/04/2026
            Total   $20.00
            Next billing date: 06/05/2026
            """)
        #expect(dayFirst.billingDate.value == d("2026-04-06"))
        #expect(dayFirst.nextBillingDate.value == d("2026-05-06"))
        let monthFirst = extractor.extract(text: """
            Orvanta
            Invoice
            Invoice date: 04/06/2026
            Total   £20.00
            Next billing date: 05/06/2026
            """)
        #expect(monthFirst.billingDate.value == d("2026-04-06"))
        #expect(monthFirst.nextBillingDate.value == d("2026-05-06"))
    }

    /// A tax line that says the tax is included gives the tax, not the total, in any of the four languages.
    @Test(arguments: [
        ("IVA (incl.) 6,52 EUR", "Total cobrado 40,76 €"), ("VAT (included) £6.52", "Total £40.76"),
        ("MwSt. inkl. 6,52 €", "Summe 40,76 €"), ("TVA incluse 6,52 €", "Total 40,76 €"),
    ])
    func anIncludedTaxLineIsNotTheTotal(tax: String, total: String) {
        let r = extractor.extract(text: "Orvanta\nReceipt\nPro plan 40.76\n\(tax)\n\(total)\n")
        #expect(r.amount.value == Decimal(string: "40.76"), "\(tax) / \(total)")
        // The total line may also say it: "Total IVA incluido".
        let s = extractor.extract(text: "Orvanta\nRecibo\nIVA 21% 6,52 €\nTotal IVA incluido 40,76 €\n")
        #expect(s.amount.value == Decimal(string: "40.76"))
    }

    /// OCR slips in labels and month names: one letter misread in a long label, a month's capital parted
    /// from the rest of its name.
    @Test func labelsAndMonthsReadWithAnOCRSlip() {
        let r = extractor.extract(text: """
            Vexaro Studio
            Factura
            Fecha de emisiön: 3 de marzo de 2026
            Plan Estudio anual   120,00 €
            Importe total   120,00 €
            Préximo cargo: 3 de marzo de 2027
            """)
        #expect(r.billingDate.value == d("2026-03-03"))
        #expect(r.nextBillingDate.value == d("2027-03-03"))
        let de = extractor.extract(text: """
            Orvanta
            Rechnung
            Rechnungsdatum: 20. März 2026
            Gesamtbetrag   40,00 €
            Nächste A bbuchung: 20. März 2027
            """)
        #expect(de.nextBillingDate.value == d("2027-03-20"))
        #expect(DateFinder.find(in: "Rechnungsdatum: 21. J uli 2026", line: 0).first?.date == d("2026-07-21"))
        #expect(DateFinder.find(in: "Next billing date: J une 9, 2026", line: 0).first?.date == d("2026-06-09"))
        // A J read as a bracket or a bar; a bracket before a word that is no month's tail stays no date.
        #expect(DateFinder.find(in: "We charged €11.15 on 3) une 2026.", line: 0).first?.date == d("2026-06-03"))
        #expect(DateFinder.find(in: "Rechnungsdatum: 21. ]uli 2026", line: 0).first?.date == d("2026-07-21"))
        #expect(DateFinder.find(in: "Date : 4 |anvier 2026", line: 0).first?.date == d("2026-01-04"))
        #expect(DateFinder.find(in: "Art. 3) mars 2026", line: 0).isEmpty)
        // Slashes around a month's abbreviation (Mexico).
        #expect(DateFinder.find(in: "Fecha de emisión 09/mar/2026", line: 0).first?.date == d("2026-03-09"))
        #expect(DateFinder.find(in: "emitido el 21/ago/2025.", line: 0).first?.date == d("2025-08-21"))
        // French "1er" read with a letter for the 1.
        #expect(DateFinder.find(in: "Nous avons débité 39,95 € le ler mai 2026.", line: 0).first?.date == d("2026-05-01"))
        #expect(DateFinder.find(in: "Émise le Ier mars 2026", line: 0).first?.date == d("2026-03-01"))
        // A numeric date's first digit read as a letter: a zero as O, a one as l or I.
        #expect(DateFinder.find(in: "O1/15/2025;:17:03 Receipt 6403", line: 0).first?.date == d("2025-01-15"))
        #expect(DateFinder.find(in: "Datum l5.03.2026", line: 0).first?.date == d("2026-03-15"))
        #expect(DateFinder.find(in: "Ref OI/02/2025", line: 0).isEmpty)
        // A year's last digit read twice, and the space after a month's name lost; other digits
        // after a year, or a day run into the year, make no date.
        #expect(DateFinder.find(in: "Rechnungsdatum . 15.Mai20255 .", line: 0).first?.date == d("2025-05-15"))
        #expect(DateFinder.find(in: "Invoice date : . Sep1,20255 -", line: 0).first?.date == d("2025-09-01"))
        #expect(DateFinder.find(in: "Rechnungsdatum 15. Mai 20256", line: 0).isEmpty)
        #expect(DateFinder.find(in: "Paid May 12025", line: 0).isEmpty)
        #expect(DateFinder.find(in: "Invoice date Sep 1, 25", line: 0).isEmpty)
        // Runs of numbers OCR made of a receipt's garbled line are no dates; padded dates are.
        #expect(DateFinder.find(in: "112.12%2029.1.9:745 Bon 6944", line: 0).isEmpty)
        #expect(DateFinder.find(in: "A 20% 1.7.98 3:00 21,58", line: 0).isEmpty)
        #expect(DateFinder.find(in: "Datum 2025.01.09", line: 0).first?.date == d("2025-01-09"))
        #expect(DateFinder.find(in: "Datum 13.07.25 10:51", line: 0).first?.date == d("2025-07-13"))
        #expect(DateFinder.find(in: "Premier mai 2026", line: 0).isEmpty)
        // Not a month once joined, or a word before the number: no date.
        #expect(DateFinder.find(in: "5 a mars", line: 0).isEmpty)
        #expect(DateFinder.find(in: "Room 5 B uilding 2026", line: 0).isEmpty)
    }

    /// The byte-wise fold of ASCII text is the fast path of the Unicode fold: both must agree on every
    /// ASCII character, and non-ASCII text still folds its accents and ß.
    @Test func foldingASCIIBytesAgreesWithUnicodeFolding() {
        var generator = SystemRandomNumberGenerator()
        let ascii = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        for _ in 0..<2000 {
            let s = String((0..<Int.random(in: 0...24, using: &generator)).map { _ in ascii.randomElement(using: &generator)! })
            #expect(Text.fold(s) == Text.foldUnicode(s), "\(s.debugDescription)")
        }
        #expect(Text.fold("  Montant TTC : 12,99 ") == "montant ttc 12 99")
        #expect(Text.fold("Gesamtbetrag (inkl. MwSt.) Straße Número") == "gesamtbetrag inkl mwst strasse numero")
    }

    /// Phrases match whole words of folded text, also past a non-ASCII letter, at either end.
    @Test func foldedPhrasesMatchWholeWords() {
        #expect(Text.contains("prochain prelevement le 3", phrase: "prochain prelevement"))
        #expect(!Text.contains("prochains prelevements", phrase: "prochain prelevement"))
        #expect(!Text.contains("xtotal", phrase: "total"))
        #expect(Text.range(of: "total", in: "subtotal total").map { "subtotal total"[$0.lowerBound...] } == "total")
        #expect(Text.occurrences(of: "total", in: "total totalt total ł total") == 3)
        #expect(Text.range(of: "łodz", in: "miasto łodz 3").map { "miasto łodz 3"[$0] } == "łodz")
        #expect(!Text.contains("a", phrase: "ab"))
    }

    @Test func oneSlipMatchesAreWholeWordsWithOneLetterWrong() {
        #expect(Text.containsWithOneSlip("preximo cargo 3 de marzo", phrase: "proximo cargo"))
        #expect(Text.containsWithOneSlip("el proximo cargo", phrase: "proximo cargo"))
        #expect(!Text.containsWithOneSlip("praxima cargo", phrase: "proximo cargo"))  // two letters
        #expect(!Text.containsWithOneSlip("xproximo cargo", phrase: "proximo cargo"))  // not at a word start
        #expect(!Text.containsWithOneSlip("proximo cargos", phrase: "proximo cargo"))  // not at a word end
        #expect(!Text.containsWithOneSlip("proximoxcargo", phrase: "proximo cargo"))  // a word break is not a letter
        // A word parted by a stray space.
        #expect(Text.containsWithOneSlip("nachste a bbuchung 20 marz", phrase: "nachste abbuchung"))
        #expect(!Text.containsWithOneSlip("nachste a bbuchun", phrase: "nachste abbuchung"))
        #expect(!Text.containsWithOneSlip("nachste  abbuchung", phrase: "nachste abbuchung"))  // not next to a space
        #expect(!Text.containsWithOneSlip("na chste a bbuchung", phrase: "nachste abbuchung"))  // two slips
        // A doubled letter read once, and only a doubled one.
        #expect(Text.containsWithOneSlip("your next biling date is", phrase: "next billing date"))
        #expect(!Text.containsWithOneSlip("your next bilin date is", phrase: "next billing date"))
        #expect(!Text.containsWithOneSlip("your next billng date is", phrase: "next billing date"))
    }

    @Test(arguments: [
        ("Total   CHF 12.90", "12.90", "CHF"),
        ("Total   £7.99", "7.99", "GBP"),
        ("Total   ¥1,480", "1480", "JPY"),
        ("Total   €15.99", "15.99", "EUR"),
        ("Total   15,99 €", "15.99", "EUR"),
        ("Grand total   $1,299.00", "1299.00", "USD"),
        ("Amount charged   1.299,00 EUR", "1299.00", "EUR"),
        ("TOTAL   RM 9.00", "9.00", "MYR"),
    ])
    func amountFormats(line: String, amount: String, currency: String) {
        let r = extractor.extract(text: "Receipt\nPayment received with thanks\n\(line)\n")
        #expect(r.amount.value == Decimal(string: amount), "\(line)")
        #expect(r.currency.value?.code == currency, "\(line)")
    }

    /// A sign between two numbers goes with the one it is glued to: a date's year, then a price.
    @Test func aSignGluedToAPriceIsNotTheYearsBefore() {
        let found = AmountFinder.find(in: "Total annual premium - paid by card on 3 September 2025 £318.45", line: 0, language: "en")
        #expect(found.map(\.value) == [Decimal(string: "318.45")!])
        #expect(found.first?.currency?.code == "GBP")
        // Written after the price, with a space before the next, the sign stays the first's.
        #expect(AmountFinder.find(in: "12,99 € 15,99 €", line: 0, language: "fr").map(\.value) == [Decimal(string: "12.99")!, Decimal(string: "15.99")!])
    }

    /// OCR reads "¥8,730" as "Y8,730"; a Y that is a letter of a word, or before a plain number, stays a Y.
    @Test func aYGluedToAnAmountInThousandsIsTheYenSign() {
        let r = extractor.extract(text: "Receipt\nPayment received with thanks\nTotal   Y8,730\n")
        #expect(r.amount.value == Decimal(string: "8730"))
        #expect(r.currency.value?.code == "JPY")
        #expect(AmountFinder.find(in: "Total Y8,730", line: 0, language: nil).first?.currency?.code == "JPY")
        #expect(AmountFinder.find(in: "Total ¥12,480.50", line: 0, language: nil).first?.value == Decimal(string: "12480.50"))
        #expect(AmountFinder.find(in: "Total Y12,480.50", line: 0, language: nil).first?.marker == "¥")
        #expect(AmountFinder.find(in: "Size XY1,200", line: 0, language: nil).allSatisfy { $0.marker == nil })
        #expect(AmountFinder.find(in: "Model Y2026", line: 0, language: nil).isEmpty)
    }

    /// The yen has no cents: a yen sign at a price written with cents (a quantity's "x" misread)
    /// leaves the currency to the rest of the document.
    @Test func aYenSignAtAPriceWithCentsIsNoYen() {
        #expect(AmountFinder.find(in: "1.00 ¥ 15.90  15.90 SR", line: 0, language: nil).allSatisfy { $0.currency == nil })
        #expect(AmountFinder.find(in: "Total ¥1,480", line: 0, language: nil).first?.currency?.code == "JPY")
        #expect(AmountFinder.find(in: "Total JPY 1,480.00", line: 0, language: nil).first?.currency?.code == "JPY")
        let r = extractor.extract(text: "TAX INVOICE\nKedai Runcit Maju\n1.00 ¥ 15.90  15.90 SR\nTotal Incl. GST   15.90\nCash   RM 20.00\n")
        #expect(r.amount.value == Decimal(string: "15.90"))
        #expect(r.currency.value?.code == "MYR")
    }

    /// A gym's payment e-mail names its fee, not a total; a club's letter naming its fee is no bill.
    @Test func aMembershipFeePaidIsTheChargeAFeeAnnouncedIsNot() {
        let paid = extractor.extract(text: """
            Your membership payment
            Hi Sam, thanks for your payment. Here are the details:
            Monthly fee   £31.50
            Payment date   4 May 2026
            Next payment   4 June 2026
            Add a friend for £6 more per month.
            """)
        #expect(paid.amount.value == Decimal(string: "31.50"))
        #expect(paid.currency.value?.code == "GBP")
        #expect(paid.billingDate.value == LocalDate(year: 2026, month: 5, day: 4))
        #expect(paid.nextBillingDate.value == LocalDate(year: 2026, month: 6, day: 4))
        let beitrag = extractor.extract(text: "Mitgliedsbeitrag Mai   39,00 €\nAbgebucht am 02.05.2026\nVielen Dank!")
        #expect(beitrag.amount.value == Decimal(string: "39.00"))
        let letter = extractor.extract(text: """
            Riverside Rowing Club
            Dear members,
            Our annual meeting takes place on 10 August 2026 in the boathouse.
            The membership fee stays at £48.00 per year.
            """)
        #expect(letter.amount.value == nil && letter.name.value == nil && letter.billingDate.value == nil)
    }

    @Test func oldPriceBeforeTheCharge() {
        let r = extractor.extract(text: "Receipt\nYou paid\nTotal   €19.99 €14.99\nPaid with card\n")
        #expect(r.amount.value == Decimal(string: "14.99"))
    }

    @Test func dollarMeansCanadianWithACountryClue() {
        let r = extractor.extract(text: "Invoice\nMontreal, Quebec, Canada\nTotal paid   $12.00\n")
        #expect(r.currency.value?.code == "CAD")
        let plain = extractor.extract(text: "Invoice\nTotal paid   $12.00\n")
        #expect(plain.currency.value == .usd)
        #expect(plain.currency.confidence < 0.8)
    }

    /// The code after a dollar sign says which dollar; Latin American cities and tax ids point to
    /// their peso.
    @Test func dollarSignFollowedByACodeOrALatinAmericanClue() {
        let coded = AmountFinder.find(in: "Total pagado $ 897.000 COP", line: 0, language: "es")
        #expect(coded.map(\.value) == [Decimal(897000)])
        #expect(coded.first?.currency?.code == "COP")
        // Quebec writes the sign after the number, then the code; the code is not the next number's.
        let quebec = AmountFinder.find(in: "Zen Fixe 1 51,90 $ CAD 51,90 $ CAD", line: 0, language: "fr")
        #expect(quebec.map(\.value) == [Decimal(string: "51.90")!, Decimal(string: "51.90")!])
        #expect(quebec.map { $0.currency?.code } == ["CAD", nil])
        #expect(quebec.first?.raw == "51,90 $ CAD")
        let total = extractor.extract(text: "Facture\nTotal TTC   83,80 $ CAD\n")
        #expect(total.currency.value?.code == "CAD")
        let medellin = extractor.extract(text: "Factura\nCra 43A #7-50, Medellín, Antioquia\nTotal a pagar   $ 129.900\n")
        #expect(medellin.currency.value?.code == "COP")
        let mexico = extractor.extract(text: "Factura\nCFDI 4.0   Guadalajara, Jal.\nTotal   $ 349.00\n")
        #expect(mexico.currency.value?.code == "MXN")
        let chile = extractor.extract(text: "Tu boleta de febrero\nTotal a pagar   $ 30.980\nTelco S.A. · RUT 76.111.222-3 · Av. Apoquindo 4501, Santiago\n")
        #expect(chile.currency.value?.code == "CLP")
    }

    @Test func dayFirstVersusMonthFirst() {
        // English with dollars: month first.
        let us = extractor.extract(text: "Invoice\nInvoice date: 03/04/2026\nTotal   $5.00\n")
        #expect(us.billingDate.value == d("2026-03-04"))
        // English with pounds: day first.
        let uk = extractor.extract(text: "Invoice\nInvoice date: 03/04/2026\nTotal   £5.00\n")
        #expect(uk.billingDate.value == d("2026-04-03"))
        // A service period settles it: its end must come a month (week, quarter, year) after its start.
        let period = extractor.extract(text: "Invoice\nInvoice date: 07/06/2026\nService period: 07/06/2026 - 06/07/2026\nTotal   $8.35\n")
        #expect(period.billingDate.value == d("2026-06-07"))
        let usPeriod = extractor.extract(text: "Factura\nFecha: 06/07/2026\nPeriodo: 06/07/2026 - 07/06/2026\nTotal   10,00 €\n")
        #expect(usPeriod.billingDate.value == d("2026-06-07"))
        // Where dates are written year, month, day (Japan, Korea), the month stays first with the year last.
        func billed(_ total: String) -> LocalDate? {
            extractor.extract(text: "Receipt\nDate 06/01/2025\nTotal   \(total)\nPaid with: Mastercard\n").billingDate.value
        }
        #expect(billed("¥34,170") == d("2025-06-01") && billed("₩34,170") == d("2025-06-01"))
        #expect(billed("£34.17") == d("2025-01-06"))
        // Another date in the document settles it: 25/04 can only be day-first.
        let settled = extractor.extract(text: "Invoice\nInvoice date: 03/04/2026\nDue date: 25/04/2026\nTotal   $5.00\n")
        #expect(settled.billingDate.value == d("2026-04-03"))
    }

    @Test(arguments: [
        ("Invoice date: 2026-01-05", "2026-01-05"),
        ("Invoice date: 5 Jan 2026", "2026-01-05"),
        ("Date de facture : 1er janvier 2026", "2026-01-01"),
        ("Date de facture : 5 févr. 2026", "2026-02-05"),
        ("Rechnungsdatum: 5. März 2026", "2026-03-05"),
        ("Rechnungsdatum: 05.03.26", "2026-03-05"),
        ("Fecha de factura: 5 de marzo de 2026", "2026-03-05"),
        ("Fecha: 05-mar-2026", "2026-03-05"),
        // A period OCR read as a comma.
        ("Ausgestellt am: 27, Oktober 2026", "2026-10-27"),
        ("Rechnungsdatum: 16,11.2026", "2026-11-16"),
        // "1er" read with a letter for its digit.
        ("Date de facture : Ler mars 2026", "2026-03-01"), ("Date de facture : ler mars 2026", "2026-03-01"),
        ("Date du paiement ter avril 2026", "2026-04-01"),
    ])
    func dateForms(line: String, iso: String) {
        let r = extractor.extract(text: "Receipt\n\(line)\nTotal   10,00 €\nPaid by card\n")
        #expect(r.billingDate.value == d(iso), "\(line)")
    }

    @Test(arguments: [
        ("Plan Pro  9,99 €/mois", "monthly"), ("Abonnement mensuel", "monthly"), ("Jahresabo, jährlich", "yearly"),
        ("Billed yearly", "yearly"), ("$5/wk", "weekly"), ("Formule trimestrielle", "quarterly"),
        ("Cuota anual", "yearly"), ("Tarifa 10 € al mes", "monthly"), ("pro Monat", "monthly"), ("par an", "yearly"),
        // The slash OCR lost: a period word alone in brackets, or right after a price at the end of the line.
        ("Rami Pro Abo (Jahr)   CHF 109.52", "yearly"), ("Rami Pro Abo: CHF 130.33 Jahr", "yearly"), ("Pro plan $9.99 mo", "monthly"),
        // A capital OCR parted from the rest of its word.
        ("NordVPN Premium Abo: CHF 161.19 pro J ahr", "yearly"), ("Billed M onthly", "monthly"),
        // A plan's size before its period in brackets ("1 TB" is no quantity per year).
        ("Abo: Privat 1 TB (/Jahr)", "yearly"),
        // A long period word with its ending garbled.
        ("Anglais B2 cours du soir (trimestriehe   331,49 €", "quarterly"), ("Zahlung vierteljahrlieh", "quarterly"),
    ])
    func frequencyCues(line: String, expected: String) {
        let r = extractor.extract(text: "Invoice\n\(line)\nTotal paid   10,00 €\n")
        #expect(r.frequency.value?.frequency == expected, "\(line)")
        #expect(r.frequencyStated)
    }

    @Test func aPeriodWordThatIsNoLostSlashStatesNothing() {
        // A period word in brackets beside another bracketed word labels a variant: a weekday's copy.
        // A word that starts like a long period word but runs on ("Monatlichkeitsprinzip") is none.
        for line in ["Jahr 2026 im Rückblick", "Valid 1 month", "Price (EUR)", "Artikel 12 Monat", "A o a an a HEU eee",
                     "Monatlichkeitsprinzip", "Prix au numéro : 1,50 € (semaine), 1,80 € (dimanche)."] {
            let r = extractor.extract(text: "Invoice\n\(line)\nTotal paid   10,00 €\n")
            #expect(!r.frequencyStated, "\(line)")
        }
        // "3,12.99" is money-like, not a date with a two-digit year.
        #expect(DateFinder.find(in: "Ref 3,12.99", line: 0).isEmpty)
    }

    /// Period words that are not the billing cycle: a price put another way, usage, estimates and
    /// a discount's duration.
    @Test(arguments: [
        ("Plan Annual   75,00 €\nTotal paid 75,00 €\nThat's 6,25 € a month compared to 8,99 € on the monthly plan.", "yearly"),
        ("Jahresabo\nGezahlt 69,99 €\n12 x 6,99 € im Monatsabo", "yearly"),
        ("Facture mensuelle\nRemise fidélité (12 mois) -5,00 €\nTotal TTC 32,99 €", "monthly"),
        ("Monthly statement\nTotal charges £99.77\nYour estimated annual cost is £1,184", "monthly"),
        ("Factura mensual\nConsumo últimos 12 meses 3.118 kWh\nImporte total 65,03 €", "monthly"),
        ("Abonnement annuel 129,99 €\nMontant réglé 129,99 €\nÉconomisez deux mois par rapport à la formule mensuelle (12,99 € / mois).", "yearly"),
        // A tie on one line: the payment's word, after the plan's, decides (every time, not by hash order).
        ("Annual plan, paid monthly\nTotal paid 9,99 €", "monthly"),
        ("Annual plan, paid monthly\nTotal paid 9,99 €\nYour plan renews every month.\nCancelling an annual plan early may cost a fee.", "monthly"),
        ("Monthly plan, billed annually\nTotal paid 99,00 €", "yearly"),
    ])
    func periodWordsThatAreNotTheCycle(text: String, cadence: String) {
        let r = extractor.extract(text: "Receipt\n" + text)
        #expect(r.frequency.value == Cadence(parsing: cadence))
    }

    /// How often is said in other ways: a German compound fee word, a label naming the cycle, "jede
    /// Woche"; period words in a question, an offer of another cycle or a quantity per period are no
    /// cycle; a service period outweighs a lone period word in an item's description.
    @Test(arguments: [
        ("Beitragsrechnung\nJahresbeitrag 2026\nGesamtbetrag 139,00 €", "yearly"),
        ("Rechnung\nMonatsgebühr Tarif M\nGesamtbetrag 19,00 €", "monthly"),
        ("Rechnung\nZahlweise vierteljährlich\nBetrag 197,70 €\nAuch monatlich kündbar.", "quarterly"),
        ("Receipt\nBilled quarterly\nTotal 30,00 €\nWant to pay monthly? Call us.", "quarterly"),
        ("Rechnung\nJahreskarte\nGesamtbetrag € 461,00\nAlternativ ist eine monatliche Zahlung möglich (€ 40,00 pro Monat).", "yearly"),
        ("Kassenbon\nKaffee-Flatrate\nSUMME EUR 9,90\npro Besuch, jede Woche neu", "weekly"),
        ("Facture trimestrielle\nCours de piano (30 min/semaine) 165,00 €\nSolfège (1 h/semaine) 45,00 €\nNet à payer 210,00 €", "quarterly"),
        ("Invoice\nBilling period January 1, 2026 – January 31, 2026\nBackups (weekly)  $4.80\nServer  $50.51\nTotal  $55.31", "monthly"),
        // A plan's size, then its period in brackets: the plan's billing period.
        ("Invoice\nBackup plan 2 TB (per year)\nTotal  $99.00", "yearly"),
        ("Rechnung\nCloudspeicher 500 GB (pro Jahr)\nGesamtbetrag 49,00 €", "yearly"),
        ("Facture\nFormule 10 séances (par trimestre)   CHF 240.00\nTotal TTC   CHF 240.00", "quarterly"),
        // Two dates joined by a dash are a period even under a column label of their own.
        ("Rechnung\nADAC Plus-Mitgliedschaft 01.02.2026 – 31.01.2027 139,00 €\nGesamtbetrag 139,00 €", "yearly"),
    ])
    func cyclesSaidInOtherWays(text: String, cadence: String) {
        let r = extractor.extract(text: text)
        #expect(r.frequency.value == Cadence(parsing: cadence), "\(text)")
        #expect(r.frequencyStated, "\(text)")
    }

    /// An item's description wrapped inside its cue ("(per" over "quarter)"): the cue is the item's,
    /// where the period starts the next line under the description; a column to its right is not.
    @Test func aCueWrappedWithTheItemsDescription() {
        let wrapped = extractor.extract(text: "Receipt\nSpanish B1 evening course (per   325.99 CHF\nquarter)\nAmount paid   352.40 CHF")
        #expect(wrapped.frequency.value == .quarterly)
        #expect(wrapped.frequencyStated)
        let apart = extractor.extract(text: "Receipt\nCourse (per   325.99 CHF\n\t\t\t\tquarter)\nAmount paid   352.40 CHF")
        #expect(!apart.frequencyStated)
    }

    @Test func aQuantityPerPeriodOrAYearlySettlementStatesNoCycle() {
        for text in ["Facture\nCours de piano (30 min/semaine) 165,00 €\nNet à payer 165,00 €",
                     "Jahresabrechnung 2025\nGesamtbetrag 80,00 €",
                     "Rechnung Kita\n3 Betreuungstage pro Woche\nGesamtbetrag 380,00 €",
                     "Facture\nFormule 2 séances par semaine\nTotal TTC 60,00 €",
                     "Invoice\nData add-on 10 GB/month (one-off)\nTotal $20.00"] {
            #expect(!extractor.extract(text: text).frequencyStated, "\(text)")
        }
    }

    /// "Gezahlt", a direct debit's "mensualité" and "Abschlag" label the charge.
    @Test func paidAndInstalmentLabels() {
        #expect(extractor.extract(text: "Zahlungsbestätigung\nDu sparst 13,89 €\nGezahlt 69,99 €").amount.value == Decimal(string: "69.99"))
        let fr = extractor.extract(text: "Avis d'échéance\nVotre mensualité\nMensualité n° 3 sur 11 (mars 2026) 78,00 € TTC\ndont TVA 13,00 €")
        #expect(fr.amount.value == Decimal(string: "78.00"))
    }

    /// A trial's end announcing the charge to come, and a slip saying it is no bill, invent nothing.
    @Test func announcedChargesAndSlipsThatSayTheyAreNoneGiveNulls() {
        let trial = extractor.extract(text: """
            Your free trial ends in 3 days
            Your 7-day free trial ends on March 14, 2026.
            If you do nothing, your subscription will start and your card will be charged $59.00 per month on March 14, 2026.
            You haven't been charged anything yet.
            """)
        #expect(trial.amount.value == nil && trial.billingDate.value == nil && trial.name.value == nil)
        let balance = extractor.extract(text: """
            LIBRAIRIE DU PORT
            CONSULTATION SOLDE CARTE CADEAU
            DATE 14/03/2026   CAISSE 07
            SOLDE DISPONIBLE 35,00 EUR
            AUCUN ACHAT EFFECTUE
            CE TICKET N'EST PAS UNE FACTURE
            MERCI DE VOTRE VISITE
            """)
        #expect(balance.amount.value == nil && balance.billingDate.value == nil && balance.name.value == nil)
        // A renewal charged, with the next one announced, is a bill.
        let renewed = extractor.extract(text: "Your subscription renewed\nAmount paid: $59.00\nYou will be charged again on April 14, 2026.")
        #expect(renewed.amount.value == Decimal(string: "59.00"))
    }

    /// A tariff described ("10 €/mes") on a mail that speaks of paying is no charge made.
    @Test func aLonePricePerPeriodIsNoCharge() {
        let r = extractor.extract(text: "Tu pedido está en camino\nTu tarifa: Móvil 40 GB - 10 €/mes.\nEl primer pago llegará una vez activada la línea.")
        #expect(r.amount.value == nil)
        let paid = extractor.extract(text: "Pago confirmado\nMóvil 40 GB   10,00 €\nGracias")
        #expect(paid.amount.value == Decimal(string: "10.00"))
        #expect(InvoiceExtractor.isRate(AmountFinder.find(in: "Plan 10 €/mes", line: 0, language: "es")[0], raws: ["Plan 10 €/mes"]))
        #expect(!InvoiceExtractor.isRate(AmountFinder.find(in: "Plan 10 € hoy", line: 0, language: "es")[0], raws: ["Plan 10 € hoy"]))
    }

    /// Labels of a debit's date, a next instalment, an amount still "zu zahlender".
    @Test func debitAndInstalmentLabels() {
        let r = extractor.extract(text: """
            Abschlagsrechnung März 2026
            Monatlicher Abschlag Strom   53,78 €
            zzgl. 19 % Umsatzsteuer   10,22 €
            Zu zahlender Betrag   64,00 €
            Nächster Abschlag: 64,00 € am 15.04.2026
            """)
        #expect(r.amount.value == Decimal(string: "64.00"))
        #expect(r.nextBillingDate.value == d("2026-04-15"))
        let fr = extractor.extract(text: "Abonnement mensuel\nPériode mars 2026\nDate du prélèvement 1er mars 2026\nMontant prélevé 85,00 €")
        #expect(fr.billingDate.value == d("2026-03-01"))
        let both = extractor.extract(text: "Votre facture du 04/03/2026 est disponible\nMontant TTC 35,99 €\nDate de prélèvement : 14/03/2026")
        #expect(both.billingDate.value == d("2026-03-04"))
        // "Ce montant sera prélevé le ..." is this charge's debit, not the next renewal.
        let debit = extractor.extract(text: "Date de facture 02/03/2026\nTotal TTC 19,99 €\nCe montant sera prélevé le 12/03/2026 sur votre compte.")
        #expect(debit.nextBillingDate.value == nil)
        let renewal = extractor.extract(text: "Date de facture 02/03/2026\nTotal TTC 19,99 €\nVotre abonnement sera prélevé le 02/04/2026.")
        #expect(renewal.nextBillingDate.value == d("2026-04-02"))
        // Terms of a membership: its fee, paid by direct debit, is no charge made.
        let terms = extractor.extract(text: "Allgemeine Geschäftsbedingungen\nDer Monatsbeitrag beträgt 29,90 €.\nDie Beiträge werden monatlich per SEPA-Lastschrift eingezogen.")
        #expect(terms.amount.value == nil)
        let period = extractor.extract(text: "Payment confirmation\nPlan Monthly\nBilling period Mar 2, 2026 - Apr 1, 2026\nTotal US$ 11.95")
        #expect(period.billingDate.value == d("2026-03-02"))
        #expect(period.billingDate.confidence < 0.5)
        #expect(NameFinder.cuttingAfterLegalName("Stadtwerke Musterstadt GmbH Schildescher Str 16 33611") == "Stadtwerke Musterstadt GmbH")
    }

    /// "Facture" at the end of one line and "du 01/03/2026" on the next: the invoice's date, not
    /// the debit date further down.
    @Test func anInvoiceDateLabelGoingOnIntoTheNextLine() {
        let r = extractor.extract(text: "CANAL+ Facture\ndu 01/03/2026\nTotal TTC 32,99 €\nMontant prélevé le 10/03/2026 32,99 €")
        #expect(r.billingDate.value == d("2026-03-01"))
    }

    /// A text layer joins an address and the date beside it into one line: the street number, a
    /// word and the day ("12 Fecha 23") look like a date's start, and must not hide the date.
    @Test func aDateAfterANumberAndAWordThatIsNoMonth() {
        let es = extractor.extract(text: "Avenida Libertad, 12 Fecha 23 de marzo de 2026\nTotal pagado (IVA incl.)   14,90 €")
        #expect(es.billingDate.value == d("2026-03-23"))
        let en = extractor.extract(text: "Unit 9 Date 21 April 2026\nTotal paid   £8.50")
        #expect(en.billingDate.value == d("2026-04-21"))
    }

    /// Tesseract reads the ñ of "/año" as "fi"; the period word after the slash still says yearly.
    @Test func aYearReadWithItsTildeAsFi() {
        let r = extractor.extract(text: "Dominio .es   $310.00 MXN\nTotal   $310.00 MXN\nPlan Dominio .es,/afio")
        #expect(r.frequency.value == .yearly)
        #expect(r.frequencyStated)
    }

    @Test func statedPeriodGivesFrequency() {
        let r = extractor.extract(text: "Invoice\nService period 01/01/2026 - 31/12/2026\nTotal   120,00 €\n")
        #expect(r.frequency.value == .yearly)
    }

    @Test func silentFrequencyIsMonthlyNotStated() {
        let r = extractor.extract(text: "Invoice\nTotal   10,00 €\n")
        #expect(r.frequency.value == .monthly)
        #expect(!r.frequencyStated)
    }

    @Test func nonInvoicesGiveNulls() {
        let menu = extractor.extract(text: """
            Le Petit Bistro
            Menu du jour
            Soupe à l'oignon   7,50 €
            Steak frites   18,90 €
            Crème brûlée   6,00 €
            Ouvert du mardi au samedi, 12h - 22h
            """)
        #expect(menu.amount.value == nil)
        #expect(menu.name.value == nil)
        #expect(menu.billingDate.value == nil)
        let letter = extractor.extract(text: """
            Dear neighbour,
            The garden party takes place on 14 June 2026 at 3 pm.
            Please bring something to share.
            """)
        #expect(letter.amount.value == nil && letter.currency.value == nil && letter.billingDate.value == nil)
        #expect(letter.name.value == nil)
        // A newsletter's tariffs: prices per month, tax included, nothing billed or paid.
        let tariffs = extractor.extract(text: """
            Este marzo, más series y más fibra
            Fibra 1 Gb + Móvil + TV   60 €/mes
            Antes 72 €/mes. Precio durante 12 meses, IVA incluido. 12,99 €/mes.
            Oferta válida hasta el 31 de marzo de 2026 para altas nuevas.
            """)
        #expect(tariffs.amount.value == nil && tariffs.billingDate.value == nil)
        // A credit card's statement lists other vendors' charges.
        let statement = extractor.extract(text: """
            Statement period 02/13/26 – 03/12/26
            Account summary
            Previous Balance   $1,299.00
            Payment, Credits   -$1,299.00
            Purchases   +$384.18
            New Balance   $384.18
            Minimum Payment Due   $35.00
            Payment Due Date   04/09/26
            Account activity
            02/14   NETFLIX.COM 866-579-7172 CA   15.49
            02/16   SPOTIFY USA 877-7781161 NY   11.99
            Totals Year-to-Date: total fees charged in 2026 $0.00; total interest charged in 2026 $0.00.
            """)
        #expect(statement.amount.value == nil && statement.name.value == nil && statement.billingDate.value == nil)
    }

    /// A yearly fee paid in instalments: the charge is the instalment, printed beside the yearly sum.
    @Test(arguments: [
        ("Beitragsrechnung\nBeitrag für den Zeitraum 01.01.2026 – 31.03.2026 46,86 €\nZahlungsweise vierteljährlich\nJahresbeitrag 2026 187,44 €", "46.86"),
        ("Avis d'échéance\nPaiement fractionné trimestriel.\nÉchéance trimestrielle 87,45 €\nCotisation annuelle TTC 349,80 €", "87.45"),
    ])
    func aYearlyFeePaidInInstalmentsChargesTheInstalment(text: String, amount: String) {
        let r = extractor.extract(text: text)
        #expect(r.amount.value == Decimal(string: amount), "\(text)")
        #expect(r.frequency.value == .quarterly)
        // Paid in one go, the yearly sum is the charge.
        let once = extractor.extract(text: "Beitragsrechnung\nJahresbeitrag 2026 187,44 €\nZahlungsweise jährlich\nRate 46,86 €")
        #expect(once.amount.value == Decimal(string: "187.44"))
    }

    /// The Swiss thousands mark, straight or curly, and "montant à payer" after a reduction.
    @Test func swissAmountsAndTheSumToPayAfterAReduction() {
        let r = extractor.extract(text: "Facture de primes\nTotal des primes CHF 1'274.50\nRéduction individuelle − CHF 40.00\nMontant à payer 1’234.50 CHF")
        #expect(r.amount.value == Decimal(string: "1234.50"))
        #expect(r.currency.value == Currency(code: "CHF"))
    }

    /// A catalogue vendor from its domain or the core of its legal name, also past the global brands
    /// (regional telecoms, insurers: much of what people pay each month); an unknown one from its
    /// domain printed as a word.
    @Test(arguments: [
        ("From: billing@spotify.com\nYour receipt\nTotal   €10.99\n", "Spotify", "music"),
        ("Invoice\nTotal   €8.00\nSlack Technologies Limited, Dublin\n", "Slack", nil),
        ("From: hello@quillpost.io\nYour Quillpost receipt\nTotal   €3.00\n", "Quillpost", nil),
        ("De: Lowi <facturas@lowi.es>\nTu factura de marzo\nTotal   12,95 €\n", "Lowi", "telecom"),
        ("Rechnung\nGesamtbetrag   39,90 €\nHUK-Coburg Versicherungsgruppe, 96444 Coburg\n", "HUK-Coburg", "insurance"),
        // Operators that bill under a legal name that is not their brand.
        ("Telefónica Germany GmbH & Co. OHG\nRechnung\nHandytarif   39,99 €\nRechnungsbetrag   39,99 €\n", "O2", "telecom"),
        ("Facture\nForfait mobile   19,99 €\nTotal TTC   19,99 €\nSociété Française du Radiotéléphone - SA\n", "SFR", "telecom"),
        // The demo's own sample vendor: no catalogue alias may take it over.
        ("Lumen Notes\nInvoice\nLumen Notes Pro, billed monthly   12.29 EUR\nTotal charged   12.29 EUR\n", "Lumen Notes", nil),
    ] as [(String, String, String?)])
    func catalogueNameFromDomainAndLegalName(text: String, name: String, category: String?) {
        let r = extractor.extract(text: text)
        #expect(r.name.value == name)
        if let category { #expect(r.category == category) }
    }

    /// German names its bills in compounds: an insurer's "Beitragsrechnung" is a bill, a
    /// "Berechnung" (a calculation) is none.
    @Test func aGermanCompoundBillWordMakesABill() {
        let bill = extractor.extract(text: "Beitragsrechnung für das Versicherungsjahr 2026\nDatum 15.11.2025\nJahresbeitrag 486,28 €\n")
        #expect(bill.amount.value == Decimal(string: "486.28"))
        #expect(bill.billingDate.value == d("2025-11-15"))
        #expect(InvoiceExtractor.namesABillInACompound("ihre stromabrechnung"))
        #expect(InvoiceExtractor.namesABillInACompound("rechnungsnummer 42"))
        #expect(!InvoiceExtractor.namesABillInACompound("berechnung des beitrags"))
        #expect(!InvoiceExtractor.namesABillInACompound("hochrechnung fur 2026"))
    }

    /// A web address under a country's second level ("claro.com.co") names its owner, printed
    /// anywhere: here at the foot, under a customer's name that heads the bill.
    @Test func aDomainUnderACountrysSecondLevelNamesTheVendor() {
        #expect(NameFinder.ownLabel(of: "claro.com.co") == "claro")
        #expect(NameFinder.ownLabel(of: "billing.finobox.app") == "finobox")
        #expect(NameFinder.ownLabel(of: "shop.acme.co.uk") == "acme")
        let r = extractor.extract(text: """
            ANDRÉS RESTREPO MEJIA          Factura electrónica de venta
            Fecha de expedición 2 de octubre de 2025
            Total a pagar $ 129.900
            Paga en línea en claro.com.co o en la App
            """)
        #expect(r.name.value == "Claro")
    }

    /// A telecom's "statement" is its bill; a bank's, carrying a balance forward, is none.
    @Test func aTelecomsStatementIsABillABanksIsNot() {
        let telecom = extractor.extract(text: """
            Netvora
            Monthly Statement
            Statement date: 18 Oct 2025
            Broadband 1000M monthly fee  HK$188.00
            Total amount due HK$188.00
            """)
        #expect(telecom.amount.value == Decimal(string: "188.00"))
        #expect(telecom.currency.value == Currency(code: "HKD"))
        #expect(telecom.billingDate.value == d("2025-10-18"))
        for title in ["Statement", "Account summary"] {
            let bank = extractor.extract(text: """
                Northgate Bank
                \(title)
                Statement date 13/03/2026
                Opening balance £1,200.00
                02/03/2026 Direct debit Streamflix -£13.99
                Total paid out £13.99
                Closing balance £1,186.01
                """)
            #expect(bank.amount.value == nil && bank.name.value == nil && bank.billingDate.value == nil, "\(title)")
        }
    }

    /// "Rechnung vom", "factura del", "bill date": the bill's own date, said surely.
    @Test func aBillNamedWithItsDate() {
        for (text, date) in [
            ("Sunvia\nRechnung vom 03.11.2025\nAbo Mobile  CHF 65.00\nTotal inkl. MwSt. CHF 65.00\nFällig am 30.11.2025", "2025-11-03"),
            ("Televia\nFactura del 12/10/2025\nPlan Hogar 29,90 €\nTotal a pagar 29,90 €\nVencimiento 27/10/2025", "2025-10-12"),
            ("Netwave\nBill date 14 November 2025\nDue 28 November 2025\nTotal £42.00", "2025-11-14"),
        ] {
            let billing = extractor.extract(text: text).billingDate
            #expect(billing.value == d(date), "\(text)")
            #expect(billing.confidence >= 0.9, "\(text)")
        }
    }

    /// "This will be collected on ...": when this bill is taken, not the next renewal.
    @Test func thisBillsDebitDateIsNoRenewal() {
        let r = extractor.extract(text: """
            Your bill is ready
            Netwave
            Bill date: 14 November 2025
            Amount: £42.00
            This will be collected by Direct Debit on or after 28 November 2025
            """)
        #expect(r.amount.value == Decimal(string: "42.00"))
        #expect(r.nextBillingDate.value == nil)
        #expect(r.billingDate.value == d("2025-11-14"))
    }

    /// A brand that is also a word, printed with the country it serves: the brand, printed once or again.
    @Test func aBrandWithItsCountry() {
        for footer in ["", "Gracias por elegir Claro Colombia"] {
            let r = extractor.extract(text: """
                Claro Colombia
                Factura electrónica de venta FE 88213
                Fecha de expedición: 2025-10-03
                Plan Hogar Internet   $ 89.900
                Total a pagar   $ 106.981
                Bogotá D.C.
                \(footer)
                """)
            #expect(r.name.value == "Claro", "\(footer)")
            #expect(r.currency.value == Currency(code: "COP"))
            #expect(r.billingDate.value == d("2025-10-03"))
        }
    }

    /// A payment that failed, a booking paid at the place, a payslip: prices, and nothing charged.
    @Test func aFailedPaymentABookingAndAPayslipChargeNothing() {
        for text in [
            "Pedalo\nWe couldn't process your payment\nWe tried to charge $44.00 for your membership on January 12, 2026.\nTotal $44.00\nWe'll try again on January 15, 2026.",
            "Hotel Sierra Alta\nConfirmación de reserva\nFecha de la reserva 12/03/2026\nImporte total 312,00 € (IVA incluido)\nForma de pago: pago en el establecimiento.\nNo se ha realizado ningún cargo en su tarjeta.",
            "ATELIER MORVAN   BULLETIN DE PAIE\nPériode du 01/10/2025 au 31/10/2025\nPaiement le 31/10/2025 par virement\nSalaire de base 2 153,71 €\nNet à payer avant impôt sur le revenu 1 817,28 €",
        ] {
            let r = extractor.extract(text: text)
            #expect(r.amount.value == nil && r.name.value == nil && r.billingDate.value == nil, "\(text)")
        }
    }

    /// Two service periods, the contract's year and the instalment's quarter: the charge's own (the
    /// later line) gives the frequency, and so on every run. Each process orders dictionaries
    /// differently, so the scan runs in several.
    @Test func ofTwoPeriodsTheChargesOwnStandsOnEveryRun() throws {
        let full = SubsRunner.binary.deletingLastPathComponent().appendingPathComponent("subs-full")
        try #require(FileManager.default.isExecutableFile(atPath: full.path), "subs-full is built with the tests")
        let tmp = try TempDir()
        let pdf = try tmp.file("periods.pdf", Fixtures.textPDF(pages: [[
            "Kestrel Fitness", "Rechnung", "Rechnungsdatum 01.04.2026",
            "Vertragslaufzeit 01.04.2026 - 31.03.2027",
            "Leistungszeitraum 01.04.2026 - 30.06.2026   CHF 297.50",
            "Rechnungsbetrag CHF 297.50",
        ]]))
        var frequencies: [String] = []
        for _ in 0..<8 {
            let r = try SubsRunner.run(executable: full, ["scan", "--json", pdf.path])
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            frequencies.append(object?["frequency"] as? String ?? "none")
        }
        #expect(frequencies == Array(repeating: "quarterly", count: 8), "\(frequencies)")
    }

    /// A quote and a bank statement print prices and debits but charge nothing themselves.
    @Test func aQuoteOrABankStatementIsNoBill() {
        let quote = extractor.extract(text: """
            Sparkwell Electrical Ltd
            QUOTATION
            Date 6 February 2026
            Supply & install EV charger   £849.00
            Quoted total   £1,234.80
            Payment terms: 25% deposit on acceptance.
            """)
        #expect(quote.amount.value == nil && quote.name.value == nil && quote.billingDate.value == nil)
        let statement = extractor.extract(text: """
            Kontoauszug
            Datum 13.03.2026
            02.03.2026   Lastschrift Streamflix   -13,99
            Saldo   1.229,19 €
            Summe Belastungen   -13,99 €
            """)
        #expect(statement.amount.value == nil && statement.name.value == nil)
        // An invoice that mentions the quote it follows is still an invoice.
        let invoice = extractor.extract(text: "Invoice\nAs per quotation Q-2291\nTotal paid   £1,234.80\n")
        #expect(invoice.amount.value == Decimal(string: "1234.80"))
        let facture = extractor.extract(text: "Plomberie Arnaud\nFacture n° F-118\nDevis n° D-2026-031 - accepté le 02/02/2026\nTotal TTC   1 284,80 €\n")
        #expect(facture.amount.value == Decimal(string: "1284.80"))
        // A quote titled beside the name or with its number is one; the word labelling a value
        // ("Angebot   Fix Strom Online", the tariff) is a field of a bill.
        for text in ["Sparkwell Electrical Ltd      QUOTE\nDate 6 February 2026\nTotal   £1,234.80\nPayment terms: 25% deposit.\n",
                     "QUOTE      No. 1182\nSparkwell Electrical Ltd\nDate 6 February 2026\nTotal   £1,234.80\nPayment terms: 25% deposit.\n"] {
            #expect(extractor.extract(text: text).amount.value == nil, "\(text)")
        }
        let tariff = extractor.extract(text: """
            Stromrechnung           Nr. 2025/447188/E
            Rechnungsdatum          12.11.2025
            Angebot                 Fix Strom Online
            Zu zahlender Betrag     € 159,58
            """)
        #expect(tariff.amount.value == Decimal(string: "159.58"))
        // A quote's one-word title may go on after a dash; a quote may say it is one.
        for text in [
            "Plomberie Arnaud\nDEVIS - Remplacement chauffe-eau\nDate 16/02/2026\nTotal TTC   1 284,80 €\nPaiement : 30 % à la commande.\n",
            "Plomberie Arnaud\nDate 16/02/2026\nTotal TTC   1 284,80 €\nCe document est un devis et non une facture.\n",
        ] {
            let r = extractor.extract(text: text)
            #expect(r.amount.value == nil && r.name.value == nil && r.billingDate.value == nil, "\(text)")
        }
        // A statement's title may go on; a statement may say it is no invoice.
        for text in [
            "Banque Arvelle\nRelevé de compte courant   M. Julien Moreau\n04/03/2026   PRLV SEPA ALAN SA   142,40\nTotal des crédits   2 570,00\nMerci de nous signaler toute erreur.\n",
            "Banque Arvelle\nExtrait du 15/03/2026\n04/03/2026   PRLV SEPA ALAN SA   142,40\nTotal des crédits   2 570,00\nCe relevé ne constitue pas une facture.\n",
        ] {
            let r = extractor.extract(text: text)
            #expect(r.amount.value == nil && r.name.value == nil, "\(text)")
        }
    }

    /// A notice that prices change announces charges; with no payment made, it charges nothing.
    @Test func aPriceChangeNoticeIsNoBill() {
        let notice = extractor.extract(text: """
            Important: your prices are changing
            From 1 April 2026, the price of your package will go up by £4.25 a month.
            Package   Current price   From 1 April 2026
            Your total monthly price   £52.00   £56.25
            Your first bill at the new price will be dated on or after 12 April 2026.
            """)
        #expect(notice.amount.value == nil && notice.name.value == nil && notice.billingDate.value == nil)
        let bill = extractor.extract(text: """
            Your bill
            Bill date 12 April 2026
            Your price change from 1 April is included.
            Total   £56.25
            Payment by Direct Debit on 20 April 2026.
            """)
        #expect(bill.amount.value == Decimal(string: "56.25"))
    }

    /// A call for an insurer's or a club's contribution is a bill, its total what is charged.
    @Test func aCallForContributionIsABill() {
        let r = extractor.extract(text: """
            Mutuelle Orvanne
            Appel de cotisation mensuelle
            Date d'émission 25 février 2026
            Cotisation mensuelle TTC   116,80 €
            Prélèvement SEPA le 05/03/2026.
            """)
        #expect(r.amount.value == Decimal(string: "116.80"))
        #expect(r.billingDate.value == d("2026-02-25"))
    }

    /// Austria's word for a bill, alone or in a compound, with no other sign of a charge.
    @Test(arguments: ["Vorschreibung März 2026", "Mietvorschreibung März 2026"])
    func anAustrianDemandIsABill(title: String) {
        let r = extractor.extract(text: """
            Hausverwaltung Kranzl
            \(title)
            Wohnung Top 7, am 2. März 2026
            Hauptmietzins          € 612,40
            Betriebskosten         €  98,10
            Zu zahlen              € 710,50
            """)
        #expect(r.amount.value == Decimal(string: "710.50"), "\(title)")
        #expect(r.billingDate.value == d("2026-03-02"), "\(title)")
    }

    /// South Africa's rand sign is a bare R, glued or spaced, with thousands spaced out; a capital R
    /// ending a word or before a whole number is not it.
    @Test func theRandSign() {
        let till = extractor.extract(text: """
            FRESHMART
            STELLENBOSCH 7600
            TAX INVOICE
            BROWN BREAD 700G        21.99
            TOTAL                  R93.47
            CARD                   R93.47
            18/01/2026 09:12
            """)
        #expect(till.amount.value == Decimal(string: "93.47"))
        #expect(till.currency.value?.code == "ZAR")
        let bill = extractor.extract(text: """
            Invoice date 2026-02-01
            Fibre 100Mbps - Monthly            R 849.00
            Total (incl. VAT)                  R 1 248.00
            """)
        #expect(bill.amount.value == Decimal(string: "1248.00"))
        #expect(bill.currency.value?.code == "ZAR")
        for text in ["FOR12.00", "Row R 150", "CAR5.00"] {
            #expect(AmountFinder.find(in: text, line: 0, language: "en").allSatisfy { $0.currency?.code != "ZAR" }, "\(text)")
        }
        // A tax code before an item's price leaves the price a price.
        #expect(AmountFinder.find(in: "1 Lemon soda SR 13.90", line: 0, language: "en").map(\.value) == [Decimal(string: "13.90")!])
    }

    /// Peru's sol is "S/" (or "S/.") before its number; "S/B", a Malaysian legal form, is no sign.
    @Test func theSolSign() {
        let bill = extractor.extract(text: """
            Recibo de luz
            Fecha de emisión 12/02/2026
            Cargo fijo                         S/ 3.62
            Consumo de energía (245 kWh)       S/ 172.33
            Total a pagar                      S/. 227.60
            """)
        #expect(bill.amount.value == Decimal(string: "227.60"))
        #expect(bill.currency.value?.code == "PEN")
        // The sign between two numbers is the second's: it is never written after its number.
        #expect(AmountFinder.find(in: "Redondeo 0.04 S/ 227.60", line: 0, language: "es").map { $0.currency?.code } == [nil, "PEN"])
        #expect(AmountFinder.find(in: "99 SPEED MART S/B 12.50", line: 0, language: "en").allSatisfy { $0.currency?.code != "PEN" })
    }

    /// Morocco's dirham is "DH" or "Dhs" beside a price with cents; with the Emirates' clues the
    /// same sign is their dirham. "DHL" is no sign.
    @Test func theDirhamSign() {
        let ma = extractor.extract(text: """
            Facture N° 2026-0113 · Casablanca
            Date de facture : 03/01/2026
            Abonnement mensuel Fibre 100 Méga   416,67 DH
            Montant TTC à payer                 515,00 DH
            """)
        #expect(ma.amount.value == Decimal(string: "515.00"))
        #expect(ma.currency.value?.code == "MAD")
        let ae = extractor.extract(text: """
            Tax invoice · Business Bay, Dubai
            Invoice date 03/01/2026
            Total due   Dhs 262.50
            """)
        #expect(ae.amount.value == Decimal(string: "262.50"))
        #expect(ae.currency.value?.code == "AED")
        #expect(AmountFinder.find(in: "DHL 12.00", line: 0, language: "en").allSatisfy { $0.currency == nil })
        #expect(AmountFinder.find(in: "Haus DH 4", line: 0, language: "de").isEmpty)
    }

    /// Tunisia's dinar is written "DT" with three decimals (millimes); the CFA franc "FCFA" in whole
    /// francs, West Africa's unless the document is Central Africa's.
    @Test func theDinarAndTheCFAFranc() {
        let tn = extractor.extract(text: """
            Facture N° 2025-10-0447 · Tunis, le 15/10/2025
            Forfait mensuel Internet 4G     67,000 DT
            TVA 19 %                        12,730 DT
            Timbre fiscal                    1,000 DT
            Net à payer                     80,730 DT
            """)
        #expect(tn.amount.value == Decimal(string: "80.73"))
        #expect(tn.currency.value?.code == "TND")
        #expect(AmountFinder.find(in: "Fibre pour 10 DT de plus", line: 0, language: "fr").isEmpty)
        let ci = extractor.extract(text: """
            Facture du 12/11/2025 · Abidjan
            Box Fibre 50 Mbps (HT)   16 949 FCFA
            TVA 18 %                  3 051 FCFA
            Total TTC                20 000 FCFA
            """)
        #expect(ci.amount.value == Decimal(string: "20000"))
        #expect(ci.currency.value?.code == "XOF")
        let cm = extractor.extract(text: "Facture du 12/11/2025 · Douala, Cameroun\nTotal TTC   15 000 FCFA\n")
        #expect(cm.currency.value?.code == "XAF")
    }

    /// "kr" is told apart by the country: a Norwegian club's invoice is in crowns of Norway.
    @Test func theCrownByCountry() {
        let no = extractor.extract(text: "Bislo Tennis Club\npost@bislotennis.no\nInvoice date 25.03.2026\nTotal to pay   kr 1 570,00\n")
        #expect(no.amount.value == Decimal(string: "1570.00"))
        #expect(no.currency.value?.code == "NOK")
        let se = extractor.extract(text: "Kvarn Yoga\nSveavägen 12, Stockholm\nReceipt 2026-03-25\nTotal   349,00 kr\n")
        #expect(se.currency.value?.code == "SEK")
    }

    /// A name ends in a letter, a digit or a bracket: marks read after it are not part of it.
    @Test func marksAfterANameAreDropped() {
        #expect(NameFinder.droppingTrailingMarks("RESTAURANT KIM LO ©") == "RESTAURANT KIM LO")
        #expect(NameFinder.droppingTrailingMarks("Lumen Notes® *") == "Lumen Notes")
        #expect(NameFinder.droppingTrailingMarks("Marks & Spencer") == "Marks & Spencer")
        #expect(NameFinder.droppingTrailingMarks("AIK HUAT (SETIA ALAM )") == "AIK HUAT (SETIA ALAM )")
        #expect(NameFinder.droppingTrailingMarks("©") == "©")
        let found = extractor.extract(text: "RESTORAN LIMA JAYA ©\nNo. 3, Jalan Besar\nTOTAL RM 12.00\nCASH 20.00\nCHANGE 8.00")
        #expect(found.name.value == "RESTORAN LIMA JAYA")
    }

    /// Hungary's forint is written "Ft" after whole forints; the Czech crown's "Kč" loses its háček
    /// in OCR ("Kc"). Both count only as words of their own, so a word that merely ends so is no sign.
    @Test func theForintAndTheCzechCrownAsRead() {
        let hu = extractor.extract(text: """
            Invoice · Budapest, 2026.03.05.
            Monthly fee (net)        3 929 Ft
            VAT 27 %                 1 061 Ft
            Total due                4 990 Ft
            """)
        #expect(hu.amount.value == Decimal(string: "4990"))
        #expect(hu.currency.value?.code == "HUF")
        let cz = extractor.extract(text: "Rechnung 12.03.2026 · Praha\nGesamtbetrag   1 299,00 Kc\n")
        #expect(cz.amount.value == Decimal(string: "1299.00"))
        #expect(cz.currency.value?.code == "CZK")
        #expect(AmountFinder.find(in: "Loft 12 Kcal 30", line: 0, language: "en").allSatisfy { $0.marker == nil })
        #expect(AmountFinder.find(in: "Room 12 ft", line: 0, language: "en").isEmpty)
    }

    /// The OCR models have no rupee, shekel or won sign: each is read as one glyph glued to every
    /// amount of the document, which the document's country makes the sign again.
    @Test func signsTheModelsCannotRead() {
        let inr = extractor.extract(text: """
            Payment receipt
            Plan price 7422.88
            GST @ 18% 776.12
            Amount paid 7499.00
            Renew yearly for 71,499.
            Andheri East, Mumbai 400069 · GSTIN 27AABCU9603R1ZM
            """)
        #expect(inr.amount.value == Decimal(string: "499.00"))
        #expect(inr.currency.value?.code == "INR")
        let ils = extractor.extract(text: """
            Receipt · Date 14/09/2025
            Price (incl. VAT 18%) m39.90
            VAT included m6.09
            Total paid m39.90
            21 Herzl St., Tel Aviv
            """)
        #expect(ils.amount.value == Decimal(string: "39.90"))
        #expect(ils.currency.value?.code == "ILS")
        let krw = extractor.extract(text: """
            Receipt · Payment date 2026.01.14
            Total paid ¥9,900
            Mapo-gu, Seoul 03909
            """)
        #expect(krw.currency.value?.code == "KRW")
        // Amounts that merely share a first digit, or a glyph on a document from elsewhere, stay.
        let rupees = AmountFinder.find(in: "Amount paid 749.00", line: 0, language: "en")
        let same = extractor.extract(text: """
            Tax invoice · GSTIN 27AABCU9603R1ZM
            Plan price 734.75
            GST @ 18% 132.25
            Amount paid 867.00
            """)
        #expect(same.amount.value == Decimal(string: "867.00") && rupees.count == 1)
        let elsewhere = extractor.extract(text: """
            Invoice · Date 14/09/2025
            Price m39.90
            Total paid m39.90
            Rue de Rivoli 12, 75001 Paris, France
            """)
        #expect(elsewhere.amount.value != Decimal(string: "39.90"))
        // A digit is taken for the sign only before three amounts or more, and nearly all of them;
        // a faint clue of the country is not enough.
        let india: [String: (score: Double, evidence: String)] = ["INR": (2, "india")]
        #expect(UnreadableSigns.repaired(["Total 7499.00", "Tax 776.12"], clues: india) == nil)
        #expect(UnreadableSigns.repaired(["Sofa 734.75", "Lamp 745.00 712.25", "Delivery 132.25", "GST 467.00 655.00"], clues: india) == nil)
        #expect(UnreadableSigns.repaired(["Price m39.90", "Total m39.90 m6.09"], clues: ["ILS": (1, "jerusalem")]) == nil)
        #expect(UnreadableSigns.repaired(["Price m39.90", "Total m39.90 m6.09"], clues: ["ILS": (1.5, "tel aviv")]) != nil)
    }

    /// A letter to a customer under a legal name alone is named by the name shortened: its form,
    /// line of business and country code dropped. Without a sign of a letter it stays as printed.
    @Test func aLettersLegalNameShortened() {
        let letter = """
            Nordlicht Allgemeine Versicherung AG
            Postfach 10 20 30 · 20095 Hamburg
            Frau Petra Lindner
            Versicherungsnummer 447-118-2
            Beitragsrechnung · Datum 01.10.2025
            Sehr geehrte Frau Lindner,
            Zu zahlender Betrag 142,60 €
            """
        #expect(extractor.extract(text: letter).name.value == "Nordlicht")
        let bill = extractor.extract(text: "Tavira Telecom NZ Limited\nInvoice date 03/11/2025\nAccount number 4471882\nTotal due $86.40\n")
        #expect(bill.name.value == "Tavira")
        // An IBAN printed on the slip is a letter's sign too.
        let slip = extractor.extract(text: "Aldora Energie AG\nRechnung · Datum 01.12.2025\nTotal CHF 88.40\nCH44 3199 9123 0008 8901 2\n")
        #expect(slip.name.value == "Aldora Energie")
        #expect(NameFinder.shortenedLegalName("Allgemeine Versicherung AG") == nil)
        #expect(NameFinder.shortenedLegalName("Kestrel Assurances SA") == "Kestrel")
    }

    /// A logo in lower case beside the letterhead's capitalised name does not hide the name.
    @Test func aLowerCaseLogoBesideTheName() {
        let r = extractor.extract(text: "aurelia ◆   Aurelia Reisen\nBahnhofplatz 2 · 3011 Bern\nRechnung · Datum 03.10.2025\nTotal CHF 240.00\n")
        #expect(r.name.value == "Aurelia Reisen")
    }

    /// A mail client's list of dated rows with no "To:" line read: the open mail's sender is the
    /// listed one the page names again; a known name on another row is another mail's.
    @Test func theListedSenderThePageNamesAgain() {
        let r = extractor.extract(text: """
            Inbox
            Lumora 17/11/25            Your Lumora receipt
            Your Lumora receipt        Hi Ana, we charged your plan.
            Spotify       16/11/25     Lumora Plus, billed monthly
            New playlist for you       Total 12,90 €
            Glovo 14/11/25
            [Spotify] Your order is on its way
            """)
        #expect(r.name.value == "Lumora")
        #expect(NameFinder.datedSender("Lumora <hi@lumora.app> mar. 17/06/2025 06:02") == "Lumora")
    }

    /// A known service offered in the body of a mail whose sender's own domain names it is an
    /// offer, not the vendor.
    @Test func anOfferInTheBodyIsNotTheSender() {
        let r = extractor.extract(text: """
            Comprobante de pago Tuvali
            pagos@tuvali.com
            ¡Gracias por tu pago!
            Hola Catalina, renovamos tu plan Tuvali Full.
            Fecha 22-10-2025
            Plan Tuvali Full - mensual
            Neto $ 10.916
            IVA (19 %) $ 2.074
            Total $ 12.990
            ¿Quieres algo más? Suma HBO Max por $ 5.990 adicionales.
            """)
        #expect(r.name.value == "Tuvali")
    }

    /// A logo in lower case over the customer's block: the name as the document prints it elsewhere,
    /// not a line of the customer's block.
    @Test func aLowerCaseLogoPrintedCapitalisedBelow() {
        let r = extractor.extract(text: """
            brindle works                      INVOICE
            Billed to                          Invoice no. BW-2231
            Mara Quint                         Invoice date 03.11.2025
            Freelance illustrator
            Location   Brindle Works Hackney
            Desk membership   £100.00
            Total   £120.00
            """)
        #expect(r.name.value == "Brindle Works")
    }

    /// A bank app's payment screen: the money that left the account, alone on its line below zero,
    /// is the charge; the screen's title is no name; a standing order's next payment is the next date.
    @Test func aBankAppsPaymentScreen() {
        let r = extractor.extract(text: """
            11:30
            < Transaction details
            Velorant Mobile
            -AUD 250.49
            Payment sent - Completed
            Date 2026-12-28, 16:19
            Recurring payment Per year
            Next expected payment 2027-12-28
            """)
        #expect(r.name.value == "Velorant Mobile")
        #expect(r.amount.value == Decimal(string: "250.49"))
        #expect(r.currency.value?.code == "AUD")
        #expect(r.nextBillingDate.value == d("2027-12-28"))
        #expect(r.frequency.value == .yearly)
        let fr = extractor.extract(text: """
            < Détails de la transaction
            Quindaro
            -211,00€
            Date dimanche 22 novembre 2026
            Paiement récurrent Facturé annuellement
            """)
        #expect(fr.name.value == "Quindaro")
        #expect(fr.amount.value == Decimal(string: "211.00"))
        #expect(fr.frequency.value == .yearly)
        // A labelled amount below zero is a discount or a payment received, not a charge; nor is
        // one of two amounts below zero.
        let discount = extractor.extract(text: "Quindaro\nRemise fidélité -5,00 €\nDate 22 novembre 2026\n")
        #expect(discount.amount.value == nil)
        let two = extractor.extract(text: "Quindaro\n-5,00 €\n-12,00 €\nDate 22 novembre 2026\n")
        #expect(two.amount.value == nil)
    }

    /// The next charge announced in other words: "We'll charge you again on", "Siguiente fecha de
    /// facturación" (its date on the line below).
    @Test func nextChargeInOtherWords() {
        let en = extractor.extract(text: """
            Your receipt from Jaryx
            Date 05/11/2025
            Total GBP 201.42
            We'll charge you again on 05/02/2026
            """)
        #expect(en.billingDate.value == d("2025-11-05"))
        #expect(en.nextBillingDate.value == d("2026-02-05"))
        let es = extractor.extract(text: """
            VIAMOVA
            Calle Mayor, 126
            46002 Valencia
            27-09-2026 13:48
            Ticket 84123 Caja 6
            TOTAL EUR 65,95€
            Siguiente fecha de facturación:
            27-10-2026
            """)
        #expect(es.billingDate.value == d("2026-09-27"))
        #expect(es.nextBillingDate.value == d("2026-10-27"))
        let de = extractor.extract(text: """
            Ihre Rechnung
            Rechnungsdatum 24.08.2025
            Gesamt (brutto) 32,00 €
            Leistungszeitraum: 24.08.2025 - 23.09.2025
            Nächster Abrechnungstermin: 24.09.2025
            """)
        #expect(de.billingDate.value == d("2025-08-24"))
        #expect(de.nextBillingDate.value == d("2025-09-24"))
    }

    /// A till receipt paid through a payment service prints the service on its tender line, its sum
    /// read or misread: the shop is the vendor, not the service (which the catalogue knows).
    @Test func aPaymentServiceOnTheTenderLineIsNoVendor() {
        let r = extractor.extract(text: """
            Corvantia
            Gran Via, 99
            41001 Sevilla
            23/08/2026 09:37
            Ticket 75342 Caja 1
            Plan Business 1 TB 47,93€
            TOTAL 47,93€
            PAYPAL 47,93€
            ¡GRACIAS POR SU VISITA!
            """)
        #expect(r.name.value == "Corvantia")
        #expect(r.amount.value == Decimal(string: "47.93"))
        let catalogue = VendorCatalogue.bundled
        for tender in ["PAYPAL 47,93€", "PAYPAL 269", "PAYPAL CA$238. 99", "PayPal EUR 26,49"] {
            #expect(InvoiceExtractor.isTenderLine(tender, catalogue: catalogue), "\(tender)")
        }
        // A service bought through a store, a service that is no store, a store named alone.
        for other in ["Apple Music 10,99 €", "Netflix 15,99 €", "PayPal"] {
            #expect(!InvoiceExtractor.isTenderLine(other, catalogue: catalogue), "\(other)")
        }
    }

    /// A date's label in the column before its date is no letterhead, its accent misread or not.
    @Test func aDateLabelBesideItsDateIsNoLetterhead() {
        let r = extractor.extract(text: """
            Tu recibo
            Pagado : 16 oct 2025
            Periodo de facturaciön              16 oct 2025 - 22 oct 2025
            Importe total 13,12 €
            ¡Gracias por suscribirte a Tarnevo VPN!
            """)
        #expect(r.name.value == "Tarnevo VPN")
    }

    /// A customer's name over a street, with the invoice's particulars in the column beside it, is
    /// the customer's block: a document without a letterhead is named by its thank-you sentence.
    @Test func aCustomersNameBesideTheParticularsIsNoLetterhead() {
        let r = extractor.extract(text: """
            Tu factura
            22/12/2026
            Marta López                        N.º de factura 91078448
            Calle Mayor, 48                    Fecha de factura 22/12/2026
            08007 Barcelona
            Importe total   2,99 €
            ¡Gracias por suscribirte a Tarvelio Play!
            """)
        #expect(r.name.value == "Tarvelio Play")
        // ... and so is the block's label with the particulars beside it.
        let labelled = extractor.extract(text: """
            Recibo F2610-68376
            Facturar a                         Fecha de factura 16 de octubre de 2026
            Marta López                        N.º de cliente 13687801
            Carrer de Balmes, 165
            41001 Sevilla
            Total (IVA incl.)   48,74 EUR
            ¡Gracias por suscribirte a Tarvelio Play!
            """)
        #expect(labelled.name.value == "Tarvelio Play")
    }

    /// A tagline of trade and places under the name, its dots misread, is no name; a logo in spaced
    /// capitals is one word.
    @Test func taglinesAndSpacedLogos() {
        let walker = extractor.extract(text: """
            Hollow & Fern
            PET SITTING +» DIDSBURY +» MANCHESTER
            Mr & Mrs Adeyemi                   Invoice HF-0311
            Date 13th March 2026
            Total due £40.00
            """)
        #expect(walker.name.value == "Hollow & Fern")
        let spaced = extractor.extract(text: """
            Bramble Pest Control - Austin Branch #12
            B R A M B L E 9300 N Lamar Blvd, Austin, TX 78753
            Jennifer & Mark Delgado             Account # 44718820
            4418 Avenue G                       Invoice date 06/10/2025
            Total amount $139.64
            """)
        #expect(spaced.name.value == "BRAMBLE")
        #expect(NameFinder.isTagline("Levent • Maslak • Tophane"))
        #expect(!NameFinder.isTagline("Canal+ Séries"))
        #expect(NameFinder.joiningSpacedCapitals("A B C") == "A B C")
    }

    /// A town with its postcode and a tax status are lines of the header, not names.
    @Test func postcodesAndTaxStatusesAreNoNames() {
        let ca = extractor.extract(text: "MONTRÉAL QC H2H 2A1\nÉnergie Boréale\nFacture du 15 octobre 2025\nMontant à payer   142,18 $\n")
        #expect(ca.name.value == "Énergie Boréale")
        let ar = extractor.extract(text: "IVA RESPONSABLE INSCRIPTO\nAlbor Norte\nFecha 12/10/2025\nTOTAL   $ 18.450,00\n")
        #expect(ar.name.value == "Albor Norte")
    }

    /// A bank named where the invoice says where to send a transfer is the payee's bank, not the
    /// vendor.
    @Test func theBankToPayIntoIsNoVendor() {
        let r = extractor.extract(text: """
            Hound & Hollow
            12 Otley Road, Leeds LS6 3AA
            Invoice HH-0211 · Date 13/02/2026
            Total due £64.00
            Bank transfer: Revolut, sort code 04-29-09, account 12345678
            """)
        #expect(r.name.value == "Hound & Hollow")
        // An item's day ("Wed 11 March") is no phone mail app's sender line.
        #expect(NameFinder.phoneSender("Wed 11 March") == nil)
        #expect(NameFinder.phoneSender("Neon 21 Jan") == "Neon")
    }

    /// A desktop mail client: the open mail's sender over its "To:" line, beside a list whose rows
    /// name other senders, known ones among them.
    @Test func theOpenMailsSenderNotTheListsRows() {
        let r = extractor.extract(text: """
            Inbox                      Lumora 03/12/2025 08:31
                                       To: me
            Spotify 02/12/2025         Your Lumora receipt
            Your playlist is ready     Subscription Lumora Plus, billed monthly
            Deezer 01/12/2025          Total 12,90 €
            New releases for you       Paid with card ending 4417
            """)
        #expect(r.name.value == "Lumora")
        #expect(NameFinder.datedSender("Helpling 7. Oktober 2025 um 14:18") == "Helpling")
        #expect(NameFinder.datedSender("SNCF Connect lun. 16/06") == "SNCF Connect")
        // a list's short forms: today's mails by their time, older ones by day and month
        #expect(NameFinder.datedSender("Podimo 08:31") == "Podimo")
        #expect(NameFinder.datedSender("Wetaca 05.10.") == "Wetaca")
        #expect(NameFinder.datedSender("Renfe 15/11/25") == "Renfe")
        #expect(NameFinder.datedSender("Invoice 03/12/2025") == nil)
        #expect(NameFinder.datedSender("Total 12,90 €") == nil)
        #expect(NameFinder.datedSender("CHF 12.90") == nil)
        #expect(NameFinder.datedSender("Extra Data 12.50") == nil)
        #expect(NameFinder.datedSender("Rue du Port 12") == nil)
    }

    /// Street lines the address words miss, and a row of places, are not the sender's name: a
    /// German street written as one word with its house number, Spain's "C/", Mexico's "Col.".
    @Test(arguments: [
        ("Kastanienallee 5-9", "Musikschule Tonleiter", "Rechnung Nr. 2025-118 · Datum 02.10.2025", "Gesamtbetrag 180,00 €"),
        ("Am Lerchenweg 12", "Tanzstudio Wirbel", "Rechnung Nr. 2025-0311 · Datum 02.10.2025", "Gesamtbetrag 64,00 €"),
        ("C/ del Pez 14, 2.º", "Clínica Dental Sonrisa", "Factura FD-2026/031 · Fecha 12/02/2026", "Total a pagar 95,00 €"),
        ("Col. Americana", "Academia Delfines", "Recibo de pago · Fecha 03/07/2025", "Total $1,250.00 MXN"),
        ("Kadıköy · Moda · Beşiktaş", "Atölye Kahve", "Invoice no. 2025-77 · Invoice date 03.11.2025", "Total due ₺1.250,00"),
    ])
    func streetLinesAreNoName(street: String, name: String, dated: String, total: String) {
        let r = extractor.extract(text: "\(street)\n\(name)\n\(dated)\n\(total)\n")
        #expect(r.name.value == name, "\(street)")
    }

    /// Where a document comes from, not the countries its streets are named after; Australia's
    /// states and cities.
    @Test func countryCluesFromPlaces() {
        let uy = extractor.extract(text: """
            Factura
            Av. Brasil 2841 apto. 602 · 11300 Montevideo
            Fecha de emisión 09/01/2026
            TOTAL A PAGAR   $ 1.064,24
            """)
        #expect(uy.currency.value?.code == "UYU")
        #expect(uy.amount.value == Decimal(string: "1064.24"))
        let au = extractor.extract(text: """
            Tax invoice
            12 Banksia Street, Fitzroy North VIC 3068
            Issue date 14 Mar 2026
            Total due   $86.20
            """)
        #expect(au.currency.value?.code == "AUD")
    }

    /// A bare `$` on an invoice to a customer in a dollar country is the customer's dollar (a
    /// service bills in its customer's currency), not that of the issuer's country; without the
    /// customer's address, the issuer's country decides as before.
    @Test func aBareDollarIsTheCustomersDollar() {
        let issuer = """
            Tax invoice
            Lumen Studio Pty Ltd, 12 Banksia Street, Fitzroy North VIC 3068, Australia
            Issue date 14 Mar 2026
            """
        let toUS = extractor.extract(text: issuer + "\nBill to\nJordan Lee\n4419 Maple Avenue\nPortland, OR 97211\nTotal   $86.20\n")
        #expect(toUS.currency.value?.code == "USD")
        let toCanada = extractor.extract(text: issuer + "\nCustomer:  Sam Roy\n88 King St W\nToronto ON M5H 1J9\nTotal   $86.20\n")
        #expect(toCanada.currency.value?.code == "CAD")
        #expect(extractor.extract(text: issuer + "\nTotal   $86.20\n").currency.value?.code == "AUD")
        // The issuer's own column beside the customer's block is not the customer's.
        let beside = extractor.extract(text: """
            Invoice
            Bill to                     Lumen Studio Inc
            Jordan Lee                  500 Main Street
            12 Banksia Street           Portland, OR 97211
            Fitzroy North VIC 3068      United States
            Australia
            Issue date 14 Mar 2026
            Total   $86.20
            """)
        #expect(beside.currency.value?.code == "AUD")
        // A customer's number is no address block.
        let numbered = extractor.extract(text: issuer + "\nCustomer ID 25272412\nPortland, OR 97211\nTotal   $86.20\n")
        #expect(numbered.currency.value?.code == "AUD")
    }

    /// The tax line's label starts with the tax even behind specks OCR read in the margin.
    @Test func aTaxLineBehindSpecksIsStillTheTax() {
        let r = extractor.extract(text: """
            Justificante de pago
            Fecha 2026-03-03
            Total   123,99 €
            z ; IVA incluido (21%)   21,52 €
            """)
        #expect(r.amount.value == Decimal(string: "123.99"))
    }

    /// A parcel's delivery notice: the postage the sender paid is no charge to the reader.
    @Test(arguments: [
        "Value 89.90 €\nPostage paid by the sender.",
        "Valor 89,90 €\nEnvío pagado por el remitente.",
    ])
    func aDeliveryNoticeIsNoBill(lines: String) {
        let r = extractor.extract(text: "Parcelia\nYour parcel PQ4471 is out for delivery today.\n\(lines)\nExpected 14/03/2026\n")
        #expect(r.amount.value == nil && r.currency.value == nil && r.billingDate.value == nil && r.name.value == nil)
    }

    /// "Bezahlt" labels the amount paid; a sentence before a renewal's wording does not label its date.
    @Test func paidAndRenewalInGerman() {
        let r = extractor.extract(text: """
            Danke für Deinen Kauf!
            Jahreslizenz        49,00 €
            Bezahlt             44,10 €
            Kaufdatum 03.04.2026
            Der Betrag wurde per Karte bezahlt. Deine Lizenz verlängert sich am 03.04.2027
            """)
        #expect(r.amount.value == Decimal(string: "44.10"))
        #expect(r.nextBillingDate.value == d("2027-04-03"))
        #expect(InvoiceExtractor.lastSentence(of: "Rechnung Nr. ABC-12 vom ") == "Rechnung Nr. ABC-12 vom ")
    }

    /// Which dollar: New Zealand's towns say it. A job ticket's charge is the holder's own share.
    @Test func regionalCurrencyCluesAndOwnShares() {
        let nz = extractor.extract(text: """
            Kereru Fibre            Invoice date 9 March 2026
            14 Tane Street, Grey Lynn, Auckland 1021
            Total amount due   $153.87
            Kereru Fibre Limited · PO Box 1182, Wellington 6140
            """)
        #expect(nz.currency.value == Currency(code: "NZD"))
        let share = extractor.extract(text: """
            Verkehrsbetriebe Spreetal — Rechnung Firmenticket
            Datum 05.01.2026
            Preis Deutschlandticket Job   63,00 €
            Zuschuss Arbeitgeber   -28,15 €
            Ihr Eigenanteil   34,85 €
            """)
        #expect(share.amount.value == Decimal(string: "34.85"))
    }

    /// India's lakh grouping: "₹1,27,440.00" is the total, not its tax line.
    @Test func lakhGroupedAmountsAreRead() {
        let r = extractor.extract(text: """
            TAX INVOICE
            Invoice Date: 14-Feb-2026
            Sub Total   ₹1,08,000.00
            CGST (9%)   ₹9,720.00
            SGST (9%)   ₹9,720.00
            Total   ₹1,27,440.00
            """)
        #expect(r.amount.value == Decimal(string: "127440.00"))
        #expect(r.currency.value == Currency(code: "INR"))
    }

    /// One vendor per domain and per name: a second owner would never be found, the first always wins.
    @Test func catalogueNamesAndDomainsBelongToOneVendor() {
        let vendors = VendorCatalogue.bundled.vendors
        #expect(vendors.count >= 200)
        let domains = vendors.flatMap(\.domains).map { $0.lowercased() }
        #expect(Set(domains).count == domains.count)
        let names = vendors.map { Text.fold($0.name) }
        #expect(Set(names).count == names.count)
    }

    /// A phone mail app prints a chevron after the sender's name; a "+" of a brand stays.
    @Test func aPhoneMailAppsChevronIsNoPartOfTheName() {
        for (sender, name) in [("Kestrel Gyms >", "Kestrel Gyms"), ("Kestrel Gyms ›", "Kestrel Gyms"), ("Vela+ >", "Vela+")] {
            let r = extractor.extract(text: "07:18 all 56\n\(sender)\nTo: Lucas Ferreira 3/3/26\nYour payment receipt\nPayment confirmed\nYou paid   R$ 129,90\n")
            #expect(r.name.value == name, "\(sender)")
        }
    }

    @Test func paymentInAnotherPlaceIsNotTheName() {
        let r = extractor.extract(text: "Receipt\nPaid with Apple Pay\nTotal   €3.00\n")
        #expect(r.name.value != "Apple")
        // Ways to pay the bill offered at its foot are not who sends it.
        let offered = extractor.extract(text: """
            Fibranet                    FACTURA
            Fecha de emisión: 05/12/2025
            TOTAL A PAGAR $ 18.499,00
            Pagá también con Mercado Pago, Pago Fácil o Rapipago con el código de pago 0012
            """)
        #expect(offered.name.value == "Fibranet")
        // "Medio de pago Mercado Pago": how it was paid, not who is paid.
        let means = extractor.extract(text: """
            Diario Austral
            Confirmamos el pago de tu suscripción digital.
            Fecha 08/12/2025
            Total debitado $ 6.600,00
            Medio de pago   Mercado Pago
            """)
        #expect(means.name.value == "Diario Austral")
        // Part paid by the employer, through its bank: the gym's receipt still.
        let employer = extractor.extract(text: """
            Kestrel Gyms
            Your payment receipt
            Plan price   R$ 279,90
            Paid by Revolut Business   -R$ 150,00
            You paid   R$ 129,90
            """)
        #expect(employer.name.value == "Kestrel Gyms")
    }

    /// A sender's role mailbox in Spanish, French or German ("suscripciones@", "adherents@") belongs to
    /// the vendor: its domain names it.
    @Test(arguments: ["suscripciones", "adherents", "mitglieder"])
    func aRoleMailboxInAnyLanguageNamesTheVendor(mailbox: String) {
        let r = extractor.extract(text: """
            Inbox
            DIARIO VESPER <\(mailbox)@diariovesper.com.ar>
            Para: martin@example.com
            Confirmación de pago
            Fecha 08/12/2025
            Total debitado $ 6.600,00
            """)
        #expect(r.name.value == "DIARIO VESPER")
    }
}

@Suite struct NextChargeTests {
    let e = InvoiceExtractor()

    /// The next renewal said in other ways: "will be renewed ... on", a start date with the debit's
    /// wording after it, a long label with a doubled letter read once, "1er" read "Ler".
    @Test(arguments: [
        ("Your membership will be renewed automatically on\n2026/08/21 for 1 year at ¥2,400.", "2026-08-21"),
        ("À partir du 14 février 2026, votre abonnement sera prélevé de 12,99 € chaque mois.", "2026-02-14"),
        ("From March 14, 2026 you will be charged $12.99 a month.", "2026-03-14"),
        ("Your next biling date is March 21, 2026.", "2026-03-21"),
        ("Prochain prélèvement le Ler mars 2026.", "2026-03-01"),
        // The sentence broken before its last words.
        ("Your next membership payment of £12.99 will be\ntaken on 14 March 2026.", "2026-03-14"),
        // A renewal "reconduit", a club's or insurer's next call for contributions.
        ("Votre abonnement sera reconduit automatiquement le 21/02/2027.", "2027-02-21"),
        ("Prochain appel de cotisation : 25 mars 2026.", "2026-03-25"),
    ])
    func statedInOtherWords(line: String, iso: String) {
        let r = e.extract(text: "Receipt\nDate 2026-01-14\nTotal   12,99 €\n\(line)\n")
        #expect(r.nextBillingDate.value == LocalDate(iso: iso), "\(line)")
        #expect(r.billingDate.value == LocalDate(iso: "2026-01-14"), "\(line)")
    }

    /// A contract "reconduit pour la période du ..." names the period this notice charges for, not a
    /// renewal to come.
    @Test func aContractRenewedForThePeriodChargedHasNoNextDate() {
        let r = e.extract(text: """
            Avis d'échéance
            Date 03/03/2026
            Votre contrat habitation sera reconduit pour la période du 1er avril 2026 au 31 mars 2027.
            Cotisation annuelle TTC   312,40 €
            """)
        #expect(r.nextBillingDate.value == nil)
    }

    /// A renewed item's period starts with this charge; the renewal stated below it is the next.
    @Test func theNextIsAfterThisChargeAndNotARangesEnd() {
        let r = e.extract(text: """
            Factura
            Fecha 14/04/2026
            Renovación dominio (1 año) 14/04/2026 – 13/04/2027 9,90 €
            Total factura 9,90 €
            Próxima renovación: 14/04/2027.
            """)
        #expect(r.nextBillingDate.value == LocalDate(iso: "2027-04-14"))
        #expect(r.billingDate.value == LocalDate(iso: "2026-04-14"))
    }

    /// This charge taken later ("This amount will be collected on ...") is no renewal.
    @Test func thisAmountCollectedLaterIsNoRenewal() {
        let r = e.extract(text: "Receipt\nDate 2026-01-14\nTotal   12,99 €\nThis amount will be collected on 20 January 2026.\n")
        #expect(r.nextBillingDate.value == nil)
    }

    /// A start date followed by something other than a charge names no renewal.
    @Test func aStartWithoutTheDebitsWordingIsNoRenewal() {
        let r = e.extract(text: "Receipt\nDate 2026-01-14\nTotal   12,99 €\nFrom March 14, 2026 the app has a new look.\n")
        #expect(r.nextBillingDate.value == nil)
    }

    @Test func derivedFromBillingDateAndFrequencyUnlessStated() {
        let yearly = e.extract(text: "Invoice\nInvoice date: 31 January 2026\nAnnual plan\nTotal   €99.00\n")
        #expect(yearly.nextCharge == LocalDate(year: 2027, month: 1, day: 31))
        let monthly = e.extract(text: "Invoice\nInvoice date: 31 January 2026\nTotal   €9.00\n")
        #expect(monthly.nextCharge == LocalDate(year: 2026, month: 2, day: 28))
        let stated = e.extract(text: "Invoice\nInvoice date: 31 January 2026\nTotal   €9.00\nNext billing date: 1 March 2026\n")
        #expect(stated.nextCharge == LocalDate(year: 2026, month: 3, day: 1))
    }
}

@Suite struct NameTests {
    let e = InvoiceExtractor()

    /// A customer's name printed in capitals after a title is not the vendor's.
    /// A mail app's own brand beside its search box is not the sender's.
    @Test func aMailAppsBrandInItsSearchBar() {
        let r = e.extract(text: """
            Proton Mail      Buscar
            Tu factura de marzo ya está disponible
            Fibrafon <facturas@fibrafon.es>
            Fecha de factura 01/03/2026
            Total factura 29,90 €
            """)
        #expect(r.name.value != nil && r.name.value != "Proton")
    }

    /// A mail's sender as its header shows it: "Name <address>" (the address misread, so no domain
    /// names it), or a phone app's "Name  21 Jan"; not a person writing from a mail provider.
    @Test func theSenderOfAMailScreenshot() {
        let web = e.extract(text: """
            = Gmail      Rechercher
            Nouveau message
            Votre facture Ortelia - Décembre 2025
            Boîte de réception 2087
            Ortelia Telecom <iacture@ortelia ma> 3 janv. 2026, 09:12
            Favoris
            Votre facture Fibre est disponible
            Montant TTC à payer 515,00 €
            """)
        #expect(web.name.value == "Ortelia Telecom")
        for header in ["Kavo 21 Jan :", "| Kavo 21. Jan.", "Kavo Jan 21"] {
            let phone = e.extract(text: """
                07:03      all 5G 83%
                \(header)
                Thanks for being with us. Your monthly payment went through.
                Invoice date 21/01/2026
                Total paid $19.99
                """)
            #expect(phone.name.value == "Kavo", "\(header)")
        }
        let forwarded = e.extract(text: "Anna Weber <anna.weber@gmail.com>\nRechnung\nRechnungsdatum 02.03.2026\nGesamtbetrag 40,00 €\n")
        #expect(forwarded.name.value != "Anna Weber")
    }

    /// The sender's name over its address says more than the domain ("Korvana Radclub" of
    /// "korvana.de", whose legal name is another); a mailbox's role after the name says nothing.
    @Test func theSendersNameOverItsAddressExtendsTheDomain() {
        func mail(_ sender: String) -> String? {
            e.extract(text: """
                Posteingang
                Ihre Korvana Radclub Mitgliedschaft
                \(sender)   17. Nov. 2025 um 21:33
                billing@korvana.de
                Danke für Ihre Zahlung
                Gesamtbetrag   EUR 15,16
                Korvana Sport GmbH - Am Markt 1, 79098 Freiburg
                www.korvana.de
                """).name.value
        }
        #expect(mail("Korvana Radclub") == "Korvana Radclub")
        #expect(mail("Korvana Team") == "Korvana")
        #expect(mail("Korvana Rechnungen") == "Korvana")
    }

    /// A screenshot's chrome is no letterhead: the phone's status bar, a mail folder, the mail app's
    /// name.
    @Test func aScreenshotsChromeIsNoLetterhead() {
        for (top, brand) in [("12:26      all 5G (um)", "Kodiak"), ("Posteingang ke", "Flinkbox"),
                             ("GMX E-Mail Cloud Kalender Kontakte", "Spusa")] {
            let r = e.extract(text: "\(top)\n\(brand)\nDate de facture 2026-02-09\nTotal à payer 51,74 €\n")
            #expect(r.name.value == brand, "\(top)")
        }
    }

    @Test func aCustomerInCapitalsIsNotTheVendor() {
        let r = e.extract(text: """
            Numéro de compte 514 882 0471
            MME JOSÉE LAVOIE
            4410 RUE SAINT-DENIS
            Date de la facture 2026-02-18
            Montant à payer 92,22 $
            fibrelia.ca
            """)
        #expect(r.name.value != "MME JOSÉE LAVOIE" && r.name.value?.contains("LAVOIE") != true)
    }

    @Test func letterheadOfAnUnknownShopIsKeptAsPrinted() {
        let r = e.extract(text: """
            thanks, see you
            KEDAI RUNCIT MAJU SDN BHD
            No. 12, Jalan Besar
            Cashier: 02
            Qty Item Amount
            1 Rice 5.00
            TOTAL 5.00
            CASH 10.00
            CHANGE 5.00
            """)
        #expect(r.name.value == "KEDAI RUNCIT MAJU SDN BHD")
        #expect(r.amount.value == Decimal(string: "5.00"))
    }

    /// "Box" is a word of shop names; only a post box ("PO Box 12") makes a line an address.
    @Test func aShopNamedBoxIsNotAPostBox() {
        let shop = e.extract(text: "ARDENA BOX MARKT\n3 rue de la Gare\n08.07.2026 13:17\nTea 20,43\nSUMME 20,43 EUR\nBAR 30,00\nRUCKGELD 9,57")
        #expect(shop.name.value == "ARDENA BOX MARKT")
        let postBox = e.extract(text: "PO BOX 4410\nARDENA MARKT\n08.07.2026 13:17\nSUMME 20,43 EUR\nBAR 30,00\nRUCKGELD 9,57")
        #expect(postBox.name.value == "ARDENA MARKT")
        #expect(NameFinder.looksLikeAddress("PO Box 4410"))
        #expect(NameFinder.looksLikeAddress("Postfach 12 40"))
        #expect(!NameFinder.looksLikeAddress("Ardena Box 2"))
    }

    /// A business word of a name misread by one letter OCR confuses is put right; other words stay.
    @Test func aBusinessWordMisreadByOneLetterIsPutRight() {
        #expect(NameFinder.repairBusinessWords("BACKEREL SOMMER") == "BACKEREI SOMMER")
        #expect(NameFinder.repairBusinessWords("Ardena Stationerv") == "Ardena Stationery")
        #expect(NameFinder.repairBusinessWords("RESTAURAMT SERI") == "RESTAURANT SERI")
        #expect(NameFinder.repairBusinessWords("MARKED TRADING") == "MARKED TRADING")  // d for t: not a usual slip
        #expect(NameFinder.repairBusinessWords("BAKERS DOZEN") == "BAKERS DOZEN")
        #expect(NameFinder.repairBusinessWords("MINT MART") == "MINT MART")  // short words are left alone
        let r = e.extract(text: "BACKEREL SOMMER\nHauptstraße 3\n08.07.2026 13:17\nSUMME 20,43 EUR\nBAR 30,00\nRUCKGELD 9,57")
        #expect(r.name.value == "BACKEREI SOMMER")
    }

    /// A catalogue name OCR split at a change of case ("NordV PN") is still the catalogue's.
    @Test func aCatalogueNameSplitByOCRIsFound() {
        let r = e.extract(text: "NordV PN RECEIPT\nDate issued: 19 January 2026\nNordV PN Premium plan $10.69\nTotal $12.83")
        #expect(r.name.value == "NordVPN")
        // Two words that only join into a short name are not it.
        #expect(VendorCatalogue.bundled.byJoinedName.keys.allSatisfy { $0.count >= 6 && !$0.contains(" ") })
    }

    /// Addressing words start names when capitalised and without their colon ("Para SARL", "An
    /// Post"); an item table's column heading is no name.
    @Test func aNameStartingWithAnAddressingWordIsAName() {
        let r = e.extract(text: """
            Para SARL - 22 rue du Port
            Date de facture : 8 novembre 2026
            Facturé à
            Sam Taylor
            Désignation   Qté   Montant
            Abonnement Family   1   57,07 €
            Net à payer   68,48 EUR
            """)
        #expect(r.name.value == "Para SARL")
        #expect(NameFinder.isRecipientLabel("Para: Juan Pérez"))
        #expect(NameFinder.isRecipientLabel("To"))
        #expect(!NameFinder.isRecipientLabel("Para SARL"))
        #expect(!NameFinder.isRecipientLabel("An Post"))
        #expect(!NameFinder.isRecipientLabel("a"))  // a speck, as before
        let table = e.extract(text: "FACTURE\nDate de facture : 8 novembre 2026\nDésignation   Qté   Montant\nAbonnement   1   9,99 €\nTotal TTC   9,99 €")
        #expect(table.name.value == nil)
    }

    /// An app store's receipt is the service's bought through it; without one named, the store's.
    @Test func aStoreReceiptIsTheServiceItSold() {
        let service = e.extract(text: """
            Google Play <googleplay-noreply@google.com>
            Your Google Play order receipt from Mar 12, 2026
            Thank you. You've subscribed to Duolingo Super on Google Play.
            Item   Price
            Duolingo Super (Duolingo)   $12.99/month
            Total: $12.99/month
            """)
        #expect(service.name.value == "Duolingo")
        // The total's row under the "Price" heading is the total, not an item's price.
        #expect(service.amount.value == Decimal(string: "12.99"))
        let unknown = e.extract(text: """
            Google Play <googleplay-noreply@google.com>
            Your Google Play order receipt from Mar 12, 2026
            Item   Price
            Quillnote Pro (Quillnote Labs)   $4.99/month
            Total: $4.99/month
            """)
        #expect(unknown.name.value == "Google Play")
    }

    /// Brands as bills print them: a lower-case logo alone ("edf"), a two-letter brand the bill
    /// repeats ("Your O2 bill" ... "My O2"), a legal name heading a footer ("Orange SA au capital").
    @Test func brandsAsBillsPrintThem() {
        #expect(e.extract(text: "Votre facture\nedf\ndu 10/03/2026\nMontant à payer 98,25 €").name.value == "EDF")
        let o2 = e.extract(text: "Your O2 bill\nBill date: 14 March 2026\nTotal to pay £29.25\nFind your itemised bill in My O2.")
        #expect(o2.name.value == "O2")
        let once = e.extract(text: "Receipt\nO2 sensor cleaning\nDate: 14 March 2026\nTotal paid £29.25")
        #expect(once.name.value != "O2")
        let orange = e.extract(text: """
            votre facture
            facture n° 1240 du 8 mars 2026
            abonnements et forfaits
            total TTC 42,99 €
            Orange SA au capital de 10 640 226 396 € - 111 quai du Président Roosevelt 92130 Issy-les-Moulineaux
            """)
        #expect(orange.name.value == "Orange")
        let telekom = e.extract(text: "Rechnung Februar 2026\nTelekom Deutschland GmbH, Landgrabenweg 151, 53227 Bonn\nRechnungsdatum 18.02.2026\nRechnungsbetrag 59,95 €")
        #expect(telekom.name.value == "Telekom")
    }

    /// A customer addressed by title is no letterhead; a domain is read whole, hyphen and all, and
    /// may cut its name's last word short.
    @Test func titlesAndDomainsName() {
        let r = e.extract(text: "Your bill\nMr Daniel Price   Account number 4418\n41 Albert Road\nBill date: 14 March 2026\nTotal to pay £29.25")
        #expect(r.name.value != "Mr Daniel Price")
        #expect(e.extract(text: "MR PRICE HOME (M) SDN BHD\nNo. 3, Jalan Besar\nTOTAL RM 12.00\nCASH 20.00\nCHANGE 8.00").name.value == "MR PRICE HOME (M) SDN BHD")
        // Texts too short to hold a legal name (a crash once: an empty range of words).
        #expect(NameFinder.nameBeforeLegalForm("") == nil && NameFinder.nameBeforeLegalForm("Orange") == nil)
        #expect(NameFinder.nameBeforeLegalForm("Orange SA au capital de 10 640 226 396 €") == "orange")
        let yoga = e.extract(text: """
            Studio Lotus Yoga
            14 rue de l'Aiguillerie, 34000 Montpellier – contact@studiolotus-yoga.fr
            FACTURE N° 2026-041   Date : 2 mars 2026
            Total à payer 180,00 €
            """)
        #expect(yoga.name.value == "Studio Lotus Yoga")
        #expect(NameFinder.domainShortens("lacolmenacoworking", to: "lacolmenacowork", lastWord: "Coworking"))
        #expect(!NameFinder.domainShortens("lacolmenacoworking", to: "lacolmena", lastWord: "Coworking"))
        #expect(!NameFinder.domainShortens("acmebox", to: "acmeb", lastWord: "Box"))
    }

    /// The customer's own address names no vendor, even at a provider's domain; a mail app's
    /// folders in any of the four languages are no letterhead.
    @Test func theCustomersMailboxAndTheMailAppsFoldersAreNoNames() {
        let r = e.extract(text: """
            Quarrel Cloud Backup Invoice
            Invoice # QC-20260301   Quarrel Cloud, Inc.
            Date: March 1, 2026
            Account k.green@fastmail.com
            Total charged $9.00
            """)
        #expect(r.name.value != "Fastmail")
        #expect(NameFinder.isPersonalMailbox("pa.vidal", domain: "orange.fr"))
        #expect(!NameFinder.isPersonalMailbox("googleplay-noreply", domain: "google.com"))
        #expect(!NameFinder.isPersonalMailbox("facturas", domain: "simyo.es"))
        #expect(!NameFinder.isPersonalMailbox("netflix", domain: "mailer.netflix.com"))
        let inbox = e.extract(text: "Recibidos\nTu factura de marzo\nFecha: 3 de marzo de 2026\nTotal a pagar 12,00 €")
        #expect(inbox.name.value != "Recibidos")
        let boite = e.extract(text: "Boîte de réception\nVotre reçu\nDate : 3 mars 2026\nMontant payé 12,00 €")
        #expect(boite.name.value != "Boîte de réception")
    }

    /// A vendor's hyphenated mail domain adds a trade or town to the name it prints; a domain
    /// printed nowhere as words comes after the letterhead (a host's invoice prints its customer's
    /// website); an Outlook folder is no letterhead.
    @Test func domainsAfterWhatTheDocumentPrints() {
        let dance = e.extract(text: """
            Pas Légers
            école de danse
            3 place du Marché, 21000 Dijon – bonjour@paslegers-danse.fr
            Facture n° 2026-048   Dijon, le 6 janvier 2026
            Total TTC 240,00 €
            """)
        #expect(dance.name.value == "Pas Légers")
        let host = e.extract(text: """
            ORVALIS HOSTING
            Factura n° H-2931   Fecha de factura 2026-02-18
            Plan Premium 12 meses · tienda-de-lana.es
            Total 43,41 €
            """)
        #expect(host.name.value == "ORVALIS HOSTING")
        let outlook = e.extract(text: "Elementos enviados\nConfirmación de pago\nFecha: 8 de marzo de 2026\nTotal pagado 9,99 €")
        #expect(outlook.name.value != "Elementos enviados")
    }

    @Test func customerNameUnderBillToIsNotTheVendor() {
        let r = e.extract(text: """
            INVOICE
            Bill to
            Maria Lopez
            Invoice date: 02/03/2026
            Total   €30.00
            """)
        #expect(r.name.value != "Maria Lopez")
    }

    @Test func noiseAndSocialDomainsAreNotNames() {
        let r = e.extract(text: """
            EE
            Receipt
            Follow us: www.facebook.com/somecafe
            Apple
            Total   €4.00
            Paid by card
            """.replacingOccurrences(of: "Apple", with: "1 Apple tart   €4.00"))
        #expect(r.name.value != "EE")
        #expect(r.name.value != "Facebook")
        #expect(r.name.value != "Apple")
    }

    /// An invoice's letterhead: the brand alone over "Brand S.A. - address". A person knows the brand; the
    /// address after the legal name is not part of it.
    @Test(arguments: [("Veltra Cloud", "Veltra Cloud S.A. - 17 Rue du Port"), ("Orsino", "Orsino GmbH"),
                      ("Quill Notes", "Quill Notes Ltd, 4 High Street")])
    func theBrandPrintedAloneOverItsLegalName(brand: String, legal: String) {
        let r = e.extract(text: """
            \(brand)                                        INVOICE
            \(legal)                                No. INV-2026-118
                                                          Invoice date: 12 March 2026
            Bill to
            Sam Taylor
            Pro plan                                      €20.00
            Total                                         €20.00
            """)
        #expect(r.name.value == brand)
    }

    /// The brand alone in a logo type OCR misread by one letter: the legal name spells it. Spaces OCR
    /// lost in the legal name are the brand's.
    /// Another word altogether over it is no reading of the brand: the legal name stays.
    @Test(arguments: [("Veltra C1oud", "Veltra Cloud S.A. - 17 Rue du Port", "Veltra Cloud"), ("0rsinova", "Orsinova GmbH", "Orsinova"),
                      ("Brightwave", "Orsinova GmbH", "Orsinova GmbH"), ("Bomi Fit", "BomiFit S.A. - 52 Main Street", "Bomi Fit")])
    func theBrandAloneMisreadIsSpelledAsInTheLegalName(misread: String, legal: String, brand: String) {
        let r = e.extract(text: """
            \(misread)                                        INVOICE
            \(legal)                                No. INV-2026-118
                                                          Invoice date: 12 March 2026
            Pro plan                                      €20.00
            Total                                         €20.00
            """)
        #expect(r.name.value == brand)
    }

    /// The brand in other words over the legal name, sharing a name with it ("Café Origen" over
    /// "Tostadores Origen, S.L."), is the brand; also when the web address spells the legal name.
    @Test(arguments: [("Café Origen", "Tostadores Origen, S.L."), ("Lavandería Burbuja", "Burbuja Servicios de Limpieza, S.L."),
                      ("Sprachwerk", "Sprachwerk Akademie e.K."), ("L'Atelier Partagé", "SAS Atelier Partagé Coworking"),
                      ("Gemüsekiste Hofgut", "Hofgut Lindenau GbR"), ("Kletterwerk", "Kletterwerk Sportverein e.V.")])
    func theBrandInOtherWordsOverItsLegalName(brand: String, legal: String) {
        func invoice(_ footer: String, logo: String? = nil) -> String? {
            e.extract(text: """
                \(logo.map { $0 + " " } ?? "")\(brand)                                        INVOICE
                \(legal)
                12 Calle Mayor                                No. INV-2026-118
                                                              Invoice date: 12 March 2026
                Pro plan                                      €20.00
                Total                                         €20.00
                \(footer)
                """).name.value
        }
        #expect(invoice("Thank you") == brand)
        let site = NameFinder.stripLegal(legal).split(separator: " ").joined(separator: "-")
        #expect(invoice("www.\(site).com") == brand, "\(site)")
        // The logo beside the brand read as a letter or a word in lower case is no part of it.
        for scrap in ["O", "all"] { #expect(invoice("Thank you", logo: scrap) == brand, "\(scrap)") }
    }

    /// Where the line over the legal name shares no name with it, or is a document's title in one
    /// word ("Zahlungsbestätigung"), the legal name's brand stays; a shop's receipt keeps its legal
    /// name as printed.
    @Test func aLineOverTheLegalNameSharingNoNameIsNoBrand() {
        let unrelated = e.extract(text: """
            Brightwave                                    INVOICE
            Orsinova GmbH
            Invoice date: 12 March 2026
            Total                                         €20.00
            """)
        #expect(unrelated.name.value == "Orsinova GmbH")
        let titled = e.extract(text: """
            Boulderwerk Zahlungsbestätigung
            Boulderwerk Betriebs GmbH
            Zahlungsdatum 13.12.2025
            Gesamtbetrag   26,00 €
            www.boulderwerk.de
            """)
        #expect(titled.name.value == "Boulderwerk")
        let till = e.extract(text: """
            ORIGEN MART
            ORIGEN TRADING SDN BHD (123456-A)
            12 JALAN MAWAR, 43000 KAJANG
            TOTAL   RM 12.50
            CASH   RM 20.00
            CHANGE   RM 7.50
            THANK YOU, PLEASE COME AGAIN
            """)
        #expect(till.name.value == "ORIGEN TRADING SDN BHD")
    }

    /// A catalogue name of several words that is also a phrase of the language ("Google One") counts
    /// as printed again when it is, words in a row; a store's domain (google.com) is then the way
    /// it was paid, not the vendor.
    @Test func aCatalogueNameOfTwoWordsPrintedTwice() {
        let r = e.extract(text: """
            G Google One                                     INVOICE
            Google Ireland Limited                           Invoice number 2025-871603
            Date 27/05/2025
            Total   C$10.17
            Google One · Invoice number 2025-871603
            Tel. +1 25 556 62 25 · www.google.com
            """)
        #expect(r.name.value == "Google One")
    }

    /// A catalogue name alone in its cell past a logo's monogram; a brand over its legal name
    /// whose form has words of its own ("UG (haftungsbeschränkt)").
    @Test func aCatalogueNamePastAMonogramAndABrandOverAnUG() {
        let google = e.extract(text: """
            G Google One                    RECHNUNG
            Google Ireland Limited
            Rechnungsdatum 04.11.2025
            Gesamtbetrag   19,99 €
            www.google.com
            """)
        #expect(google.name.value == "Google One")
        let scrap = e.extract(text: """
            all Google One                    INVOICE
            Google Ireland Limited
            Date 2026-02-02
            Total   $19.99
            www.google.com
            """)
        #expect(scrap.name.value == "Google One")
        // A ring logo read as a letter before a short name, and bars read as strokes.
        let ring = e.extract(text: """
            | O SFR                    FACTURE
            Société Française du Radiotéléphone
            Date du paiement 14 mai 2025
            Total à payer   74,90 €
            """)
        #expect(ring.name.value == "SFR")
        let bars = e.extract(text: """
            Il Google One                    FACTURA
            Google Ireland Limited
            Fecha 2026-02-02
            Importe a pagar   19,99 €
            www.google.com
            """)
        #expect(bars.name.value == "Google One")
        // The logo's wide type run together.
        let runTogether = e.extract(text: """
            ©GoogleOne                    Facture
            Google Ireland Limited
            Date 2026-02-02
            Montant à payer   19,99 €
            www.google.com
            """)
        #expect(runTogether.name.value == "Google One")
        let ug = e.extract(text: """
            Yogahaus Nord Zahlungsbestätigung
            Yogahaus Nord UG (haftungsbeschränkt)
            Lindenweg 13                     Rechnungsdatum 04.11.2025
            Kundennummer 353617
            Rechnungsempfänger
            Tobias Richter
            Gesamtbetrag   54,99 €
            """)
        #expect(ug.name.value == "Yogahaus Nord")
    }

    /// The web address names the vendor as the document prints it: with the little words the
    /// domain leaves out ("courrier-vexin"), with the article a name alone in its cell starts with
    /// ("El Eco de Getafe"), and as a heading prints it rather than a sentence.
    @Test func theDomainAsTheDocumentPrintsIt() {
        let mail = e.extract(text: """
            Votre reçu Le Courrier du Vexin
            billing@mail.courrier-vexin.fr
            Le Courrier du Vexin
            Facture n° F2026-098816
            Date 17 mai 2026
            Total   80,99 €
            """)
        #expect(mail.name.value == "Le Courrier du Vexin")
        let marked = e.extract(text: """
            Votre reçu Studio Prana
            © Studio Prana
            Date 17 mai 2026
            Total   80,99 €
            www.studio-prana.fr
            """)
        #expect(marked.name.value == "Studio Prana")
        // (also with the article's l read as a capital I, or after a logo's letter)
        for article in ["El", "EI", "B El"] {
            let paper = e.extract(text: """
                \(article) Eco de Getafe                         Justificante de pago
                Ediciones del Sur de Madrid, S.L.
                Fecha de factura 21 de marzo de 2025
                Total pagado   181,99 €
                www.ecodegetafe.es
                """)
            #expect(paper.name.value == "El Eco de Getafe", "\(article)")
        }
        let signed = e.extract(text: """
            $ El Diario de Alcorcón                   Factura
            Ediciones del Sur de Madrid, S.L.
            Fecha 6 de marzo de 2026
            Total   9,99 €
            www.diariodealcorcon.es
            """)
        #expect(signed.name.value == "El Diario de Alcorcón")
        // A web address OCR spaced out after its dots, or whose last dot it lost.
        for address in ["www. lavoir-rapide. fr", "www. lavoir-rapide fr"] {
            let spaced = e.extract(text: """
                & Lavoir Rapide                   REÇU
                Blanchisserie Durand SARL
                Date de facture 2025-02-02
                Total   25,00 €
                Tél. 09 23 78 08 12 - \(address)
                """)
            #expect(spaced.name.value == "Lavoir Rapide", "\(address)")
        }
        // A mail's sender names itself with its article.
        let sender = e.extract(text: """
            Tu factura FAC-2025-1 de El Diario de Alcorcón
            E El Diario de Alcorcón <clientes@email.diariodealcorcon.es>   1 jul 2025, 13:01
            Fecha de pago 01-07-2025
            Total   9,99 €
            """)
        #expect(sender.name.value == "El Diario de Alcorcón")
        let sentence = e.extract(text: """
            Receipt
            Welcome to The Acme Cloud family, Sam.
            Date 21 March 2025
            Total paid   $18.99
            www.acmecloud.com
            """)
        #expect(sentence.name.value == "Acme Cloud")
        // Accents and umlauts as a domain spells them, and an elided article it leaves out.
        for (printed, domain) in [("Café Ortega", "cafeortega.es"), ("Brühwerk Rösterei", "bruehwerk-roesterei.de"),
                                  ("L'Établi Partagé", "etabli-partage.fr")] {
            let r = e.extract(text: """
                Reçu de paiement
                Merci, votre commande \(printed) est en route.
                Date 17 mai 2026
                Total   80,99 €
                Voir www.\(domain)
                """)
            #expect(r.name.value == printed, "\(domain)")
        }
        // A web address is no letterhead, however high on the page.
        let unprinted = e.extract(text: "Voir www.kalvora.es\nReçu de paiement\nDate 17 mai 2026\nTotal   80,99 €\n")
        #expect(unprinted.name.value == "Kalvora")
        // A hyphenated domain's first part that is only a trade ("cafe" of "cafe-ortega") is no name.
        let trade = e.extract(text: """
            Votre reçu Torréfaction Ortega
            Torréfaction Ortega   lun.
            account@account.cafe-ortega.fr
            Paiement confirmé
            Café en grains 1 kg   25,10 €
            Total   25,10 €
            www.cafe-ortega.fr
            """)
        #expect(trade.name.value == "Torréfaction Ortega")
    }

    /// A logo read before the name: an opening bracket and letters, or a letter or two in brackets.
    @Test func aLogoScrapBeforeTheName() {
        #expect(NameFinder.droppingLogoScrap("(EN Judo Club") == "Judo Club")
        // A framed monogram glued to the name; a framed word stays.
        #expect(NameFinder.droppingLogoScrap("[v]Vertige Escalade") == "Vertige Escalade")
        #expect(NameFinder.droppingLogoScrap("(RED)Music Store") == "(RED)Music Store")
        #expect(NameFinder.droppingLogoScrap("[Cc] Crux Climbing") == "Crux Climbing")
        #expect(NameFinder.droppingLogoScrap("(G) Gramfield") == "Gramfield")
        #expect(NameFinder.droppingLogoScrap("(RED) Music") == "(RED) Music")
        #expect(NameFinder.droppingLogoScrap("(Kuala Lumpur) Sdn Bhd") == "(Kuala Lumpur) Sdn Bhd")
        #expect(NameFinder.droppingLogoScrap("MR D.I.Y. (M) SDN BHD") == "MR D.I.Y. (M) SDN BHD")
        // A monogram read as one letter before the name's article; a name that starts with a letter stays.
        #expect(NameFinder.droppingLogoScrap("O El Eco de Getafe") == "El Eco de Getafe")
        #expect(NameFinder.droppingLogoScrap("B Le Courrier du Vexin") == "Le Courrier du Vexin")
        #expect(NameFinder.droppingLogoScrap("A Lisa Coiffure") == "A Lisa Coiffure")
        // A framed monogram read as the frame's closing side, with or without its letter.
        #expect(NameFinder.droppingLogoScrap("1) L'Atelier Partagé") == "L'Atelier Partagé")
        #expect(NameFinder.droppingLogoScrap("Lt] L'Atelier Partagé") == "L'Atelier Partagé")
        #expect(NameFinder.droppingLogoScrap("| Alojanet") == "Alojanet")
        #expect(NameFinder.droppingLogoScrap("L|L'Atelier Partagé") == "L'Atelier Partagé")
        #expect(NameFinder.droppingLogoScrap("Lt|Vertige Escalade") == "Vertige Escalade")
        #expect(NameFinder.droppingLogoScrap("ALAM) SDN BHD") == "ALAM) SDN BHD")  // a name's own bracket, broken over lines
        #expect(NameFinder.droppingLogoScrap("M) sdn bhd") == "M) sdn bhd")
    }

    /// The document's title in capitals read into the same cell as the brand beside it.
    @Test func aTitleReadIntoTheBrandsCell() {
        #expect(NameFinder.droppingTitle("Bean & Bloom Coffee Club PAYMENT RECEIPT") == "Bean & Bloom Coffee Club")
        #expect(NameFinder.droppingTitle("Lavoir Express REÇU DE PAIEMENT") == "Lavoir Express")
        #expect(NameFinder.droppingTitle("Glanzwerk ZAHLUNGSBESTÄTIGUNG") == "Glanzwerk")
        // A title in mixed case whose gap OCR lost: the word turns to a capital that starts it.
        #expect(NameFinder.droppingTitle("Torréfaction CaravelleReçu de paiement") == "Torréfaction Caravelle")
        #expect(NameFinder.droppingTitle("Kestrel StudioRechnung") == "Kestrel Studio")
        // No title, a title in lower case, a capitals line, or a title alone: unchanged; nor a brand
        // ending in a short document word with nothing after it.
        for cell in ["Bean & Bloom Coffee Club", "Your Slack receipt", "SIMPLIFIED TAX INVOICE", "PAYMENT RECEIPT", "Ab INVOICE",
                     "Acme SimpleBill", "QuickOrder"] {
            #expect(NameFinder.droppingTitle(cell) == cell, "\(cell)")
        }
        let scanned = e.extract(text: """
            0 Bean & Bloom Coffee Club PAYMENT RECEIPT |
            Bean and Bloom Roasters LLC                Invoice # FAC-2026-96852
            112 Mill Lane                              Invoice date 01/03/2026
            Total   £7.99
            Bean and Bloom Roasters LLC · 112 Mill Lane, Bristol
            Tel. 0709 971 5431 · www.beanandbloom.coffee
            """)
        #expect(scanned.name.value == "Bean & Bloom Coffee Club")
        // A speck read between the name and the title goes with the title.
        let speck = e.extract(text: """
            © Kranich Radhaus $ ZAHLUNGSBELEG
            Kranich Fahrradhandel GmbH   Rechnungsnummer 2026-4411
            Gesamtbetrag   24,90 €
            """)
        #expect(speck.name.value == "Kranich Radhaus")
    }

    /// A shop named after its street ends in its trade; the street line under it does not.
    @Test func aShopNamedAfterItsStreet() {
        let r = e.extract(text: """
            Maple Street Pharmacy
            67 Baker Street
            Bristol BS1 4DJ
            2025-03-01 14:06 Receipt 9453
            TOTAL   £15.68
            CARD   15.68
            """)
        #expect(r.name.value == "Maple Street Pharmacy")
        let street = e.extract(text: """
            Unit 4
            Market Street
            2025-03-01 14:06 Receipt 9453
            TOTAL   £15.68
            """)
        #expect(street.name.value != "Market Street")
    }

    @Test func withoutTheBrandAloneTheLegalNameStopsBeforeTheAddress() {
        #expect(NameFinder.cuttingAfterLegalName("Veltra Cloud S.A. - 17 Rue du Port") == "Veltra Cloud S.A.")
        #expect(NameFinder.cuttingAfterLegalName("Quill Notes Ltd, 4 High Street, Leeds") == "Quill Notes Ltd")
        #expect(NameFinder.cuttingAfterLegalName("Acme, Inc.") == "Acme, Inc.")
        #expect(NameFinder.cuttingAfterLegalName("Rue du Port 17 - Lyon") == "Rue du Port 17 - Lyon")
        let r = e.extract(text: """
            Veltra Cloud S.A. - 17 Rue du Port
            Invoice date: 12 March 2026
            Total   €20.00
            """)
        #expect(r.name.value == "Veltra Cloud S.A.")
    }

    /// An ordinary word that is a catalogue name ("Box") always printed after the same capitalised word is
    /// the end of another name; after a word of the language ("Your Box receipt") it is the vendor.
    @Test func aCatalogueWordAlwaysAfterTheSameCapitalisedWordEndsAnotherName() {
        let other = e.extract(text: """
            Pamita Box                                     FACTURA
            Pamita Box S.L. - Calle Mayor 12
            Pamita Box Plus plan                           9,99 €
            Total                                          9,99 €
            """)
        #expect(other.name.value == "Pamita Box")
        let box = e.extract(text: """
            Your Box receipt
            Your Box plan renews on 3 March 2026
            Total   $9.99
            """)
        #expect(box.name.value == "Box")
    }

    /// An ordinary word that is a catalogue name always printed before the same capitalised word starts
    /// another name, a plan's ("Mega Fan"), even in the header; with a legal form after it, it is the vendor.
    @Test func aCatalogueWordAlwaysBeforeTheSameCapitalisedWordStartsAnotherName() {
        let plan = e.extract(text: """
            23:51
            Recibo de tu membresía Mega Fan
            Recibidos
            Deezer 28 dic
            Para mí
            deezer
            ¡Gracias por tu pago!
            Membresía Mega Fan - mensual
            Fecha de pago 28 de diciembre de 2025
            Total $119.00 MXN
            Deezer S.A. - 24 rue de Calais, Paris
            """)
        #expect(plan.name.value == "Deezer")
        let vendor = e.extract(text: """
            Your Mega receipt
            Mega Ltd, 1 Queen St, Auckland
            Mega Ltd · Pro plan, billed monthly
            Total   NZ$12.99
            """)
        #expect(vendor.name.value == "Mega")
    }

    /// The owner printed under the shop's name, with a legal form, is not the shop.
    @Test func theOwnerUnderTheShopsNameIsNotTheShop() {
        let r = e.extract(text: "Kastanien-Apotheke\nInh. Dr. Jonas Vogt e.K.\nBergstraße 14, 10969 Berlin\nSUMME EUR 23,85\nGegeben girocard 23,85\nMwSt 19%")
        #expect(r.name.value == "Kastanien-Apotheke")
    }

    /// Logos OCR reads as text next to the name: an opening bracket and letters before it, specks of
    /// one or two letters in a cell of their own, a stylised name with letters lost beside its domain.
    @Test(arguments: [
        ("(EN Kestrel Rowing Club\nFacture n° 2026-118\nDate : 25/03/2026\nTotal à payer 75,00 €", "Kestrel Rowing Club"),
        ("\\ E JU U   Marlow Energy Retail Limited\nTax invoice\nIssue date 8 April 2026\nTotal amount due $411.38", "Marlow Energy Retail Limited"),
        ("Ka vin or   kalvintor.com/client - 1 877 380-2611\nFacture\n12 janvier 2026\nTotal 85,08 $", "Kalvintor"),
        // A name found whole in a longer domain is the name, not a misreading of it.
        ("Brelio   getbrelio.com\nInvoice\nInvoice date: 3 March 2026\nTotal $12.00", "Brelio"),
        // A payment slip's pattern read as letters that, with a legal form stripped, spell a short brand.
        ("Vellmar Wasser AG\nFacture\nDate de la facture 03.02.2026\nTotal CHF 335.00\n‘ ee e a =", "Vellmar Wasser AG"),
        // A speck in the margin read as a colon before the name.
        (": Vellmar Wasser AG\nS V W A\nFacture\nDate de la facture 03.02.2026\nTotal CHF 335.00", "Vellmar Wasser AG"),
    ])
    func logosReadAsTextAreNotTheName(text: String, name: String) {
        #expect(e.extract(text: text).name.value == name, "\(text)")
    }

    /// OCR reads the "@" of a sender's address as "e": that domain is printed nowhere else, the vendor's own
    /// is; and a distinctive catalogue name stays the vendor.
    /// A letterhead read surely is the name though scraps on its line were read with doubt (a rule read
    /// as "=", a faint title beside it); the same name read with doubt is not taken.
    @Test func aLetterheadIsJudgedByItsOwnCellNotTheScrapsBesideIt() {
        func name(nameConfidence: Double) -> String? {
            let lines = [
                ["L'ATELIER DU PORT", "=", "FACTURE"], ["Date : 01/02/2026"], ["Abonnement mensuel", "1240,00 €"],
                ["Total TTC", "1240,00 €"],
            ]
            let doubtful: [String: Double] = ["=": 0.21, "FACTURE": 0, "L'ATELIER": nameConfidence, "DU": nameConfidence, "PORT": nameConfidence]
            var words: [WordBox] = []
            for (n, cells) in lines.enumerated() {
                var x = 0
                for cell in cells {
                    for w in cell.split(separator: " ") {
                        words.append(WordBox(text: String(w), confidence: doubtful[String(w)] ?? 0.93, x: x, y: n * 20,
                                             width: w.count * 10, height: 12, line: n, page: 1))
                        x += w.count * 10 + 10
                    }
                    x += 60
                }
            }
            return e.extract(pages: [TextPage(page: 1, source: .ocr, words: words, width: 2000, height: 400)]).name.value
        }
        #expect(name(nameConfidence: 0.9) == "L'ATELIER DU PORT")
        #expect(name(nameConfidence: 0.5) == nil)
    }

    @Test func aDomainTheDocumentAlsoPrintsAsWordsComesFirst() {
        let r = e.extract(text: """
            From: Quorvo <billingequorvo.com>
            Quorvo
            Thanks for subscribing to Quorvo!
            Amount charged   £12.00
            Quorvo Ltd · quorvo.com
            """)
        #expect(r.name.value == "Quorvo")
        let known = e.extract(text: """
            From: Dropbox <billingedropbox.com>
            Thanks for subscribing to Dropbox!
            Amount charged   £12.00
            """)
        #expect(known.name.value == "Dropbox")
    }

    /// A catalogue name that is an ordinary word ("Box") inside another brand, whose own domain is printed.
    @Test func aCatalogueWordInsideAnotherBrandsDomainIsNotThatVendor() {
        let other = e.extract(text: """
            From: Fino Box <billing@finobox.app>
            Thanks for subscribing to Fino Box!
            Amount charged   £77.10
            """)
        #expect(other.name.value == "Fino Box")
        let box = e.extract(text: """
            From: Box <billing@box.com>
            Thanks for subscribing to Box!
            Amount charged   £77.10
            """)
        #expect(box.name.value == "Box")
    }
}

/// The name a thank-you sentence gives: a vendor outside the catalogue that prints its brand nowhere
/// else as plainly, and a shop's header that OCR misread.
@Suite struct ThanksPhraseTests {
    let e = InvoiceExtractor()

    @Test(arguments: [
        ("Your receipt\nThank you for subscribing to Quorvo Plus!\nAmount charged   $12.00\nDate: March 3, 2026", "Quorvo Plus"),
        ("Reçu\nMerci de vous être abonné à Ateliers Brume.\nMontant   9,99 €\nDate : 3 mars 2026", "Ateliers Brume"),
        ("Quittung\nVielen Dank für Ihr Abonnement bei Nordlicht & Sohn!\nBetrag   7,99 €\nDatum: 3. März 2026", "Nordlicht & Sohn"),
        ("Recibo\nGracias por suscribirte a Estudio Lumbre, te damos la bienvenida.\nImporte   5,00 €\nFecha: 3 de marzo de 2026", "Estudio Lumbre"),
    ])
    func anUnknownVendorNamedInAThankYouSentence(text: String, name: String) {
        #expect(e.extract(text: text).name.value == name)
    }

    /// On an invoice the sentence gives the brand of the letterhead's legal name; a plan it adds to the
    /// letterhead is not the vendor.
    @Test func anInvoicesSentenceShortensTheLegalNameButAddsNoPlan() {
        let legal = e.extract(text: "Quorvo Technologies Ltd\nInvoice date: 3 March 2026\nThanks for choosing Quorvo!\nTotal   £12.00")
        #expect(legal.name.value == "Quorvo")
        let plan = e.extract(text: "Quorvo\nInvoice date: 3 March 2026\nThank you for subscribing to Quorvo Premium.\nTotal   £12.00")
        #expect(plan.name.value == "Quorvo")
        let other = e.extract(text: "Quorvo\nInvoice date: 3 March 2026\nThank you for subscribing to Premium Annual.\nTotal   £12.00")
        #expect(other.name.value == "Quorvo")
    }

    @Test func aSentenceWithoutACapitalisedNameNamesNobody() {
        let lines = TextLine.lines(of: [page([("Thank you for choosing us, see you soon", 1), ("Total 5.00", 1)])])
        #expect(ThanksPhrase.name(in: lines) == nil)
        let the = TextLine.lines(of: [page([("Thanks for shopping at the Corner Shop.", 1)])])
        #expect(ThanksPhrase.name(in: the)?.name == "Corner Shop")
    }

    /// The sentence goes on to the next line only when it was wrapped at the right margin.
    @Test func aWrappedSentenceGoesOnBelowOnlyFromTheMargin() {
        let wrapped = TextLine.lines(of: [page([("Item 1 Rice 5.00", 1), ("Thank you for shopping at PUSAT HIJAU MINI", 1), ("MARKET", 1)])])
        #expect(ThanksPhrase.name(in: wrapped)?.name == "PUSAT HIJAU MINI MARKET")
        let short = TextLine.lines(of: [page([("Goods sold are not returnable, keep this receipt for your records", 1),
                                              ("Thank you for shopping at ACME", 1), ("PLEASE COME AGAIN", 1)])])
        #expect(ThanksPhrase.name(in: short)?.name == "ACME")
    }

    /// A till receipt keeps its header as printed, unless the header is a doubtful misreading of the
    /// name the sentence gives.
    @Test func aShopsThankYouSentencePutsRightAMisreadHeader() {
        func receipt(header: String, headerConfidence: Double, thanks: String) -> String? {
            e.extract(pages: [page([
                (header, headerConfidence), ("No. 12, Jalan Besar", 0.9), ("Cashier: 02", 0.9), ("1 Rice 5.00", 0.9),
                ("TOTAL 5.00", 0.9), ("CASH 10.00", 0.9), ("CHANGE 5.00", 0.9), (thanks, 0.9), ("MARKET", 0.9),
            ])]).name.value
        }
        let misread = "PUSAT HIJAU MINEMARKET"
        #expect(receipt(header: misread, headerConfidence: 0.7, thanks: "Thank you for shopping at PUSAT HIJAU MINI")
            == "PUSAT HIJAU MINI MARKET")
        // Read surely, the header stands.
        #expect(receipt(header: misread, headerConfidence: 0.95, thanks: "Thank you for shopping at PUSAT HIJAU MINI") == misread)
        // Another name in the sentence (a mall, a sister shop) does not replace the header.
        #expect(receipt(header: misread, headerConfidence: 0.7, thanks: "Thank you for shopping at LOTUS SQUARE MALL") == misread)
    }

    /// An avatar or an icon beside a name reads as one letter OCR doubts; a letter read as surely as
    /// the name is part of it.
    @Test func aDoubtfulLetterBesideANameIsAnIcon() {
        func words(_ read: [(String, Double)]) -> [WordBox] {
            read.enumerated().map { i, w in WordBox(text: w.0, confidence: w.1, x: i * 100, y: 0, width: 80, height: 12, line: 0, page: 1) }
        }
        #expect(NameFinder.droppingDoubtfulMarks(words([("x", 0.59), ("Brimvale", 0.96)])).text == "Brimvale")
        #expect(NameFinder.droppingDoubtfulMarks(words([("Brimvale", 0.92), ("Cafe", 0.9), ("I", 0.6)])).text == "Brimvale Cafe")
        #expect(NameFinder.droppingDoubtfulMarks(words([("E", 0.9), ("Brimvale", 0.96)])).text == "E Brimvale")
        #expect(NameFinder.droppingDoubtfulMarks(words([("x", 0.59), ("Brimvale", 0.66)])).text == "x Brimvale")
        // A sign before a name, or the name's own initial (a logo's monogram), however surely read.
        #expect(NameFinder.droppingDoubtfulMarks(words([("©", 0.96), ("Brimvale", 0.96)])).text == "Brimvale")
        #expect(NameFinder.droppingDoubtfulMarks(words([("@", 0.96), ("Brim", 0.96), ("&", 0.96), ("Vale", 0.96)])).text == "Brim & Vale")
        #expect(NameFinder.droppingDoubtfulMarks(words([("|", 0.9), ("©", 0.96), ("Brimvale", 0.96)])).text == "Brimvale")
        #expect(NameFinder.droppingDoubtfulMarks(words([("B", 0.96), ("Brimvale", 0.96)])).text == "Brimvale")
        #expect(NameFinder.droppingDoubtfulMarks(words([("É", 0.96), ("Écluse", 0.96)])).text == "Écluse")
        // ... in its frame or a piece of it, after a rule.
        #expect(NameFinder.droppingDoubtfulMarks(words([("|", 0.9), ("[B]", 0.9), ("Brimvale", 0.96)])).text == "Brimvale")
        #expect(NameFinder.droppingDoubtfulMarks(words([("B]", 0.9), ("Brimvale", 0.96)])).text == "Brimvale")
        #expect(NameFinder.droppingDoubtfulMarks(words([("|", 0.9), ("[A]", 0.9), ("Brimvale", 0.96)])).text == "| [A] Brimvale")
        // A phone mail app's sender line, its avatar's initial read before the name.
        var mail = page([("Brimvale 19 Feb", 0.96), ("Your payment receipt", 0.95), ("Amount paid   A$35.00", 0.95)])
        mail.words.insert(WordBox(text: "x", confidence: 0.59, x: 0, y: 0, width: 10, height: 12, line: 0, page: 1), at: 0)
        for i in 1...3 { mail.words[i].x += 20 }
        #expect(InvoiceExtractor().extract(pages: [mail]).name.value == "Brimvale")
    }

    /// In a PDF's text layer a brand in logo type runs into the title beside it with one space:
    /// the change of type size ends the name's cell ("Bean & Bloom Coffee Club" | "PAYMENT
    /// RECEIPT"). OCR's boxes vary with the letters, so there only gaps part cells.
    @Test func aChangeOfTypeSizeEndsACellOfATextLayer() {
        func page(_ source: TextSource) -> TextPage {
            var words: [WordBox] = []
            let lines: [[(String, Int)]] = [
                [("Bean", 20), ("&", 20), ("Bloom", 20), ("Coffee", 20), ("Club", 20), ("PAYMENT", 17), ("RECEIPT", 17)],
                [("Bean", 10), ("and", 10), ("Bloom", 10), ("Roasters", 10), ("LLC", 10)],
                [("Date", 10), ("paid", 10), ("21", 10), ("Oct", 10), ("2025", 10)],
                [("Total", 10), ("£7.99", 10)],
                [("www.beanandbloom.coffee", 10)],
            ]
            for (n, line) in lines.enumerated() {
                var x = 80
                for (text, height) in line {
                    let width = text.count * height * 6 / 10
                    words.append(WordBox(text: text, confidence: 1, x: x, y: n * 30, width: width, height: height, line: n, page: 1))
                    x += width + height / 3
                }
            }
            return TextPage(page: 1, source: source, words: words, width: 600, height: 800)
        }
        let layer = TextLine.lines(of: [page(.textLayer)])[0]
        #expect(layer.cells.map(\.text) == ["Bean & Bloom Coffee Club", "PAYMENT RECEIPT"])
        #expect(TextLine.lines(of: [page(.ocr)])[0].cells.count == 1)
        #expect(e.extract(pages: [page(.textLayer)]).name.value == "Bean & Bloom Coffee Club")
    }

    /// In a text layer the words of a run are evenly spaced: a gap of about the type's height, or
    /// a word overlapping the one before, parts two texts placed apart (a brand and the title beside
    /// it). OCR's boxes are not that regular, so there the gap must be wider.
    @Test func textsPlacedApartInATextLayerAreTwoCells() {
        func line(_ source: TextSource, _ words: [(String, Int, Int)]) -> [String] {
            let boxes = words.map { WordBox(text: $0.0, confidence: 1, x: $0.1, y: 43, width: $0.2, height: 23, line: 0, page: 1) }
            return TextLine.lines(of: [TextPage(page: 1, source: source, words: boxes, width: 595, height: 842)])[0].cells.map(\.text)
        }
        let apart = [("Kestrel", 90, 98), ("Language", 195, 116), ("School", 319, 79), ("Invoice", 420, 87)]
        #expect(line(.textLayer, apart) == ["Kestrel Language School", "Invoice"])
        #expect(line(.ocr, apart) == ["Kestrel Language School Invoice"])
        let overlapping = [("Kestrel", 90, 98), ("Autowaschclub", 194, 153), ("Zahlungsbeleg", 310, 150)]
        #expect(line(.textLayer, overlapping) == ["Kestrel Autowaschclub", "Zahlungsbeleg"])
        // Evenly spaced words stay one run.
        #expect(line(.textLayer, [("Kestrel", 90, 98), ("Language", 195, 116), ("School", 319, 79)]) == ["Kestrel Language School"])
    }

    /// A long total label with one letter misread ("Bezahit" for "Bezahlt") is still the total's,
    /// unless a distractor shares the line; a short one ("Totel") is not read past.
    @Test func aTotalLabelWithOneLetterMisread() {
        let r = e.extract(text: """
            Rechnung
            Internet M   39.90 CHF
            Bezahit (inkl. MwSt.)   39.90 CHF
            MWST 8,1 %   2.99 CHF
            """)
        #expect(r.amount.value == Decimal(string: "39.90"))
        func verdict(_ label: String) -> String {
            switch InvoiceExtractor().verdict(label) {
            case .total(let weight): "total \(weight)"
            case .distractor: "distractor"
            case .none: "none"
            }
        }
        #expect(verdict("bezahlt inkl mwst") == "total 0.9")
        #expect(verdict("bezahit inkl mwst") == "total 0.8")
        #expect(verdict("zwischensumme bezahit") == "distractor")
        #expect(verdict("totel") == "none")
    }

    /// A catalogue name that is an everyday word ("Medium"), capitalised only where it starts an
    /// item or follows a colon, is the item's word: the letterhead names the vendor.
    @Test func anEverydayCatalogueWordStartingItemsIsNoVendor() {
        let r = e.extract(text: """
            Fernhill Larder   PAYMENT RECEIPT
            Fernhill Foods Ltd   Invoice number F-2026-0042
            Date paid   02/05/2026
            Medium hamper   £24.00
            Total   £24.00
            Subscription: Medium hamper, Weekly plan
            """)
        #expect(r.name.value == "Fernhill Larder")
    }

    /// OCR gives a short word a box a few pixels high at times ("Le" before "Courrier du Vexin"):
    /// the gap after it is measured against the taller word beside it, so the name stays one cell.
    /// A title far off beside it is still a cell of its own.
    @Test func aShortWordsTinyBoxDoesNotPartTheName() {
        func w(_ text: String, x: Int, width: Int, height: Int) -> WordBox {
            WordBox(text: text, confidence: 0.9, x: x, y: 100, width: width, height: height, line: 0, page: 1)
        }
        let words = [w("Le", x: 214, width: 11, height: 5), w("Courrier", x: 264, width: 192, height: 52),
                     w("du", x: 468, width: 55, height: 41), w("Vexin", x: 533, width: 117, height: 57),
                     w("FACTURE", x: 1030, width: 220, height: 48)]
        let line = TextLine.lines(of: [TextPage(page: 1, source: .ocr, words: words, width: 1400, height: 2000)])[0]
        #expect(line.cells.map(\.text) == ["Le Courrier du Vexin", "FACTURE"])
    }

    /// The domain spells a legal name printed only in the footer ("Sprachwerk Akademie e.K."): the
    /// brand the header prints alone, sharing a name with it, is the name.
    @Test func theBrandOverALegalNameInTheFooter() {
        let mail = e.extract(text: """
            Ihre Rechnung 2026-29548 von Sprachwerk
            Sprachwerk
            account@account.sprachwerk-akademie.de
            © Sprachwerk
            Zahlung erhalten
            Datum 2026-04-16
            Gesamtbetrag   133,28 €
            Sprachwerk Akademie e.K. · Oranienstraße 34, 79098 Freiburg im Breisgau
            www.sprachwerk-akademie.de
            """)
        #expect(mail.name.value == "Sprachwerk")
        // A sender's name longer than the domain's, or the domain's own, is no brand in fewer words.
        let longer = e.extract(text: """
            Ihr Glanzwerk Autowaschclub Zahlungsbeleg
            Glanzwerk Autowaschclub   17. Nov. 2025 um 21:33
            billing@account.glanzwerk.de
            Gesamtbetrag   15,16 €
            Glanzwerk Autopflege GmbH · Am Markt 113, 79098 Freiburg
            www.glanzwerk.de
            """)
        #expect(longer.name.value == "Glanzwerk Autowaschclub")
        let same = e.extract(text: """
            Votre reçu Hébergix
            Hébergix   25 mai 2026 à 22:17
            no-reply@email.hebergix.fr
            © Hebergix
            Total   248,50 €
            Hébergix SAS · 131 place du Marché, 69002 Lyon
            """)
        #expect(same.name.value == "Hébergix")
    }

    /// A domain that puts a trade before the name ("cafe-montcalm"): the name after the trade is
    /// what the sender prints, with a word of its own before it ("Brûlerie Montcalm").
    @Test func theSenderOfADomainWithATradeBeforeItsName() {
        let mail = e.extract(text: """
            Votre reçu Brûlerie
            Montcalm
            Brûlerie Montcalm   3 févr. 2026 à 09:12
            factures@mail.cafe-montcalm.fr
            Votre facture est disponible
            Date 3 février 2026
            Total TTC   28,40 €
            Montcalm Café SAS · 12 rue Haute, 69002 Lyon
            """)
        #expect(mail.name.value == "Brûlerie Montcalm")
    }

    /// The sender's name with one letter misread wherever it is printed ("Lindhiber Anzeiger"), put
    /// right by the domain (lindhuber-anzeiger.de); a name two letters off is not the domain's.
    @Test func theDomainPutsRightALetterOfTheNameMisreadEverywhere() {
        func mail(_ printed: String) -> String {
            """
            Ihre Rechnung 2026-3310
            \(printed)   4. Dez. 2025 um 12:57
            rechnung@account.lindhuber-anzeiger.de
            Danke für Ihre Zahlung
            Gesamtbetrag   18,90 €
            Lindhuber Verlag GmbH · www.lindhuber-anzeiger.de
            """
        }
        #expect(e.extract(text: mail("Lindhiber Anzeiger")).name.value == "Lindhuber Anzeiger")
        let finder = NameFinder(catalogue: .bundled)
        func lines(_ texts: String...) -> [TextLine] { TextLine.lines(of: [page(texts.map { ($0, 0.9) })]) }
        #expect(finder.printedFormWithOneSlip(of: "muehltaler-bote", printed: 1, in: lines("Mühitaler Bote")) == "Mühltaler Bote")
        // (a logo's scrap and the title in the same cell)
        #expect(finder.printedFormWithOneSlip(of: "muehltaler-bote", printed: 1, in: lines("'M Mühitaler Bote RECHNUNG")) == "Mühltaler Bote")
        // A name printed more often than the domain is spelled as printed: the domain was misread.
        #expect(finder.printedFormWithOneSlip(of: "alelier-partage", printed: 1, in: lines("Atelier Partagé", "SAS Atelier Partagé")) == nil)
        let misreadDomain = e.extract(text: """
            Kaffeerösterei Lindhuber   Rechnung
            Kaffeerösterei Lindhuber GmbH
            Gesamtbetrag   18,90 €
            Kaffeerösterei Lindhuber GmbH · www.kaffeeroesterei-lindhiber.de
            """)
        #expect(misreadDomain.name.value?.hasPrefix("Kaffeerösterei Lindhuber") == true)
        #expect(e.extract(text: mail("Lindhiber Anzeigar")).name.value != "Lindhuber Anzeiger")
    }

    /// The sender's fuller name, a word of it misread, put right by the subject's surer reading.
    @Test func theSendersNameWithAWordPutRight() {
        let mail = page([("Ihre Korvana Radclub Rechnung", 0.96), ("Korvana Radclob 17. Nov. 2025 um 21:33", 0.8),
                         ("billing@korvana.de", 0.95), ("Gesamtbetrag EUR 15,16", 0.95)])
        #expect(InvoiceExtractor().extract(pages: [mail]).name.value == "Korvana Radclub")
    }

    /// A logo read as a scrap without letters ("(3" of Google's G) before a catalogue name: the name
    /// stands alone in the header, and the service is named rather than the store whose domain is printed.
    @Test func aCatalogueNamePastALogoScrapWithoutLetters() {
        let bill = e.extract(text: """
            (3 Google One   ZAHLUNGSBESTÄTIGUNG
            Google Ireland Limited   Datum 24.03.2026
            2 TB (pro Monat)   1   CHF 10.00
            Bezahlt (inkl. MwSt.)   CHF 10.00
            Tel. +41 56 237 13 92 - www.google.com
            """)
        #expect(bill.name.value == "Google One")
        #expect(NameFinder.isLogoPiece("(3") && NameFinder.isLogoPiece("Il") && NameFinder.isLogoPiece("all"))
        #expect(!NameFinder.isLogoPiece("O2") && !NameFinder.isLogoPiece("1&1") && !NameFinder.isLogoPiece("El"))
    }

    /// The domain's name printed in the footer's legal name, under a brand that adds words of its own
    /// to it ("Glanzwerk Autowaschclub", glanzwerk.de): the mailbox misread, the website names it.
    @Test func aBrandAddingWordsToTheDomainsNameOverTheFootersLegalName() {
        func mail(_ brand: String) -> String {
            """
            Ihre Rechnung 2026-47678 von
            \(brand)
            \(brand)2s. Mai 2026 um 11:39
            rechnungO email.glanzwerk.de
            > \(brand)
            Zahlung erhalten
            Hallo Lena,
            Ihre Rechnung 2026-47678 steht bereit.
            Rechnungsdatum 29.05.2026
            Zu zahlender Betrag   37,49 EUR
            Glanzwerk Autopflege GmbH - Lindenweg 60, 50667 Köln
            Tel. +49 65 9992564 - www.glanzwerk.de
            """
        }
        #expect(e.extract(text: mail("Glanzwerk Autowaschclub")).name.value == "Glanzwerk Autowaschclub")
        // Printed once, beside the title, it is a misreading of the title.
        let once = e.extract(text: """
            Glanzwerk AZahhargshéstatigung
            GI k Autopfl GmbH
            Rechnungs-Nr. INV-2025-909315
            Rechnungsdatum 29.05.2026
            Rechnungsempfänger
            Miriam Wolf
            Gartenstraße 151
            79098 Freiburg im Breisgau
            Waschflatrate Premium   1   37,49 EUR
            Zu zahlender Betrag   37,49 EUR
            Glanzwerk Autopflege GmbH - Lindenweg 60, 50667 Köln
            www.glanzwerk.de
            """)
        #expect(once.name.value == "Glanzwerk")
        // The legal name misread in the header ("Lid") adds the legal name's words, not a brand's.
        let misreadLegal = e.extract(text: """
            [Cc] Crux Climbing   Payment receipt
            Crux Climbing Centre Lid   Invoice number F2026-51698
            57 Harbour Road   Date paid May 27, 2026
            Crux Climbing Centre Lid
            Total paid   $49.00
            Crux Climbing Centre Ltd · 57 Harbour Road, Portland
            www.cruxclimbing.com
            """)
        #expect(misreadLegal.name.value == "Crux Climbing")
        #expect(NameFinder.extends("Glanzwerk Autowaschclub", "Glanzwerk") && NameFinder.extends("Torréfaction Caravelle", "Caravelle"))
        // A mailbox's role or a document's word added makes no brand.
        #expect(!NameFinder.extends("Glanzwerk Team", "Glanzwerk") && !NameFinder.extends("Glanzwerk Rechnung", "Glanzwerk"))
        // Nor does a logo's piece before it (an avatar's letters); a name's own article does.
        #expect(!NameFinder.extends("ru Alojanet", "Alojanet") && NameFinder.extends("Le Courrier du Vexin", "Vexin"))
    }

    /// A logo's two-letter scrap before the brand ("Oo Sprachwerk"), which the mail's sender prints
    /// without it, is no part of it.
    @Test func aTwoLetterScrapTheSenderPrintsTheBrandWithout() {
        let mail = e.extract(text: """
            Zahlungsbestätigung - Sprachwerk
            S Sprachwerk   29. Dez. 2025 um 21:55
            account@email.sprachwerk-akademie.de
            Oo Sprachwerk
            Danke für Ihre Zahlung
            Datum 29.12.2025
            Zu zahlender Betrag   CHF 159.39
            Sprachwerk Akademie e.K. - Bahnhofstraße 128, 8005 Zürich
            Tel. +41 55 233 93 29 - www.sprachwerk-akademie.de
            """)
        #expect(mail.name.value == "Sprachwerk")
        // ... or that the mail's subject prints the name without (a phone's app, its sender row misread).
        let phone = e.extract(text: """
            Ihre Rechnung FAC-2026-74233
            von Gemüsegarten Lindau
            Gemüsegarten Lindaus. Feb. 2026 um 22:58
            info@email.lindau-kiste.de
            Oo Gemüsegarten Lindau
            Danke für Ihre Zahlung
            Rechnungsdatum 18.02.2026
            Gesamtbetrag 24,90 €
            Lindau Landbau GbR · Oranienstraße 93, 04109 Leipzig
            www.lindau-kiste.de
            """)
        #expect(phone.name.value == "Gemüsegarten Lindau")
    }

    /// A logo read as a letter and a mark ("A>") before the brand over the legal name is no part of it.
    @Test func aMarkedScrapBeforeTheBrand() {
        let bill = e.extract(text: """
            A> Greenleaf Veg Box!   RECEIPT
            Greenleaf Farm Co-operative Ltd   Invoice number   RE-2026-922225
            Invoice date   2026-02-01
            Billed to
            Amount due   $6.50
            """)
        #expect(bill.name.value == "Greenleaf Veg Box")
        // Bars read as letters in lower case with a bracket.
        let bars = e.extract(text: """
            all] Seilwerk   Zahlungsbestätigung
            Seilwerk Kletterhallen GmbH   Rechnungs-Nr.   2025-4471
            Datum   03.04.2025
            Rechnungsempfänger
            Gesamtbetrag   EUR 49,00
            """)
        #expect(bars.name.value == "Seilwerk")
        #expect(NameFinder.isMarkedScrap("A>") && NameFinder.isMarkedScrap("(3") && NameFinder.isMarkedScrap("24"))
        // Initials and short names are no scraps.
        #expect(!NameFinder.isMarkedScrap("A.") && !NameFinder.isMarkedScrap("O2") && !NameFinder.isMarkedScrap("Le"))
    }

    /// A catalogue name of two or three letters read in a band's noise ("EE", on two lines of it) names no bill that
    /// prints another's domain and name, and none of the vendor's domains; with them it does.
    @Test func aShortCatalogueNameInNoise() {
        func bill(_ foot: String) -> String {
            """
            oF me E J EE EN
            _Í_ EE EA A
            Nimbuspark Hosting Inc.   Invoice #   RE-2025-9415455
            Date   29/08/2025
            Billed to
            Total   $14.00
            Tel. +1 39 284 16 90 - \(foot)
            """
        }
        #expect(e.extract(text: bill("www.nimbuspark.io")).name.value == "Nimbuspark")
        #expect(e.extract(text: bill("www.ee.co.uk")).name.value == "EE")
    }

    /// A legal form OCR set apart from its name ("Sprachwerk Akademie   e.K.") still makes it a legal
    /// name, under the brand.
    @Test func aLegalFormSetApartFromItsName() {
        let bill = e.extract(text: """
            O Sprachwerk   RECHNUNG
            Sprachwerk Akademie   e.K.   Rechnungs-Nr.   FAC-2025-055638
            Rechnungsdatum   15. Jan. 2025
            Zu zahlender Betrag   64,90 €
            Sprachwerk Akademie e.K. - Schillerstraße 140, 80331 München
            Tel. +49 72 4005419 - www.sprachwerk-akademie.de
            """)
        #expect(bill.name.value == "Sprachwerk")
    }

    /// A shop's name in lower case at the top, as its legal name at the foot writes it.
    @Test func aLowerCaseShopNameTheLegalNameWritesSo() {
        func receipt(_ foot: String) -> String {
            """
            dm-drogerie markt
            Schillerstraße 179
            3011 Bern
            10.05.2026 16:28 Bon 2030
            Butter 250g
            3x 2.29   6.87 A
            SUMME   11.84 CHF
            BAR   20.00
            Vielen Dank für Ihren Einkauf!
            \(foot)
            """
        }
        #expect(e.extract(text: receipt("dm-drogerie markt GmbH + Co. KG")).name.value == "dm-drogerie markt")
        #expect(e.extract(text: receipt("Auf Wiedersehen")).name.value != "dm-drogerie markt")
    }

    /// A brand over the legal name in type at least twice its size, sharing no name with it, is the
    /// name a person knows on an invoice to a customer; in the same type it is not.
    @Test func aBrandInLargerTypeOverALegalName() {
        func bill(brandHeight: Int, customer: Bool = true, article: String = "El") -> TextPage {
            let lines: [([String], Int, Int)] = [
                (["Il", article, "Eco", "de", "Getafe"], brandHeight, 80), (["Justificante", "de", "pago"], brandHeight, 850),
                (["Ediciones", "del", "Sur", "de", "Madrid,", "S.L."], 15, 80), (["Calle", "del", "Carmen,", "9"], 15, 80),
                (["Fecha", "21", "de", "mayo", "de", "2025"], 15, 80), (customer ? ["Facturar", "a"] : ["Gracias"], 15, 80),
                (["Total", "114,00", "EUR"], 15, 80),
            ]
            var words: [WordBox] = []
            var y = 40
            for (n, (texts, height, left)) in lines.enumerated() {
                if n != 1 { y += height + 20 }
                var x = left
                for t in texts {
                    words.append(WordBox(text: t, confidence: 0.93, x: x, y: y, width: t.count * height * 6 / 10, height: height, line: n == 0 ? 0 : n - 1, page: 1))
                    x += t.count * height * 6 / 10 + height / 3
                }
            }
            return TextPage(page: 1, source: .ocr, words: words, width: 1400, height: 2000)
        }
        #expect(e.extract(pages: [bill(brandHeight: 45)]).name.value == "El Eco de Getafe")
        #expect(e.extract(pages: [bill(brandHeight: 16)]).name.value != "El Eco de Getafe")
        // The article's l read as a capital I is put right; initials before a name in capitals stay.
        #expect(e.extract(pages: [bill(brandHeight: 45, article: "EI")]).name.value == "El Eco de Getafe")
        #expect(NameFinder.articleReadRight("EI ECO DE GETAFE") == "EI ECO DE GETAFE")
        // A receipt to no customer is named by its company, under its slogan or logo.
        #expect(e.extract(pages: [bill(brandHeight: 45, customer: false)]).name.value != "El Eco de Getafe")
        func brand(_ brand: String, over legal: String) -> String? {
            NameFinder.brand(inLargerTypeOver: .init(score: 2, text: legal, line: "", index: 1, legal: true),
                             among: [.init(score: 1, text: brand, line: "", index: 0, legal: false)],
                             lines: TextLine.lines(of: [bill(brandHeight: 45)]))?.text
        }
        // Nor is a brand read run into the title beside it ("BurbuffäSTIFICANTE").
        #expect(brand("Lavandería BurbuffäSTIFICANTE", over: "Burbuja S.L.") == nil)
        // A thin letter lost at the brand's end is put back when the legal name spells the word
        // whole; a word that is another word's start is left as it is.
        #expect(brand("Academia Babe", over: "Centro de Idiomas Babel, S.L.") == "Academia Babel")
        #expect(brand("Casa Gran", over: "Grand Hoteles del Sur, S.L.") == "Casa Gran")
        // The logo's pieces before it go, however many.
        #expect(brand("D | Datentresor24", over: "Datentresor Solutions GmbH") == "Datentresor24")
    }

    /// A discount larger than the price leaves a credit to pay: the total's line says so, below zero.
    /// A payment taking off the total printed above it is no credit.
    @Test func aCreditIsTheAmountToPay() {
        let credit = e.extract(text: """
            Surfline   Reçu de paiement
            Date 18 juillet 2025
            Désignation   Montant
            Formule Starter   10,90 $ CA
            Total HT   10,90 $ CA
            Remise   -15,00 $ CA
            TPS 5 %   -0,21 $ CA
            Montant à payer   -4,72 $ CA
            """)
        #expect(credit.amount.value == Decimal(string: "-4.72"))
        #expect(credit.amount.evidence == "Montant à payer -4,72 $ CA")
        #expect(e.extract(text: "Receipt\nPlan   £1.99\nSubtotal   £1.99\nDiscount   -£2.55\nTotal paid   -£0.56\n").amount.value
            == Decimal(string: "-0.56"))
        let payment = e.extract(text: "Invoice\nDate 3 May 2025\nTotal   $9.99\nAmount paid   -$9.99\nAmount due   $0.00\n")
        #expect(payment.amount.value == Decimal(string: "9.99"))
        // A discount alone is not the charge.
        #expect(e.extract(text: "Invoice\nPlan   9,99 €\nRemise   -5,00 €\nTotal   4,99 €\n").amount.value == Decimal(string: "4.99"))
    }

    /// A German bill whose total's line OCR garbled: still a bill ("Zahlungsmethode" says it was paid,
    /// as "payment method" does), with its name and date; its charge unread, not the item's price.
    @Test func aBillWhoseTotalsLineOCRGarbled() {
        func bill(_ total: String) -> Extraction {
            e.extract(text: """
                Streamwerk   Rechnung
                Streamwerk Medien GmbH   Rechnungs-Nr.   INV-2026-4796
                Am Markt 12   Datum   27. Mai 2026
                Beschreibung   Betrag
                Streamwerk Standard (jährlich)   € 133,00
                Zwischensumme   € 133,00
                Gutscheincode WELCOME25 (-25%)   -€ 33,25
                \(total)
                Zahlungsmethode: Mastercard **** 6173
                """)
        }
        let garbled = bill("Zu zahlender Betrag (inkl. Mvés89,75")
        #expect(garbled.name.value == "Streamwerk")
        #expect(garbled.billingDate.value == LocalDate(year: 2026, month: 5, day: 27))
        #expect(garbled.frequency.value == .yearly)
        #expect(garbled.amount.value == nil)
        #expect(bill("Zu zahlender Betrag (inkl. MwSt.)   € 99,75").amount.value == Decimal(string: "99.75"))
        // A price whose digits the total's line prints, run into its label, is that total's reading.
        let runIn = e.extract(text: """
            Factura
            Fecha   12/03/2025
            Concepto   Cant.   Precio unitario   Importe
            Business plan   8   225,50 €   1.804,00 €
            Importe pagado (IVA incl.1.804,00 €
            """)
        #expect(runIn.amount.value == Decimal(string: "1804.00"))
    }

    /// The sender named before the address itself ("Gemüsekiste Hofgut <kundenservice@email.hofgut-kiste.de>"),
    /// adding a word to the domain's printed name, is the name.
    @Test func theSenderNamedBeforeItsAddressAddingToTheDomainsName() {
        let mail = e.extract(text: """
            O Postfach E-Mails durchsuchen
            Schreiben Ihre Rechnung INV-2025-5411263 von Gemüsekiste Hofgut
            Posteingang   Gemüsekiste Hofgut <kundenservice@email.hofgut-kiste.de>   So.   11. Mai 2025 um 15:52
            an mich D
            Markiert
            Entwürfe © Gemüsekiste Hofgut
            Danke für Ihre Zahlung
            Rechnungsnummer INV-2025-5411263
            Gesamtbetrag   24,90 €
            Hofgut Sonnenau GmbH & Co. KG · Tel. +49 30 1234567
            """)
        #expect(mail.name.value == "Gemüsekiste Hofgut")
        // Printed so only there, the words before the name may be an avatar's letters.
        let once = e.extract(text: """
            Posteingang   Ka Hofgut <kundenservice@email.hofgut-kiste.de>   So.   11. Mai 2025 um 15:52
            Danke für Ihre Zahlung
            Gesamtbetrag   24,90 €
            Ihr Hofgut · Tel. +49 30 1234567
            """)
        #expect(once.name.value == "Hofgut")
        // A mail folder's name that OCR read into the sender's cell, from the app's sidebar, is none of it.
        #expect(NameFinder.datedSender("Posteingang Gemüsekiste Hofgut 11. Mai 2025 um 15:52") == "Gemüsekiste Hofgut")
        let row = TextLine.lines(of: [page([("Inbox Gemüsekiste Hofgut <kundenservice@email.hofgut-kiste.de>", 0.9)])])
        #expect(NameFinder.senderName(in: row[...])?.name == "Gemüsekiste Hofgut")
    }

    /// A name with "&" whose domain writes it out ("Pine & Pebble" of pineandpebble.shop): the mail's
    /// sender that adds words after it names the vendor, though OCR misread the subject's "&".
    @Test func anAmpersandTheDomainWritesOut() {
        let mail = e.extract(text: """
            Compose   Your Pine € Pebble Tea House invoice RE-2025-1187 is available
            Inbox   P)   Pine & Pebble Tea House <orders@pineandpebble.shop>   Tue, 4 Mar 2025, 10:02
            to me
            Payment received
            Date 2025-03-04
            Total CHF 18.40
            Pine and Pebble Trading LLC - 12 Mill Lane, 8004 Zurich
            www.pineandpebble.shop
            """)
        #expect(mail.name.value == "Pine & Pebble Tea House")
        // A letter's brand over the legal name that writes the "&" out.
        let letter = e.extract(text: """
            Pine & Pebble Tea House   PAYMENT RECEIPT
            Pine and Pebble Trading LLC   Invoice number   2025-688489
            80 Harbour Road   Date paid   21 Oct 2025
            Billed to
            Total paid   £7.99
            Pine and Pebble Trading LLC · 80 Harbour Road, Bristol BS1 4DJ
            Tel. 0385 053 9701 · www.pineandpebble.shop
            """)
        #expect(letter.name.value == "Pine & Pebble Tea House")
        #expect(NameFinder.spellingOutAmpersand("Pine & Pebble").contains("Pine and Pebble"))
        #expect(NameFinder.spellingOutAmpersand("Pine and Pebble").isEmpty)
    }

    /// A domain's name found alone on a wrapped subject's second line ("Confirmation de paiement - La" /
    /// "Gazette du Perche") takes the article a cell prints it with; an article in a sentence is the sentence's.
    @Test func theArticleACellPrintsTheDomainsNameWith() {
        let mail = e.extract(text: """
            < Boîte de réception
            Confirmation de paiement - La
            Gazette du Perche
            La Gazette du Perche   26 févr. 2025 à 17:32
            facturation@account.gazette-perche. fr
            Votre reçu
            Date du paiement   26 févr. 2025
            Montant payé   9,90 €
            Éditions du Perche SARL - 33 boulevard Voltaire, 75011 Paris
            www.gazette-perche.fr
            """)
        #expect(mail.name.value == "La Gazette du Perche")
        let sentence = e.extract(text: """
            Kestrel
            Receipt
            The Kestrel team thanks you
            Total paid   $5.00
            www.kestrel.io
            """)
        #expect(sentence.name.value == "Kestrel")
    }

    /// A mail's sender whose address OCR read without its "@" and dots is still the sender when the
    /// address spells the name; a person's address at a mail provider is not.
    @Test func aSenderWhoseAddressLostItsAtSign() {
        let e = InvoiceExtractor()
        let mail = e.extract(text: """
            Compose   Payment confirmation - Harbour Rowing Club
            Inbox   Harbour Rowing Club <billingW members harbourrowingclub net>   Jun 3, 2025, 9:12 AM
            tome D
            Starred
            Sent © Harbour Rowing Club
            Your receipt
            Amount due $42.00
            HRC Sports LLC · 12 Quay Street
            """)
        #expect(mail.name.value == "Harbour Rowing Club")
        func sender(_ row: String) -> String? {
            NameFinder.senderName(in: TextLine.lines(of: [page([(row, 0.9)])])[...])?.name
        }
        #expect(sender("Harbour Rowing Club <billingW members harbourrowingclub net>") == "Harbour Rowing Club")
        #expect(sender("Harbour Rowing Club <billingW members rowing net>") == nil)
        #expect(sender("Jane Harbour <janeharbourW gmail com>") == nil)
    }

    /// A header line read twice (the page's reading and its band's, at the same height) prints a
    /// misspelling once: the domain still puts its letter right.
    @Test func aLineReadTwiceCountsOnceAgainstTheDomain() {
        func line(_ texts: [String], y: Int) -> [WordBox] {
            var x = 100
            return texts.map { t in
                defer { x += t.count * 20 + 20 }
                return WordBox(text: t, confidence: 0.9, x: x, y: y, width: t.count * 20, height: 30, line: 0, page: 1)
            }
        }
        let twice = TextLine(page: 1, words: line(["Mühitaler", "Bote"], y: 50), cells: [line(["Mühitaler", "Bote"], y: 50)])
        let again = TextLine(page: 1, words: line(["O", "Mühitaler", "Bote"], y: 52), cells: [line(["O", "Mühitaler", "Bote"], y: 52)])
        let below = TextLine(page: 1, words: line(["Mühitaler", "Bote"], y: 400), cells: [line(["Mühitaler", "Bote"], y: 400)])
        #expect(NameFinder.cellsPrinting("Mühitaler Bote", in: [twice, again]) == 1)
        #expect(NameFinder.cellsPrinting("Mühitaler Bote", in: [twice, again, below]) == 2)
        let finder = NameFinder(catalogue: .bundled)
        #expect(finder.printedFormWithOneSlip(of: "muehltaler-bote", printed: 1, in: [twice, again]) == "Mühltaler Bote")
        // A name read surer than the domain is not put right by it: the domain was misread.
        func lines(_ texts: [(String, Double)]) -> [TextLine] { TextLine.lines(of: [page(texts)]) }
        #expect(finder.printedFormWithOneSlip(of: "ecodegetate", printed: 1, in: lines([("Eco de Getafe", 0.97), ("www.ecodegetate.es", 0.8)])) == nil)
        #expect(finder.printedFormWithOneSlip(of: "ecodegetafe", printed: 1, in: lines([("Eco de Getate", 0.8), ("www.ecodegetafe.es", 0.95)])) == "Eco de Getafe")
    }

    /// A logo read as a mark before the brand printed alone over the legal name: no part of it.
    @Test func aMarkBeforeTheBrandPrintedAloneGoes() {
        let bill = e.extract(text: """
            © Hébergix                      FACTURE
            Hébergix SAS                    Numéro de facture 2026-5478966
            162 avenue Jean Jaurès          Date du paiement 11 février 2026
            Facturé à
            Julien Moreau
            VPS 2 Go   26,50 EUR
            Total TTC   26,50 EUR
            """)
        #expect(bill.name.value == "Hébergix")
    }

    /// The brand's last word cut short where the title was run into it ("L'Atelier PartagReçu de
    /// paiement"), spelled whole by the legal name under it.
    @Test func theBrandsLastWordCutShortByARunOnTitle() {
        let bill = e.extract(text: """
            @ L'Atelier PartagReçu de paiement
            SAS Atelier Partagé Coworking
            131 boulevard Voltaire   Numéro de facture RE-2026-49118
            Date 12/03/2026
            Total payé   45,00 €
            Tel. 01 28 95 04 40 - www.atelier-partage.fr
            """)
        #expect(bill.name.value == "L'Atelier Partagé")
        // A word that is whole, shorter than a legal name's word, stays.
        let candidates = [NameFinder.LetterheadLine(score: 1, text: "Kestrel Bloom", line: "Kestrel Bloom", index: 0, legal: false)]
        #expect(NameFinder.brand(over: "Kestrel Blooms Ltd", at: 1, among: candidates)?.text == "Kestrel Bloom")
        // A logo's letter and the bar beside it go before the brand.
        let logo = [NameFinder.LetterheadLine(score: 1, text: "G | Greenleaf Veg Box", line: "G | Greenleaf Veg Box", index: 0, legal: false)]
        #expect(NameFinder.brand(over: "Greenleaf Farm Co-operative Ltd", at: 1, among: logo)?.text == "Greenleaf Veg Box")
    }

    /// Words laid out as `InvoiceExtractor.extract(text:)` lays them, each line with its confidence.
    func page(_ lines: [(String, Double)]) -> TextPage {
        var words: [WordBox] = []
        for (n, (line, confidence)) in lines.enumerated() {
            var x = 0
            for w in line.split(separator: " ") {
                words.append(WordBox(text: String(w), confidence: confidence, x: x, y: n * 20, width: w.count * 10, height: 12, line: n, page: 1))
                x += w.count * 10 + 10
            }
        }
        return TextPage(page: 1, source: .ocr, words: words, width: 2000, height: 4000)
    }
}
