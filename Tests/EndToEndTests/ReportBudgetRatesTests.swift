import Foundation
import SubsCore
import Testing
import TestSupport

/// upcoming, forecast, report, budget and rates as a user runs them, long output against golden files.
@Suite struct ReportBudgetRatesTests {
    /// A small household: mixed cadences, a split cost, a trial, a price change, USD with a rate, JPY without.
    func household() throws -> SubsRunner {
        let subs = try SubsRunner(today: "2026-01-15")
        let setup: [[String]] = [
            ["config", "set", "currency", "EUR"],
            ["add", "Netflix", "--amount", "15.99", "--currency", "EUR", "--next", "2026-01-31", "--category", "Streaming", "--tag", "tv", "--payment-method", "Visa"],
            ["add", "Spotify", "--amount", "10.99", "--next", "2026-01-20", "--category", "Music", "--share", "1/3", "--tag", "family"],
            ["add", "iCloud+", "--amount", "$2.99", "--next", "2026-02-03", "--category", "Cloud", "--payment-method", "Visa"],
            ["add", "Le Monde", "--amount", "119", "--every", "year", "--next", "2026-09-01", "--since", "2025-09-01", "--category", "News"],
            ["add", "Gym", "--amount", "39.90", "--next", "2026-01-25", "--trial-until", "2026-01-25", "--category", "Fitness", "--tag", "family"],
            ["add", "Japan VPN", "--amount", "1480", "--currency", "JPY", "--every", "quarter", "--next", "2026-03-10", "--category", "Cloud"],
            ["add", "Chess", "--amount", "4.99", "--every", "2 weeks", "--next", "2026-01-16", "--since", "2025-12-19", "--category", "Games"],
            ["edit", "netflix", "--amount", "17.99", "--from", "2026-02-15"],
            ["rates", "set", "USD", "0.92", "--date", "2026-01-10"],
            ["budget", "set", "100"],
            ["budget", "set", "15", "--category", "streaming"],
            ["budget", "set", "1100", "--period", "yearly", "--threshold", "90"],
        ]
        for args in setup {
            let r = try subs.run(args)
            try #require(r.status == 0, "subs \(args.joined(separator: " ")): \(r.stderr)")
        }
        return subs
    }

    func golden(_ subs: SubsRunner, _ args: [String], _ file: String, status: Int32 = 0) throws -> SubsRunner.Result {
        let r = try subs.run(args)
        #expect(r.status == status, "subs \(args.joined(separator: " ")): \(r.stderr)")
        if let diff = try Golden.check(r.stdout, file: file) { Issue.record(Comment(rawValue: diff)) }
        return r
    }

    @Test func upcomingForecastAndReportsMatchTheirGoldenFiles() throws {
        let subs = try household()
        let up = try golden(subs, ["upcoming", "--days", "60"], "upcoming.txt")
        #expect(up.stderr.contains("no exchange rate from JPY to EUR"))
        let upJSON = try golden(subs, ["upcoming", "--days", "60", "--json"], "upcoming.json")
        // upcoming streams its JSON, laid out by hand: it must be what the one JSON printer writes.
        var again: [UInt8] = []
        try JSONValue.parse(upJSON.stdout).write(into: &again, pretty: true, indent: 0)
        #expect(String(decoding: again, as: UTF8.self) + "\n" == upJSON.stdout)
        _ = try golden(subs, ["forecast", "--months", "3"], "forecast.txt")
        _ = try golden(subs, ["report", "--year"], "report-year.txt")
        _ = try golden(subs, ["report", "2026-02", "--by", "tag"], "report-month-tag.txt")
        _ = try golden(subs, ["report", "--from", "2026-01-01", "--to", "2026-03-31", "--by", "payment-method", "--csv"], "report-range.csv")
        _ = try golden(subs, ["report", "--month", "--json"], "report-month.json")
    }

    @Test func budgetStatusAndCheck() throws {
        let subs = try household()
        _ = try golden(subs, ["budget"], "budget.txt")
        // Streaming: Netflix 15.99 in January, over the 15 limit.
        let check = try subs.run(["budget", "--check"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("over budget: streaming (monthly)"))
        let json = try subs.run(["budget", "--json"])
        #expect(json.status == 0)
        let all = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(all.map { $0["state"] as? String } == ["ok", "exceeded", "approaching"])
        #expect(all[1]["projected"] as? String == "15.99")
        #expect(all[1]["percent"] as? String == "106.6")
        // Without the streaming budget nothing is exceeded.
        #expect(try subs.run(["budget", "rm", "--category", "Streaming"]).status == 0)
        #expect(try subs.run(["budget", "--check"]).status == 0)
        let again = try subs.run(["budget", "rm", "--category", "Streaming"])
        #expect(again.status == 2)
        #expect(again.stderr.contains("no monthly budget for Streaming"))
        let bad = try subs.run(["budget", "set", "abc"])
        #expect(bad.status == 64)
        #expect(bad.stderr.split(separator: "\n").count == 1)
    }

    static let ecb = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        <gesmes:subject>Reference rates</gesmes:subject>
        <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
        <Cube><Cube time='2026-01-14'>
        <Cube currency='USD' rate='1.0842'/><Cube currency='JPY' rate='162.50'/><Cube currency='GBP' rate='0.8450'/>
        </Cube></Cube>
        </gesmes:Envelope>
        """

    @Test func ratesImportListAndConvert() throws {
        let subs = try household()
        let file = subs.home.appendingPathComponent("eurofxref-daily.xml")
        try ReportBudgetRatesTests.ecb.write(to: file, atomically: true, encoding: .utf8)
        let imported = try subs.run(["rates", "import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Stored 3 rates dated 2026-01-14.\n")
        _ = try golden(subs, ["rates"], "rates.txt")
        // JPY converts now: one total in EUR; 1480 JPY / 162.50 = 9.11 EUR.
        let up = try subs.run(["upcoming", "--days", "60", "--json"])
        #expect(up.stdout.contains("\"currency\": \"JPY\""))
        let report = try subs.run(["report", "2026-03", "--csv"])
        #expect(report.stdout.contains("item_in_main,Japan VPN,1,9.11,EUR"))
        // Old rates are flagged, on stderr.
        let later = try subs.run(["rates", "--as-of", "2026-03-01"])
        #expect(later.stdout.contains("2026-01-14 (old)"))
        #expect(later.stderr.contains("over 30 days old"))
        // A simple CSV: 1 GBP = 1.18 EUR, newer than the ECB's.
        let csv = subs.home.appendingPathComponent("rates.csv")
        try "currency,rate,date\nGBP,1.18,2026-01-15\n".write(to: csv, atomically: true, encoding: .utf8)
        #expect(try subs.run(["rates", "import", csv.path]).stdout == "Stored 1 rate dated 2026-01-15.\n")
        let list = try subs.run(["rates", "--json"])
        #expect(list.stdout.contains("\"base\": \"GBP\""))
        #expect(!list.stdout.contains("\"quote\": \"GBP\""))
        // Bad files: one line, data error, nothing stored.
        try "<html>nope</html>".write(to: csv, atomically: true, encoding: .utf8)
        let bad = try subs.run(["rates", "import", csv.path])
        #expect(bad.status == 65)
        #expect(bad.stderr.split(separator: "\n").count == 1)
        #expect(try subs.run(["rates", "set", "EUR", "1"]).status == 64)
    }

    /// Starts scripts/serve.py; returns the process and its port.
    func stop(_ p: Process) {
        // SIGKILL: the test process blocks SIGTERM, and its children inherit the mask.
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
    }

    func serve(_ args: [String], in dir: URL) throws -> (Process, Int) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/serve.py").path
        let portFile = dir.appendingPathComponent("port-\(UUID().uuidString)").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script] + args + [portFile]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        for _ in 0..<200 {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let port = Int(text) { return (p, port) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop(p)
        throw SubsError("the test HTTP server did not start")
    }

    struct SubsError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    @Test func ratesUpdateFetchesOverHTTP() throws {
        let subs = try household()
        let site = subs.home.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try ReportBudgetRatesTests.ecb.write(to: site.appendingPathComponent("eurofxref-daily.xml"), atomically: true, encoding: .utf8)
        let (server, port) = try serve(["files", site.path], in: subs.home)
        defer { stop(server) }
        let base = "http://127.0.0.1:\(port)"
        let ok = try subs.run(["rates", "update", "--url", "\(base)/eurofxref-daily.xml"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "Stored 3 rates dated 2026-01-14.\n")
        let list = try subs.run(["rates", "--csv"])
        #expect(list.stdout.contains("EUR,JPY,162.5,2026-01-14,\(base)/eurofxref-daily.xml"))
        let missing = try subs.run(["rates", "update", "--url", "\(base)/nothing.xml"])
        #expect(missing.status == 69)
        #expect(missing.stderr == "subs: \(base)/nothing.xml answered HTTP 404; check the URL\n")
    }

    @Test func ratesUpdateFailsInOneLineWhenRefusedOrSilent() throws {
        let subs = try SubsRunner(today: "2026-01-15")
        // A port nobody listens on.
        let (closed, closedPort) = try serve(["files", subs.home.path], in: subs.home)
        stop(closed)
        let refused = try subs.run(["rates", "update", "--url", "http://127.0.0.1:\(closedPort)/x.xml"])
        #expect(refused.status == 69)
        #expect(refused.stderr.hasPrefix("subs: cannot fetch rates: cannot connect to http://127.0.0.1:\(closedPort)/x.xml: connection refused"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        // A server that accepts and never answers: the deadline holds.
        let (silent, port) = try serve(["silent"], in: subs.home)
        defer { stop(silent) }
        let start = Date()
        let slow = try subs.run(["rates", "update", "--url", "http://127.0.0.1:\(port)/x.xml", "--timeout", "1"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(slow.status == 69)
        #expect(slow.stderr.contains("http://127.0.0.1:\(port)/x.xml did not answer within 1 s"), "\(slow.stderr)")
        #expect(elapsed < 5)
        #expect(try subs.run(["rates"]).stderr.contains("No exchange rates yet"))
    }
}
