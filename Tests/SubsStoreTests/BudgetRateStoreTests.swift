import Foundation
import Testing
import SubsCore
@testable import SubsStore

@Suite struct BudgetRateStoreTests {
    func store() throws -> (SQLiteStore, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("subs-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return (try SQLiteStore(path: dir.path + "/subs.db"), dir)
    }

    @Test func budgetsAreOnePerPeriodAndCategory() throws {
        let (s, dir) = try store()
        defer { try? FileManager.default.removeItem(at: dir) }
        try s.write { tx in
            try tx.setBudget(Budget(period: .monthly, category: nil, limit: Money(100, .eur)))
            try tx.setBudget(Budget(period: .monthly, category: "Streaming", limit: Money(Decimal(string: "30.50")!, .eur), threshold: 90))
            // Same category, another case: replaces.
            try tx.setBudget(Budget(period: .monthly, category: "streaming", limit: Money(40, .usd)))
            try tx.setBudget(Budget(period: .yearly, category: nil, limit: Money(1200, .eur)))
        }
        let all = try s.read { tx in try tx.budgets() }
        #expect(all.count == 3)
        let streaming = all.first { $0.category != nil }!
        #expect(streaming.category == "streaming")
        #expect(streaming.limit == Money(40, .usd))
        #expect(streaming.threshold == 80)
        #expect(try s.write { tx in try tx.deleteBudget(period: .monthly, category: "STREAMING") })
        #expect(try !s.write { tx in try tx.deleteBudget(period: .monthly, category: "Streaming") })
        #expect(try s.read { tx in try tx.budgets() }.map(\.label) == ["all", "all"])
    }

    @Test func ratesKeepTheNewestPerPairInEitherDirection() throws {
        let (s, dir) = try store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let d1 = LocalDate(iso: "2026-01-10")!, d2 = LocalDate(iso: "2026-01-12")!
        let (first, older) = try s.write { tx in
            (try tx.setRate(ExchangeRate(base: .eur, quote: .usd, rate: Decimal(string: "1.0842")!, date: d2, source: "ecb")),
             // Older, other direction: refused.
             try tx.setRate(ExchangeRate(base: .usd, quote: .eur, rate: Decimal(string: "0.92")!, date: d1, source: "manual")))
        }
        #expect(first && !older)
        var rates = try s.read { tx in try tx.exchangeRates() }
        #expect(rates == [ExchangeRate(base: .eur, quote: .usd, rate: Decimal(string: "1.0842")!, date: d2, source: "ecb")])
        let replaced = try s.write { tx in
            try tx.setRate(ExchangeRate(base: .usd, quote: .eur, rate: Decimal(string: "0.93")!, date: d2, source: "manual"))
        }
        #expect(replaced)
        rates = try s.read { tx in try tx.exchangeRates() }
        #expect(rates.count == 1)
        #expect(rates[0].base == .usd && rates[0].rate == Decimal(string: "0.93")!)
    }
}
