import Foundation
import SubsCore
import SubsStatements
import Testing

/// Each test writes its statement to a real file and reads it the way `subs detect` does.
private func read(
    _ contents: Data, named name: String = "export.csv", columns: StatementColumns = StatementColumns(), currency: String = "EUR"
) throws -> (transactions: [BankTransaction], format: StatementReader.Format) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("subs-statements-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent(name)
    try contents.write(to: file)
    let reader = StatementReader(columns: columns, defaultCurrency: try #require(Currency(code: currency)))
    do { return try reader.read(file.path) } catch { throw error }
}

private func read(_ text: String, named name: String = "export.csv", columns: StatementColumns = StatementColumns(), currency: String = "EUR")
    throws -> (transactions: [BankTransaction], format: StatementReader.Format)
{
    try read(Data(text.utf8), named: name, columns: columns, currency: currency)
}

/// The one-line message a file is refused with.
private func refusal(_ contents: Data, named name: String = "export.csv") -> String? {
    do {
        _ = try read(contents, named: name)
        return nil
    } catch let error as SubsError {
        return error.message
    } catch {
        return "\(error)"
    }
}

private func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

@Suite struct CSVStatementTests {
    @Test func usExportWithSignedAmountsAndMonthFirstDates() throws {
        let csv = """
            Date,Description,Amount,Balance
            11/03/2024,"NETFLIX.COM 866-579-7172 CA",-15.49,"1,234.50"
            11/04/2024,PAYROLL ACME INC,"2,500.00","3,734.50"
            11/13/2024,PAYPAL *SPOTIFY P1234,-11.99,"3,722.51"
            """
        let (transactions, format) = try read(csv, currency: "USD")
        #expect(format == .csv)
        #expect(transactions.map(\.date) == [day("2024-11-03"), day("2024-11-04"), day("2024-11-13")])
        #expect(transactions.map(\.amount) == [Decimal(string: "-15.49")!, Decimal(string: "2500.00")!, Decimal(string: "-11.99")!])
        #expect(transactions[0].description == "NETFLIX.COM 866-579-7172 CA")
        #expect(transactions.allSatisfy { $0.currency == nil || $0.currency?.code == "USD" })
    }

    @Test func germanExportInWindows1252WithSemicolonsAndDecimalCommas() throws {
        let csv = """
            Buchungstag;Valuta;Auftraggeber/Empfänger;Verwendungszweck;Betrag;Währung
            01.10.2024;01.10.2024;Spotify AB;Abo Oktober;-10,99;EUR
            15.10.2024;15.10.2024;Müller Getränke;Einkauf;-1.234,56;EUR
            """
        let cp1252 = try #require(csv.data(using: .windowsCP1252))
        let (transactions, _) = try read(cp1252)
        #expect(transactions.count == 2)
        #expect(transactions[0].date == day("2024-10-01"))
        #expect(transactions[1].amount == Decimal(string: "-1234.56")!)
        #expect(transactions[1].description.contains("Müller"))
        #expect(transactions[1].currency?.code == "EUR")
    }

    @Test func separateDebitAndCreditColumnsGiveSignedAmounts() throws {
        let csv = """
            Transaction Date,Transaction Description,Debit Amount,Credit Amount
            05/09/2024,AMAZON PRIME*2K4,8.99,
            06/09/2024,REFUND AMAZON,,8.99
            """
        let (transactions, _) = try read(csv, currency: "GBP")
        #expect(transactions.map(\.amount) == [Decimal(string: "-8.99")!, Decimal(string: "8.99")!])
        // Day first: a UK export says 06/09 for the 6th of September.
        #expect(transactions[1].date == day("2024-09-06"))
    }

    @Test func aFileWithoutHeaderIsReadFromWhatItsColumnsHold() throws {
        let csv = """
            2024-03-01,-9.99,DISNEY PLUS
            2024-03-02,-54.20,TESCO STORES 2041
            2024-03-05,1800.00,SALARY
            """
        let (transactions, _) = try read(csv)
        #expect(transactions.map(\.description) == ["DISNEY PLUS", "TESCO STORES 2041", "SALARY"])
        #expect(transactions.map(\.amount) == [Decimal(string: "-9.99")!, Decimal(string: "-54.20")!, Decimal(string: "1800.00")!])
    }

    @Test func columnsOptionOverridesWhatTheHeaderSuggests() throws {
        let csv = """
            when;what;how much;other
            02/01/2024;Gym Membership;-29,00;ignored
            03/01/2024;Bakery;-3,50;ignored
            """
        let columns = try StatementColumns(parsing: "date=when,description=what,amount=how much,dates=dmy")
        let (transactions, _) = try read(csv, columns: columns)
        #expect(transactions.map(\.date) == [day("2024-01-02"), day("2024-01-03")])
        #expect(transactions.first?.description == "Gym Membership")
        #expect(transactions.first?.amount == Decimal(string: "-29.00")!)
    }

    @Test func aBadColumnsOptionIsRefusedWithTheRolesItKnows() {
        #expect(throws: SubsError.self) { try StatementColumns(parsing: "colour=3") }
        #expect(throws: SubsError.self) { try StatementColumns(parsing: "dates=dym") }
    }
}

@Suite struct OtherFormatTests {
    @Test func ofxIsReadByLibOFX() throws {
        let ofx = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102
            SECURITY:NONE
            ENCODING:USASCII
            CHARSET:1252
            COMPRESSION:NONE
            OLDFILEUID:NONE
            NEWFILEUID:NONE

            <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD
            <BANKACCTFROM><BANKID>121000248<ACCTID>12345<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105120000<TRNAMT>-15.49<FITID>A1<NAME>NETFLIX.COM</STMTTRN>
            <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240115<TRNAMT>2000.00<FITID>A2<NAME>PAYROLL</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        let (transactions, format) = try read(ofx, named: "bank.qfx", currency: "EUR")
        #expect(format == .ofx)
        #expect(transactions.map(\.date) == [day("2024-01-05"), day("2024-01-15")])
        #expect(transactions.map(\.amount) == [Decimal(string: "-15.49")!, Decimal(2000)])
        #expect(transactions.first?.description.contains("NETFLIX") == true)
        #expect(transactions.first?.currency?.code == "USD")
    }

    @Test func camt053EntriesAreSignedByTheirDebitCreditIndicator() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
              <Ntry><Amt Ccy="EUR">12.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-02-03</Dt></BookgDt>
                <NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Deezer SA</Nm></Cdtr></RltdPties>
                <RmtInf><Ustrd>Abonnement 123456</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
              <Ntry><Amt Ccy="EUR">40.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-02-04</Dt></BookgDt></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """
        let (transactions, format) = try read(xml, named: "camt.xml")
        #expect(format == .camt)
        #expect(transactions.map(\.amount) == [Decimal(string: "-12.99")!, Decimal(40)])
        #expect(transactions.first?.description.contains("Deezer") == true)
        #expect(transactions.first?.date == day("2024-02-03"))
    }

    @Test func qifRecordsEndAtTheCaret() throws {
        let qif = """
            !Type:Bank
            D03/15/2024
            T-9.99
            PHULU 877-8244858
            ^
            D03/16/2024
            T-1,024.00
            PRENT MARCH
            ^
            """
        let (transactions, format) = try read(qif, named: "bank.qif", currency: "USD")
        #expect(format == .qif)
        #expect(transactions.map(\.amount) == [Decimal(string: "-9.99")!, Decimal(-1024)])
        #expect(transactions.map(\.description) == ["HULU 877-8244858", "RENT MARCH"])
    }
}

@Suite struct BadStatementTests {
    @Test func emptyFilesAreRefused() {
        #expect(refusal(Data("  \n\n".utf8))?.contains("empty") == true)
    }

    @Test func pdfsAndSpreadsheetsAreToldApartFromExports() {
        #expect(refusal(Data("%PDF-1.7\n...".utf8), named: "statement.csv")?.contains("a PDF") == true)
        #expect(refusal(Data([0x50, 0x4B, 0x03, 0x04, 0, 0, 1]), named: "statement.xlsx")?.contains("spreadsheet") == true)
    }

    @Test func xmlThatIsNoStatementIsRefused() {
        #expect(refusal(Data("<?xml version=\"1.0\"?><rss><channel/></rss>".utf8), named: "feed.xml")?.contains("camt.053") == true)
    }

    @Test func csvWithoutDatesOrAmountsIsRefused() {
        let message = refusal(Data("name,colour\napple,red\npear,green\n".utf8))
        #expect(message != nil)
        #expect(message?.contains("\n") == false)
    }

    @Test func aMissingFileNamesItself() {
        let reader = StatementReader(defaultCurrency: Currency(code: "EUR")!)
        #expect(throws: SubsError.self) { try reader.read("/nonexistent/bank.csv") }
    }
}

/// Every format `scripts/make-statements` writes, read back against the generator's truth.
@Suite struct GeneratedStatementTests {
    @Test func everyGeneratedFormatReadsBackEveryTransaction() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("subs-generated-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generator.arguments = ["python3", root.appendingPathComponent("scripts/make-statements").path, dir.path, "12", "31", "150"]
        generator.standardOutput = FileHandle.nullDevice
        try generator.run()
        generator.waitUntilExit()
        #expect(generator.terminationStatus == 0)

        let truths = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".truth.json") }.sorted()
        #expect(truths.count == 12)
        var formats: Set<String> = []
        for name in truths {
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(name))) as! [String: Any]
            let file = truth["file"] as! String
            let reader = StatementReader(defaultCurrency: Currency(code: truth["currency"] as! String)!)
            let (transactions, format) = try reader.read(dir.appendingPathComponent(file).path)
            formats.insert(format.rawValue)
            #expect(transactions.count == truth["transactions"] as? Int, "\(file)")
            let booked = Set(transactions.map { "\($0.date) \($0.amount)" })
            for subscription in truth["subscriptions"] as! [[String: Any]] {
                for charge in subscription["charges"] as! [[String]] {
                    let expected = "\(day(charge[0])) \(-Decimal(string: charge[1])!)"
                    #expect(booked.contains(expected), "\(file): \(subscription["name"]!) \(expected)")
                }
            }
        }
        #expect(formats == ["CSV", "OFX", "CAMT.053", "QIF"])
    }
}

/// Shapes of real banks' exports the first readers got wrong (seen in public importer projects' samples;
/// the files here are written anew, with made-up values).
@Suite struct RealExportShapesTests {
    @Test func headerNamesNoListHoldsAreTakenFromTheirStems() throws {
        let csv = """
            "Umsatz abgerechnet";"Wertstellung";"Belegdatum";"Beschreibung";"Buchungsbetrag (EUR)";"Ursprünglicher Betrag"
            "Ja";"20.02.2025";"18.02.2025";"SPOTIFY P2C5F1";"-10,99";""
            "Ja";"20.03.2025";"18.03.2025";"SPOTIFY P7A1B9";"-10,99";""
            """
        let (t, _) = try read(Data(csv.utf8), currency: "USD")
        #expect(t.map(\.amount) == [Decimal(string: "-10.99")!, Decimal(string: "-10.99")!])
        #expect(t.map(\.description) == ["SPOTIFY P2C5F1", "SPOTIFY P7A1B9"])
        // The header names the currency; the default (USD here) does not apply.
        #expect(t.allSatisfy { $0.currency == .eur })
    }

    @Test func aHeaderOfUnknownWordsIsStillAHeader() throws {
        let csv = """
            Datum zaúčtování,Částka,Měna,Popis
            27.05.2025,-199.00,CZK,NETFLIX.COM
            27.06.2025,-199.00,CZK,NETFLIX.COM
            """
        let (t, _) = try read(csv)
        #expect(t.count == 2)
        #expect(t.first?.currency == Currency(code: "CZK"))
        #expect(t.first?.description == "NETFLIX.COM")
    }

    @Test func statusRowsAndTimestampsWithZones() throws {
        let csv = """
            Date,Description,Amount
            Pending,UBER TRIP,-12.40
            2025-02-25 12:34:56 +0000,DISNEY PLUS,-8.99
            2025-03-25 09:00:01 +0000,DISNEY PLUS,-8.99
            """
        let (t, _) = try read(csv)
        #expect(t.map(\.date) == [day("2025-02-25"), day("2025-03-25")])
    }

    @Test func thePayeeColumnLeadsThePurposeText() throws {
        let csv = """
            Buchungstag;Valutadatum;Buchungstext;Verwendungszweck;Beguenstigter/Zahlungspflichtiger;Betrag;Waehrung
            22.02.25;22.02.25;LASTSCHRIFT;RECHNR. 100532580591;Vodafone GmbH;-36,99;EUR
            """
        let (t, _) = try read(Data(csv.utf8), currency: "USD")
        #expect(t.first?.description == "Vodafone GmbH RECHNR. 100532580591")
        #expect(t.first?.currency == .eur)
    }

    @Test func ambiguousDatesAreReadInTheOrderThatKeepsThemSorted() throws {
        // No day over 12: only the listing's order tells 01/02 (January 2nd) from 1 February.
        let csv = """
            Date,Description,Amount
            01/02/2025,A,-1.00
            01/09/2025,B,-1.00
            02/03/2025,C,-1.00
            02/10/2025,D,-1.00
            03/04/2025,E,-1.00
            """
        let (t, _) = try read(csv)
        #expect(t.map(\.date) == [day("2025-01-02"), day("2025-01-09"), day("2025-02-03"), day("2025-02-10"), day("2025-03-04")])
    }

    @Test func qifWithAnAccountBlockAndACategoryList() throws {
        let qif = """
            !Option:AutoSwitch
            !Account
            NChecking
            TBank
            ^
            !Clear:AutoSwitch
            !Type:Cat
            NGroceries
            DFood and household
            E
            ^
            !Type:Bank
            D03/01/2025
            T-11.99
            PSPOTIFY
            ^
            D04/01/2025
            T-11.99
            PSPOTIFY
            ^
            """
        let (t, format) = try read(qif, named: "export.qif")
        #expect(format == .qif)
        #expect(t.map(\.description) == ["SPOTIFY", "SPOTIFY"])
        #expect(t.map(\.amount) == [Decimal(string: "-11.99")!, Decimal(string: "-11.99")!])
    }
}
