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

    @Test func aCreditIsNoPriceToTrack() throws {
        let subs = try SubsRunner(today: "2026-01-20")
        let pdf = try invoice(subs, ["Streamflix", "Invoice date: 05/01/2026", "Monthly plan 12,99 EUR", "Discount -20,00 EUR",
                                     "Total paid -7,01 EUR"])
        let r = try subs.run(["add", "--scan", pdf])
        #expect(r.status == 64)
        #expect(r.stderr.contains("shows a credit of -7.01, not a charge; give the price with --amount"), "\(r.stderr)")
        #expect(try subs.run(["list", "--csv"]).stdout.split(separator: "\n").count <= 1)
        let priced = try subs.run(["add", "--scan", pdf, "--amount", "12.99", "--json"])
        #expect(priced.status == 0, "\(priced.stderr)")
        #expect(priced.stdout.contains(#""amount": "12.99""#))
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

    func onTerminal(_ subs: SubsRunner, _ arguments: String, answers: String) throws -> SubsRunner.Result {
        let line = "'\(SubsRunner.binary.path)' \(arguments)"
        return try SubsRunner.shell("script -qec \"\(line)\" /dev/null", stdin: answers, environment: subs.environment)
    }

    @Test func onATerminalEachFieldCanBeCorrectedAndWhatIsMissingIsAsked() throws {
        let subs = try SubsRunner(today: "2026-01-20")
        let pdf = try invoice(subs, ["Streamflix", "Invoice date: 05/01/2026", "Total 12,99 EUR"])
        // e: go through the fields; Enter keeps the name, 13.99 corrects the amount, Enter keeps the rest.
        let edited = try onTerminal(subs, "add --scan '\(pdf)'", answers: "e\n\n13.99\n\n\n\n")
        #expect(edited.stdout.contains("Amount [12.99]:"), "\(edited.stdout)")
        #expect(edited.stdout.contains("Added Streamflix"), "\(edited.stdout)")
        // The review shows where each value came from.
        #expect(edited.stdout.contains(#"from "Total 12,99 EUR""#), "\(edited.stdout)")
        #expect(try subs.run(["show", "streamflix", "--json"]).stdout.contains(#""amount": "13.99""#))

        let nameless = try invoice(subs, ["Invoice date: 05/01/2026", "Total 7,50 EUR"])
        let asked = try onTerminal(subs, "add --scan '\(nameless)'", answers: "Paperleaf\n\n")
        #expect(asked.stdout.contains("Service name:"), "\(asked.stdout)")
        #expect(asked.stdout.contains("Added Paperleaf"), "\(asked.stdout)")
    }

    @Test func theSameFileTwiceSaysWhereItIsKept() throws {
        let subs = try SubsRunner(today: "2026-01-20")
        let pdf = try invoice(subs, ["Streamflix", "Invoice date: 05/01/2026", "Total 12,99 EUR"])
        #expect(try subs.run(["add", "--scan", pdf]).status == 0)
        let before = try subs.run(["export"]).stdout
        let again = try subs.run(["add", "--scan", pdf, "--yes"])
        #expect(again.status == 3, "\(again.stderr)")
        #expect(again.stderr.contains("was scanned before") && again.stderr.contains("Streamflix (id 1)"), "\(again.stderr)")
        #expect(try subs.run(["export"]).stdout == before)
    }

    @Test func aNewInvoiceOfATrackedServiceUpdatesItInsteadOfAddingItTwice() throws {
        let subs = try SubsRunner(today: "2026-02-20")
        let january = try invoice(subs, ["Streamflix", "Invoice date: 05/01/2026", "Total 12,99 EUR"])
        #expect(try subs.run(["add", "--scan", january]).status == 0)
        let february = try invoice(subs, ["Streamflix", "Invoice date: 05/02/2026", "Monthly plan", "Total 14,99 EUR"])
        let r = try subs.run(["add", "--scan", february])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("Streamflix is tracked already (id 1"), "\(r.stderr)")
        #expect(r.stdout.contains("Updated Streamflix (id 1): 14.99 EUR"), "\(r.stdout)")
        let list = try subs.run(["list", "--csv"]).stdout.split(separator: "\n")
        #expect(list.count == 2, "\(list)")
        let history = try subs.run(["history", "streamflix", "--as-of", "2026-03-10"]).stdout
        #expect(history.contains("2026-01-05") && history.contains("12.99 EUR"), "\(history)")
        #expect(history.contains("2026-02-05") && history.contains("14.99 EUR"), "\(history)")
        let show = try subs.run(["show", "streamflix", "--json"]).stdout
        #expect(show.components(separatedBy: #""media_type""#).count == 3, "\(show)")
        // Files named by their SHA-256 next to the database, one per document.
        let folder = URL(fileURLWithPath: subs.databasePath).deletingLastPathComponent().appendingPathComponent("documents")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }
        #expect(files.count == 2)
        #expect(files.allSatisfy { $0.count == 64 + 4 })
        let sum = try SubsRunner.shell("sha256sum '\(february)'").stdout.prefix(64)
        #expect(files.contains(String(sum) + ".pdf"))
        // On a terminal it asks first; no leaves everything as it was.
        let march = try invoice(subs, ["Streamflix", "Invoice date: 05/03/2026", "Total 15,99 EUR"])
        let no = try onTerminal(subs, "add --scan '\(march)'", answers: "n\n")
        #expect(no.stdout.contains("Update Streamflix from this invoice"), "\(no.stdout)")
        #expect(try subs.run(["show", "streamflix", "--json"]).stdout.contains(#""amount": "14.99""#))
    }
}
