import Foundation
import Testing

@testable import SubsScan

/// The ways a printed name is proposed: its variants, and OCR's misreadings mended.
@Suite struct NameCandidateTests {
    @Test func aGroupsWordsBetweenBrandAndLegalFormAreTakenOff() {
        let texts = NameCandidates.variants(of: "Harbor Online GmbH").map(\.text)
        #expect(texts == ["Harbor Online GmbH", "Harbor Online", "Harbor"])
        let flagged = NameCandidates.variants(of: "Nordlicht Deutschland AG").last
        #expect(flagged?.text == "Nordlicht" && flagged?.legal == true && flagged?.descriptor == true)
        // A name that is only such a word keeps it.
        #expect(NameCandidates.variants(of: "Online Ltd").map(\.text) == ["Online Ltd", "Online"])
        // Without a legal form the words are part of the name as printed.
        #expect(NameCandidates.variants(of: "Luce Chiara Servizi").map(\.text) == ["Luce Chiara Servizi"])
    }

    @Test(arguments: [
        ("TEO HENG STATIONERY SON BHD", "TEO HENG STATIONERY SDN BHD"),
        ("Lumen Trading Berhao", "Lumen Trading Berhad"),
        ("HOME MASTER HARDWARE 4 ELECTRICAL", "HOME MASTER HARDWARE & ELECTRICAL"),
        ("TEO HENG STATIONERY E BOOKS SON BHD", "TEO HENG STATIONERY & BOOKS SDN BHD"),
    ])
    func ocrMisreadingsAreMended(_ read: String, _ printed: String) {
        #expect(NameMending.mended(read) == printed)
    }

    /// One feature of each name candidate of a text PDF with these lines.
    func feature(_ name: String, of lines: [String]) throws -> [String: Double] {
        let dir = try TempDir()
        let pdf = try dir.file("doc.pdf", Fixtures.textPDF(pages: [lines]))
        let field = TrainingCandidates.candidates(pages: try InvoiceScanner().readPages(of: pdf)).name
        let column = try #require(field.names.firstIndex(of: name))
        return Dictionary(zip(field.values, field.rows.map { $0[column] }), uniquingKeysWith: max)
    }

    @Test func aDomainSpellingSomeOfANamesWordsIsSeen() throws {
        let lines = ["Stanford Plumbing & Heating                INVOICE", "123 Madison Drive, Seattle",
                     "www.plumbingstanford.com", "Bill to", "Dana Whitfield", "Invoice date: 10/18/2025",
                     "Balance due                    $1,536.52"]
        let share = try feature("domain_words", of: lines)
        // Two of its three words of three letters or more ("&" is none); the customer's none.
        #expect(share["Stanford Plumbing & Heating"] == 2.0 / 3.0)
        #expect(share["Dana Whitfield"] == 0)
    }

    @Test func theIssuersLabelIsALabelNotAName() throws {
        let roles = try feature("all_label", of: ["Rechnungsersteller", "Kraxi Werkzeuge", "Rechnungsdatum: 03.02.2026",
                                                  "Gesamtbetrag 23,80 EUR"])
        #expect(roles["Rechnungsersteller"] == 1)
        #expect(roles["Kraxi Werkzeuge"] == 0)
    }

    // ("Sol e Luna" is mended too: the printed reading stays a proposal beside the mended one.)
    @Test(arguments: ["MR DIY SDN BHD", "KEDAI RUNCIT ENTERPRISE", "Harbor Cloud", "ROOM 4 B", "SUITE 4 12", "Lumen Ltd"])
    func namesReadRightAreLeftAlone(_ read: String) {
        #expect(NameMending.mended(read) == nil, "\(read) -> \(NameMending.mended(read) ?? "")")
    }
}
