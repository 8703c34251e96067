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

    // ("Sol e Luna" is mended too: the printed reading stays a proposal beside the mended one.)
    @Test(arguments: ["MR DIY SDN BHD", "KEDAI RUNCIT ENTERPRISE", "Harbor Cloud", "ROOM 4 B", "SUITE 4 12", "Lumen Ltd"])
    func namesReadRightAreLeftAlone(_ read: String) {
        #expect(NameMending.mended(read) == nil, "\(read) -> \(NameMending.mended(read) ?? "")")
    }
}
