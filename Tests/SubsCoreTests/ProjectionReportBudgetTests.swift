import Foundation
import Testing
@testable import SubsCore

private func day(_ s: String) -> LocalDate { LocalDate(iso: s)! }
private func dec(_ s: String) -> Decimal { Decimal(string: s)! }
private let eur = Currency.eur, usd = Currency.usd

private func sub(
    _ id: Int, _ name: String, _ amount: String, _ currency: Currency = .eur, every cadence: Cadence = .monthly,
    anchor: String, category: String? = nil, tags: [String] = [], share: Share = .whole, trial: String? = nil,
    status: Status = .active, since: String? = nil, payment: String? = nil
) -> Subscription {
    Subscription(
        id: id, uid: "u\(id)", name: name, price: Money(dec(amount), currency), cadence: cadence, anchor: day(anchor),
        category: category, tags: tags, paymentMethod: payment, status: status, statusSince: since.map(day),
        trialUntil: trial.map(day), share: share, createdAt: "2026-01-01T00:00:00Z")
}

@Suite struct ProjectionTests {
    @Test func chargesAreInDateOrderWithTrialEndsAndPriceChangesMarked() {
        var netflix = sub(1, "Netflix", "15.99", anchor: "2025-10-31")
        netflix.setPrice(Money(dec("17.99"), eur), from: day("2026-02-15"))
        let gym = sub(2, "Gym", "39.90", anchor: "2026-01-25", trial: "2026-01-25", status: .trial)
        let spotify = sub(3, "Spotify", "10.99", anchor: "2026-01-20", share: Share(1, 3)!)
        let charges = Projection.charges(of: [netflix, gym, spotify], from: day("2026-01-15"), through: day("2026-03-05"))
        #expect(charges.map { "\($0.date) \($0.index)" } == [
            "2026-01-20 2", "2026-01-25 1", "2026-01-31 0", "2026-02-20 2", "2026-02-25 1", "2026-02-28 0",
        ])
        #expect(charges[1].kind == .trialEnd)
        #expect(charges.filter { $0.kind == .trialEnd }.count == 1)
        #expect(charges[2].previousPrice == nil && charges[2].price == Money(dec("15.99"), eur))
        // The first charge at the new price says what it was before.
        #expect(charges[5].price == Money(dec("17.99"), eur))
        #expect(charges[5].previousPrice == Money(dec("15.99"), eur))
        // A third of 10.99: what the user pays, whole cents.
        #expect(charges[0].yours.amount == dec("3.66"))
        #expect(charges[0].yours.plainString == "3.66")
    }

    @Test func aPriceChangeBeforeTheWindowIsMarkedOnItsFirstCharge() {
        var s = sub(1, "Paper", "100", every: .yearly, anchor: "2025-06-30")
        s.setPrice(Money(120, eur), from: day("2026-01-01"))
        let charges = Projection.charges(of: [s], from: day("2026-06-01"), through: day("2027-07-01"))
        #expect(charges.map(\.date) == [day("2026-06-30"), day("2027-06-30")])
        #expect(charges[0].previousPrice == Money(100, eur))
        #expect(charges[1].previousPrice == nil)
    }

    @Test func pausedAndCancelledChargeNothingFromTheirDate() {
        let paused = sub(1, "A", "5", anchor: "2026-01-10", status: .paused, since: "2026-03-01")
        let cancelled = sub(2, "B", "5", anchor: "2026-01-10", status: .cancelled, since: nil)
        let charges = Projection.charges(of: [paused, cancelled], from: day("2026-01-01"), through: day("2026-12-31"))
        #expect(charges.map(\.date) == [day("2026-01-10"), day("2026-02-10")])
    }
}

@Suite struct RateTests {
    static let ecb = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        \t<gesmes:subject>Reference rates</gesmes:subject>
        \t<Cube>
        \t\t<Cube time='2026-01-14'>
        \t\t\t<Cube currency='USD' rate='1.0842'/>
        \t\t\t<Cube currency='JPY' rate='162.50'/>
        \t\t\t<Cube currency='GBP' rate='0.8450'/>
        \t\t</Cube>
        \t\t<Cube time='2026-01-13'>
        \t\t\t<Cube currency='USD' rate='1.0700'/>
        \t\t\t<Cube currency='CHF' rate="0.9400"/>
        \t\t</Cube>
        \t</Cube>
        </gesmes:Envelope>
        """

    @Test func readsTheECBFileKeepingTheNewestDayPerCurrency() throws {
        let rates = try RateFile.parse(RateTests.ecb, defaultBase: .usd, today: day("2026-01-15"), source: "ecb")
        #expect(rates.map { "\($0.base) \($0.quote) \($0.rate) \($0.date)" } == [
            "EUR CHF 0.94 2026-01-13", "EUR GBP 0.845 2026-01-14", "EUR JPY 162.5 2026-01-14", "EUR USD 1.0842 2026-01-14",
        ])
    }

    @Test func refusesFilesWithoutRates() {
        #expect(throws: SubsError.self) { try RateFile.ecbXML("<html><body>not found</body></html>") }
        #expect(throws: SubsError.self) { try RateFile.parse("code,value\nUSD,1", defaultBase: eur, today: day("2026-01-15"), source: "x") }
        #expect(throws: SubsError.self) { try RateFile.parse("currency,rate\nUSD,-1", defaultBase: eur, today: day("2026-01-15"), source: "x") }
    }

    @Test func readsSimpleAndECBCSV() throws {
        let simple = try RateFile.parse("currency,rate,date\nUSD,0.92,2026-01-10\nGBP,1.17,\n", defaultBase: eur, today: day("2026-01-15"), source: "csv")
        #expect(simple == [
            ExchangeRate(base: usd, quote: eur, rate: dec("0.92"), date: day("2026-01-10"), source: "csv"),
            ExchangeRate(base: Currency(code: "GBP")!, quote: eur, rate: dec("1.17"), date: day("2026-01-15"), source: "csv"),
        ])
        let wide = try RateFile.parse("Date, USD, JPY, \n14 January 2026, 1.0842, 162.50, \n", defaultBase: usd, today: day("2026-01-15"), source: "ecb.csv")
        #expect(wide.map { "\($0.base) \($0.quote) \($0.rate) \($0.date)" } == ["EUR JPY 162.5 2026-01-14", "EUR USD 1.0842 2026-01-14"])
    }

    @Test func convertsDirectInverseAndCrossWithExactDecimals() throws {
        let table = RateTable(try RateFile.ecbXML(RateTests.ecb))
        // To EUR: the inverse of the ECB's rate.
        let toEUR = Converter(target: eur, rates: table)
        #expect(toEUR.convert(Money(dec("108.42"), usd))!.plainString == "100.00")
        // To USD: JPY goes through EUR (1 JPY = 1.0842 / 162.5 USD).
        let toUSD = Converter(target: usd, rates: table)
        let jpy = toUSD.convert(Money(16250, Currency(code: "JPY")!))!
        #expect(jpy.plainString == "108.42")
        #expect(toUSD.factor(Currency(code: "CHF")!)!.date == day("2026-01-13"))
        // No rate at all: nil, never a guess.
        #expect(toUSD.convert(Money(1, Currency(code: "SEK")!)) == nil)
        var mixed = Amounts()
        mixed.add(Money(10, eur))
        mixed.add(Money(1, Currency(code: "SEK")!))
        #expect(toUSD.total(mixed) == nil)
        #expect(toUSD.missing(mixed) == [Currency(code: "SEK")!])
    }

    @Test func theNewerOfDirectAndInverseWins() {
        let table = RateTable([
            ExchangeRate(base: eur, quote: usd, rate: dec("1.25"), date: day("2026-01-01"), source: "ecb"),
            ExchangeRate(base: usd, quote: eur, rate: dec("0.9"), date: day("2026-01-10"), source: "manual"),
        ])
        #expect(table.rate(from: usd, to: eur)!.rate == dec("0.9"))
        #expect(table.rate(from: eur, to: usd)!.rate == 1 / dec("0.9"))
        #expect(table.stale(asOf: day("2026-02-05")).map(\.source) == ["ecb"])
    }
}

@Suite struct BudgetTests {
    let subs = [
        sub(1, "Netflix", "15.99", anchor: "2026-01-31", category: "Streaming"),
        sub(2, "Disney", "8.99", anchor: "2026-01-05", category: "streaming"),
        sub(3, "Spotify", "10.99", anchor: "2026-01-20", category: "Music", share: Share(1, 3)!),
        sub(4, "Backblaze", "9", usd, anchor: "2026-01-12", category: "Cloud"),
        sub(5, "Paper", "119", every: .yearly, anchor: "2026-09-01", category: "News"),
    ]

    @Test func chargedAndProjectedInTheCurrentPeriodWithExactFigures() throws {
        let rates = RateTable([ExchangeRate(base: usd, quote: eur, rate: dec("0.92"), date: day("2026-01-14"), source: "manual")])
        let budgets = [
            Budget(period: .monthly, category: nil, limit: Money(50, eur)),
            Budget(period: .monthly, category: "STREAMING", limit: Money(dec("24.98"), eur)),
            Budget(period: .yearly, category: nil, limit: Money(1000, eur), threshold: 50),
            Budget(period: .monthly, category: "Music", limit: Money(10, eur)),
        ]
        let st = BudgetStatus.evaluate(budgets, subscriptions: subs, today: day("2026-01-15"), rates: rates)
        // January: Disney 8.99 (5th) + Backblaze 9 USD x 0.92 = 8.28 (12th) charged; Spotify 10.99/3, Netflix 15.99 to come.
        #expect(st[0].charged == dec("8.99") + dec("8.28"))
        #expect(Money(st[0].projected, eur).plainString == "36.92")
        #expect(Money.plain(st[0].percent, scale: 1) == "73.8")
        #expect(st[0].state == .ok)
        // Exactly at the limit is not over it: approaching.
        #expect(st[1].projected == dec("24.98"))
        #expect(st[1].percent == 100)
        #expect(st[1].state == .approaching)
        // The year: 12 x (15.99 + 8.99 + 3.66 + 8.28) + 119 = 562.04 > 50% of 1000 (a third of 10.99 is 3.66 a charge).
        #expect(st[2].from == day("2026-01-01") && st[2].through == day("2026-12-31"))
        #expect(st[2].projected == 12 * (dec("15.99") + dec("8.99") + dec("8.28") + dec("3.66")) + 119)
        #expect(Money(st[2].projected, eur).plainString == "562.04")
        #expect(st[2].state == .approaching)
        #expect(st[3].state == .ok && st[3].unconverted.isEmpty)
    }

    @Test func overTheLimitIsExceededAndMissingRatesAreLeftOutVisibly() {
        let budgets = [Budget(period: .monthly, category: nil, limit: Money(20, eur))]
        let st = BudgetStatus.evaluate(budgets, subscriptions: subs, today: day("2026-01-15"), rates: RateTable([]))
        #expect(st[0].state == .exceeded)
        #expect(st[0].unconverted == [Money(9, usd)])
        #expect(Money(st[0].projected, eur).plainString == "28.64")
    }

    @Test func setValidatesWhatItIsGiven() throws {
        let settings = Settings(currency: eur)
        let b = try Budget.make(limit: "120", currency: nil, period: "yearly", category: " News ", threshold: 90, settings: settings)
        #expect(b == Budget(period: .yearly, category: "News", limit: Money(120, eur), threshold: 90))
        #expect(throws: SubsError.self) { try Budget.make(limit: "-5", currency: nil, period: "monthly", category: nil, threshold: nil, settings: settings) }
        #expect(throws: SubsError.self) { try Budget.make(limit: "5", currency: nil, period: "weekly", category: nil, threshold: nil, settings: settings) }
        #expect(throws: SubsError.self) { try Budget.make(limit: "5", currency: nil, period: "monthly", category: nil, threshold: 0, settings: settings) }
        #expect(try Budget.make(limit: "$30", currency: nil, period: "monthly", category: nil, threshold: nil, settings: settings).limit == Money(30, usd))
    }
}

@Suite struct ReportTests {
    @Test func normalisedCostsTotalsAndChangeAgainstThePreviousPeriod() {
        var netflix = sub(1, "Netflix", "15.99", anchor: "2025-01-31", category: "Streaming", tags: ["tv", "family"])
        netflix.setPrice(Money(dec("17.99"), eur), from: day("2026-07-01"))
        let subs = [
            netflix,
            sub(2, "Gym", "12", every: .weekly, anchor: "2025-01-06", category: "Sport", tags: ["health"]),
            sub(3, "Paper", "119", every: .yearly, anchor: "2024-09-01", category: "News"),
            sub(4, "Box", "30", every: .quarterly, anchor: "2025-02-15", category: nil, share: Share(1, 2)!),
            sub(5, "Old", "5", anchor: "2024-01-01", status: .cancelled, since: "2025-07-01"),
        ]
        let r = Report(subscriptions: subs, period: .year(2026), today: day("2026-03-10"), grouping: .category,
                       converter: Converter(target: eur, rates: RateTable([])))
        // 2026: Netflix 6 x 15.99 + 6 x 17.99; Gym 52 Mondays x 12; Paper 119; Box 4 x 15.
        let netflix2026 = 6 * dec("15.99") + 6 * dec("17.99")
        #expect(r.total == Amounts([Money(netflix2026 + 52 * 12 + 119 + 60, eur)]))
        #expect(r.count == 12 + 52 + 1 + 4)
        #expect(r.groups.map(\.key) == ["Sport", "Streaming", "News", ReportGrouping.noneKey])
        #expect(r.months.count == 12)
        #expect(r.months[1].amounts == Amounts([Money(dec("15.99") + 4 * 12 + 15, eur)]))  // Feb: Netflix, 4 Mondays, Box
        #expect(r.items.first.map { subs[$0.index].name } == "Gym")
        // Charged through March 10: Netflix Jan 31, Feb 28; Gym Mondays Jan 5 .. Mar 9 (10); Box Feb 15.
        #expect(r.charged == Amounts([Money(2 * dec("15.99") + 10 * 12 + 15, eur)]))
        // 2025: Netflix 12 x 15.99, Gym 52 Mondays from Jan 6, Paper, Box Feb/May/Aug/Nov, Old Jan-Jun.
        #expect(r.previous == .year(2025))
        #expect(r.previousTotal == Amounts([Money(12 * dec("15.99") + 52 * 12 + 119 + 60 + 30, eur)]))
        // Normalised: weekly x 52 / 12, yearly / 12, quarterly / 3, your share.
        let byName = Dictionary(uniqueKeysWithValues: r.normalised.map { (subs[$0.index].name, $0) })
        #expect(byName["Gym"]!.monthly.amount == 52)
        #expect(byName["Gym"]!.yearly.amount == 624)
        #expect(byName["Paper"]!.monthly.plainString == "9.92")
        #expect(byName["Box"]!.monthly.amount == 5)
        #expect(byName["Box"]!.yearly.amount == 60)
        #expect(byName["Old"] == nil)
        #expect(r.yearlyTotal == Amounts([Money(dec("191.88") + 624 + 119 + 60, eur)]))
    }

    @Test func tagsCountASubscriptionInEachOfItsTags() {
        let subs = [
            sub(1, "A", "10", anchor: "2026-01-10", tags: ["x", "y"]),
            sub(2, "B", "4", anchor: "2026-01-11", tags: ["y"]),
            sub(3, "C", "1", anchor: "2026-01-12", payment: "Visa"),
        ]
        let conv = Converter(target: eur, rates: RateTable([]))
        let r = Report(subscriptions: subs, period: .month(of: day("2026-01-01")), today: day("2026-01-01"), grouping: .tag, converter: conv)
        #expect(r.groups.map { "\($0.key) \(conv.total($0.amounts)!.plainString)" } == ["y 14.00", "x 10.00", "(none) 1.00"])
        let byCard = Report(subscriptions: subs, period: .month(of: day("2026-01-01")), today: day("2026-01-01"), grouping: .paymentMethod, converter: conv)
        #expect(byCard.groups.map(\.key) == [ReportGrouping.noneKey, "Visa"])
    }

    @Test func periodsAndTheirPredecessors() throws {
        #expect(try ReportPeriod.month(parsing: "2026-03").previous == .month(of: day("2026-02-01")))
        #expect(try ReportPeriod.month(parsing: "2026-01").previous.label == "2025-12")
        let range = try ReportPeriod.range(from: day("2026-01-10"), through: day("2026-01-19"))
        #expect(range.previous.from == day("2025-12-31") && range.previous.through == day("2026-01-09"))
        #expect(throws: SubsError.self) { try ReportPeriod.month(parsing: "2026-13") }
        #expect(throws: SubsError.self) { try ReportPeriod.range(from: day("2026-02-01"), through: day("2026-01-01")) }
    }

    @Test func forecastSplitsMonthsAndCategoriesFromToday() {
        let subs = [
            sub(1, "A", "10", anchor: "2026-01-10", category: "X"),
            sub(2, "B", "3", every: .weekly, anchor: "2026-01-02", category: "Y"),
        ]
        let f = Forecast(subscriptions: subs, today: day("2026-01-15"), months: 2, converter: Converter(target: eur, rates: RateTable([])))
        #expect(f.from == day("2026-01-15") && f.through == day("2026-02-28"))
        #expect(f.months.count == 2)
        // January from the 15th: B on 16, 23, 30; A already charged on the 10th.
        #expect(f.months[0].total == Amounts([Money(9, eur)]))
        #expect(f.months[1].categories.map { "\($0.key) \($0.amounts.sums[0].plainString)" } == ["Y 12.00", "X 10.00"])
        #expect(f.total == Amounts([Money(31, eur)]))
    }
}
