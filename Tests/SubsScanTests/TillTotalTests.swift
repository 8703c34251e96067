import Foundation
import SubsCore
import Testing

@testable import SubsScan

/// Totals on till receipts that OCR read imperfectly, and their header lines, on receipt text
/// invented here: rounding lines, cash over change, count lines, descriptors under a shop's name.
@Suite struct TillTotalTests {
    let extractor = InvoiceExtractor()

    @Test func aRoundingAfterTheTotalGivesTheRoundedCharge() {
        let r = extractor.extract(text: """
            GREEN LEAF GROCER
            Receipt
            Bread   4.99
            Cheese   18.48
            TOTAL AMOUNT   23.47
            ROUNDING ADJ   -0.02
            Thank you
            """)
        #expect(r.amount.value == Decimal(string: "23.45"))
        let up = extractor.extract(text: "Receipt\nTea   9.98\nTotal   9.98\nRounding   0.02\n")
        #expect(up.amount.value == Decimal(string: "10.00"))
    }

    @Test func aRoundingBeforeTheTotalOrARoundedTotalAfterItChangesNothing() {
        let before = extractor.extract(text: "Receipt\nSubtotal   23.47\nRounding   -0.02\nTotal   23.45\n")
        #expect(before.amount.value == Decimal(string: "23.45"))
        let printed = extractor.extract(text: "Receipt\nTotal   23.47\nRounding   -0.02\nTotal Rounded   23.45\nCash   30.00\nChange   6.55\n")
        #expect(printed.amount.value == Decimal(string: "23.45"))
    }

    @Test func aTotalOverTheCashHandedOverIsADigitMisread() {
        let r = extractor.extract(text: """
            GREEN LEAF GROCER
            Receipt
            Total   87.60
            Cash   50.00
            Change   12.40
            """)
        #expect(r.amount.value == Decimal(string: "37.60"))
        // A total under the cash is left alone even when the arithmetic disagrees.
        let under = extractor.extract(text: "Receipt\nTotal   37.80\nCash   50.00\nChange   12.40\n")
        #expect(under.amount.value == Decimal(string: "37.80"))
        // Two digits apart: no repair from arithmetic alone.
        let far = extractor.extract(text: "Receipt\nTotal   91.60\nCash   50.00\nChange   12.40\n")
        #expect(far.amount.value == Decimal(string: "91.60"))
    }

    @Test func oneDigitApart() {
        #expect(InvoiceExtractor.differsInOneDigit(Decimal(string: "37.10")!, Decimal(string: "87.10")!))
        #expect(!InvoiceExtractor.differsInOneDigit(Decimal(string: "37.10")!, Decimal(string: "37.10")!))
        #expect(!InvoiceExtractor.differsInOneDigit(Decimal(string: "37.10")!, Decimal(string: "137.10")!))
        #expect(!InvoiceExtractor.differsInOneDigit(Decimal(string: "37.10")!, Decimal(string: "38.20")!))
    }

    @Test func aCountLineIsNoColumnHeader() {
        let r = extractor.extract(text: """
            GREEN LEAF GROCER
            Receipt
            Item(s) : 3      Qty(s) : 3
            TOTAL ROUNDED   RM 12.40
            """)
        #expect(r.amount.value == Decimal(string: "12.40"))
    }

    @Test func aNettTotalIsNotOutweighedByALargerWeakerTotal() {
        let r = extractor.extract(text: "Receipt\nTotal Amount:   12.00\nMember discount   0.60\nNett Total:   11.40\n")
        #expect(r.amount.value == Decimal(string: "11.40"))
    }

    @Test func aDecimalPointSpacedOutAtTheEndOfALine() {
        let found = AmountFinder.find(in: "CASH : 200. 00", line: 0, language: nil)
        #expect(found.map(\.value) == [Decimal(string: "200.00")!])
        // ... also before a sign that ends the line.
        for line in ["TOTAL 27, 85€", "TOTAL 27, 85 €", "TOTAL 27, 85 EUR"] {
            let signed = AmountFinder.find(in: line, line: 0, language: nil)
            #expect(signed.map(\.value) == [Decimal(string: "27.85")!], "\(line)")
            #expect(signed.first?.currency == .eur, "\(line)")
        }
        // Inside a sentence it is a full stop and a number.
        #expect(AmountFinder.find(in: "Aisle 4. 12 items", line: 0, language: nil).isEmpty)
    }

    /// The decimal point read as a space, at the end of a line after a currency sign ("RM 64 13");
    /// without the sign, or before more digits, the pair is no amount.
    @Test func aDecimalPointReadAsASpaceAfterASign() {
        #expect(AmountFinder.find(in: "Total Sales(Incl GST 6%) RM 64 13", line: 0, language: nil).map(\.value) == [Decimal(string: "64.13")!])
        #expect(AmountFinder.find(in: "Tel 03 7845 12 34", line: 0, language: nil).isEmpty)
        #expect(AmountFinder.find(in: "Total RM 1 148", line: 0, language: nil).map(\.value) == [Decimal(1148)])
        let r = extractor.extract(text: """
            RESTORAN SRI MELATI
            Invoice 581355   Cashier NINI
            Total Sales(Incl GST 6%)   RM 64 13
            Rounding Adjustment   RM 0.02
            Total Discount   RM 0.00
            """)
        #expect(r.amount.value == Decimal(string: "64.15"))
    }

    @Test func aCatalogueWordOnAnItemLineIsNoVendor() {
        let r = extractor.extract(text: """
            HARBOUR LIGHT KITCHEN SDN BHD
            No 8, Jalan Pantai 3
            Tel: 04-555 0192
            Tax Invoice
            Table: 7
            Cashier: 2
            1 Apple - 350ml   SR 12.90
            1 Apple Crumble   SR 16.90
            Total   29.80
            """)
        #expect(r.name.value == "HARBOUR LIGHT KITCHEN SDN BHD")
    }

    @Test func aDescriptorUnderTheNameIsNotTheName() {
        let r = extractor.extract(text: """
            HAPPY OWL
            BISTRO & CAFE
            12, Jalan Bunga 4
            Tax Invoice
            Cashier: 1
            Total   RM 24.00
            """)
        #expect(r.name.value == "HAPPY OWL")
    }

    @Test func aMarkAndANumberInTheMarginAreNoRecipientLabel() {
        let r = extractor.extract(text: "A 2741\nLUMOS TRADING SDN BHD\nNo 3, Jalan Batu\nReceipt\nCashier: 1\nTotal   RM 9.90\n")
        #expect(r.name.value == "LUMOS TRADING SDN BHD")
    }

    @Test(arguments: [
        ("KEDAI EMAS CM) SDN BHD", "KEDAI EMAS (M) SDN BHD"),
        ("KEDAI EMAS (M) SDN BHD", "KEDAI EMAS (M) SDN BHD"),
        ("CAFE CM) LUMOS", "CAFE (M) LUMOS"),
        ("LUMOS CMS", "LUMOS CMS"),
    ])
    func anOpeningParenthesisReadAsC(printed: String, repaired: String) {
        #expect(NameFinder.repairParenthesis(printed) == repaired)
    }

    /// A till receipt that prints only the cash handed over, with no change and no total: the cash
    /// is the charge when the items add up to it; when they do not, nothing is taken for the total.
    @Test func cashAloneUnderItemsThatAddUpToIt() {
        let receipt = """
            KEDAI MAKAN SRI TIMUR
            12, JALAN MAWAR 3
            05/03/2018 20:14   CASHIER 01
            DEPT 05      RM 64.50
            DEPT 02      RM 15.50
            CASH
            RM 80. 00
            """
        let r = extractor.extract(text: receipt)
        #expect(r.amount.value == Decimal(string: "80.00"))
        #expect(r.currency.value?.code == "MYR")
        let short = extractor.extract(text: receipt.replacingOccurrences(of: "RM 15.50", with: "RM 12.50"))
        #expect(short.amount.value != Decimal(string: "80.00"))
    }
}

/// Which header bands of an OCR'd page are read again, and where their lines go.
@Suite struct HeaderBandTests {
    func word(_ text: String, y: Int, line: Int, confidence: Double = 0.9, height: Int = 20) -> WordBox {
        WordBox(text: text, confidence: confidence, x: 10, y: y, width: 100, height: height, line: line, page: 1)
    }

    @Test func bandsAboveTheFirstConfidentLineAndBetweenHeaderLines() {
        let words = [
            word("stamp", y: 30, line: 0, confidence: 0.2, height: 90),
            word("(12345-X)", y: 300, line: 0),
            word("Jalan", y: 330, line: 1),
            word("Tel", y: 360, line: 2),
            word("Receipt", y: 500, line: 3),
            word("Total", y: 1500, line: 4),
            word("Cash", y: 1800, line: 5),
        ]
        let bands = OCREngine.headerGaps(words, pageHeight: 2000)
        #expect(bands == [0..<298, 382..<498])
    }

    @Test func noBandsOnAPageReadFromTheTop() {
        let words = (0..<20).map { word("line", y: 20 + $0 * 30, line: $0) }
        #expect(OCREngine.headerGaps(words, pageHeight: 2000).isEmpty)
    }

    @Test func bandLinesGoBeforeTheFirstLineBelowThem() {
        let page = [word("(12345-X)", y: 300, line: 0), word("Jalan", y: 330, line: 1), word("Receipt", y: 500, line: 2)]
        let title = [word("LUMOS", y: 200, line: 0, height: 60), word("MART", y: 200, line: 0, height: 60)]
        let note = [word("Branch", y: 420, line: 0)]
        let merged = OCREngine.merging([(298, title), (498, note)], into: page)
        #expect(merged.map(\.text) == ["LUMOS", "MART", "(12345-X)", "Jalan", "Branch", "Receipt"])
        #expect(merged.map(\.line) == [0, 0, 1, 2, 3, 4])
    }

    /// A scan's dark edge read as a bar on the first page line, a little above its words, does not
    /// put that line over the band's brand.
    @Test func aBarOnTheFirstLineDoesNotLiftIt() {
        let page = [word("|", y: 285, line: 0, height: 2), word("Kestrel", y: 293, line: 0), word("Ltd", y: 293, line: 0),
                    word("Road", y: 340, line: 1)]
        let brand = [word("Kestrel", y: 170, line: 0, height: 90)]
        let merged = OCREngine.merging([(291, brand)], into: page)
        #expect(merged.map(\.text) == ["Kestrel", "|", "Kestrel", "Ltd", "Road"])
    }
}

@Suite struct RereadTests {
    @Test(arguments: [
        ("MR D.1.Y. SDN BHD", "MR D.I.Y. SDN BHD"),
        ("A.0.K. TRADING", "A.O.K. TRADING"),
        ("NO. 10 SHOP", "NO. 10 SHOP"),
        ("1.0.", "1.0."),
    ])
    func initialsReadWithDigits(printed: String, repaired: String) {
        #expect(NameFinder.repairInitials(printed) == repaired)
    }

    @Test func theRestOfTheReceiptBacksOneReadingOfTheTotal() {
        let lines = ["Subtotal   42.50", "Total   48.50", "Tax summary   42.50", "Cash   50.00", "Change   7.50"]
        // 42.50 is printed on two other lines and is cash minus change; 48.50 on none.
        #expect(InvoiceScanner.support(Decimal(string: "42.50")!, lines: lines, except: "Total   48.50") == 3)
        #expect(InvoiceScanner.support(Decimal(string: "48.50")!, lines: lines, except: "Total   48.50") == 0)
    }

    /// A total misread by more than a digit ("33.323,99" for "123,99") gives way to a re-read that
    /// the item line backs; a re-read nothing backs, or a page's reading something backs, stays out.
    @Test func aTotalMisreadByMoreThanADigitGivesWayToABackedReread() {
        func backed(_ old: String, _ new: String, _ lines: [String]) -> Bool? {
            InvoiceScanner.rereadTotalIsBacked(old: Decimal(string: old)!, new: Decimal(string: new)!, lines: lines, except: lines[1])
        }
        let item = ["Premium (al año)   87,40 €", "Total (IVA incl.)   33.387,40 €", "IVA incluido (21%)   15,17 €"]
        #expect(backed("33387.40", "87.40", item) == true)
        #expect(backed("33387.40", "81.40", item) == nil)
        let both = ["Premium   33.387,40 €", "Total   33.387,40 €", "Pago   87,40 €"]
        #expect(backed("33387.40", "87.40", both) == nil)
        // One digit apart, the better backed reading wins either way.
        #expect(backed("48.50", "42.50", ["Subtotal   42.50", "Total   48.50"]) == true)
        #expect(backed("42.50", "48.50", ["Subtotal   42.50", "Total   42.50"]) == false)
    }
}

@Suite struct SummedTotalTests {
    @Test func aSubtotalAndTheChargesAddedToItWhenTheTotalIsUnreadable() {
        let r = InvoiceExtractor().extract(text: """
            RIVERBANK GRILL
            Tax Invoice
            2 Lemonade   9.00
            1 Burger   31.00
            SUB TOTAL   40.00
            SERVICE CHARGE 10%   4.00
            GST 6%   2.64
            ROUNDING ADJ   -0.04
            TOTAL ##,#
            """)
        #expect(r.amount.value == Decimal(string: "46.60"))
    }

    @Test func aChargeLineWithoutItsAmountStopsTheSum() {
        #expect(InvoiceExtractor.summedTotal(raws: ["SUB TOTAL 40.00", "SERVICE CHARGE 10% 4 0)", "GST 6% 2.64"]) == nil)
        // A subtotal alone is no total.
        #expect(InvoiceExtractor.summedTotal(raws: ["Subtotal 40.00", "Thank you"]) == nil)
    }

    @Test(arguments: [
        ("ROUNDING ADJ -0.02", "-0.02"), ("GST 6% 19.47", "19.47"), ("Subtotal 1,234.50", "1234.50"),
        ("Service 12,50 €", "12.50"), ("Tax RM 0.78 .", "0.78"),
    ])
    func theSignedAmountAtTheEndOfALine(line: String, value: String) {
        #expect(InvoiceExtractor.signedLastAmount(line) == Decimal(string: value))
    }
}
