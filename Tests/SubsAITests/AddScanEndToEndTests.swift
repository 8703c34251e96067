import Foundation
import Testing
import TestSupport

/// `subs add --scan`: the invoice becomes a subscription and is kept with it.
@Suite struct AddScanEndToEndTests {
    static let server = AIEngineEndToEndTests.serverDir

    func invoice(_ subs: SubsRunner, _ lines: [String]) throws -> String {
        let pdf = subs.home.path + "/invoice-\(UUID().uuidString.prefix(6)).pdf"
        let quoted = lines.map { "'\($0)'" }.joined(separator: " ")
        let r = try SubsRunner.shell("python3 '\(Self.server.path)/make_pdf.py' '\(pdf)' \(quoted)")
        #expect(r.status == 0, "\(r.stderr)")
        return pdf
    }

    @Test func aScannedInvoiceBecomesASubscriptionWithItsDocument() throws {
        let subs = try SubsRunner(today: "2026-01-20")
        let pdf = try invoice(subs, ["Streamflix", "Invoice date: 05/01/2026", "Monthly plan", "Subtotal 10,83 EUR", "VAT 2,16 EUR", "Total 12,99 EUR"])
        let r = try subs.run(["add", "--scan", pdf, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""name": "Streamflix""#), "\(r.stdout)")
        #expect(r.stdout.contains(#""amount": "12.99""#))
        #expect(r.stdout.contains(#""currency": "EUR""#))
        // The invoice's charge anchors the schedule: the next charge is a month later.
        #expect(r.stdout.contains(#""next_billing_date": "2026-02-05""#))
        #expect(r.stdout.contains(#""started_on": "2026-01-05""#))
        // The review went to stderr; no question when stdin is not a terminal.
        #expect(r.stderr.contains("Amount:"))
        let show = try subs.run(["show", "streamflix", "--json"])
        #expect(show.stdout.contains(#""media_type": "application/pdf""#), "\(show.stdout)")
        let back = subs.home.path + "/back.pdf"
        #expect(try subs.run(["document", "streamflix", "-o", back]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: pdf)))
    }

    @Test func typedOptionsWinOverWhatWasRead() throws {
        let subs = try SubsRunner(today: "2026-01-20")
        let pdf = try invoice(subs, ["Streamflix", "Invoice date: 05/01/2026", "Total 12,99 EUR"])
        let r = try subs.run(["add", "Flix Family", "--scan", pdf, "--amount", "19.99", "--share", "1/2", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""name": "Flix Family""#))
        #expect(r.stdout.contains(#""amount": "19.99""#))
        #expect(r.stdout.contains(#""currency": "EUR""#))
        #expect(r.stdout.contains(#""share": "1/2""#))
    }

    @Test func whatCannotBeReadMustBeGivenAndNothingIsStored() throws {
        let subs = try SubsRunner(today: "2026-01-20")
        let pdf = try invoice(subs, ["Dear customer,", "our shop is closed on Monday.", "See you soon"])
        let r = try subs.run(["add", "--scan", pdf])
        #expect(r.status == 64)
        #expect(r.stderr.contains("could not read the service's name"), "\(r.stderr)")
        let named = try subs.run(["add", "Shop", "--scan", pdf])
        #expect(named.status == 64)
        #expect(named.stderr.contains("could not read the amount") && named.stderr.contains("--amount"))
        #expect(try subs.run(["list", "--csv"]).stdout.split(separator: "\n").count <= 1)
        let missing = try subs.run(["add", "--scan", subs.home.path + "/nope.png"])
        #expect(missing.status == 66, "\(missing.stderr)")
    }

    @Test func onATerminalTheReviewAsksFirst() throws {
        let subs = try SubsRunner(today: "2026-01-20")
        let pdf = try invoice(subs, ["Streamflix", "Invoice date: 05/01/2026", "Total 12,99 EUR"])
        let line = "'\(SubsRunner.binary.path)' add --scan '\(pdf)'"
        let no = try SubsRunner.shell("script -qec \"\(line)\" /dev/null", stdin: "n\n", environment: subs.environment)
        #expect(no.stdout.contains("Add this subscription?"), "\(no.stdout)")
        #expect(no.stdout.contains("Nothing added."))
        #expect(try subs.run(["show", "streamflix"]).status == 2)
        let yes = try SubsRunner.shell("script -qec \"\(line)\" /dev/null", stdin: "\n", environment: subs.environment)
        #expect(yes.stdout.contains("Added Streamflix"), "\(yes.stdout)")
    }
}
