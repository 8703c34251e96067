import Foundation
import Testing
import TestSupport
@testable import SubsCore

private func date(_ s: String) -> LocalDate { LocalDate(iso: s)! }

/// A statement being written: charges added by the test, sorted when read.
private struct Statement {
    var transactions: [BankTransaction] = []
    var generator = SeededGenerator(seed: 11)

    mutating func charge(_ day: LocalDate, _ description: String, _ amount: Decimal) {
        transactions.append(BankTransaction(date: day, amount: -amount, currency: nil, description: description, source: "test"))
    }

    /// Monthly on `day` of the month (the month's last day when shorter) from `from`, `count` times.
    mutating func monthly(_ description: String, _ amount: (Int) -> Decimal, from: String, count: Int, day: Int? = nil, weekdaysOnly: Bool = false) {
        let first = date(from)
        for i in 0..<count {
            var d = first.adding(months: i, anchorDay: day ?? first.day)
            while weekdaysOnly && d.weekday >= 6 { d = d.adding(days: 1) }
            charge(d, description, amount(i))
        }
    }

    /// Groceries: most days, amounts all over the place.
    mutating func groceries(from: String, days: Int, payee: String = "TESCO STORES 3297 LEEDS") {
        let first = date(from)
        for i in 0..<days where Int.random(in: 0..<10, using: &generator) < 6 {
            charge(first.adding(days: i), payee, Decimal(Int.random(in: 300...9000, using: &generator)) / 100)
        }
    }

    func find(end: String? = nil) -> [RecurringSeries] {
        RecurringChargeFinder(defaultCurrency: .eur, statementEnd: end.map(date)).find(in: transactions.sorted { $0.date < $1.date })
    }
}

@Suite struct PayeeNameTests {
    @Test(arguments: [
        ("NETFLIX.COM 866-579-7172 CA", ["NETFLIX"]),
        ("PAYPAL *SPOTIFY P1234567", ["SPOTIFY"]),
        ("Spotify AB Stockholm", ["SPOTIFY"]),
        ("DROPBOX*1A2B3C4D DUBLIN", ["DROPBOX"]),
        ("TESCO STORES 7867 LEEDS", ["TESCO", "STORES"]),
        ("Kartenzahlung Müller GmbH München", ["MULLER"]),
        ("DISNEY PLUS", ["DISNEY", "PLUS"]),
        ("1PASSWORD.COM", ["1PASSWORD"]),
        ("Vodafone Kabel DeutschlandGmbH EREF+RECHNR. 100532580591", ["VODAFONE", "KABEL", "DEUTSCHLAND"]),
    ])
    func bankDescriptorsReduceToTheMerchant(description: String, words: [String]) {
        #expect(Array(PayeeName(description).words.prefix(words.count)) == words, "\(PayeeName(description).words)")
    }

    @Test func cashIsNeverAPayeeToSubscribeTo() {
        #expect(PayeeName("ATM WITHDRAWAL HIGH ST").isCashWithdrawal)
        #expect(PayeeName("Bargeldauszahlung Sparkasse").isCashWithdrawal)
        #expect(!PayeeName("NETFLIX.COM").isCashWithdrawal)
    }

    @Test func aTypedNameMatchesTheBanksSpelling() {
        #expect(PayeeName("AMZN PRIME*2K4LM0").matches(PayeeName("Amazon Prime")) == false)
        #expect(PayeeName("YOUTUBEPREMIUM GOOGLE").matches(PayeeName("YouTube Premium")))
        #expect(PayeeName("PAYPAL *SPOTIFY P1234").matches(PayeeName("Spotify Family")))
        #expect(!PayeeName("PAYPAL *SPOTIFY P1234").matches(PayeeName("Netflix")))
    }
}

@Suite struct RecurringChargeFinderTests {
    @Test func aPriceIncreaseIsOneSeriesWithItsStep() throws {
        var s = Statement()
        s.monthly("NETFLIX.COM 866-579-7172", { $0 < 5 ? Decimal(string: "15.49")! : Decimal(string: "17.99")! }, from: "2025-01-18", count: 12)
        s.groceries(from: "2025-01-01", days: 365)
        let found = s.find(end: "2025-12-31")
        #expect(found.count == 1, "\(found.map(\.name))")
        let netflix = try #require(found.first)
        #expect(netflix.name == "Netflix")
        #expect(netflix.cadence == .monthly)
        #expect(netflix.amount == Decimal(string: "17.99")!)
        #expect(netflix.charges.count == 12)
        #expect(netflix.priceChanges == [.init(date: date("2025-06-18"), from: Decimal(string: "15.49")!, to: Decimal(string: "17.99")!)])
        #expect(netflix.nextCharge == date("2026-01-18"))
        #expect(netflix.isActive)
    }

    @Test func weekendShiftsKeepTheScheduleAndTheNextChargeIsBookedOnAWeekday() throws {
        var s = Statement()
        s.monthly("SKY DIGITAL", { _ in 30 }, from: "2025-01-01", count: 12, weekdaysOnly: true)
        let found = s.find(end: "2025-12-31")
        let sky = try #require(found.first)
        #expect(sky.cadence == .monthly)
        // 2026-01-01 is a Thursday; 2026-02-01 a Sunday, booked Monday the 2nd.
        #expect(sky.nextCharge == date("2026-01-01"))
        var later = Statement()
        later.monthly("SKY DIGITAL", { _ in 30 }, from: "2025-02-01", count: 12, weekdaysOnly: true)
        #expect(later.find(end: "2026-01-31").first?.nextCharge == date("2026-02-02"))
    }

    @Test func monthEndChargesStayOnTheMonthsLastDay() throws {
        var s = Statement()
        s.monthly("GYM MEMBERSHIP", { _ in Decimal(string: "39.90")! }, from: "2025-01-31", count: 11, day: 31)
        let gym = try #require(s.find(end: "2025-12-05").first)
        #expect(gym.cadence == .monthly)
        #expect(gym.nextCharge == date("2025-12-31"))
    }

    @Test func everyFourWeeksIsNotMonthly() throws {
        var s = Statement()
        let first = date("2025-01-06")
        for i in 0..<14 { s.charge(first.adding(days: 28 * i), "GOOGLE *YOUTUBE MUSIC", Decimal(string: "10.99")!) }
        let found = try #require(s.find(end: "2026-01-10").first)
        #expect(found.cadence == Cadence(unit: .week, count: 4)!)
        #expect(found.nextCharge == first.adding(days: 28 * 14))
    }

    @Test func yearlyAndWeeklySeriesAreFound() throws {
        var s = Statement()
        s.charge(date("2024-03-02"), "AMAZON PRIME*2K4LM0", 95)
        s.charge(date("2025-03-02"), "AMAZON PRIME*7Q1XZ3", 95)
        for i in 0..<40 { s.charge(date("2025-01-03").adding(days: 7 * i), "THE TIMES DIGITAL", Decimal(string: "3.50")!) }
        let found = s.find(end: "2025-10-20")
        #expect(found.first { $0.name.hasPrefix("Amazon") }?.cadence == .yearly, "\(found.map(\.name))")
        #expect(found.first { $0.name.hasPrefix("Times") }?.cadence == .weekly, "\(found.map(\.name))")
    }

    @Test func groceriesAndFixedPriceBuysOnIrregularDaysAreNoSubscription() {
        var s = Statement()
        s.groceries(from: "2025-01-01", days: 365)
        s.groceries(from: "2025-01-01", days: 365, payee: "LIDL 1234 LEEDS")
        // The same coffee at the same price, on no schedule.
        var g = SeededGenerator(seed: 5)
        var d = date("2025-01-02")
        while d < date("2025-12-31") {
            s.charge(d, "PRET A MANGER LEEDS", Decimal(string: "3.20")!)
            d = d.adding(days: Int.random(in: 1...19, using: &g))
        }
        // Cash every month is not a subscription either.
        s.monthly("ATM WITHDRAWAL HIGH ST", { _ in 100 }, from: "2025-01-10", count: 12)
        #expect(s.find(end: "2025-12-31").map(\.name) == [])
    }

    @Test func aSeriesThatStoppedIsInactiveWithNoNextCharge() throws {
        var s = Statement()
        s.monthly("DISNEY PLUS", { _ in Decimal(string: "8.99")! }, from: "2025-01-12", count: 6)
        let disney = try #require(s.find(end: "2025-12-31").first)
        #expect(!disney.isActive)
        #expect(disney.nextCharge == nil)
        #expect(disney.confidence < 0.95)
    }

    @Test func oneOffBuysFromASubscriptionsMerchantStayOutOfItsSeries() throws {
        var s = Statement()
        s.monthly("APPLE.COM/BILL ITUNES.COM", { _ in Decimal(string: "2.99")! }, from: "2025-01-05", count: 12)
        s.charge(date("2025-03-20"), "APPLE.COM/BILL ITUNES.COM", Decimal(string: "0.99")!)
        s.charge(date("2025-08-11"), "APPLE.COM/BILL ITUNES.COM", Decimal(string: "4.99")!)
        let found = s.find(end: "2025-12-31")
        #expect(found.count == 1, "\(found.map(\.name))")
        #expect(found.first?.charges.count == 12)
        #expect(found.first?.amount == Decimal(string: "2.99")!)
    }
}

@Suite struct StatementReviewTests {
    private func subscription(_ id: Int, _ name: String, _ amount: Decimal, since: String, status: Status = .active, statusSince: String? = nil) -> Subscription {
        Subscription(id: id, uid: "u\(id)", name: name, price: Money(amount, .eur), cadence: .monthly, anchor: date(since),
                     startedOn: date(since), status: status, statusSince: statusSince.map(date), createdAt: "2025-01-01T00:00:00Z")
    }

    @Test func eachVerdict() throws {
        var s = Statement()
        s.monthly("NETFLIX.COM", { _ in Decimal(string: "17.99")! }, from: "2025-01-18", count: 12)
        s.monthly("PAYPAL *SPOTIFY P1234", { _ in Decimal(string: "10.99")! }, from: "2025-01-03", count: 12)
        s.monthly("PURE GYM LTD", { _ in Decimal(string: "24.99")! }, from: "2025-01-01", count: 12)
        s.monthly("DROPBOX*123456", { _ in Decimal(string: "13.99")! }, from: "2025-01-27", count: 12)
        let tracked = [
            subscription(1, "Spotify", Decimal(string: "10.99")!, since: "2025-01-03"),
            subscription(2, "Dropbox", Decimal(string: "11.99")!, since: "2025-01-27"),
            subscription(3, "Pure Gym", Decimal(string: "24.99")!, since: "2025-01-01", status: .cancelled, statusSince: "2025-09-15"),
            subscription(4, "Hulu", Decimal(string: "7.99")!, since: "2025-03-20"),
        ]
        let review = StatementReview(series: s.find(end: "2025-12-31"), transactions: s.transactions, tracked: tracked)
        let verdicts = Dictionary(uniqueKeysWithValues: review.findings.map { ($0.series.name, $0.verdict) })
        #expect(verdicts == ["Netflix": .new, "Spotify": .tracked, "Dropbox": .amountChanged, "Pure Gym": .stillCharged], "\(verdicts)")
        #expect(review.findings.first { $0.verdict == .stillCharged }?.chargesSinceStopped == 3)
        #expect(review.unseen.map(\.subscription.name) == ["Hulu"])
        #expect(review.unseen.first?.expected.count == 10)
    }
}
