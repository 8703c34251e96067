import Foundation
import SubsCore
import SubsMail
import SubsScan
import Testing

/// Messages written inline: what GMime decodes, how bodies are laid out, what the header tells.
@Suite struct SubsMailTests {
    static func eml(_ headers: String, _ body: String) -> Data {
        Data((headers + "\r\n\r\n" + body).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }

    static let scanner = MailScanner(scanner: InvoiceScanner())

    @Test func quotedPrintableInLatin1IsDecodedToUTF8() throws {
        let data = Self.eml("""
            From: Nordlicht <rechnung@nordlicht.de>
            Date: Tue, 3 Feb 2026 10:00:00 +0100
            Subject: Ihre Rechnung
            MIME-Version: 1.0
            Content-Type: text/plain; charset=iso-8859-1
            Content-Transfer-Encoding: quoted-printable
            """, "Gesamtbetrag: 15,99 =80 f=FCr Februar=\nabo\n")
        let m = try MailParser.parse(data)
        #expect(m.from == MailMessage.Address(name: "Nordlicht", address: "rechnung@nordlicht.de"))
        #expect(m.date == LocalDate(year: 2026, month: 2, day: 3))
        let text = try #require(m.parts.first?.text)
        // ISO-8859-1 has no euro sign at 0x80 (Windows-1252 does): it stays a control character, the umlaut decodes.
        #expect(text.contains("für Februarabo"))
    }

    @Test func base64HTMLInUTF8IsDecoded() throws {
        let html = "<html><body><p>Total: 9,99 €</p></body></html>"
        let data = Self.eml("""
            From: a@b.com
            Subject: x
            MIME-Version: 1.0
            Content-Type: text/html; charset=utf-8
            Content-Transfer-Encoding: base64
            """, Data(html.utf8).base64EncodedString(options: .lineLength76Characters))
        let m = try MailParser.parse(data)
        #expect(m.parts.first?.text == html)
    }

    @Test func tableRowsBecomeLinesWithCellsInColumnOrder() throws {
        let html = """
            <table><tr><td><b>Acme</b></td><td>Invoice</td></tr></table>
            <table><tr><th>Item</th><th>Price</th></tr><tr><td>Plan</td><td>Pro</td></tr><tr><td>Total</td><td>€9.99</td></tr></table>
            <div style="display:none">preheader</div><p>Thanks<br>Team</p>
            """
        let layout = try #require(MailLayout.html(Data(html.utf8)))
        let lines = layout.lines.map { $0.map(\.text) }
        #expect(lines == [["Acme", "Invoice"], ["Item", "Price"], ["Plan", "Pro"], ["Total", "€9.99"], ["Thanks"], ["Team"]])
        // The value column starts at the same x on every row.
        #expect(layout.lines[2][1].x == layout.lines[3][1].x)
        let page = layout.page(number: 1)
        #expect(page.text.contains("Total €9.99"))
    }

    @Test func aForwardedMailIsTheOriginalSendersAndDate() throws {
        let data = Self.eml("""
            From: Me <me@example.org>
            Date: Mon, 20 Apr 2026 09:00:00 +0000
            Subject: Fwd: Your receipt
            MIME-Version: 1.0
            Content-Type: text/plain; charset=utf-8
            """, """
            FYI

            ---------- Forwarded message ---------
            From: Streamly Billing <billing@streamly.com>
            Date: Thu, Apr 2, 2026 at 10:12 AM
            Subject: Your receipt

            Receipt
            Total:   $12.99
            """)
        let m = try MailParser.parse(data)
        let (_, context) = MailScanner.body(of: m)
        #expect(context.senderAddress == "billing@streamly.com")
        #expect(context.sentDate == LocalDate(year: 2026, month: 4, day: 2))
        #expect(context.subject == "Your receipt")
        let result = try Self.scanner.scan(data: data, name: "fwd.eml")
        #expect(result.amount.value == Decimal(string: "12.99"))
        #expect(result.billingDate.value == LocalDate(year: 2026, month: 4, day: 2))
        #expect(result.name.value?.hasPrefix("Streamly") == true, "\(String(describing: result.name))")
    }

    @Test func theSenderNamesAServiceTheBodyDoesNot() {
        #expect(MailScanner.senderName(DocumentContext(senderName: "Netflix Billing", senderAddress: "info@mailer.netflix.com")) == "Netflix")
        #expect(MailScanner.senderName(DocumentContext(senderAddress: "info@mailer.netflix.com")) == "Netflix")
        #expect(MailScanner.senderName(DocumentContext(senderAddress: "no-reply@nordlicht-energie.co.uk")) == "Nordlicht Energie")
    }

    @Test func mboxAndMaildirAreReadMessageByMessage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("subsmail-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Maildir/cur"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Maildir/new"), withIntermediateDirectories: true)
        var mbox = ""
        for i in 1...3 {
            let msg = "From: s\(i)@x.com\nSubject: m\(i)\nDate: Mon, \(i) Jun 2026 10:00:00 +0000\n\nbody \(i)\n>From the start\n"
            mbox += "From s\(i)@x.com Mon Jun  1 10:00:00 2026\n" + msg + "\n"
            try msg.write(to: dir.appendingPathComponent("Maildir/\(i == 3 ? "new" : "cur")/\(i).msg:2,S"), atomically: true, encoding: .utf8)
        }
        let mboxPath = dir.appendingPathComponent("inbox.mbox").path
        try mbox.write(toFile: mboxPath, atomically: true, encoding: .utf8)
        for path in [mboxPath, dir.appendingPathComponent("Maildir").path] {
            let box = try Mailbox(path: path)
            var subjects: [String] = []
            var second: Mailbox.Message?
            try box.forEach(options: MailParser.Options()) { m in
                subjects.append(m.message.subject ?? "")
                if m.number == 2 { second = m }
                return true
            }
            #expect(subjects == ["m1", "m2", "m3"], "\(path)")
            let bytes = try box.bytes(of: try #require(second))
            #expect(String(decoding: bytes, as: UTF8.self).contains("Subject: m2"))
        }
        #expect(throws: SubsError.self) { try Mailbox(path: dir.path) }
    }

    @Test func unreadableMessagesAreRefusedWithOneLine() throws {
        let cases: [(Data, String)] = [
            (Self.eml("From: a@b.com\nSubject: x\nMIME-Version: 1.0\nContent-Type: multipart/encrypted; protocol=\"application/pgp-encrypted\"; boundary=\"b\"",
                      "--b\nContent-Type: application/pgp-encrypted\n\nVersion: 1\n--b\nContent-Type: application/octet-stream\n\n-----BEGIN PGP MESSAGE-----\nxx\n--b--\n"), "encrypted"),
            (Self.eml("From: a@b.com\nSubject: x\nMIME-Version: 1.0\nContent-Type: application/pkcs7-mime; smime-type=enveloped-data\nContent-Transfer-Encoding: base64", "AAAA\n"), "encrypted"),
            (Self.eml("From: a@b.com\nSubject: x\nMIME-Version: 1.0\nContent-Type: text/plain; charset=x-no-such-charset", "Total 5 EUR\n"), "cannot be decoded"),
            (Self.eml("From: a@b.com\nSubject: x\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8", "Total 5 \u{FFFD}\n").replacing(Data("\u{FFFD}".utf8), with: Data([0xC3, 0x28])), "not valid UTF-8"),
            (Self.eml("From: a@b.com\nSubject: x\nMIME-Version: 1.0\nContent-Type: text/plain", ""), "no text"),
            (Data("just some notes\nnothing else\n".utf8), "is a text file"),
        ]
        for (data, fragment) in cases {
            do {
                _ = try Self.scanner.scan(data: data, name: "m.eml")
                Issue.record("\(fragment): no error")
            } catch {
                #expect(error.message.contains(fragment), "\(error.message)")
                #expect(!error.message.contains("\n"))
            }
        }
    }

    /// A single-part message from `from`, sent on `date`, read by the mail scanner.
    static func extraction(from: String, date: String, subject: String, type: String = "text/plain", _ body: String) throws -> Extraction {
        let data = eml("""
            From: \(from)
            Date: \(date)
            Subject: \(subject)
            MIME-Version: 1.0
            Content-Type: \(type); charset=utf-8
            """, body)
        return try scanner.scan(data: data, name: "m.eml").extraction
    }

    @Test func anInvoiceMailWithOneAmountInRunningTextIsRead() throws {
        let html = """
            <p>Hello Ana,</p><p>Studio Brisa sent you an invoice for <b>€120.00</b> that is due on 30 April 2026.</p>
            <p>Thank you for your business.</p>
            """
        let e = try Self.extraction(from: "Studio Brisa <billing@brisa.example>", date: "Thu, 16 Apr 2026 09:00:00 +0000",
                                    subject: "New invoice", type: "text/html", html)
        #expect(e.amount.value == Decimal(string: "120")!)
        #expect(e.amount.confidence < 0.5, "a guess from running text says it is one")
        #expect(e.currency.value == .eur)
    }

    @Test func aMailWithoutPaymentWordsGetsNoAmountFromAPrice() throws {
        let e = try Self.extraction(from: "Studio Brisa <news@brisa.example>", date: "Thu, 16 Apr 2026 09:00:00 +0000",
                                    subject: "Spring news", "Our spring workshop is back, seats from €120.00.\nSee you there!\n")
        #expect(e.amount.value == nil)
    }

    @Test func theNextBillingDateAMonthOnMakesItMonthly() throws {
        let e = try Self.extraction(from: "Varo Cloud <billing@varo.example>", date: "Mon, 27 Jan 2025 10:00:00 +0000", subject: "Your receipt",
                                    "Receipt\n\nInvoice date:   27 January 2025\nAmount paid:    EUR 24.54\nNext billing date: 27 February 2025\n")
        #expect(e.nextBillingDate.value == LocalDate(year: 2025, month: 2, day: 27))
        #expect(e.frequency.value == .monthly)
        #expect(e.frequencyStated)
    }
}
