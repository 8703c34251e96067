import Foundation
import SubsCore
import Testing

@testable import SubsScan

/// Shop till receipts and where documents come from, on receipt text invented here: currency from
/// country clues, tendered minus change, letterheads with legal forms, OCR slips in legal forms.
@Suite struct ReceiptTests {
    let extractor = InvoiceExtractor()

    @Test func dollarSignOnATillReceiptWithClearNonDollarCluesIsLocal() {
        let r = extractor.extract(text: """
            KEDAI RUNCIT SERI MAWAR SDN BHD
            8, Jalan Cempaka 2, Taman Melati
            47100 Puchong, Selangor
            TAX INVOICE
            Cashier: 02
            Rice 5kg   $21.90
            Total Amount:   $21.90
            Cash   $50.00
            Change   $28.10
            Thank you, please come again
            """)
        #expect(r.amount.value == Decimal(string: "21.90"))
        #expect(r.currency.value?.code == "MYR")
    }

    @Test func dollarWithAFarEastDollarCountryStaysADollar() {
        let r = extractor.extract(text: "Receipt\nLumen Books Pte Ltd\n21 Orchard Link, Singapore 238800\nTotal   $18.50\nCash   $20.00\nChange   $1.50\n")
        #expect(r.currency.value?.code == "SGD")
    }

    @Test func noCurrencySignAtAllFallsBackOnTheCountry() {
        let r = extractor.extract(text: """
            PERNIAGAAN CAHAYA JAYA
            No 3, Jalan Kenari 5, Taman Bukit
            81300 Skudai, Johor
            Total   12.40
            Cash   20.00
            Change   7.60
            """)
        #expect(r.amount.value == Decimal(string: "12.40"))
        #expect(r.currency.value?.code == "MYR")
    }

    @Test func aMalaysianTownAndCompanyNumberAreCluesEnough() {
        // No sign, no state, no legal form: the street word, the town and the company number.
        let r = extractor.extract(text: """
            KEDAI BUKU HARMONI
            (654321-K)
            22, Jalan Mawar 3
            41200 Klang
            Total   9.80
            Cash   10.00
            Change   0.20
            """)
        #expect(r.currency.value?.code == "MYR")
        let clues = CountryClues.scores(folded: "", raw: "KEDAI BUKU HARMONI (654321-K)")
        #expect(clues["MYR"]?.score == 1)
        // Not an 8-digit identity number, nor a part number inside a longer code.
        #expect(CountryClues.scores(folded: "", raw: "NIF 12345678-Z, ref AB-123456-X1").isEmpty)
    }

    @Test func aCountryCodeFRIsNoFranc() {
        // "FR" (France, French) printed on a receipt whose amounts have no sign; "Fr." is francs.
        let r = extractor.extract(text: """
            LIBRAIRIE DU PORT
            Langue FR
            Total   12.40
            Cash   20.00
            Change   7.60
            """)
        #expect(r.currency.value?.code != "CHF")
        let swiss = extractor.extract(text: "Kiosk am See\nTotal   12.40\nBar   20.00\nRückgeld   7.60\nPreise in Fr.\n")
        #expect(swiss.currency.value?.code == "CHF")
    }

    @Test func oneStraySignDoesNotOutweighClearClues() {
        // OCR read an "&" in the address as "€".
        let r = extractor.extract(text: """
            TOKO ALAT TULIS SDN BHD
            Lot 12 € 14, Jalan Merbau, Taman Damai
            43000 Kajang, Selangor
            Total   8.50
            Cash   10.00
            Change   1.50
            """)
        #expect(r.currency.value?.code == "MYR")
    }

    @Test func octaneRatingIsNoCurrency() {
        let r = extractor.extract(text: """
            Receipt
            Petrol RON 95   32.10 litre
            Total   RM 80.00
            Card   RM 80.00
            """)
        #expect(r.currency.value?.code == "MYR")
        #expect(r.amount.value == Decimal(string: "80.00"))
        #expect(AmountFinder.find(in: "Petrol RON 95", line: 0, language: "en").isEmpty)
        #expect(AmountFinder.find(in: "Total 45,20 RON", line: 0, language: "ro").first?.currency?.code == "RON")
    }

    @Test func tenderedMinusChangePicksTheChargeOverATaxSummaryTotal() {
        let r = extractor.extract(text: """
            Receipt
            Cashier: 3
            Item A   1   45.61
            Total Sales (Excluding Tax)   43.03
            Rounding   -0.01
            Total Sales (Inclusive of Tax)   45.60
            Cash   50.00
            Change   4.40
            TAX SUMMARY
            Total   45.61   2.58
            """)
        #expect(r.amount.value == Decimal(string: "45.60"))
    }

    @Test func tenderedMinusChangeStandsInForAnUnreadableTotal() {
        let r = extractor.extract(text: """
            Receipt
            Cashier: ANNE
            Tot@l  ~~ ## .
            Cash   20.00
            Change   5.50
            """)
        #expect(r.amount.value == Decimal(string: "14.50"))
        #expect(r.amount.confidence <= 0.5)
        // Without change given, nothing is derived from the cash line alone.
        let noChange = extractor.extract(text: "Receipt\nCashier: ANNE\nTot@l ~~\nCash   20.00\n")
        #expect(noChange.amount.value == nil)
    }

    /// A card pays what was charged: with the total's amount unreadable, the card's line gives it;
    /// a card word beside other words ("Card fee") or two cards paying parts do not.
    @Test func theCardPaymentStandsInForAnUnreadableTotal() {
        let r = extractor.extract(text: "Ticket 0042\nPan de barra   1,60\nLeche   1,90\nTOTAL 3:50: €\nTARJETA   3,50\n")
        #expect(r.amount.value == Decimal(string: "3.50"))
        #expect(r.amount.confidence <= 0.5)
        let fee = extractor.extract(text: "Receipt\nTot@l ~~\nCard fee   0.50\n")
        #expect(fee.amount.value == nil)
        let split = extractor.extract(text: "Receipt\nTot@l ~~\nVisa   20.00\nMastercard   5.50\n")
        #expect(split.amount.value == nil)
    }

    @Test func includesTaxIsATotalNotATaxLine() {
        let r = extractor.extract(text: "Receipt\nItem   8.49\nTax 6%   0.51\nTotal Includes Tax 6%   9.00\nCard   9.00\n")
        #expect(r.amount.value == Decimal(string: "9.00"))
    }

    @Test func letterheadWithAPlaceAndANumberInItsLegalName() {
        let r = extractor.extract(text: """
            LAMPU TERANG (TAMAN SURIA) SDN BHD
            (123456-X)
            No 5, Jalan Surian 2, Taman Suria
            Cashier: 1
            Total   RM 12.00
            """)
        #expect(r.name.value == "LAMPU TERANG (TAMAN SURIA) SDN BHD")
        let numbered = extractor.extract(text: "88 FRESH CORNER S/B\nLot 7, Jalan Besar\nCashier: 1\nTotal   RM 3.00\n")
        #expect(numbered.name.value == "88 FRESH CORNER S/B")
    }

    @Test func addressWithAPostcodeRunIntoATownIsNoName() {
        let r = extractor.extract(text: """
            x   MEGAH KITCHEN SDN BHD
            (555123-K)
            Pekan,26600 Pahang
            Cashier: 1
            Total   RM 7.00
            """)
        #expect(r.name.value == "MEGAH KITCHEN SDN BHD")
    }

    @Test func catalogueBrandsInTheItemsOfATillReceiptAreNotTheShop() {
        let r = extractor.extract(text: """
            SEGAR MINI MARKET
            12 Jalan Anggerik
            Cashier: 4
            Bread   2.50
            Apple juice 1L   6.90
            Netflix gift card   50.00
            Total   59.40
            Cash   60.00
            Change   0.60
            Thank you, come again
            """)
        #expect(r.name.value == "SEGAR MINI MARKET")
    }

    /// A shop whose name holds a short catalogue brand ("Boulangerie Hulu") is that shop, not the brand.
    @Test func aShortBrandInsideAShopsNameIsTheShop() {
        let r = extractor.extract(text: """
            BOULANGERIE HULU
            12 rue de la Gare
            Caisse 2   Ticket 118
            Baguette   1,20
            Croissant   1,10
            TOTAL TTC   2,30 EUR
            ESPECES   5,00
            RENDU   2,70
            Merci de votre visite
            """)
        #expect(r.name.value == "BOULANGERIE HULU")
    }

    @Test(arguments: [
        ("ACME TRADING SON BHD", "ACME TRADING SDN BHD"),
        ("Acme Trading S0N. Bhd.", "Acme Trading Sdn. Bhd."),
        ("ACME TRADING SDN BND", "ACME TRADING SDN BHD"),
        ("ACME TRADING SDN BHD", "ACME TRADING SDN BHD"),
        ("RISING SUN BHD", "RISING SUN BHD"),
        ("SON OF A BAKER", "SON OF A BAKER"),
    ])
    func legalFormOCRSlips(printed: String, repaired: String) {
        #expect(NameFinder.repairLegalForm(printed) == repaired)
    }

    /// "S/B" read with digits, followed by the company number: the letterhead is still the name,
    /// cut after its legal form; a pipe size "5/8" is no legal form.
    @Test func shortLegalFormReadWithDigits() {
        let r = extractor.extract(text: """
            77 FRESH MART 5/8 4601234-X) CAS |
            LOT 12, JALAN MERANTI,
            TAMAN SERI GOMBAK
            68100 BATU CAVES, SELANGOR
            INVOICE NO : 88120
            SOAP BAR 2 RM 3.80
            Total Sales (Inclusive GST) RM 3.80
            CASH RM 5.00
            CHANGE RM 1.20
            """)
        #expect(r.name.value == "77 FRESH MART S/B")
        #expect(NameFinder.repairingSlashForm("PASAR MINI 5/B") == "PASAR MINI S/B")
        #expect(NameFinder.repairingSlashForm("PIPE 3 5/8") == "PIPE 3 5/8")
        #expect(NameFinder.repairingSlashForm("Copper pipe 5/8") == "Copper pipe 5/8")
    }

    @Test func countryCluesFromPhonesDomainsAndNames() {
        #expect(CountryClues.best(folded: "", raw: "Tel +65 6123 4567")?.code == "SGD")
        #expect(CountryClues.best(folded: "", raw: "www.lumenbooks.com.au")?.code == "AUD")
        #expect(CountryClues.best(folded: Text.fold("Calle Mayor 3, 28013 Madrid, España"), raw: "")?.code == "EUR")
        #expect(CountryClues.best(folded: Text.fold("Unit 4, Zürich, Schweiz"), raw: "")?.code == "CHF")
        #expect(CountryClues.best(folded: Text.fold("No.2, Total 5.00"), raw: "No.2, Total 5.00") == nil)
        // Phone prefixes and domains are weaker than a country's name.
        let mixed = CountryClues.scores(folded: Text.fold("Dublin, Ireland"), raw: "Phone +44 20 7946 0321")
        #expect(mixed["EUR"]!.score > mixed["GBP"]!.score)
    }

    /// A US address's last line (city, comma, state, ZIP) and a Canadian one's (province and
    /// postal code) name their country; a number after a label with a state's letters does not.
    @Test(arguments: [
        ("4419 Maple Avenue, Portland, OR 97211", "USD"), ("Austin, TX 78701-1234", "USD"),
        ("350 Bay St, Toronto ON M5H 2S6", "CAD"), ("Montréal, QC H2X1Y4", "CAD"),
        ("Order ID 12345", nil), ("Invoice no. ME 12345", nil), ("Paid, IN 123456", nil), ("London SW1A 1AA", "GBP"),
    ])
    func countryCluesFromPostalAddresses(line: String, code: String?) {
        #expect(CountryClues.best(folded: Text.fold(line), raw: line)?.code == code, "\(line)")
    }
}

@Suite struct RecipientBlockTests {
    @Test func aCustomerNameOverAnAddressAfterTheParticularsIsNotTheIssuer() {
        // The letterhead is missing and the "Bill to" label too faint to read.
        let r = InvoiceExtractor().extract(text: """
            INVOICE
            Invoice number   INV-2026-0042
            Invoice date   04/02/2026
            Maria Jensen
            Rue des Lilas 14
            1050 Bruxelles
            Description   Amount
            Total   €9.99
            """)
        #expect(r.name.value == nil)
        #expect(r.amount.value == Decimal(string: "9.99"))
        #expect(NameFinder.looksLikePersonName("Jordan Lee"))
        #expect(!NameFinder.looksLikePersonName("ACME TRADING SDN BHD"))
        #expect(NameFinder.looksLikeAddress("4419 Maple Avenue, Apt 3B"))
    }
}

@Suite struct LetterheadLineTests {
    @Test(arguments: [
        ("ACME CO. (M) BHD (123456-X)", "ACME CO. (M) BHD"),
        ("KEDAI MAJU ( 801234-T )", "KEDAI MAJU"),
        ("ACME TRADING (M) SDN BHD", "ACME TRADING (M) SDN BHD"),
        ("(123456-X)", "(123456-X)"),
    ])
    func registrationNumberAfterAName(printed: String, name: String) {
        #expect(NameFinder.droppingRegistrationNumber(printed) == name)
    }

    @Test func stateLinesAndIndustrialAreasAreAddressesNotNames() {
        let r = InvoiceExtractor().extract(text: """
            NO. 12, JALAN BESAR, 45600 BUKIT ROTAN
            SELANGOR DARUL EHSAN
            KAWASAN PERINDUSTRIAN MUTIARA
            Cashier: 2
            Total   RM 4.90
            """)
        #expect(r.name.value == nil)
        let shop = InvoiceExtractor().extract(text: "Lumos Hardware Enterprise 88\nNo 4, Jalan Kilang\nCashier: 2\nTotal   RM 4.90\n")
        #expect(shop.name.value == "Lumos Hardware Enterprise 88")
    }
}

@Suite struct ReceiptDateTests {
    @Test func itemCodesAreNotDates() {
        #expect(DateFinder.find(in: "HX03-7 - 15", line: 0).isEmpty)
        #expect(DateFinder.find(in: "Item AB12-05-24 1 x 3.00", line: 0).isEmpty)
        #expect(DateFinder.find(in: "12-01-19 21:13 POS 4", line: 0).first?.raw == "12-01-19")
        #expect(DateFinder.find(in: "Date: 05 / 01 / 2026", line: 0).count == 1)
    }
}

@Suite struct RegistrationNumberLetterheadTests {
    @Test func aShortNameWithItsRegistrationNumberIsStillALetterhead() {
        let r = InvoiceExtractor().extract(text: "7 ZEN CO. (M) BHD (126000-R)\nOPENING HOURS\nCashier: 1\nTotal   RM 5.00\n")
        #expect(r.name.value == "7 ZEN CO. (M) BHD")
    }
}

@Suite struct ReceiptTotalTests {
    let extractor = InvoiceExtractor()

    @Test func aTotalWhoseDecimalPointWasLostIsRecoveredFromTheTender() {
        let r = extractor.extract(text: """
            Receipt
            Item   1   30.00
            Total (Excl. Tax):   30.00
            Tax @ 6%:   1.80
            Net Total :   3180
            Cash :   31.80
            Change :   0.00
            """)
        #expect(r.amount.value == Decimal(string: "31.80"))
        #expect(InvoiceExtractor.centsDigits(Decimal(string: "31.80")!) == "3180")
    }

    @Test func aTotalBeforeServiceChargeAndTaxIsNotFinal() {
        let r = extractor.extract(text: """
            Receipt
            Set lunch   2   40.00
            Total Amount   40.00
            Service Charge 10%   4.00
            Tax 6%   2.64
            Rounding   0.01
            TOTAL: RM 46.65
            """)
        #expect(r.amount.value == Decimal(string: "46.65"))
    }

    @Test func aTaxSummaryTotalAfterTheChargeDoesNotWin() {
        let r = extractor.extract(text: """
            Receipt
            Item   1   45.61
            Total Amount   45.60
            TAX SUMMARY
            Tax 6%   2.58
            Total   45.61   2.58
            """)
        #expect(r.amount.value == Decimal(string: "45.60"))
    }
}

@Suite struct OCRSlipTests {
    @Test func aDollarSignReadAsADigitInTheTotal() {
        let r = InvoiceExtractor().extract(text: """
            Receipt
            Tea   $3.20
            Rice   $3.50
            Total Amount:   $6.70
            Tax 6%:   $0.38
            Nett Total:   86.70
            """)
        #expect(r.amount.value == Decimal(string: "6.70"))
        // Without other $ prices nothing is rewritten.
        let plain = InvoiceExtractor().extract(text: "Receipt\nItem   86.70\nTotal:   86.70\n")
        #expect(plain.amount.value == Decimal(string: "86.70"))
    }

    @Test func aYearWithItsLeading2MisreadIsRepaired() {
        #expect(DateFinder.find(in: "Date 25/12/7018", line: 0).first?.date == LocalDate(year: 2018, month: 12, day: 25))
        #expect(DateFinder.find(in: "Ref 25/12/7518", line: 0).isEmpty)
    }
}

@Suite struct AmpersandTests {
    @Test(arguments: [
        ("LUMOS PAPER E INK", "LUMOS PAPER & INK"),
        ("LUMOS HARDWARE 4", "LUMOS HARDWARE &"),
        ("JOHN E SMITH", "JOHN E SMITH"),
        ("Lumos Paper E Ink", "Lumos Paper E Ink"),
        ("BLOCK 4 SHOP", "BLOCK 4 SHOP"),
    ])
    func ampersandReadAsALetterOrDigit(printed: String, repaired: String) {
        #expect(NameFinder.repairAmpersand(printed) == repaired)
    }

    @Test func aNameBrokenAfterItsAmpersand() {
        let r = InvoiceExtractor().extract(text: "LUMOS HARDWARE 4\nELECTRICAL\nNo 4, Jalan Kilang\nCashier: 1\nTotal   RM 4.90\n")
        #expect(r.name.value == "LUMOS HARDWARE & ELECTRICAL")
    }
}

@Suite struct PrintedCurrencyTests {
    @Test func theCurrencyPrintedMostOftenWinsOverAStraySymbol() {
        // OCR read a speck in the address as "€"; the receipt prints "RM" in its columns.
        let text = """
            KEDAI ALAT TULIS MAJU
            Lot 5, Jalan Dahlia € Taman Seri
            Item   Qty   Price (RM)   Amount (RM)
            Pen   2   1.20   2.40
            Total (RM)   2.40
            Total   2.40
            """
        for _ in 0..<5 {
            #expect(InvoiceExtractor().extract(text: text).currency.value?.code == "MYR")
        }
        #expect(Text.occurrences(of: "rm", in: Text.fold(text)) == 3)
        #expect(Text.occurrences(of: "rm", in: "form rm rmx rm") == 2)
    }
}
