import Foundation
import Testing
@testable import SubsCore

@Suite struct AmountParserTests {
    @Test(arguments: [
        ("15.99", "15.99", nil), ("15,99", "15.99", nil), ("1 299,00", "1299", nil), ("1.299,00", "1299", nil),
        ("€15.99", "15.99", "EUR"), ("$1,299.00", "1299", "USD"), ("15.99 EUR", "15.99", "EUR"),
        ("CHF 12.90", "12.9", "CHF"), ("£7.99", "7.99", "GBP"), ("¥1,480", "1480", "JPY"), ("15,99 €", "15.99", "EUR"),
        ("1\u{00A0}299,00 €", "1299", "EUR"), ("0", "0", nil), ("12", "12", nil), ("¥1,234,567", "1234567", "JPY"), ("12,345.50", "12345.5", nil),
        ("usd 5", "5", "USD"), ("₹1,27,440.00", "127440", "INR"), ("1,23,456.50", "123456.5", nil),
    ] as [(String, String, String?)])
    func readsWhatPeopleType(_ text: String, _ amount: String, _ code: String?) throws {
        let p = try AmountParser.parse(text)
        #expect(p.amount == Decimal(string: amount)!)
        #expect(p.currency?.code == code)
    }

    @Test(arguments: ["1,299", "1.299", "-5", "abc", "", "12.3.4", "1 2,5", "15.999", "5 XYZ", "¥14.80", "99999999",
                      "1,2,440.00", "123,45,678", "1,27,44.00"])
    func refusesWhatCouldBeReadTwoWaysOrIsWrong(_ text: String) {
        #expect(throws: SubsError.self) { try AmountParser.parse(text) }
    }

    @Test func aBareDollarFollowsADollarDefault() throws {
        #expect(try AmountParser.parse("$5", dollarCurrency: Currency(code: "CAD")!).currency?.code == "CAD")
    }
}

@Suite struct CadenceShareTests {
    @Test(arguments: [
        ("month", Cadence.Unit.month, 1), ("monthly", .month, 1), ("2 weeks", .week, 2), ("every 3 months", .month, 3),
        ("quarterly", .quarter, 1), ("annual", .year, 1), ("biweekly", .week, 2), ("6m", .month, 6), ("10 days", .day, 10),
    ] as [(String, Cadence.Unit, Int)])
    func parsesCadences(_ text: String, _ unit: Cadence.Unit, _ count: Int) {
        #expect(Cadence(parsing: text) == Cadence(unit: unit, count: count))
    }

    @Test func refusesUnknownCadences() {
        for t in ["fortnight 2", "every", "0 months", "1000 days", "lunar", "2 biweekly"] { #expect(Cadence(parsing: t) == nil) }
    }

    @Test func monthlyEquivalentsAreExact() {
        #expect(Cadence.weekly.monthlyEquivalent(of: 12) == 52)  // 12 x 52 / 12
        #expect(Cadence.quarterly.monthlyEquivalent(of: 30) == 10)
        #expect(Cadence.yearly.monthlyEquivalent(of: 120) == 10)
        #expect(Cadence(unit: .month, count: 2)!.monthlyEquivalent(of: 20) == 10)
        #expect(Money(Cadence.yearly.monthlyEquivalent(of: 100), .eur).plainString == "8.33")
    }

    @Test func sharesAreExactFractions() {
        #expect(Share(parsing: "1/3") == Share(1, 3))
        #expect(Share(parsing: "0.5") == Share(1, 2))
        #expect(Share(parsing: "50%") == Share(1, 2))
        #expect(Share(parsing: "2/4")?.description == "1/2")
        #expect(Share(parsing: "4/3") == nil)
        #expect(Share(parsing: "0") == nil)
        #expect(Money(Share(1, 3)!.apply(to: Decimal(string: "15.99")!), .eur).plainString == "5.33")
    }

    @Test func moneyRoundsHalfAwayFromZeroForDisplayOnly() {
        #expect(Money(Decimal(string: "2.345")!, .eur).plainString == "2.35")
        #expect(Money(Decimal(string: "1480.4")!, Currency(code: "JPY")!).plainString == "1480")
        #expect(Money(Decimal(string: "1.5")!, Currency(code: "KWD")!).plainString == "1.500")
        #expect(Money(Decimal(string: "1299")!, .eur).displayString == "1,299.00 EUR")
    }
}

@Suite struct RecordTests {
    @Test func jsonParserKeepsExactNumbersAndOrder() throws {
        let v = try JSONValue.parse(#"{"b": 15.99, "a": [1, "x\u00e9\n"], "c": null, "d": true}"#)
        #expect(v.serialized() == #"{"b":"15.99","a":[1,"xé\n"],"c":null,"d":true}"#)
        #expect(throws: SubsError.self) { try JSONValue.parse("{\"a\": 1,\n \"b\": }") }
    }

    @Test func csvRoundTripsQuotesCommasAndNewlines() throws {
        let fields = ["plain", "with, comma", "with \"quote\"", "two\nlines", ""]
        let rows = try CSV.parse(CSV.line(fields) + "\n" + CSV.line(["x"]) + "\n")
        #expect(rows.count == 2)
        #expect(rows[0].fields == fields)
        #expect(rows[1].line == 3)
    }

    @Test func importRefusesAmountsACurrencyCannotCharge() throws {
        let base = #"{"name":"X","amount":"1480.5","currency":"JPY","frequency":"monthly","interval":1,"anchor":"2026-01-01"}"#
        #expect(throws: SubsError.data("'amount' 1480.5 has more decimals than JPY allows (0)")) {
            try SubscriptionRecord.subscription(from: try JSONValue.parse(base))
        }
        let history = #"{"name":"X","amount":"1480","currency":"JPY","frequency":"monthly","interval":1,"anchor":"2026-01-01","price_history":[{"effective_on":"2026-01-01","amount":"1480","currency":"JPY"},{"effective_on":"2026-02-01","amount":"9.999","currency":"EUR"}]}"#
        #expect(throws: SubsError.self) { try SubscriptionRecord.subscription(from: try JSONValue.parse(history)) }
    }

    @Test func recordRoundTripIsLossless() throws {
        var s = Subscription(uid: "abc", name: "Evil, \"Co\"", price: Money(Decimal(string: "15.99")!, .eur), cadence: Cadence(unit: .week, count: 2)!,
                             anchor: LocalDate(iso: "2026-01-31")!, category: "Streaming", tags: ["a", "b"], notes: "line1\nline2",
                             remindDays: [30, 7, 1], endsOn: LocalDate(iso: "2026-12-31"), noticeDays: 30, share: Share(1, 3)!,
                             createdAt: "2026-01-01T00:00:00Z", revision: 4)
        s.id = 7
        s.setPrice(Money(Decimal(string: "17.99")!, .eur), from: LocalDate(iso: "2026-06-01")!)
        let today = LocalDate(iso: "2026-02-01")!
        let record = SubscriptionRecord.json(s, asOf: today, settings: Settings())
        // The record's members are `keys`, in that order (CSV columns and JSON members are the same list).
        guard case .object(let members) = record else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == SubscriptionRecord.keys)
        let back = try SubscriptionRecord.subscription(from: try JSONValue.parse(record.serialized()))
        #expect(back == s)
        let csvRecord = SubscriptionRecord.fromCSV(header: SubscriptionRecord.keys, row: SubscriptionRecord.keys.map { SubscriptionRecord.csvCell(record[$0]!) })
        #expect(try SubscriptionRecord.subscription(from: csvRecord) == s)
    }
}

@Suite struct LedgerTests {
    let ledger = Ledger(today: LocalDate(iso: "2026-01-15")!, now: "2026-01-15T00:00:00Z")

    func make(_ name: String, _ amount: String = "9.99", existing: [Subscription] = []) throws -> Subscription {
        var c = SubscriptionChanges()
        c.name = name
        c.amount = amount
        return try ledger.makeSubscription(c, settings: Settings(currency: .eur), existing: existing)
    }

    @Test func defaultsAreMonthlyFromTodayInTheDefaultCurrency() throws {
        let s = try make("Netflix")
        #expect(s.cadence == .monthly)
        #expect(s.anchor.description == "2026-02-15")
        #expect(s.currency == .eur)
    }

    @Test func namesAreUniqueCaseAndAccentInsensitive() throws {
        var a = try make("Café")
        a.id = 1
        #expect(throws: SubsError.conflict("a subscription named 'Café' exists already (id 1); use 'subs edit 1' or another name")) {
            try make("CAFE", existing: [a])
        }
    }

    @Test func unknownNamesGetASuggestion() throws {
        var a = try make("Netflix")
        a.id = 1
        #expect(throws: SubsError.notFound("no subscription named 'netflx'; did you mean 'Netflix'?")) {
            try ledger.find("netflx", in: [a])
        }
        #expect(try ledger.find("NETFLIX", in: [a]).id == 1)
        #expect(try ledger.find("1", in: [a]).id == 1)
    }

    @Test func anAmountChangeIsKeptInThePriceHistory() throws {
        let s = try make("Netflix", "15.99")
        var c = SubscriptionChanges()
        c.amount = "17.99"
        c.priceFrom = "2026-03-01"
        let e = try ledger.edit(s, with: c, settings: Settings(currency: .eur), existing: [s])
        #expect(e.prices.count == 2)
        #expect(e.price(on: LocalDate(iso: "2026-02-28")!).amount == Decimal(string: "15.99")!)
        #expect(e.price(on: LocalDate(iso: "2026-03-01")!).amount == Decimal(string: "17.99")!)
        #expect(e.revision == s.revision + 1)
    }

    @Test func conflictingCurrencyIsAnError() {
        #expect(throws: SubsError.self) {
            var c = SubscriptionChanges()
            c.name = "X"
            c.amount = "€5"
            c.currency = "USD"
            _ = try ledger.makeSubscription(c, settings: Settings(), existing: [])
        }
    }

    @Test func cancelByIsTheRenewalMinusTheNotice() throws {
        var s = try make("Gym")
        s.endsOn = LocalDate(iso: "2026-06-30")
        s.noticeDays = 30
        #expect(s.cancelBy(asOf: ledger.today)?.description == "2026-05-31")
    }
}
