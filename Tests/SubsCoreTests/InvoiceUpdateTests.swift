import Foundation
import Testing

@testable import SubsCore

@Suite struct InvoiceUpdateTests {
    let today = LocalDate(iso: "2026-03-10")!

    /// 9.99 EUR a month since 2026-01-05, 10.99 from 2026-02-05.
    func tracked() -> Subscription {
        var s = Subscription(
            uid: "u", name: "Lumen", price: Money(Decimal(string: "9.99")!, .eur), cadence: .monthly,
            anchor: LocalDate(iso: "2026-01-05")!, createdAt: "2026-01-05T00:00:00Z")
        s.setPrice(Money(Decimal(string: "10.99")!, .eur), from: LocalDate(iso: "2026-02-05")!)
        return s
    }

    func invoice(_ amount: String, billed: String, next: String? = nil, cadence: String? = nil) -> SubscriptionChanges {
        var c = SubscriptionChanges()
        c.name = "Lumen"
        c.amount = amount
        c.currency = "EUR"
        c.since = billed
        c.next = next ?? billed
        c.cadence = cadence
        return c
    }

    @Test func aNewPriceStartsOnTheInvoicesDateAndItsChargeAnchorsTheSchedule() throws {
        let s = tracked()
        let update = InvoiceUpdate(invoice: invoice("12.49", billed: "2026-03-06"), for: s, today: today)
        #expect(!update.isOlder)
        #expect(update.changes.amount == "12.49" && update.changes.priceFrom == "2026-03-06")
        #expect(update.changes.next == "2026-03-06")
        let edited = try Ledger(today: today, now: "t").edit(s, with: update.changes, settings: Settings(), existing: [s])
        #expect(edited.price(on: LocalDate(iso: "2026-03-05")!) == Money(Decimal(string: "10.99")!, .eur))
        #expect(edited.price(on: LocalDate(iso: "2026-03-06")!) == Money(Decimal(string: "12.49")!, .eur))
        #expect(edited.prices.count == 3)
    }

    @Test func theSamePriceAndScheduleChangeNothing() {
        let update = InvoiceUpdate(invoice: invoice("10.99", billed: "2026-01-05", next: "2026-01-05"), for: tracked(), today: today)
        // Billed before the latest price change: older.
        #expect(update.isOlder)
        #expect(update.changes.isEmpty)
        let same = InvoiceUpdate(invoice: invoice("10.99", billed: "2026-02-05", next: "2026-01-05", cadence: "monthly"), for: tracked(), today: today)
        #expect(!same.isOlder)
        #expect(same.changes.isEmpty, "\(same.changes)")
    }

    @Test func anOlderInvoiceKeepsTheCurrentPriceButWhatWasTypedStillApplies() {
        var old = invoice("8.99", billed: "2025-12-05")
        old.category = "Software"
        old.addTags = ["work"]
        let update = InvoiceUpdate(invoice: old, for: tracked(), today: today)
        #expect(update.isOlder)
        #expect(update.changes.amount == nil && update.changes.next == nil)
        #expect(update.changes.category == "Software" && update.changes.addTags == ["work"])
    }

    @Test func aStatedOtherFrequencyOrCurrencyIsAChange() {
        let yearly = InvoiceUpdate(invoice: invoice("109.00", billed: "2026-03-01", cadence: "yearly"), for: tracked(), today: today)
        #expect(yearly.changes.cadence == "yearly")
        var usd = invoice("10.99", billed: "2026-03-01")
        usd.currency = "USD"
        let other = InvoiceUpdate(invoice: usd, for: tracked(), today: today)
        #expect(other.changes.amount == "10.99" && other.changes.currency == "USD")
    }
}
