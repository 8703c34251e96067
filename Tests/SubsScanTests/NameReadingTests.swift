import Foundation
import SubsCore
import Testing

@testable import SubsScan

/// The shop's name read off a letterhead despite OCR's slips: specks read as letters above it,
/// characters misread in it, readings of the same line combined.
@Suite struct NameReadingTests {
    @Test func aLoneLetterAboveTheLetterheadIsASpeckNotARecipientLabel() {
        let r = InvoiceExtractor().extract(text: """
            a
            GOLDEN LANTERN BISTRO SDN BHD
            12, Jalan Melur 3, Taman Seri
            Cashier: 04
            Fried rice   12.50
            Total   12.50
            Cash   20.00
            Change   7.50
            """)
        #expect(r.name.value == "GOLDEN LANTERN BISTRO SDN BHD")
        let noisy = InvoiceExtractor().extract(text: """
            A 4 N
            PELANGI TYRE MOTOR SDN BHD
            No. 7, Jalan Kenanga, Taman Bakti
            Cashier: 2
            Total   88.00
            Cash   100.00
            Change   12.00
            """)
        #expect(noisy.name.value == "PELANGI TYRE MOTOR SDN BHD")
    }

    @Test func aOneLetterRecipientLabelStillCountsWithItsColon() {
        #expect(NameFinder.isRecipientLabel("A: Lucía García"))
        #expect(NameFinder.isRecipientLabel("Facturar a"))
        #expect(NameFinder.isRecipientLabel("To"))
        #expect(!NameFinder.isRecipientLabel("a"))
        #expect(!NameFinder.isRecipientLabel("A 4 N"))
    }
}
