import Foundation
import SubsMarkup
import Testing

@Suite struct MarkupTests {
    @Test func xmlKeepsNamesNamespacesAttributesAndText() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
              <Ntry><Amt Ccy="EUR">15.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><Info>Caf&#233; &amp; Co</Info></Ntry>
            </Document>
            """
        let root = try Markup.parseXML(Data(xml.utf8))
        #expect(root.name == "Document")
        #expect(root.namespace == "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02")
        let amount = try #require(root.descendant("Ntry", "Amt"))
        #expect(amount.attributes["Ccy"] == "EUR")
        #expect(amount.text == "15.99")
        #expect(root.all("Info").first?.text == "Café & Co")
    }

    @Test func brokenXMLIsAnErrorThatSaysWhere() {
        #expect(throws: Markup.Failure.self) { try Markup.parseXML(Data("<a><b></a>".utf8)) }
        #expect(throws: Markup.Failure.self) { try Markup.parseXML(Data("not xml at all".utf8)) }
        #expect(throws: Markup.Failure.self) { try Markup.parseXML(Data()) }
    }

    @Test func externalEntitiesAreNotLoaded() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE a [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <a>&secret;</a>
            """
        let root = try? Markup.parseXML(Data(xml.utf8))
        #expect(root.map { $0.text.isEmpty } ?? true)
    }

    @Test func htmlRecoversFromTagSoupAndHonoursTheCharset() throws {
        let html = "<html><body><table><tr><td>Total<td><b>15,99 \u{e9}</b></table><p>unclosed"
        let latin1 = try #require(html.data(using: .isoLatin1))
        let root = try Markup.parseHTML(latin1, encoding: "iso-8859-1")
        #expect(root.name == "html")
        let cells = root.all("td")
        #expect(cells.map(\.text) == ["Total", "15,99 é"])
        #expect(root.all("p").first?.text == "unclosed")
    }

    @Test func deeplyNestedDocumentsAreRefused() {
        let deep = String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000)
        #expect(throws: Markup.Failure.self) { try Markup.parseXML(Data(deep.utf8)) }
    }
}
