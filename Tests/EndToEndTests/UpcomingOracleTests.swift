import Foundation
import Testing
import TestSupport

/// `subs upcoming` against an independent recurrence implementation: python-dateutil's rrule,
/// driven from here over thousands of random subscriptions and more than two years.
@Suite struct UpcomingOracleTests {
    static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/charges_oracle.py").path

    @Test func upcomingMatchesRRuleForThousandsOfRandomSubscriptions() throws {
        let subs = try SubsRunner(today: "2026-01-15")
        let spec = subs.home.appendingPathComponent("spec.json").path
        let got = subs.home.appendingPathComponent("got.json").path
        let gen = try SubsRunner.shell("python3 '\(Self.oracle)' generate 3000 20260115 '\(spec)'")
        try #require(gen.status == 0, "\(gen.stderr)")
        let imported = try subs.run(["import", spec])
        try #require(imported.status == 0, "\(imported.stderr)")
        // Through 2028-03-31: more than two years, and 2028-02-29 inside.
        let upcoming = try subs.run(["upcoming", "--until", "2028-03-31", "--json"])
        try #require(upcoming.status == 0, "\(upcoming.stderr)")
        try upcoming.stdout.write(toFile: got, atomically: true, encoding: .utf8)

        let check = try SubsRunner.shell("python3 '\(Self.oracle)' check '\(spec)' '\(got)' 2026-01-15 2028-03-31")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // "ok charges=N subscriptions=S month_ends=M feb29=F trial_ends=T"
        var counts: [String: Int] = [:]
        for pair in check.stdout.split(whereSeparator: \.isWhitespace) {
            let kv = pair.split(separator: "=")
            if kv.count == 2 { counts[String(kv[0])] = Int(kv[1]) }
        }
        #expect(counts["subscriptions"] == 3000)
        #expect(counts["charges", default: 0] > 50_000)
        #expect(counts["month_ends", default: 0] > 5_000)
        #expect(counts["feb29", default: 0] > 10)
        #expect(counts["trial_ends", default: 0] > 100)

        // The check can fail: the same output against a window one day shorter disagrees.
        let off = try SubsRunner.shell("python3 '\(Self.oracle)' check '\(spec)' '\(got)' 2026-01-16 2028-03-31")
        #expect(off.status == 1)
        #expect(off.stdout.contains("MISMATCH"))
    }

    @Test func csvAndJSONListTheSameCharges() throws {
        let subs = try SubsRunner(today: "2026-01-15")
        let spec = subs.home.appendingPathComponent("spec.json").path
        try #require(try SubsRunner.shell("python3 '\(Self.oracle)' generate 200 7 '\(spec)'").status == 0)
        try #require(try subs.run(["import", spec]).status == 0)
        let json = try subs.run(["upcoming", "--days", "365", "--json"])
        let csv = try subs.run(["upcoming", "--days", "365", "--csv"])
        #expect(json.status == 0 && csv.status == 0)
        let fromJSON = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let rows = csv.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == fromJSON.count)
        #expect(fromJSON.count > 500)
        for (row, obj) in zip(rows, fromJSON) {
            #expect(row[0] == obj["date"] as? String)
            #expect(row[3] == obj["amount"] as? String)
            #expect(row[5] == obj["your_amount"] as? String)
            #expect(row[6] == obj["kind"] as? String)
        }
    }
}
