import Foundation
import Testing
import TestSupport

/// Behaviour that depends on a terminal, checked on a real pseudo-terminal (script(1)).
@Suite struct TerminalTests {
    func onTerminal(_ subs: SubsRunner, _ command: String, stdin: String? = nil, env: String = "") throws -> SubsRunner.Result {
        let line = "\(env) '\(SubsRunner.binary.path)' \(command)"
        return try SubsRunner.shell("script -qec \"\(line)\" /dev/null", stdin: stdin, environment: subs.environment.merging(["TERM": "xterm"]) { $1 })
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let subs = try SubsRunner()
        try subs.run(["add", "Netflix", "--amount", "15.99"])
        let tty = try onTerminal(subs, "list")
        #expect(tty.stdout.contains("\u{1B}[1m"), "\(tty.stdout)")
        let noColor = try onTerminal(subs, "list", env: "NO_COLOR=1")
        #expect(!noColor.stdout.contains("\u{1B}["))
        let flag = try onTerminal(subs, "list --no-color")
        #expect(!flag.stdout.contains("\u{1B}["))
        let dumb = try onTerminal(subs, "list", env: "TERM=dumb")
        #expect(!dumb.stdout.contains("\u{1B}["))
        let piped = try subs.run(["list"])
        #expect(!piped.stdout.contains("\u{1B}["))
        #expect(piped.stdout.contains("Netflix"))
    }

    @Test func removeAsksOnATerminal() throws {
        let subs = try SubsRunner()
        try subs.run(["add", "Netflix", "--amount", "15.99"])
        let no = try onTerminal(subs, "rm netflix", stdin: "n\n")
        #expect(no.stdout.contains("Delete Netflix (id 1)"))
        #expect(try subs.run(["show", "netflix"]).status == 0)
        let yes = try onTerminal(subs, "rm netflix", stdin: "y\n")
        #expect(yes.stdout.contains("Deleted Netflix"), "\(yes.stdout)")
        #expect(try subs.run(["show", "netflix"]).status == 2)
    }

    @Test func detectAddAsksAboutEachNewSubscription() throws {
        let subs = try DetectTests.tracking()
        // Netflix, Spotify and Amazon Prime are new: yes, no, yes.
        let r = try onTerminal(subs, "detect '\(DetectTests.statement)' --add --no-color", stdin: "y\nn\ny\n")
        #expect(r.stdout.contains("Add Netflix: 17.99 GBP monthly, next 2026-01-18?"), "\(r.stdout)")
        #expect(r.stdout.contains("Add Spotify"), "\(r.stdout)")
        let list = try subs.run(["list", "--json"]).stdout
        #expect(list.contains("\"Netflix\"") && list.contains("\"Amazon Prime\""), "\(list)")
        #expect(!list.contains("\"Spotify\""), "\(list)")
    }

    @Test func mailboxAddShowsEachServiceForReviewWithTheCadenceItsInvoicesKeep() throws {
        let subs = try SubsRunner(today: "2026-06-30")
        let box = subs.home.appendingPathComponent("Maildir")
        for sub in ["cur", "new", "tmp"] { try FileManager.default.createDirectory(at: box.appendingPathComponent(sub), withIntermediateDirectories: true) }
        for month in ["Jan", "Apr", "Jul"] {
            let mail = "From: Varo Cloud <billing@varo.example>\r\nDate: Mon, 3 \(month) 2025 10:00:00 +0000\r\n"
                + "Subject: Your Varo Cloud receipt\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
                + "Receipt\r\n\r\nThanks for your payment to Varo Cloud.\r\nAmount paid:   EUR 24.54\r\n"
            try mail.write(to: box.appendingPathComponent("cur/\(month).eml:2,S"), atomically: true, encoding: .utf8)
        }
        let r = try onTerminal(subs, "scan --mailbox '\(box.path)' --add --no-color", stdin: "y\n")
        #expect(r.stdout.contains("Frequency:    quarterly"), "\(r.stdout)")
        #expect(r.stdout.contains("Add this subscription?"), "\(r.stdout)")
        #expect(try subs.run(["list"]).stdout.contains("quarterly"))
    }
}
