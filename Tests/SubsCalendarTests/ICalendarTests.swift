import Foundation
import SubsCalendar
import SubsCore
import Testing
import TestSupport

@Suite struct ICalendarTests {
    let today = LocalDate(iso: "2026-01-15")!
    let settings = Settings(currency: .eur, remindDays: [7, 0])

    /// Every charge the Schedule gives over two years, with its amount, is exactly what libical's own
    /// recurrence iterator expands from the feed: month ends, leap years, trials, price changes, stops.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func libicalExpandsExactlyTheScheduleCharges(seed: UInt64) throws {
        let subs = RandomSubscriptions.make(count: 400, today: today, seed: seed)
        let feed = CalendarFeedBuilder.feed(subs, settings: settings, today: today)
        let through = today.adding(days: 730)
        let parsed = try ICalendar.parse(ICalendar.serialize(feed), expandThrough: through)
        #expect(parsed.events.count == feed.events.count)
        var mismatches: [String] = []
        for s in subs {
            let expected = Schedule.charges(of: s, from: CalendarFeedBuilder.windowStart(for: s, today: today), through: through)
                .map { "\($0) \(s.price(on: $0))" }
            let actual = parsed.events
                .filter { ($0.uid == s.uid || $0.uid.hasPrefix(s.uid + "-")) && !$0.uid.hasSuffix("-cancel-by") }
                .flatMap { e in e.occurrences.map { "\($0) \(e.summary.components(separatedBy: " · ").last!)" } }
                .sorted()
            if actual != expected { mismatches.append("\(s.name) (anchor \(s.anchor), \(s.cadence), \(s.status)): expected \(expected.prefix(4))..., got \(actual.prefix(4))...") }
        }
        #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.count) subscriptions differ; first: \(mismatches.prefix(3))")
    }

    @Test func eventsHaveTheRequiredProperties() throws {
        var s = Subscription(uid: "u-1", name: "Netflix", price: Money(15.99, .eur), cadence: .monthly,
                             anchor: LocalDate(iso: "2026-01-31")!, category: "Streaming", tags: ["tv, films"],
                             url: "https://netflix.com", createdAt: "2026-01-02T03:04:05Z")
        s.revision = 4
        let text = ICalendar.serialize(CalendarFeedBuilder.feed([s], settings: settings, today: today))
        for line in [
            "BEGIN:VCALENDAR\r\n", "VERSION:2.0\r\n", "CALSCALE:GREGORIAN\r\n", "PRODID:-//subs//subs calendar feed//EN\r\n",
            "NAME:Subscriptions (subs)\r\n", "X-WR-CALNAME:Subscriptions (subs)\r\n",
            "REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n", "X-PUBLISHED-TTL:PT1H\r\n", "UID:u-1\r\n",
            "DTSTART;VALUE=DATE:20260131\r\n", "DTEND;VALUE=DATE:20260201\r\n", "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1\r\n",
            "SEQUENCE:4\r\n", "LAST-MODIFIED:20260102T030405Z\r\n", "DTSTAMP:20260102T030405Z\r\n",
            "TRANSP:TRANSPARENT\r\n", "TRIGGER:-P7D\r\n", "ACTION:DISPLAY\r\n", "URL:https://netflix.com\r\n",
            "CATEGORIES:Streaming\r\n", "CATEGORIES:tv\u{201A} films\r\n",
        ] {
            #expect(text.contains(line), "missing \(line.debugDescription)")
        }
        // Lines are folded at 75 octets.
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let parsed = try ICalendar.parse(text, expandThrough: today.adding(days: 60))
        #expect(parsed.events.first?.categories == ["Streaming", "tv\u{201A} films"])
        #expect(parsed.events.first?.alarmTriggers.count == 2)
        #expect(parsed.properties["X-WR-CALNAME"] == "Subscriptions (subs)")
    }

    /// Text that looks like iCalendar syntax stays text: one event per subscription, every character intact.
    @Test func namesAndNotesCannotInjectProperties() throws {
        let nasty = [
            "Evil\r\nBEGIN:VEVENT", "Evil\nEND:VEVENT\nEND:VCALENDAR", "semi;colon", "com,ma", "back\\slash", "🎉 Émoji 日本語 " + String(repeating: "é", count: 60),
            "Quote\"s and :colons: UID:x", "Tab\there",
        ]
        let subs = nasty.enumerated().map { i, text in
            Subscription(uid: "u-\(i)", name: text, price: Money(1, .eur), cadence: .monthly, anchor: LocalDate(iso: "2026-02-01")!,
                         notes: text + "\n" + text, paymentMethod: text, createdAt: "2026-01-01T00:00:00Z")
        }
        let text = ICalendar.serialize(CalendarFeedBuilder.feed(subs, settings: settings, today: today))
        let parsed = try ICalendar.parse(text, expandThrough: today.adding(days: 40))
        #expect(parsed.events.count == subs.count)
        // iCalendar TEXT has one line break (\n): CRs are dropped, every other character is kept.
        func lf(_ t: String) -> String { t.replacingOccurrences(of: "\r", with: "") }
        for (s, e) in zip(subs, parsed.events) {
            #expect(e.uid == s.uid)
            #expect(e.summary == lf("\(s.name) · 1.00 EUR"))
            #expect(e.description.contains(lf("Notes: \(s.notes!)")))
            #expect(e.description.contains(lf("Payment method: \(s.name)")))
        }
        #expect(text.components(separatedBy: "\r\n").filter { $0 == "BEGIN:VEVENT" }.count == subs.count)
    }
}
