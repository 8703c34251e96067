import Foundation
import Testing
import TestSupport

/// `subs detect` on a year of a made-up current account: subscriptions among groceries, fuel, one-off buys,
/// a salary and cash withdrawals, compared with what the database tracks.
@Suite struct DetectTests {
    /// The demo's statement (docs/samples): made up, a year of one account.
    static let statement = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/samples/statement.csv").standardizedFileURL.path

    /// Tracks Dropbox at an old price, Hulu (never charged in the statement) and Pure Gym, cancelled
    /// in September but charged since.
    static func tracking() throws -> SubsRunner {
        let subs = try SubsRunner(today: "2026-01-15")
        for a in [
            ["config", "set", "currency", "GBP"],
            ["add", "Dropbox", "--amount", "11.99", "--next", "2026-01-27", "--since", "2025-02-27"],
            ["add", "Hulu", "--amount", "7.99", "--next", "2026-01-20", "--since", "2025-03-20"],
            ["add", "Pure Gym", "--amount", "24.99", "--next", "2026-02-02", "--since", "2025-01-02"],
            ["cancel", "pure gym", "--as-of", "2025-09-15"],
        ] {
            let r = try subs.run(a)
            #expect(r.status == 0, "\(a): \(r.stderr)")
        }
        return subs
    }

    @Test func theReportAndItsJSONMatchTheGoldenFiles() throws {
        let subs = try Self.tracking()
        for (args, golden) in [([String](), "detect.txt"), (["--json"], "detect.json")] {
            let r = try subs.run(["detect", Self.statement] + args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            let output = r.stdout.replacingOccurrences(of: Self.statement, with: "statement.csv")
            if let diff = try Golden.check(output, file: golden) { Issue.record("\(args): \(diff)") }
        }
        let csv = try subs.run(["detect", Self.statement, "--csv"])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("name,amount,currency,frequency,interval,next_charge") == true, "\(csv.stdout)")
        #expect(lines.count == 6, "header and five series: \(csv.stdout)")
    }

    @Test func addYesStoresTheNewOnesWithTheirPriceHistory() throws {
        let subs = try Self.tracking()
        let add = try subs.run(["detect", Self.statement, "--add", "--yes"])
        #expect(add.status == 0, "\(add.stderr)")
        let list = try subs.run(["list", "--json"])
        for name in ["Netflix", "Spotify", "Amazon Prime"] {
            #expect(list.stdout.contains("\"\(name)\""), "\(name) not added: \(list.stdout)")
        }
        // Netflix went from 15.49 to 17.99 in June: both prices are in its history, the new one current.
        let history = try subs.run(["history", "netflix"])
        #expect(history.stdout.contains("15.49") && history.stdout.contains("17.99"), "\(history.stdout)")
        let show = try subs.run(["show", "netflix", "--json"])
        #expect(show.stdout.contains("\"17.99\""), "\(show.stdout)")
        #expect(show.stdout.contains("2026-01-18"), "next charge: \(show.stdout)")
        // Run again: they are tracked now, nothing is new.
        let again = try subs.run(["detect", Self.statement, "--add", "--yes"])
        #expect(!again.stdout.contains("\nNew\n"), "\(again.stdout)")
        #expect(again.stdout.contains("Nothing new to add."), "\(again.stdout)")
    }

    @Test func overlappingExportsOfOneAccountCountEachLineOnce() throws {
        let subs = try Self.tracking()
        let lines = try String(contentsOfFile: Self.statement, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0], rows = Array(lines.dropFirst())
        // January to August, and June to January: June to August in both.
        let first = rows.filter { $0.contains("/2025") && Int($0.dropFirst(3).prefix(2))! <= 8 }
        let second = rows.filter { !$0.contains("/2025") || Int($0.dropFirst(3).prefix(2))! >= 6 }
        let overlap = rows.filter { $0.contains("/2025") && (6...8).contains(Int($0.dropFirst(3).prefix(2))!) }.count
        #expect(overlap > 0)
        let a = subs.home.path + "/jan-aug.csv", b = subs.home.path + "/jun-jan.csv"
        try ([header] + first).joined(separator: "\n").write(toFile: a, atomically: true, encoding: .utf8)
        try ([header] + second).joined(separator: "\n").write(toFile: b, atomically: true, encoding: .utf8)
        let r = try subs.run(["detect", a, b, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let files = o["files"] as! [[String: Any]]
        #expect(files.map { $0["already_read"] as? Int } == [0, overlap])
        let whole = try subs.run(["detect", Self.statement, "--json"])
        // The same series, charges and all, as from the one export of the whole year.
        let series = { (text: String) in
            ((try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])["recurring"] as! [[String: Any]])
                .map { "\($0["name"]!) \(($0["charges"] as! [Any]).count)" }
        }
        #expect(try series(r.stdout) == series(whole.stdout))
    }

    @Test func withoutATerminalAddNeedsYesAndStoresNothing() throws {
        let subs = try Self.tracking()
        let before = try Data(contentsOf: URL(fileURLWithPath: subs.databasePath))
        let r = try subs.run(["detect", Self.statement, "--add"], stdin: "")
        #expect(r.status == 64, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains("--yes"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: subs.databasePath)) == before)
    }

    @Test func aFileThatIsNoStatementIsOneLineAndChangesNothing() throws {
        let subs = try Self.tracking()
        let before = try Data(contentsOf: URL(fileURLWithPath: subs.databasePath))
        let dir = subs.home.path
        let cases: [(String, String, String)] = [
            ("notes.txt", "Dear diary,\nnothing to see here.\n", "not a bank statement"),
            ("empty.csv", "", "empty"),
            ("bad-date.csv", "Date,Description,Amount\n2025-01-03,NETFLIX,-9.99\n2025-13-45,NETFLIX,-9.99\n", "is not a date"),
            ("quote.csv", "Date,Description,Amount\n2025-01-03,\"NETFLIX,-9.99\n", "quoted field is not closed"),
        ]
        for (name, content, fragment) in cases {
            try content.write(toFile: "\(dir)/\(name)", atomically: true, encoding: .utf8)
            let r = try subs.run(["detect", "\(dir)/\(name)", "--add", "--yes"])
            #expect(r.status != 0, "\(name): \(r.stdout)")
            #expect(r.stderr.hasPrefix("subs: ") && r.stderr.filter { $0 == "\n" }.count == 1, "\(name): \(r.stderr)")
            #expect(r.stderr.contains(fragment), "\(name): \(r.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: subs.databasePath)) == before, "\(name) changed the database")
        }
        let missing = try subs.run(["detect", "\(dir)/nope.csv"])
        #expect(missing.status == 66, "\(missing.stderr)")
    }
}
