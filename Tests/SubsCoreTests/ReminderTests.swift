import Foundation
import Testing
@testable import SubsCore

private func day(_ s: String) -> LocalDate { LocalDate(iso: s)! }

private func sub(
    _ id: Int, _ name: String, _ amount: String = "15.99", next: String, every: Cadence = .monthly, remind: [Int]? = nil,
    category: String? = nil, trialUntil: String? = nil, endsOn: String? = nil, notice: Int? = nil, status: Status = .active,
    since: String? = nil
) -> Subscription {
    var s = Subscription(
        id: id, uid: "uid-\(id)", name: name, price: Money(Decimal(string: amount)!, .eur), cadence: every,
        anchor: day(next), startedOn: since.map(day), category: category,
        status: trialUntil == nil ? status : .trial, trialUntil: trialUntil.map(day), remindDays: remind,
        endsOn: endsOn.map(day), noticeDays: notice, createdAt: "2026-01-01T00:00:00Z")
    if status == .paused || status == .cancelled { s.statusSince = day("2026-01-01") }
    return s
}

/// An in-memory store with real transaction semantics (a failed write leaves nothing behind), so the run's
/// "record in the same transaction" is checked without SQLite.
private final class MemoryStore: SubscriptionStore {
    final class Transaction: StoreTransaction, ReminderLogging {
        var subs: [Subscription]
        var settings: [String: String]
        var log: [ReminderLogEntry]
        init(_ subs: [Subscription], _ settings: [String: String], _ log: [ReminderLogEntry]) {
            self.subs = subs
            self.settings = settings
            self.log = log
        }
        func subscriptions() throws -> [Subscription] { subs }
        func subscription(id: Int) throws -> Subscription? { subs.first { $0.id == id } }
        func insert(_ s: Subscription) throws -> Int { subs.append(s); return s.id }
        func update(_ s: Subscription) throws { subs = subs.map { $0.id == s.id ? s : $0 } }
        func delete(id: Int) throws { subs.removeAll { $0.id == id } }
        func setting(_ key: String) throws -> String? { settings[key] }
        func setSetting(_ key: String, to value: String?) throws { settings[key] = value }
        func reminderLog(eventsFrom date: LocalDate) throws -> [ReminderLogEntry] { log.filter { $0.event.date >= date } }
        func record(_ e: ReminderLogEntry) throws {
            log.removeAll { $0.event == e.event && $0.leadDays == e.leadDays }
            log.append(e)
        }
        func pruneReminderLog(eventsBefore date: LocalDate) throws { log.removeAll { $0.event.date < date } }
    }

    var subs: [Subscription]
    var settings: [String: String] = [:]
    var log: [ReminderLogEntry] = []
    init(_ subs: [Subscription]) { self.subs = subs }

    func read<T>(_ body: (Transaction) throws -> T) throws -> T { try body(Transaction(subs, settings, log)) }
    func write<T>(_ body: (Transaction) throws -> T) throws -> T {
        let tx = Transaction(subs, settings, log)
        let result = try body(tx)
        (subs, settings, log) = (tx.subs, tx.settings, tx.log)
        return result
    }

    /// One `subs remind` on `today`; returns the summaries delivered.
    @discardableResult
    func remind(_ today: String, fail: (ReminderNotification) -> Bool = { _ in false }) throws -> [String] {
        struct Refused: Error {}
        let outcome = try ReminderRun.send(store: self, today: day(today), now: "\(today)T09:00:00Z") { n in
            if fail(n) { throw Refused() }
        }
        return outcome.sent.map(\.summary)
    }
}

@Suite struct ReminderTests {
    @Test func textsCountDaysFromTheSendingDay() throws {
        let s = sub(1, "Netflix", next: "2025-12-05", category: "Streaming")
        let c = ReminderText.charge(s, on: day("2025-12-05"), today: day("2025-12-02"))
        #expect(c.summary == "Netflix renews in 3 days")
        #expect(c.body == "15.99 EUR on Fri 5 Dec · Streaming")
        #expect(c.urgency == .normal)
        let tomorrow = ReminderText.charge(s, on: day("2025-12-05"), today: day("2025-12-04"))
        #expect(tomorrow.summary == "Netflix renews tomorrow")
        #expect(tomorrow.urgency == .critical)
        #expect(ReminderText.charge(s, on: day("2025-12-05"), today: day("2025-12-05")).summary == "Netflix renews today")
        // Far away: the year is given.
        #expect(ReminderText.day(day("2026-12-05"), today: day("2025-12-02")) == "Sat 5 Dec 2026")
    }

    @Test func aPriceChangeAndAShareShowInTheBody() {
        var s = sub(1, "Netflix", next: "2026-01-20", since: "2025-12-20")
        s.setPrice(Money(Decimal(string: "17.99")!, .eur), from: day("2026-01-20"))
        #expect(ReminderText.charge(s, on: day("2026-01-20"), today: day("2026-01-17")).body == "17.99 EUR (was 15.99 EUR) on Tue 20 Jan")
        var shared = sub(2, "Spotify", "10.99", next: "2026-01-20")
        shared.share = Share(parsing: "1/3")!
        #expect(ReminderText.charge(shared, on: day("2026-01-20"), today: day("2026-01-17")).body == "10.99 EUR (your share 3.66 EUR) on Tue 20 Jan")
    }

    @Test func eachLeadTimeIsItsOwnReminderUpToTheCharge() throws {
        let store = MemoryStore([sub(1, "Netflix", next: "2026-02-10", every: .yearly, remind: [30, 7, 1, 0])])
        #expect(try store.remind("2026-01-10").isEmpty)  // not yet
        #expect(try store.remind("2026-01-11") == ["Netflix renews in 30 days"])
        #expect(try store.remind("2026-01-11").isEmpty)  // never twice
        #expect(try store.remind("2026-01-12").isEmpty)
        #expect(try store.remind("2026-02-03") == ["Netflix renews in 7 days"])
        #expect(try store.remind("2026-02-09") == ["Netflix renews tomorrow"])
        #expect(try store.remind("2026-02-10") == ["Netflix renews today"])
        #expect(try store.remind("2026-02-10").isEmpty)
        // The next charge has its own reminders.
        #expect(try store.remind("2026-02-11").isEmpty)
        #expect(try store.remind("2027-01-11") == ["Netflix renews in 30 days"])
    }

    @Test func missedRemindersAreCaughtUpOnceAsOne() throws {
        let store = MemoryStore([sub(1, "Netflix", next: "2026-02-10", every: .yearly, remind: [30, 7, 1])])
        // Off from before the 30-day reminder until 5 days before: one reminder, telling the truth.
        #expect(try store.remind("2026-02-05") == ["Netflix renews in 5 days"])
        let leads = store.log.compactMap(\.leadDays).sorted()
        #expect(leads == [7, 30])
        #expect(try store.remind("2026-02-06").isEmpty)
        #expect(try store.remind("2026-02-09") == ["Netflix renews tomorrow"])
        // A charge missed entirely is not reminded afterwards.
        let late = MemoryStore([sub(2, "Late", next: "2026-02-10", remind: [3])])
        #expect(try late.remind("2026-02-11").isEmpty)
    }

    @Test func clockJumpsNeitherLoseNorRepeat() throws {
        let store = MemoryStore([sub(1, "Netflix", next: "2026-02-10", remind: [7, 1])])
        #expect(try store.remind("2026-02-09") == ["Netflix renews tomorrow"])  // jumped forward: caught up
        // The clock goes back a week (a wrong RTC, a restored VM): nothing again.
        #expect(try store.remind("2026-02-03").isEmpty)
        #expect(try store.remind("2026-02-09").isEmpty)
        // Back and forth around a due day.
        let other = MemoryStore([sub(2, "Disney", next: "2026-02-10", remind: [3])])
        #expect(try other.remind("2026-02-06").isEmpty)
        #expect(try other.remind("2026-02-07") == ["Disney renews in 3 days"])
        #expect(try other.remind("2026-02-06").isEmpty)
        #expect(try other.remind("2026-02-07").isEmpty)
    }

    @Test func moreThanFiveAtOnceBecomeOneSummary() throws {
        let five = MemoryStore((1...5).map { sub($0, "S\($0)", next: "2026-02-03") })
        #expect(try five.remind("2026-02-01").count == 5)
        let many = MemoryStore((1...7).map { sub($0, "S\($0)", next: "2026-02-0\($0 % 3 + 2)") })
        var shown: [ReminderNotification] = []
        let outcome = try ReminderRun.send(store: many, today: day("2026-02-01"), now: "t") { shown.append($0) }
        #expect(shown.count == 1)
        #expect(shown[0].summary == "7 subscription reminders")
        #expect(shown[0].body.split(separator: "\n").count == 7)
        #expect(shown[0].body.hasPrefix("S3 renews tomorrow (15.99 EUR)\n"))
        #expect(shown[0].urgency == .critical)  // one of them is tomorrow
        #expect(outcome.sent.flatMap(\.reminders).count == 7)
        #expect(try many.remind("2026-02-01").isEmpty)  // all seven recorded
    }

    @Test func aFailedDeliveryIsNotRecorded() throws {
        let store = MemoryStore([sub(1, "A", next: "2026-02-03"), sub(2, "B", next: "2026-02-04")])
        #expect(try store.remind("2026-02-01") { $0.summary.hasPrefix("B") } == ["A renews in 2 days"])
        #expect(try store.remind("2026-02-01") == ["B renews in 3 days"])
    }

    @Test func snoozePostponesAndAckEndsTheEventsReminders() throws {
        let store = MemoryStore([sub(1, "Netflix", next: "2026-02-10", remind: [7, 1])])
        #expect(try store.remind("2026-02-03") == ["Netflix renews in 7 days"])
        let ledger = Ledger(today: day("2026-02-03"), now: "t")
        let (_, event, entry) = try ReminderRun.hold(store: store, subscription: "netflix", snoozeDays: 2, ledger: ledger)
        #expect(event == ReminderEvent(kind: .charge, subscriptionID: 1, date: day("2026-02-10")))
        #expect(entry.until == day("2026-02-05"))
        #expect(try store.remind("2026-02-04").isEmpty)
        #expect(try store.remind("2026-02-05") == ["Netflix renews in 5 days"])  // back once
        #expect(try store.remind("2026-02-06").isEmpty)
        #expect(try store.remind("2026-02-09") == ["Netflix renews tomorrow"])

        // Done: nothing more for this charge; the next one reminds again.
        let done = MemoryStore([sub(1, "Netflix", next: "2026-02-10", remind: [7, 1])])
        #expect(try done.remind("2026-02-03") == ["Netflix renews in 7 days"])
        _ = try ReminderRun.hold(store: done, subscription: "1", snoozeDays: nil, ledger: ledger)
        #expect(try done.remind("2026-02-09").isEmpty)
        #expect(try done.remind("2026-03-03") == ["Netflix renews in 7 days"])
    }

    @Test func snoozeAndAckNeedSomethingUpcoming() throws {
        let store = MemoryStore([sub(1, "Netflix", next: "2026-02-10", remind: []), sub(2, "Spotify", next: "2026-02-10")])
        let ledger = Ledger(today: day("2026-02-03"), now: "t")
        #expect(throws: SubsError.self) { try ReminderRun.hold(store: store, subscription: "Netflix", snoozeDays: 1, ledger: ledger) }
        #expect(throws: SubsError.self) { try ReminderRun.hold(store: store, subscription: "Netflx", snoozeDays: 1, ledger: ledger) }
        // Before the window: the next charge is snoozed ahead of time.
        let (_, event, _) = try ReminderRun.hold(store: store, subscription: "Spotify", snoozeDays: 1, ledger: ledger)
        #expect(event.date == day("2026-02-10"))
    }

    @Test func trialsEndingAreCriticalAndSayWhatComesNext() throws {
        let store = MemoryStore([sub(1, "Gym", "39.90", next: "2026-02-17", category: "Fitness", trialUntil: "2026-02-17")])
        let due = ReminderPlanner(subscriptions: store.subs, settings: Settings()).due(today: day("2026-02-14"), log: ReminderLog())
        #expect(due.count == 1)
        #expect(due[0].event.kind == .trial)
        #expect(due[0].summary == "Gym trial ends in 3 days")
        #expect(due[0].body == "Then 39.90 EUR on Tue 17 Feb unless cancelled · Fitness")
        #expect(due[0].urgency == .critical)
        // Later charges are ordinary renewals.
        let next = ReminderPlanner(subscriptions: store.subs, settings: Settings()).due(today: day("2026-03-14"), log: ReminderLog())
        #expect(next.map(\.event.kind) == [.charge])
    }

    @Test func aTrialWhoseFirstChargeComesLaterIsRemindedOfItsOwnEnd() throws {
        // Trial until 17 Feb, first charge on 1 Mar (--next later than the trial's end).
        let gym = sub(1, "Gym", "39.90", next: "2026-03-01", remind: [3], trialUntil: "2026-02-17")
        let planner = ReminderPlanner(subscriptions: [gym], settings: Settings())
        let atEnd = planner.due(today: day("2026-02-14"), log: ReminderLog())
        #expect(atEnd.map(\.event.kind) == [.trial])
        #expect(atEnd.first?.event.date == day("2026-02-17"))
        #expect(atEnd.first?.summary == "Gym trial ends in 3 days")
        #expect(atEnd.first?.body == "Then 39.90 EUR on Sun 1 Mar unless cancelled")
        // The first charge itself is a renewal reminder, not a second "trial ends".
        let atCharge = planner.due(today: day("2026-02-26"), log: ReminderLog())
        #expect(atCharge.map(\.event.kind) == [.charge])
        #expect(atCharge.first?.event.date == day("2026-03-01"))
    }

    @Test func contractsRemindOfTheLastDayToCancel() throws {
        // Yearly, renews 1 Sep, 30 days' notice: last day to cancel 2 Aug.
        let s = sub(1, "Le Monde", "119", next: "2026-09-01", every: .yearly, remind: [7], category: "News", notice: 30)
        let due = ReminderPlanner(subscriptions: [s], settings: Settings()).due(today: day("2026-07-26"), log: ReminderLog())
        #expect(due.map(\.event.kind) == [.cancelBy])
        #expect(due[0].event.date == day("2026-08-02"))
        #expect(due[0].summary == "Last day to cancel Le Monde is in 7 days")
        #expect(due[0].body == "Cancel by Sun 2 Aug (30 days' notice), or it renews on Tue 1 Sep for 119.00 EUR · News")
        // A contract's term end is the renewal.
        let c = sub(2, "Phone", "20", next: "2026-03-01", remind: [1], endsOn: "2026-06-30", notice: 10)
        let p = ReminderPlanner(subscriptions: [c], settings: Settings())
        #expect(p.due(today: day("2026-06-19"), log: ReminderLog()).first { $0.event.kind == .cancelBy }?.summary == "Last day to cancel Phone is tomorrow")
    }

    @Test func pausedAndCancelledSubscriptionsAndNoneStaySilent() {
        let subs = [
            sub(1, "Paused", next: "2026-02-03", status: .paused), sub(2, "Cancelled", next: "2026-02-03", notice: 1, status: .cancelled),
            sub(3, "Quiet", next: "2026-02-03", remind: []),
        ]
        let p = ReminderPlanner(subscriptions: subs, settings: Settings())
        #expect(p.due(today: day("2026-02-01"), log: ReminderLog()).isEmpty)
        #expect(p.nextDueDate(after: day("2026-02-01"), log: ReminderLog()) == nil)
    }

    @Test func theNextDueDayFollowsLeadTimesAndSnoozes() throws {
        let store = MemoryStore([sub(1, "Netflix", next: "2026-02-10", remind: [7, 1]), sub(2, "Spotify", next: "2026-02-20", remind: [3])])
        var p: ReminderPlanner { ReminderPlanner(subscriptions: store.subs, settings: Settings()) }
        #expect(p.nextDueDate(after: day("2026-01-20"), log: ReminderLog(store.log)) == day("2026-02-03"))
        try store.remind("2026-02-03")
        #expect(p.nextDueDate(after: day("2026-02-03"), log: ReminderLog(store.log)) == day("2026-02-09"))
        // Snoozed past the next lead time: the snooze's end is next.
        store.log.append(ReminderRun.hold(
            ReminderEvent(kind: .charge, subscriptionID: 1, date: day("2026-02-10")), snoozeDays: 1, today: day("2026-02-03"), now: "t"))
        #expect(p.nextDueDate(after: day("2026-02-03"), log: ReminderLog(store.log)) == day("2026-02-04"))
        // Only what the log has not seen counts: once sent, the next is Spotify's.
        try store.remind("2026-02-09")
        #expect(p.nextDueDate(after: day("2026-02-09"), log: ReminderLog(store.log)) == day("2026-02-17"))
    }

    @Test func otherSourcesPlugIn() throws {
        // What a budget source will look like: a subject that is not a subscription, a threshold as the lead.
        struct Budgets: ReminderSource {
            func candidates(today: LocalDate, through: LocalDate) -> [ReminderCandidate] {
                let event = ReminderEvent(kind: .budget, subscriptionID: 0, subject: "Streaming", date: day("2026-02-01"))
                let content = ReminderContent(
                    name: "Streaming", amount: nil, category: "Streaming", daysLeft: 0, urgency: .normal,
                    summary: "Streaming budget at 80%", body: "40.00 of 50.00 EUR this month")
                return today >= day("2026-02-01") ? [ReminderCandidate(event: event, leadDays: 80, dueOn: day("2026-02-01"), content: content)] : []
            }
        }
        let p = ReminderPlanner(subscriptions: [], settings: Settings(), extraSources: [Budgets()])
        let due = p.due(today: day("2026-02-01"), log: ReminderLog())
        #expect(due.map(\.summary) == ["Streaming budget at 80%"])
        let log = ReminderLog(due[0].logEntries(at: "t"))
        #expect(p.due(today: day("2026-02-01"), log: log).isEmpty)
        #expect(ReminderRecord.json(due[0])["subject"] == .string("Streaming"))
    }

    @Test func recordsForScriptsUseSnakeCaseAndStrings() {
        let s = sub(7, "Netflix", next: "2026-02-10", category: "Streaming")
        let r = ReminderPlanner(subscriptions: [s], settings: Settings()).due(today: day("2026-02-07"), log: ReminderLog())[0]
        let json = ReminderRecord.json(r).serialized()
        #expect(json == #"{"kind":"charge","subscription_id":7,"subject":null,"name":"Netflix","date":"2026-02-10","days_left":3,"lead_days":[3],"resurfaced":false,"amount":"15.99","currency":"EUR","category":"Streaming","urgency":"normal","summary":"Netflix renews in 3 days","body":"15.99 EUR on Tue 10 Feb · Streaming"}"#)
        let env = ReminderRecord.environment(r)
        #expect(env["SUBS_NAME"] == "Netflix" && env["SUBS_AMOUNT"] == "15.99" && env["SUBS_DAYS_LEFT"] == "3")
    }
}

@Suite struct ReminderTimerTests {
    @Test func timerRunsDailyAndCatchesUpAfterBoot() throws {
        let t = ReminderTimer.timer(at: try TimeOfDay.parse("7:30"))
        #expect(t.contains("OnCalendar=*-*-* 07:30:00\n"))
        #expect(t.contains("Persistent=true\n"))
        #expect(ReminderTimer.time(ofTimer: t) == TimeOfDay(hour: 7, minute: 30))
        let s = ReminderTimer.service(executable: "/opt/my subs/subs", database: "/home/a/100%$.db")
        #expect(s.contains(#"ExecStart="/opt/my subs/subs" remind --db "/home/a/100%%$$.db""#))
        #expect(throws: SubsError.self) { try TimeOfDay.parse("24:00") }
        #expect(throws: SubsError.self) { try TimeOfDay.parse("9") }
    }

    @Test func crontabKeepsOtherLinesAndHoldsOneOfOurs() throws {
        let line = ReminderTimer.cronLine(executable: "/usr/bin/subs", database: "/h/it's 100%.db", at: try TimeOfDay.parse("09:05"))
        #expect(line.hasPrefix("5 9 * * * "))
        #expect(line.contains(#"'/h/it'\''s 100\%.db'"#))
        let existing = "MAILTO=me\n# my jobs\n0 * * * * backup\n"
        let once = ReminderTimer.crontab(existing, installing: line)
        #expect(once == existing + line + "\n")
        #expect(ReminderTimer.crontab(once, installing: line) == once)  // idempotent
        let moved = ReminderTimer.crontab(once, installing: ReminderTimer.cronLine(executable: "/usr/bin/subs", database: "/d", at: try TimeOfDay.parse("18:00")))
        #expect(moved.split(separator: "\n").filter(ReminderTimer.isOurs).count == 1)
        #expect(ReminderTimer.cronTime(in: moved) == TimeOfDay(hour: 18, minute: 0))
        #expect(ReminderTimer.crontab(removingOursFrom: moved) == existing)
        #expect(ReminderTimer.crontab(removingOursFrom: line + "\n") == "")
    }
}
