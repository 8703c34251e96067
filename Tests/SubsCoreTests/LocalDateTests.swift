import Foundation
import Testing
@testable import SubsCore

@Suite struct LocalDateTests {
    @Test func rejectsDatesThatDoNotExist() {
        #expect(LocalDate(iso: "2026-02-30") == nil)
        #expect(LocalDate(iso: "2026-13-01") == nil)
        #expect(LocalDate(iso: "2026-1-01") == nil)
        #expect(LocalDate(iso: "2024-02-29") != nil)
        #expect(LocalDate(iso: "2025-02-29") == nil)
    }

    @Test func dayNumbersRoundTripOverFourCenturies() {
        var d = LocalDate(year: 1800, month: 1, day: 1)!
        for _ in 0..<(400 * 366) {
            let next = LocalDate(dayNumber: d.dayNumber + 1)
            #expect(next > d)
            #expect(LocalDate(dayNumber: next.dayNumber) == next)
            d = next
        }
        #expect(LocalDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(LocalDate(year: 2026, month: 11, day: 22)!.weekday == 7)  // a Sunday
    }
}

@Suite struct CadenceEquivalentTests {
    @Test func yearlyEquivalentIsExact() {
        #expect(Cadence.yearly.yearlyEquivalent(of: 119) == 119)
        #expect(Cadence(unit: .month, count: 3)!.yearlyEquivalent(of: Decimal(string: "10.01")!) == Decimal(string: "40.04")!)
        #expect(Cadence.weekly.yearlyEquivalent(of: 12) == 624)
        #expect(Cadence(unit: .year, count: 2)!.yearlyEquivalent(of: 119) == Decimal(string: "59.5")!)
    }
}
