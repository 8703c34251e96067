import Foundation
import Testing
import TestSupport

/// E-mails as the built binary reads them: generated messages (scripts/make-emails) in a temporary HOME.
@Suite struct MailTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `count` generated messages and their truth, in `subs.home/mails`.
    func generate(_ subs: SubsRunner, count: Int, seed: Int) throws -> [(file: String, truth: [String: Any])] {
        let dir = subs.home.appendingPathComponent("mails").path
        let r = try SubsRunner.shell("'\(Self.root.path)/scripts/make-emails' '\(dir)' \(count) \(seed)")
        #expect(r.status == 0, "\(r.stderr)")
        return try (0..<count).map { i in
            let base = dir + String(format: "/%04d", i)
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: base + ".json"))) as! [String: Any]
            return (base + ".eml", truth)
        }
    }

    func json(_ line: Substring) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    }

    @Test func aGeneratedInvoiceEmailIsRead() throws {
        let subs = try SubsRunner(today: "2026-12-31")
        let mails = try generate(subs, count: 12, seed: 7)
        let invoices = mails.filter { $0.truth["invoice"] as? Bool == true }
        #expect(!invoices.isEmpty)
        let r = try subs.run(["scan", "--json"] + invoices.map(\.file))
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == invoices.count)
        var right = 0
        for (line, mail) in zip(lines, invoices) {
            let o = try json(line)
            #expect(o["media_type"] as? String == "message/rfc822")
            if o["amount"] as? String == mail.truth["amount"] as? String, o["currency"] as? String == mail.truth["currency"] as? String { right += 1 }
        }
        #expect(right >= invoices.count - 1, "\(r.stdout)")
    }

    func maildir(_ subs: SubsRunner, _ mails: [(file: String, truth: [String: Any])]) throws -> String {
        let box = subs.home.appendingPathComponent("Maildir")
        for sub in ["cur", "new", "tmp"] { try FileManager.default.createDirectory(at: box.appendingPathComponent(sub), withIntermediateDirectories: true) }
        for m in mails {
            try FileManager.default.copyItem(atPath: m.file, toPath: box.appendingPathComponent("cur/" + (m.file as NSString).lastPathComponent + ":2,S").path)
        }
        return box.path
    }

    @Test func aMailboxListsItsInvoicesByServiceAndAddsThem() throws {
        let subs = try SubsRunner(today: "2026-12-31")
        let mails = try generate(subs, count: 30, seed: 11)
        let box = try maildir(subs, mails)
        let r = try subs.run(["scan", "--mailbox", box, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        var listed: Set<String> = []
        for line in r.stdout.split(separator: "\n") {
            let o = try json(line)
            for m in o["messages"] as! [[String: Any]] { listed.insert(((m["file"] as! String) as NSString).lastPathComponent.components(separatedBy: ":")[0]) }
        }
        for m in mails {
            let name = (m.file as NSString).lastPathComponent
            if m.truth["invoice"] as? Bool == false { #expect(!listed.contains(name), "\(name) \(m.truth["kind"] ?? "") listed") }
        }
        let invoices = mails.filter { $0.truth["invoice"] as? Bool == true }.count
        #expect(listed.count >= invoices - 1)

        // Without a terminal, --add needs --yes; nothing is stored.
        let refused = try subs.run(["scan", "--mailbox", box, "--add"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("subs: ") && refused.stderr.filter { $0 == "\n" }.count == 1, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: subs.databasePath))

        let added = try subs.run(["scan", "--mailbox", box, "--add", "--yes"])
        #expect(added.status == 0, "\(added.stderr)")
        let list = try subs.run(["list", "--csv"])
        #expect(list.stdout.split(separator: "\n").count - 1 == r.stdout.split(separator: "\n").count, "\(list.stdout)")
        // Run again: every invoice is kept already; nothing is added twice.
        let again = try subs.run(["scan", "--mailbox", box, "--add", "--yes"])
        #expect(again.status == 0)
        #expect(try subs.run(["list", "--csv"]).stdout == list.stdout)
    }

    /// One service's receipt each quarter, no frequency and no date printed: the sent dates give the cadence
    /// (else it would be monthly, the default).
    @Test func aServicesMonthlyInvoicesGiveItsCadenceAndItIsAddedSo() throws {
        let subs = try SubsRunner(today: "2026-12-31")
        let box = subs.home.appendingPathComponent("Maildir")
        for sub in ["cur", "new", "tmp"] { try FileManager.default.createDirectory(at: box.appendingPathComponent(sub), withIntermediateDirectories: true) }
        for (i, month) in ["Jan", "Apr", "Jul", "Oct"].enumerated() {
            let mail = """
                From: Varo Cloud <billing@varo.example>\r
                Date: Mon, 3 \(month) 2025 10:00:00 +0000\r
                Subject: Your Varo Cloud receipt\r
                MIME-Version: 1.0\r
                Content-Type: text/plain; charset=utf-8\r
                \r
                Receipt\r
                \r
                Thanks for your payment to Varo Cloud.\r
                Plan:          Pro\r
                Amount paid:   EUR 24.54\r

                """
            try mail.write(to: box.appendingPathComponent("cur/\(i).eml:2,S"), atomically: true, encoding: .utf8)
        }
        let r = try subs.run(["scan", "--mailbox", box.path, "--json"])
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 1, "one service: \(r.stdout)")
        let o = try json(try #require(lines.first))
        #expect(o["count"] as? Int == 4)
        #expect(o["frequency"] as? String == "quarterly", "\(o)")
        #expect(o["billing_date"] as? String == "2025-10-03", "\(o)")
        let table = try subs.run(["scan", "--mailbox", box.path])
        #expect(table.stdout.hasPrefix("NAME"), "\(table.stdout)")
        #expect(table.stdout.contains("quarterly"), "\(table.stdout)")
        let added = try subs.run(["scan", "--mailbox", box.path, "--add", "--yes"])
        #expect(added.status == 0, "\(added.stderr)")
        let show = try subs.run(["show", "varo cloud", "--json"])
        #expect(show.stdout.contains("\"frequency\": \"quarterly\""), "\(show.stdout)")
        #expect(show.stdout.contains("24.54"), "\(show.stdout)")
    }

    @Test func badMailInputIsOneLineANonZeroExitAndNoChange() throws {
        let subs = try SubsRunner()
        try subs.run(["add", "Netflix", "--amount", "15.99"])
        let before = try Data(contentsOf: URL(fileURLWithPath: subs.databasePath))
        let dir = subs.home.path
        func write(_ name: String, _ text: String) throws -> String {
            try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            return dir + "/" + name
        }
        let encrypted = try write("enc.eml", "From: a@b.com\nSubject: x\nMIME-Version: 1.0\nContent-Type: application/pkcs7-mime; smime-type=enveloped-data\nContent-Transfer-Encoding: base64\n\nAAAA\n")
        let charset = try write("cs.eml", "From: a@b.com\nSubject: x\nMIME-Version: 1.0\nContent-Type: text/plain; charset=x-unknown-42\n\nTotal 5 EUR\n")
        let empty = try write("empty.eml", "")
        let notMime = try write("notes.eml", "shopping list\neggs\n")
        let mbox = try write("inbox.mbox", "From a@b.com Mon Jun  1 10:00:00 2026\nFrom: a@b.com\nSubject: x\n\nhi\n")
        // An e-mail over the size limit (a 50 MB attachment): refused before it is read.
        let big = dir + "/big.eml"
        FileManager.default.createFile(atPath: big, contents: Data("From: a@b.com\r\nSubject: x\r\nMIME-Version: 1.0\r\n\r\n".utf8))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try h.truncate(atOffset: 70 * 1024 * 1024)
        try h.close()
        let cases: [([String], String)] = [
            (["scan", encrypted], "encrypted"), (["add", "--scan", encrypted, "--yes"], "encrypted"),
            (["scan", charset], "cannot be decoded"), (["scan", empty], "empty"), (["scan", notMime], "is a text file"),
            (["scan", mbox], "--mailbox"), (["add", "--scan", big, "--yes"], "over the 50 MB limit"),
            (["scan", "--mailbox", dir + "/nope"], "no such file"), (["scan", "--mailbox", notMime], "not an mbox"),
            (["scan", "--mailbox", mbox, "--since", "2026-02-30"], "not a real date"),
        ]
        for (args, fragment) in cases {
            let r = try subs.run(args)
            #expect(r.status != 0, "\(args)")
            #expect(r.stderr.hasPrefix("subs: ") && r.stderr.filter { $0 == "\n" }.count == 1, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: subs.databasePath)) == before, "\(args) changed the database")
        }
    }
}
