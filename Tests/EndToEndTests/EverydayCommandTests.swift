import Foundation
import Testing
import TestSupport

/// The everyday commands as a user runs them, compared with golden files where output is long.
@Suite struct EverydayCommandTests {
    /// A small, varied database: month end, shared plan, yearly with notice, trial, paused.
    static func populated() throws -> SubsRunner {
        let subs = try SubsRunner(today: "2026-01-15")
        let adds: [[String]] = [
            ["config", "set", "currency", "EUR"],
            ["add", "Netflix", "--amount", "15,99 €", "--next", "2026-01-31", "--category", "Streaming", "--remind", "7,1", "--since", "2025-10-31"],
            ["add", "Spotify Family", "--amount", "17.99", "--next", "2026-01-20", "--category", "Music", "--share", "1/3", "--tag", "family"],
            ["add", "iCloud+", "--amount", "$2.99", "--next", "2026-02-03", "--category", "Cloud"],
            ["add", "Le Monde", "--amount", "119", "--every", "year", "--next", "2026-09-01", "--category", "News", "--ends", "2026-09-01", "--notice-days", "30"],
            ["add", "Gym", "--amount", "39.90", "--next", "2026-02-01", "--trial-until", "2026-01-25", "--category", "Fitness"],
            ["add", "Duolingo", "--amount", "6.99", "--next", "2026-01-17", "--every", "2 weeks"],
            ["pause", "duolingo"],
        ]
        for a in adds {
            let r = try subs.run(a)
            #expect(r.status == 0, "\(a): \(r.stderr)")
        }
        return subs
    }

    @Test func listShowHistoryMatchTheGoldenFiles() throws {
        let subs = try Self.populated()
        for (args, golden) in [
            (["list"], "list.txt"), (["list", "--all", "--sort", "monthly"], "list-all-by-monthly.txt"),
            (["list", "--json"], "list.json"), (["list", "--csv"], "list.csv"),
            (["show", "netflix"], "show-netflix.txt"), (["show", "le monde", "--json"], "show-le-monde.json"),
            (["history", "netflix"], "history-netflix.txt"), (["history", "spotify family", "--as-of", "2026-04-30"], "history-spotify.txt"),
        ] as [([String], String)] {
            let r = try subs.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            if let diff = try Golden.check(Self.scrubUIDs(r.stdout), file: golden) { Issue.record("\(args): \(diff)") }
        }
    }

    /// UIDs are random by design; everything else is pinned by SUBS_TODAY.
    static func scrubUIDs(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "<uid>", options: .regularExpression)
    }

    @Test func amountsInJSONAreStringsAndKeysSnakeCase() throws {
        let subs = try Self.populated()
        let r = try subs.run(["show", "spotify family", "--json"])
        for key in ["\"amount\": \"17.99\"", "\"monthly_cost\": \"6.00\"", "\"share\": \"1/3\"", "\"frequency\": \"monthly\"",
                    "\"interval\": 1", "\"next_billing_date\": \"2026-01-20\"", "\"remind_days\": [3]", "\"tags\": [\"family\"]"] {
            #expect(r.stdout.contains(key), "\(key) in \(r.stdout)")
        }
        let trial = try subs.run(["show", "gym", "--json"])
        #expect(trial.stdout.contains("\"status\": \"trial\""))
        // A first charge given after the trial's end: that is the first charge (no charge on the trial's end too).
        #expect(trial.stdout.contains("\"next_billing_date\": \"2026-02-01\""))
        let contract = try subs.run(["show", "le monde", "--json"])
        #expect(contract.stdout.contains("\"cancel_by\": \"2026-08-02\""))
    }

    @Test func asOfAndSubsTodayMoveToday() throws {
        let subs = try Self.populated()
        let r = try subs.run(["show", "netflix", "--json", "--as-of", "2026-03-01"])
        #expect(r.stdout.contains("\"next_billing_date\": \"2026-03-31\""))
        let e = try subs.run(["show", "netflix", "--json"], extraEnvironment: ["SUBS_TODAY": "2026-02-01"])
        #expect(e.stdout.contains("\"next_billing_date\": \"2026-02-28\""))
    }

    @Test func pauseResumeCancelAndRemove() throws {
        let subs = try Self.populated()
        #expect(try subs.run(["cancel", "netflix", "--as-of", "2026-03-15"]).status == 0)
        let h = try subs.run(["history", "netflix", "--json", "--as-of", "2026-12-31"])
        // Charges until the cancellation (2025-10-31 .. 2026-02-28), none after.
        #expect(h.stdout.contains("\"count\": 5"), "\(h.stdout)")
        #expect(try subs.run(["list"]).stdout.contains("Netflix") == false)
        #expect(try subs.run(["list", "--all"]).stdout.contains("cancelled"))
        #expect(try subs.run(["resume", "netflix"]).status == 0)
        let rm = try subs.run(["rm", "netflix", "--yes"])
        #expect(rm.status == 0)
        #expect(try subs.run(["show", "netflix"]).status == 2)
        let count = try SubsRunner.shell("sqlite3 '\(subs.databasePath)' 'SELECT count(*) FROM prices WHERE subscription_id NOT IN (SELECT id FROM subscriptions)'")
        #expect(count.stdout == "0\n")
    }

    @Test func aPauseStaysOutOfTheHistoryAfterResuming() throws {
        let subs = try Self.populated()
        // Netflix charges on month ends from 2025-10-31; paused 2026-01-15 .. resumed 2026-03-10.
        #expect(try subs.run(["pause", "netflix", "--as-of", "2026-01-15"]).status == 0)
        #expect(try subs.run(["resume", "netflix", "--as-of", "2026-03-10"]).status == 0)
        let h = try subs.run(["history", "netflix", "--json", "--as-of", "2026-04-30"])
        // 2025-10-31, 11-30, 12-31, then 03-31 and 04-30: January and February were paused.
        #expect(h.stdout.contains("\"count\": 5"), "\(h.stdout)")
        #expect(!h.stdout.contains("2026-01-31") && !h.stdout.contains("2026-02-28"), "\(h.stdout)")
        let show = try subs.run(["show", "netflix", "--as-of", "2026-04-30"])
        #expect(show.stdout.contains("Paused:") && show.stdout.contains("2026-01-15 to 2026-03-09"), "\(show.stdout)")
        // The pause travels with an export.
        let exported = try subs.run(["export"]).stdout
        #expect(exported.contains("\"from\": \"2026-01-15\"") && exported.contains("\"until\": \"2026-03-10\""))
    }

    @Test func editKeepsThePriceHistoryForPastCharges() throws {
        let subs = try Self.populated()
        #expect(try subs.run(["edit", "netflix", "--amount", "17.99", "--from", "2026-03-01"]).status == 0)
        let h = try subs.run(["history", "netflix", "--json", "--as-of", "2026-04-30"])
        // 2025-10-31 .. 2026-02-28 at 15.99 (5), 2026-03-31 and 2026-04-30 at 17.99 (2).
        #expect(h.stdout.contains("\"amount\": \"115.93\""), "\(h.stdout)")
        let stored = try SubsRunner.shell("sqlite3 '\(subs.databasePath)' \"SELECT effective_on, amount FROM prices p JOIN subscriptions s ON s.id = p.subscription_id WHERE s.name = 'Netflix' ORDER BY 1\"")
        #expect(stored.stdout == "2025-10-31|15.99\n2026-03-01|17.99\n")
    }

    @Test func exportImportRoundTripIsLossless() throws {
        let subs = try Self.populated()
        try subs.run(["edit", "netflix", "--amount", "17.99", "--from", "2026-03-01"])
        try subs.run(["pause", "spotify family", "--as-of", "2025-12-01"])
        try subs.run(["resume", "spotify family", "--as-of", "2026-01-01"])
        for format in ["json", "csv"] {
            let first = try subs.run(["export", "--format", format])
            #expect(first.status == 0)
            let file = subs.home.path + "/export.\(format)"
            try first.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            let other = subs.home.path + "/other-\(format).db"
            let imported = try subs.run(["import", file, "--db", other])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout == "Imported 6 subscriptions.\n")
            let second = try subs.run(["export", "--format", format, "--db", other])
            #expect(second.stdout == first.stdout)
        }
    }

    @Test func importIsAllOrNothingAndNamesTheBadLine() throws {
        let subs = try Self.populated()
        let export = try subs.run(["export"]).stdout
        // Break the third record's amount.
        var lines = export.components(separatedBy: "\n")
        var seen = 0
        var badLine = 0
        for i in lines.indices where lines[i].hasPrefix("      \"amount\": ") {
            seen += 1
            if seen == 3 { lines[i] = "      \"amount\": \"12,5x\","; badLine = i + 1 }
        }
        let file = subs.home.path + "/bad.json"
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let other = subs.home.path + "/other.db"
        let r = try subs.run(["import", file, "--db", other])
        #expect(r.status == 65)
        let recordStart = lines[..<badLine].lastIndex(where: { $0 == "    {" }).map { $0 + 1 } ?? 0
        #expect(r.stderr.contains("bad.json line \(recordStart): 'amount' is not a plain decimal"), "\(r.stderr)")
        #expect(try subs.run(["list", "--db", other, "--csv"]).stdout.split(separator: "\n").count == 1)
        let csv = "name,amount,currency,frequency,interval,anchor\nA,1.00,EUR,monthly,1,2026-01-01\nB,2.00,EUR,fortnightly,1,2026-01-01\n"
        try csv.write(toFile: subs.home.path + "/bad.csv", atomically: true, encoding: .utf8)
        let c = try subs.run(["import", subs.home.path + "/bad.csv", "--db", other])
        #expect(c.status == 65)
        #expect(c.stderr.contains("bad.csv line 3:"), "\(c.stderr)")
    }

    @Test func exportToAFileIsPrivateAndComplete() throws {
        let subs = try Self.populated()
        let file = subs.home.path + "/out.json"
        #expect(try subs.run(["export", "-o", file]).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == (try subs.run(["export"]).stdout))
    }

    @Test func theDatabaseIsPrivateAtTheXDGPath() throws {
        let subs = try SubsRunner()
        try subs.run(["add", "X", "--amount", "1"])
        let attrs = try FileManager.default.attributesOfItem(atPath: subs.databasePath)
        #expect(attrs[.posixPermissions] as? Int == 0o600)
        let custom = try subs.run(["add", "Y", "--amount", "1"], extraEnvironment: ["XDG_DATA_HOME": subs.home.path + "/xdg"])
        #expect(custom.status == 0)
        #expect(FileManager.default.fileExists(atPath: subs.home.path + "/xdg/subs/subs.db"))
    }

    @Test func theFirstUseTakesTheCurrencyFromTheLocale() throws {
        let subs = try SubsRunner()
        try subs.run(["add", "X", "--amount", "1"], extraEnvironment: ["LANG": "de_DE.UTF-8"])
        #expect(try subs.run(["config", "get", "currency"]).stdout == "EUR\n")
        let us = try SubsRunner()
        try us.run(["add", "X", "--amount", "1"], extraEnvironment: ["LANG": "C.UTF-8"])
        #expect(try us.run(["config", "get", "currency"]).stdout == "USD\n")
    }
}
