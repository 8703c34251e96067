import Foundation
import Testing
import TestSupport
@testable import SubsCore

private func date(_ s: String) -> LocalDate { LocalDate(iso: s)! }

private func sub(_ anchor: String, _ cadence: Cadence = .monthly, status: Status = .active, since: String? = nil,
                 trial: String? = nil) -> Subscription {
    Subscription(uid: "u", name: "X", price: Money(10, .eur), cadence: cadence, anchor: date(anchor),
                 status: status, statusSince: since.map(date), trialUntil: trial.map(date), createdAt: "t")
}

@Suite struct ScheduleTests {
    @Test func monthEndAnchorKeepsItsDay() {
        let dates = Schedule.nextCharges(of: sub("2026-01-31"), from: date("2026-01-01"), count: 6).map(\.description)
        #expect(dates == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30"])
        let leap = Schedule.nextCharges(of: sub("2028-01-31"), from: date("2028-02-01"), count: 2).map(\.description)
        #expect(leap == ["2028-02-29", "2028-03-31"])
    }

    @Test func yearlyOnLeapDayChargesFeb28InOtherYears() {
        let dates = Schedule.nextCharges(of: sub("2024-02-29", .yearly), from: date("2024-01-01"), count: 5).map(\.description)
        #expect(dates == ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
    }

    @Test func quarterlyIsEveryThreeMonthsFromTheAnchor() {
        let dates = Schedule.nextCharges(of: sub("2026-01-30", .quarterly), from: date("2026-01-01"), count: 4).map(\.description)
        #expect(dates == ["2026-01-30", "2026-04-30", "2026-07-30", "2026-10-30"])
    }

    @Test func pausedAndCancelledChargeNothingFromTheirDate() {
        let paused = sub("2026-01-10", status: .paused, since: "2026-03-01")
        #expect(Schedule.nextCharges(of: paused, from: date("2026-03-01"), count: 3).isEmpty)
        #expect(Schedule.charges(of: paused, from: date("2026-01-01"), through: date("2026-12-31")).map(\.description)
                == ["2026-01-10", "2026-02-10"])
        let cancelled = sub("2026-01-10", status: .cancelled, since: "2026-01-10")
        #expect(Schedule.charges(of: cancelled, from: date("2026-01-01"), through: date("2027-01-01")).isEmpty)
    }

    @Test func aResumedSubscriptionChargedNothingWhileItWasPaused() throws {
        let ledger = Ledger(today: date("2026-03-01"), now: "t")
        let paused = try Ledger(today: date("2026-01-15"), now: "t").setStatus(.paused, of: sub("2025-11-10"))
        let resumed = try ledger.setStatus(.active, of: paused)
        #expect(resumed.pauses == [Pause(from: date("2026-01-15"), until: date("2026-03-01"))])
        #expect(resumed.statusSince == nil)
        // 10 Feb fell in the pause; 10 Jan was before it, 10 Mar after.
        #expect(Schedule.charges(of: resumed, from: date("2025-11-01"), through: date("2026-04-30")).map(\.description)
                == ["2025-11-10", "2025-12-10", "2026-01-10", "2026-03-10", "2026-04-10"])
        #expect(Schedule.nextCharges(of: resumed, from: date("2026-01-11"), count: 1).map(\.description) == ["2026-03-10"])
        // Paused and resumed the same day: nothing to remember.
        let sameDay = try ledger.setStatus(.active, of: try ledger.setStatus(.paused, of: sub("2025-11-10")))
        #expect(sameDay.pauses.isEmpty)
    }

    @Test func trialChargesFirstOnItsEndDate() {
        let s = sub("2026-02-14", status: .trial, trial: "2026-02-14")
        #expect(Schedule.nextCharges(of: s, from: date("2026-01-20"), count: 3).map(\.description)
                == ["2026-02-14", "2026-03-14", "2026-04-14"])
        // A trial with another next charge given: nothing until then, and no charge on the trial's end
        // as well (that would charge twice within days).
        let t = sub("2026-03-01", status: .trial, trial: "2026-02-20")
        #expect(Schedule.nextCharges(of: t, from: date("2026-01-20"), count: 3).map(\.description)
                == ["2026-03-01", "2026-04-01", "2026-05-01"])
        #expect(Schedule.trialConversion(of: t) == date("2026-03-01"))
    }

    @Test func everyTwoWeeksAndEveryTenDays() {
        let w = sub("2026-01-05", Cadence(unit: .week, count: 2)!)
        #expect(Schedule.nextCharges(of: w, from: date("2026-01-06"), count: 2).map(\.description) == ["2026-01-19", "2026-02-02"])
        let d = sub("2026-01-05", Cadence(unit: .day, count: 10)!)
        #expect(Schedule.nextCharges(of: d, from: date("2026-01-05"), count: 3).map(\.description)
                == ["2026-01-05", "2026-01-15", "2026-01-25"])
    }

    @Test func occurrencesBeforeTheAnchorAreTheSameSchedule() {
        // History goes backwards from the anchor; the anchor day must survive that too.
        let s = Subscription(uid: "u", name: "X", price: Money(10, .eur), cadence: .monthly, anchor: date("2026-03-31"),
                             startedOn: date("2025-10-31"), createdAt: "t")
        #expect(Schedule.charges(of: s, from: date("2025-01-01"), through: date("2026-03-31")).map(\.description)
                == ["2025-10-31", "2025-11-30", "2025-12-31", "2026-01-31", "2026-02-28", "2026-03-31"])
    }
}

/// Random schedules: properties that must hold for every one, and agreement with an independent oracle.
@Suite struct SchedulePropertyTests {
    struct Rng: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func randomSchedule(_ rng: inout Rng) -> (LocalDate, Cadence) {
        let units: [Cadence.Unit] = [.day, .week, .month, .month, .month, .quarter, .year, .year]
        let unit = units.randomElement(using: &rng)!
        let count = [1, 1, 1, 2, 3, 6].randomElement(using: &rng)!
        let year = Int.random(in: 2020...2030, using: &rng)
        let month = Int.random(in: 1...12, using: &rng)
        // Month ends and Feb 29 are where schedules go wrong: draw them often.
        let day = Bool.random(using: &rng) ? LocalDate.daysIn(month: month, year: year) - Int.random(in: 0...3, using: &rng)
            : Int.random(in: 1...LocalDate.daysIn(month: month, year: year), using: &rng)
        return (LocalDate(year: year, month: month, day: day)!, Cadence(unit: unit, count: unit == .day ? count * 5 : count)!)
    }

    @Test func propertiesOfThousandsOfRandomSchedules() {
        var rng = Rng(state: 42)
        for _ in 0..<3000 {
            let (anchor, cadence) = Self.randomSchedule(&rng)
            let s = Subscription(uid: "u", name: "X", price: Money(1, .eur), cadence: cadence, anchor: anchor, createdAt: "t")
            let from = anchor.adding(days: Int.random(in: 0...800, using: &rng))
            let dates = Schedule.nextCharges(of: s, from: from, count: 30)
            #expect(dates.count == 30)
            #expect(dates.first! >= from)
            // Strictly increasing, and nothing skipped: the charge before the first is before `from`.
            #expect(zip(dates, dates.dropFirst()).allSatisfy { $0 < $1 })
            let k = Schedule.firstIndex(onOrAfter: from, anchor: anchor, cadence: cadence)
            #expect(Schedule.occurrence(k - 1, anchor: anchor, cadence: cadence) < from)
            for d in dates {
                if let months = cadence.months {
                    // The anchor day, or the month's last day when the month is shorter: never drifts.
                    #expect(d.day == min(anchor.day, LocalDate.daysIn(month: d.month, year: d.year)))
                    let apart = (d.year - anchor.year) * 12 + d.month - anchor.month
                    #expect(apart % months == 0)
                } else {
                    #expect(anchor.days(until: d) % cadence.days! == 0)
                }
            }
            // A window gives exactly the dates the walk gives.
            let window = Schedule.charges(of: s, from: from, through: dates.last!)
            #expect(window == dates)
        }
    }

    @Test func agreesWithDateutilRruleOverTwoYears() throws {
        var rng = Rng(state: 7)
        var cases: [(Subscription, LocalDate, LocalDate)] = []
        for _ in 0..<2000 {
            let (anchor, cadence) = Self.randomSchedule(&rng)
            let s = Subscription(uid: "u", name: "X", price: Money(1, .eur), cadence: cadence, anchor: anchor, createdAt: "t")
            let from = anchor.adding(days: Int.random(in: 0...400, using: &rng))
            cases.append((s, from, from.adding(months: 24)))
        }
        let input = JSONValue.array(cases.map { s, from, through in
            .object([("anchor", .string(s.anchor.description)), ("unit", .string(s.cadence.unit.rawValue)),
                     ("count", .int(s.cadence.count)), ("from", .string(from.description)), ("through", .string(through.description))])
        }).serialized()
        let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Oracles/rrule_dates.py")
        let result = try SubsRunner.shell("python3 '\(oracle.path)'", stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try JSONValue.parse(result.stdout).arrayValue ?? []
        #expect(expected.count == cases.count)
        var mismatches = 0
        for ((s, from, through), want) in zip(cases, expected) {
            let got = Schedule.charges(of: s, from: from, through: through).map { JSONValue.string($0.description) }
            if got != want.arrayValue ?? [] {
                mismatches += 1
                if mismatches < 5 { Issue.record("anchor \(s.anchor) \(s.cadence) from \(from): got \(got.count) dates, rrule \(want.arrayValue?.count ?? 0)") }
            }
        }
        #expect(mismatches == 0)
    }
}
