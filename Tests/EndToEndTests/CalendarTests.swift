import Foundation
import SubsCore
import Testing
import TestSupport

/// The feed as real consumers read it: Python's icalendar + recurring-ical-events, and khal.
@Suite struct CalendarTests {
    static let today = LocalDate(iso: "2026-01-15")!
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Stores `subs` through `subs import`, as a user's data would be.
    static func store(_ subs: [Subscription], in runner: SubsRunner) throws {
        let settings = Settings(currency: .eur, remindDays: [3])
        let file = JSONValue.object([
            ("format", .string("subs-export")), ("version", .int(1)), ("settings", .object([])),
            ("subscriptions", .array(subs.map { SubscriptionRecord.json($0, asOf: today, settings: settings) })),
        ]).serialized(pretty: true)
        let path = runner.home.appendingPathComponent("import.json").path
        try file.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runner.run(["import", path])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Python's view of a feed file: events and occurrences from `start` through `end`.
    static func python(_ feed: String, from start: LocalDate, through end: LocalDate) throws -> JSONValue {
        let r = try SubsRunner.shell("python3 '\(fixtures.path)/expand_ics.py' '\(feed)' \(start) \(end)")
        guard r.status == 0 else { throw SubsError(.failure, "expand_ics.py failed: \(r.stderr)") }
        return try JSONValue.parse(r.stdout)
    }

    @Test(arguments: [11, 12] as [UInt64])
    func pythonExpandsExactlyTheScheduleChargesOverTwoYears(seed: UInt64) throws {
        let runner = try SubsRunner(today: Self.today.description)
        let subs = RandomSubscriptions.make(count: 150, today: Self.today, seed: seed)
        try Self.store(subs, in: runner)
        let feed = runner.home.appendingPathComponent("feed.ics").path
        let export = try runner.run(["calendar", "export", "-o", feed])
        #expect(export.status == 0, "\(export.stderr)")
        let through = Self.today.adding(days: 730)
        let parsed = try Self.python(feed, from: Self.today.adding(days: -CalendarFeedBuilder.pastWindowDays), through: through)
        let occurrences = parsed["occurrences"]?.arrayValue ?? []
        #expect(!occurrences.isEmpty)
        var mismatches: [String] = []
        for s in subs {
            let expected = Schedule.charges(of: s, from: CalendarFeedBuilder.windowStart(for: s, today: Self.today), through: through)
                .map { "\($0) \(s.price(on: $0))" }
            let actual = occurrences.compactMap { o -> String? in
                // Charge events, and only they, end their summary with " · amount".
                guard let uid = o["uid"]?.stringValue, uid == s.uid || uid.hasPrefix(s.uid + "-"),
                    let date = o["date"]?.stringValue, let summary = o["summary"]?.stringValue, summary.contains(" · ")
                else { return nil }
                return "\(date) \(summary.components(separatedBy: " · ").last!)"
            }.sorted()
            if actual != expected { mismatches.append("\(s.name) (anchor \(s.anchor), \(s.cadence), \(s.status)): expected \(expected.prefix(4))..., got \(actual.prefix(4))...") }
        }
        #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.count) subscriptions differ; first: \(mismatches.prefix(3))")
    }

    /// Names and notes that look like iCalendar syntax stay text. `subs add` refuses line breaks in names,
    /// so the nastiest names come in through `subs import`, which a hostile file controls.
    @Test func textThatLooksLikeICalendarStaysTextForPython() throws {
        let runner = try SubsRunner(today: Self.today.description)
        let names = ["Evil\r\nBEGIN:VEVENT", "semi;colon", "com,ma", "back\\slash", "Emoji 🎉🙂 日本語 " + String(repeating: "é", count: 50)]
        let note = "Line one; a, b \\ c\nEND:VEVENT\nEND:VCALENDAR\r\nBEGIN:VEVENT\nUID:stolen"
        let subs = names.enumerated().map { i, name in
            Subscription(uid: "evil-\(i)", name: name, price: Money(Decimal(i + 1), .eur), cadence: .monthly,
                         anchor: LocalDate(iso: "2026-02-0\(i + 1)")!, category: "x,y;z", notes: note + " " + name,
                         createdAt: "2026-01-01T00:00:00Z")
        }
        try Self.store(subs, in: runner)
        let feed = runner.home.appendingPathComponent("feed.ics").path
        #expect(try runner.run(["calendar", "export", "-o", feed]).status == 0)
        let events = try Self.python(feed, from: Self.today, through: Self.today.adding(days: 30))["events"]?.arrayValue ?? []
        #expect(events.count == names.count)
        // iCalendar TEXT has one line break, \n: a CR is dropped, every other character is kept.
        func lf(_ t: String) -> String { t.replacingOccurrences(of: "\r", with: "") }
        for (i, s) in subs.enumerated() {
            let e = events.first { $0["uid"]?.stringValue == s.uid }
            #expect(e?["summary"]?.stringValue == lf("\(s.name) · \(i + 1).00 EUR"))
            #expect(e?["description"]?.stringValue?.contains(lf("Notes: \(s.notes!)")) == true)
            #expect(e?["description"]?.stringValue?.contains("Category: x,y;z") == true)
            #expect(e?["categories"]?.arrayValue?.count == 1)
        }
    }

    @Test func khalListsTheChargesOnTheirDays() throws {
        let runner = try SubsRunner(today: Self.today.description)
        #expect(try runner.run(["add", "Netflix", "--amount", "15.99 EUR", "--next", "2026-01-31"]).status == 0)
        #expect(try runner.run(["add", "Domain", "--amount", "12", "--currency", "EUR", "--every", "year", "--next", "2028-02-29"]).status == 0)
        #expect(try runner.run(["add", "Gym", "--amount", "30", "--currency", "EUR", "--every", "2 weeks", "--next", "2026-01-20"]).status == 0)
        let feed = runner.home.appendingPathComponent("feed.ics").path
        #expect(try runner.run(["calendar", "export", "-o", feed]).status == 0)
        let dir = runner.home.appendingPathComponent("khal").path
        let config = """
            [calendars]
            [[subs]]
            path = \(dir)/cal/
            type = calendar
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            default_timezone = UTC
            local_timezone = UTC

            """
        try FileManager.default.createDirectory(atPath: dir + "/cal", withIntermediateDirectories: true)
        try config.write(toFile: dir + "/config", atomically: true, encoding: .utf8)
        let env = "XDG_DATA_HOME='\(dir)/data' XDG_CONFIG_HOME='\(dir)' HOME='\(runner.home.path)' TZ=UTC"
        let imported = try SubsRunner.shell("\(env) khal -c '\(dir)/config' import --batch -a subs '\(feed)'")
        #expect(imported.status == 0, "\(imported.stderr)")
        let list = try SubsRunner.shell("\(env) khal -c '\(dir)/config' list --format '{start-date} {title}' --day-format '' 2026-01-15 2030-12-31")
        #expect(list.status == 0, "\(list.stderr)")
        let lines = Set(list.stdout.split(separator: "\n").map(String.init))
        for expected in [
            "2026-01-31 Netflix · 15.99 EUR", "2026-02-28 Netflix · 15.99 EUR", "2026-04-30 Netflix · 15.99 EUR",
            "2028-02-29 Domain · 12.00 EUR", "2029-02-28 Domain · 12.00 EUR", "2026-01-20 Gym · 30.00 EUR",
            "2026-02-03 Gym · 30.00 EUR",
        ] {
            #expect(lines.contains(expected), "khal list lacks \(expected)")
        }
        #expect(!lines.contains("2026-01-15 Netflix · 15.99 EUR"))
    }

    @Test func aSmallFeedIsExactlyTheGoldenFile() throws {
        let runner = try SubsRunner(today: Self.today.description)
        for args in [
            ["add", "Netflix", "--amount", "15.99 EUR", "--next", "2026-01-31", "--category", "Streaming", "--url", "https://www.netflix.com", "--remind", "7,1", "--note", "Family plan; shared with Sam, Alex"],
            ["add", "Cloud", "--amount", "9.99", "--currency", "USD", "--trial-until", "2026-01-20", "--every", "year"],
            ["add", "Gym", "--amount", "30", "--currency", "EUR", "--every", "quarter", "--next", "2026-02-28", "--notice-days", "14", "--ends", "2026-05-28"],
            ["edit", "Netflix", "--amount", "17.99", "--from", "2026-04-01"],
        ] {
            let r = try runner.run(args)
            #expect(r.status == 0, "\(r.stderr)")
        }
        var feed = try runner.run(["calendar", "export"]).stdout
        // UIDs are random per subscription: name them by position.
        let uids = try runner.run(["list", "--json"]).stdout.components(separatedBy: "\"uid\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        for (i, uid) in uids.enumerated() { feed = feed.replacingOccurrences(of: uid, with: "uid-\(i + 1)") }
        let diff = try Golden.check(feed, file: "small-feed.ics", testFile: #filePath)
        #expect(diff == nil, "\(diff ?? "")")
    }

    @Test func anEnabledFeedFollowsEveryChangeAndStopsWhenDisabled() throws {
        let runner = try SubsRunner(today: Self.today.description)
        let path = runner.home.appendingPathComponent("cal/subs.ics").path
        try FileManager.default.createDirectory(atPath: runner.home.appendingPathComponent("cal").path, withIntermediateDirectories: true)
        let enable = try runner.run(["calendar", "enable", "--path", path])
        #expect(enable.status == 0, "\(enable.stderr)")
        #expect(enable.stdout == path + "\n")
        func feed() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
        #expect(try feed().contains("BEGIN:VCALENDAR"))
        #expect(!(try feed().contains("BEGIN:VEVENT")))

        #expect(try runner.run(["add", "Netflix", "--amount", "15.99 EUR", "--next", "2026-01-31"]).status == 0)
        #expect(try feed().contains("SUMMARY:Netflix · 15.99 EUR"))
        #expect(try runner.run(["edit", "Netflix", "--amount", "17.99", "--from", "2026-01-01"]).status == 0)
        #expect(try feed().contains("SUMMARY:Netflix · 17.99 EUR"))
        #expect(try runner.run(["config", "set", "remind_days", "10"]).status == 0)
        #expect(try feed().contains("TRIGGER:-P10D"))
        #expect(try runner.run(["pause", "Netflix"]).status == 0)
        #expect(!(try feed().contains("BEGIN:VEVENT")))
        #expect(try runner.run(["resume", "Netflix"]).status == 0)
        #expect(try feed().contains("SUMMARY:Netflix"))
        // Writes the feed does not depend on leave the file alone: the same inode, not a new copy.
        func inode() throws -> Int { try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as! Int }
        let before = try inode()
        #expect(try runner.run(["remind", "--via", "stdout", "--as-of", "2026-01-30"]).status == 0)
        #expect(try runner.run(["budget", "set", "50"]).status == 0)
        #expect(try inode() == before)
        #expect(try runner.run(["edit", "Netflix", "--category", "TV"]).status == 0)
        #expect(try inode() != before)
        #expect(try runner.run(["rm", "Netflix", "--yes"]).status == 0)
        #expect(!(try feed().contains("BEGIN:VEVENT")))
        // No temporary files stay next to the feed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.home.appendingPathComponent("cal").path) == ["subs.ics"])

        let status = try runner.run(["calendar", "status", "--json"])
        #expect(status.stdout.contains("\"enabled\": true"))
        #expect(status.stdout.contains("\"path\": \"\(path)\""))

        #expect(try runner.run(["calendar", "disable"]).status == 0)
        #expect(try runner.run(["add", "Gym", "--amount", "30", "--currency", "EUR"]).status == 0)
        #expect(!(try feed().contains("Gym")))
        #expect(try runner.run(["calendar", "status", "--json"]).stdout.contains("\"enabled\": false"))
    }

    /// Readers of the feed file never see half a feed while changes rewrite it, and after concurrent
    /// changes the feed holds all of them.
    @Test func concurrentChangesNeverExposeHalfAFeedAndTheLastFeedHasEverything() throws {
        let runner = try SubsRunner(today: Self.today.description)
        for i in 0..<25 {
            #expect(try runner.run(["add", "Service \(i)", "--amount", "\(i + 1)", "--currency", "EUR", "--note", String(repeating: "long note ", count: 40)]).status == 0)
        }
        #expect(try runner.run(["calendar", "enable"]).status == 0)
        let path = runner.home.path + "/.local/share/subs/subs.ics"
        // Two writers edit different subscriptions at once while this test reads the feed in a loop.
        // (Processes from Swift, not shell jobs: the test runner starts children with SIGCHLD blocked,
        // which makes the shell's `wait` hang.)
        let writers = [("Service 1", 0), ("Service 2", 100)].map { name, offset in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "for i in $(seq 1 10); do '\(SubsRunner.binary.path)' edit '\(name)' --amount $((i + \(offset))) >/dev/null || exit 1; done"]
            p.environment = runner.environment
            return p
        }
        for w in writers { try w.run() }
        var reads = 0, halves = 0
        while writers.contains(where: \.isRunning) {
            if let data = FileManager.default.contents(atPath: path), !data.isEmpty {
                reads += 1
                if !String(decoding: data.suffix(15), as: UTF8.self).contains("END:VCALENDAR") { halves += 1 }
            }
        }
        for w in writers {
            w.waitUntilExit()
            #expect(w.terminationStatus == 0)
        }
        #expect(halves == 0, "\(halves) of \(reads) reads saw half a feed")
        #expect(reads > 10, "the reader read too rarely (\(reads)) to prove anything")
        let feed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(feed.contains("SUMMARY:Service 1 · 10.00 EUR"))
        #expect(feed.contains("SUMMARY:Service 2 · 110.00 EUR"))
    }

    @Test func enableDefaultsToTheDataFolderAndAFeedThatCannotBeWrittenIsAWarning() throws {
        let runner = try SubsRunner(today: Self.today.description)
        #expect(try runner.run(["add", "Netflix", "--amount", "15.99 EUR"]).status == 0)
        let enable = try runner.run(["calendar", "enable"])
        #expect(enable.status == 0, "\(enable.stderr)")
        let path = runner.home.path + "/.local/share/subs/subs.ics"
        #expect(enable.stdout == path + "\n")
        #expect(FileManager.default.fileExists(atPath: path))
        // The feed's folder disappears: the change is saved, the feed is not, and the user is told.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let add = try runner.run(["add", "Gym", "--amount", "30", "--currency", "EUR"])
        #expect(add.status == 0)
        #expect(add.stderr.contains("warning: the calendar feed \(path) was not updated"))
        #expect(try runner.run(["list", "--json"]).stdout.contains("Gym"))
        // A missing folder is refused at enable time.
        let bad = try runner.run(["calendar", "enable", "--path", "/nonexistent/subs.ics"])
        #expect(bad.status == 73)
        #expect(bad.stderr.contains("folder /nonexistent does not exist"))
    }
}
