import SubsCore
import Testing

@Suite struct CalendarFeedTests {
    let today = LocalDate(iso: "2026-01-15")!
    let settings = Settings(currency: .eur, remindDays: [3])

    func sub(_ anchor: String, every cadence: Cadence = .monthly, name: String = "Netflix") -> Subscription {
        Subscription(uid: "u-1", name: name, price: Money(15.99, .eur), cadence: cadence, anchor: LocalDate(iso: anchor)!, createdAt: "2026-01-01T00:00:00Z")
    }

    @Test func monthEndAnchorsUseRulesThatClampLikeTheSchedule() {
        #expect(RecurrenceRule.matching(.monthly, anchorDay: 31, anchorMonth: 1).description == "FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1")
        #expect(RecurrenceRule.matching(.monthly, anchorDay: 30, anchorMonth: 1).description == "FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30;BYSETPOS=-1")
        #expect(RecurrenceRule.matching(.quarterly, anchorDay: 29, anchorMonth: 11).description == "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29;BYSETPOS=-1")
        #expect(RecurrenceRule.matching(.monthly, anchorDay: 28, anchorMonth: 1).description == "FREQ=MONTHLY;INTERVAL=1")
        #expect(RecurrenceRule.matching(.yearly, anchorDay: 29, anchorMonth: 2).description == "FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=-1")
        #expect(RecurrenceRule.matching(.yearly, anchorDay: 31, anchorMonth: 1).description == "FREQ=YEARLY;INTERVAL=1")
        #expect(RecurrenceRule.matching(Cadence(unit: .week, count: 2)!, anchorDay: 3, anchorMonth: 1).description == "FREQ=WEEKLY;INTERVAL=2")
        #expect(RecurrenceRule.matching(Cadence(unit: .day, count: 10)!, anchorDay: 3, anchorMonth: 1, until: LocalDate(iso: "2026-03-01")).description
            == "FREQ=DAILY;INTERVAL=10;UNTIL=20260301")
    }

    @Test func anActiveSubscriptionIsOneSeriesFromItsNextCharge() {
        var s = sub("2025-10-31")
        s.remindDays = [7, 1]
        let events = CalendarFeedBuilder.events(for: s, settings: settings, today: today)
        #expect(events.count == 1)
        let e = events[0]
        #expect(e.uid == "u-1")
        #expect(e.start == LocalDate(iso: "2026-01-31"))
        #expect(e.end == LocalDate(iso: "2026-02-01"))
        #expect(e.rule?.description == "FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1")
        #expect(e.summary == "Netflix · 15.99 EUR")
        #expect(e.alarmDays == [7, 1])
        #expect(e.description.contains("Monthly cost: 15.99 EUR"))
    }

    @Test func aFuturePriceChangeSplitsTheSeriesSoEachPartSaysItsAmount() {
        var s = sub("2025-10-31")
        s.setPrice(Money(17.99, .eur), from: LocalDate(iso: "2026-04-01")!)
        let events = CalendarFeedBuilder.events(for: s, settings: settings, today: today)
        #expect(events.map(\.start.description) == ["2026-01-31", "2026-04-30"])
        #expect(events[0].rule?.until == LocalDate(iso: "2026-03-31"))
        #expect(events[1].rule?.until == nil)
        #expect(events.map(\.summary) == ["Netflix · 15.99 EUR", "Netflix · 17.99 EUR"])
        #expect(events[1].uid == "u-1-from-2026-04-30")
    }

    @Test func aTrialGetsItsEndEventAndTheSeriesStartsAfter() {
        var s = sub("2026-02-10", every: .yearly)
        s.trialUntil = LocalDate(iso: "2026-01-20")
        s.status = .trial
        s.startedOn = s.trialUntil!
        let events = CalendarFeedBuilder.events(for: s, settings: settings, today: today)
        #expect(events.map(\.kind) == [.trialEnd, .charges])
        #expect(events[0].start == LocalDate(iso: "2026-01-20"))
        #expect(events[0].rule == nil)
        // A first charge given after the trial's end: the end is marked, and is not a charge itself.
        #expect(events[0].amount == nil)
        #expect(events[1].start == LocalDate(iso: "2026-02-10"))
        // The usual trial: its end is its first charge, and the series starts after it.
        s.anchor = s.trialUntil!
        let usual = CalendarFeedBuilder.events(for: s, settings: settings, today: today)
        #expect(usual.map(\.kind) == [.trialEnd, .charges])
        #expect(usual[0].amount != nil)
        #expect(usual[1].start == LocalDate(iso: "2027-01-20"))
    }

    @Test func aNoticePeriodGivesALastDayToCancelEvent() {
        var s = sub("2025-12-28", every: .quarterly)
        s.noticeDays = 14
        s.endsOn = LocalDate(iso: "2026-05-28")
        let events = CalendarFeedBuilder.events(for: s, settings: settings, today: today)
        let cancel = events.first { $0.kind == .cancelBy }
        #expect(cancel?.start == LocalDate(iso: "2026-05-14"))
        #expect(cancel?.summary == "Last day to cancel Netflix")
        #expect(cancel?.amount == nil)
    }

    @Test func cancelledSubscriptionsEndWithUntilOrAreLeftOut() {
        var s = sub("2025-05-31")
        s.startedOn = LocalDate(iso: "2025-01-31")!
        s.status = .cancelled
        s.statusSince = LocalDate(iso: "2026-01-10")
        let events = CalendarFeedBuilder.events(for: s, settings: settings, today: today)
        // The past window starts 90 days before today: 2025-10-17; charges Oct 31, Nov 30, Dec 31.
        #expect(events.count == 1)
        #expect(events[0].start == LocalDate(iso: "2025-10-31"))
        #expect(events[0].rule?.until == LocalDate(iso: "2025-12-31"))

        s.statusSince = LocalDate(iso: "2025-06-01")
        #expect(CalendarFeedBuilder.events(for: s, settings: settings, today: today).isEmpty)
        s.status = .paused
        #expect(CalendarFeedBuilder.events(for: s, settings: settings, today: today).isEmpty)
    }

    @Test func aPastPauseInsideTheWindowSplitsTheSeriesAroundIt() {
        // Paused Nov 5 to Dec 20 (the Nov 30 charge skipped), then cancelled on Jan 10: the window from Oct 17 shows
        // Oct 31 and Dec 31, not Nov 30.
        var s = sub("2025-05-31")
        s.startedOn = LocalDate(iso: "2025-01-31")!
        s.pauses = [Pause(from: LocalDate(iso: "2025-11-05")!, until: LocalDate(iso: "2025-12-20")!)]
        s.status = .cancelled
        s.statusSince = LocalDate(iso: "2026-01-10")
        let events = CalendarFeedBuilder.events(for: s, settings: settings, today: today)
        #expect(events.map(\.start.description) == ["2025-10-31", "2025-12-31"])
        #expect(events.map { $0.rule == nil } == [true, true])
        #expect(Set(events.map(\.uid)).count == 2)
        // Every date the series cover is a charge of the schedule, and every charge is covered.
        var covered: [LocalDate] = []
        for e in events {
            if let rule = e.rule, let until = rule.until {
                covered += Schedule.charges(of: s, from: e.start, through: until)
            } else {
                covered.append(e.start)
            }
        }
        #expect(covered == Schedule.charges(of: s, from: today.adding(days: -CalendarFeedBuilder.pastWindowDays), through: today))

        // A longer history: two series, Oct 31 (alone) and Dec 31 through the last charge before the cancellation.
        s.statusSince = LocalDate(iso: "2026-03-10")
        let later = CalendarFeedBuilder.events(for: s, settings: settings, today: LocalDate(iso: "2026-03-15")!)
        #expect(later.map(\.start.description) == ["2025-12-31"])
        #expect(later[0].rule?.until == LocalDate(iso: "2026-02-28"))
    }

    @Test func theFeedIsOrderedBySubscriptionAndNamed() {
        let feed = CalendarFeedBuilder.feed([sub("2026-01-20"), sub("2026-02-01", name: "Gym")], settings: settings, today: today)
        #expect(feed.name == CalendarFeedBuilder.defaultName)
        #expect(feed.events.map(\.summary) == ["Netflix · 15.99 EUR", "Gym · 15.99 EUR"])
    }
}
