import Foundation

public enum Status: String, Sendable, CaseIterable, Codable {
    case active, paused, cancelled, trial
}

/// A price that applies to charges from `effective` on.
public struct PriceChange: Hashable, Sendable {
    public var effective: LocalDate
    public var price: Money

    public init(effective: LocalDate, price: Money) {
        self.effective = effective
        self.price = price
    }
}

/// A time a subscription was paused (or cancelled) and later resumed: nothing was charged from `from`
/// until the day before `until`.
public struct Pause: Hashable, Sendable {
    public var from: LocalDate
    public var until: LocalDate

    public init(from: LocalDate, until: LocalDate) {
        self.from = from
        self.until = until
    }

    public func contains(_ date: LocalDate) -> Bool { from <= date && date < until }
}

/// One recurring thing the user pays for.
///
/// A value, like any struct; its strings and arrays are kept together in one copy-on-write box, so a copy
/// (listings copy each subscription several times) is one retain rather than a dozen.
public struct Subscription: Hashable, Sendable {
    /// Short, stable, shown to users; 0 until stored.
    public var id: Int
    /// Globally unique and stable for the life of the subscription (calendar UIDs, import/export).
    public var uid: String {
        get { fields.uid }
        _modify { yield &writableFields.uid }
    }
    public var name: String {
        get { fields.name }
        _modify { yield &writableFields.name }
    }
    /// Every price the subscription had, oldest first; never empty.
    public var prices: [PriceChange] {
        get { fields.prices }
        _modify { yield &writableFields.prices }
    }
    public var cadence: Cadence
    /// One charge date of the schedule; its day of month is kept in every month that has it.
    public var anchor: LocalDate
    /// The first charge: history counts from here.
    public var startedOn: LocalDate
    public var category: String? {
        get { fields.category }
        _modify { yield &writableFields.category }
    }
    public var tags: [String] {
        get { fields.tags }
        _modify { yield &writableFields.tags }
    }
    public var notes: String? {
        get { fields.notes }
        _modify { yield &writableFields.notes }
    }
    public var paymentMethod: String? {
        get { fields.paymentMethod }
        _modify { yield &writableFields.paymentMethod }
    }
    public var url: String? {
        get { fields.url }
        _modify { yield &writableFields.url }
    }
    public var status: Status
    /// When the status last changed: a paused or cancelled subscription charges nothing from then on.
    public var statusSince: LocalDate?
    /// Past pauses, oldest first, kept when it was resumed: history and reports skip them.
    public var pauses: [Pause] {
        get { fields.pauses }
        _modify { yield &writableFields.pauses }
    }
    public var trialUntil: LocalDate?
    /// Days before a charge to remind; nil means the configured default.
    public var remindDays: [Int]? {
        get { fields.remindDays }
        _modify { yield &writableFields.remindDays }
    }
    /// End of the current term of a fixed-term contract.
    public var endsOn: LocalDate?
    /// Days of notice needed to cancel before a renewal.
    public var noticeDays: Int?
    public var share: Share
    public var createdAt: String {
        get { fields.createdAt }
        _modify { yield &writableFields.createdAt }
    }
    public var updatedAt: String {
        get { fields.updatedAt }
        _modify { yield &writableFields.updatedAt }
    }
    /// Bumped on every change (calendar SEQUENCE).
    public var revision: Int

    /// The strings and arrays, shared between copies until one of them changes (`writableFields`).
    private var fields: Fields

    private final class Fields: @unchecked Sendable {  // never changed while shared: see writableFields
        var uid: String
        var name: String
        var prices: [PriceChange]
        var category: String?
        var tags: [String]
        var notes: String?
        var paymentMethod: String?
        var url: String?
        var pauses: [Pause]
        var remindDays: [Int]?
        var createdAt: String
        var updatedAt: String

        init(
            uid: String, name: String, prices: [PriceChange], category: String?, tags: [String], notes: String?,
            paymentMethod: String?, url: String?, pauses: [Pause], remindDays: [Int]?, createdAt: String, updatedAt: String
        ) {
            self.uid = uid
            self.name = name
            self.prices = prices
            self.category = category
            self.tags = tags
            self.notes = notes
            self.paymentMethod = paymentMethod
            self.url = url
            self.pauses = pauses
            self.remindDays = remindDays
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        func copy() -> Fields {
            Fields(
                uid: uid, name: name, prices: prices, category: category, tags: tags, notes: notes,
                paymentMethod: paymentMethod, url: url, pauses: pauses, remindDays: remindDays, createdAt: createdAt,
                updatedAt: updatedAt)
        }

        func isEqual(to o: Fields) -> Bool {
            self === o
                || (uid == o.uid && name == o.name && prices == o.prices && category == o.category && tags == o.tags
                    && notes == o.notes && paymentMethod == o.paymentMethod && url == o.url && pauses == o.pauses
                    && remindDays == o.remindDays && createdAt == o.createdAt && updatedAt == o.updatedAt)
        }

        func hash(into h: inout Hasher) {
            h.combine(uid); h.combine(name); h.combine(prices); h.combine(category); h.combine(tags); h.combine(notes)
            h.combine(paymentMethod); h.combine(url); h.combine(pauses); h.combine(remindDays); h.combine(createdAt)
            h.combine(updatedAt)
        }
    }

    /// The fields for a change: a copy of their own first when another Subscription shares them.
    private var writableFields: Fields {
        mutating get {
            if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
            return fields
        }
    }

    public static func == (a: Subscription, b: Subscription) -> Bool {
        a.id == b.id && a.cadence == b.cadence && a.anchor == b.anchor && a.startedOn == b.startedOn
            && a.status == b.status && a.statusSince == b.statusSince && a.trialUntil == b.trialUntil
            && a.endsOn == b.endsOn && a.noticeDays == b.noticeDays && a.share == b.share && a.revision == b.revision
            && a.fields.isEqual(to: b.fields)
    }

    public func hash(into h: inout Hasher) {
        h.combine(id); h.combine(cadence); h.combine(anchor); h.combine(startedOn); h.combine(status)
        h.combine(statusSince); h.combine(trialUntil); h.combine(endsOn); h.combine(noticeDays); h.combine(share)
        h.combine(revision)
        fields.hash(into: &h)
    }

    public init(
        id: Int = 0, uid: String, name: String, price: Money, cadence: Cadence, anchor: LocalDate,
        startedOn: LocalDate? = nil, priceEffective: LocalDate? = nil, category: String? = nil,
        tags: [String] = [], notes: String? = nil, paymentMethod: String? = nil, url: String? = nil,
        status: Status = .active, statusSince: LocalDate? = nil, trialUntil: LocalDate? = nil,
        remindDays: [Int]? = nil, endsOn: LocalDate? = nil, noticeDays: Int? = nil, share: Share = .whole,
        createdAt: String, updatedAt: String? = nil, revision: Int = 0
    ) {
        let start = startedOn ?? min(anchor, trialUntil ?? anchor)
        self.id = id
        fields = Fields(
            uid: uid, name: name, prices: [PriceChange(effective: priceEffective ?? start, price: price)],
            category: category, tags: tags, notes: notes, paymentMethod: paymentMethod, url: url, pauses: [],
            remindDays: remindDays, createdAt: createdAt, updatedAt: updatedAt ?? createdAt)
        self.cadence = cadence
        self.anchor = anchor
        self.startedOn = start
        self.status = status
        self.statusSince = statusSince
        self.trialUntil = trialUntil
        self.endsOn = endsOn
        self.noticeDays = noticeDays
        self.share = share
        self.revision = revision
    }

    /// The newest price, which may take effect in the future; `price(on:)` gives the one in effect.
    public var price: Money { prices.last!.price }
    public var currency: Currency { price.currency }

    /// The price that applies to a charge on `date`.
    public func price(on date: LocalDate) -> Money { prices[priceIndex(on: date)].price }

    /// Index in `prices` of the price that applies on `date` (the first one before any took effect).
    public func priceIndex(on date: LocalDate) -> Int { Subscription.priceIndex(in: prices, on: date) }

    static func priceIndex(in prices: [PriceChange], on date: LocalDate) -> Int {
        prices.lastIndex(where: { $0.effective <= date }) ?? 0
    }

    /// Records a new price from `date` on; a change on the same day replaces that day's.
    public mutating func setPrice(_ price: Money, from date: LocalDate) {
        prices.removeAll { $0.effective == date }
        prices.append(PriceChange(effective: date, price: price))
        prices.sort { $0.effective < $1.effective }
    }

    /// The user's part of one charge of `price`, in whole minor units: what they actually pay, so the
    /// parts of a history add up to its total.
    public func userPart(of price: Money) -> Money { Subscription.userPart(of: price, share: share) }

    static func userPart(of price: Money, share: Share) -> Money {
        // Whole millionths: the exact fraction rounded in integers (a third of 10.99 is 3.66), as the Decimal
        // division and rounding below give, without their microseconds.
        if let v = Millionths.of(price.amount),
            let part = Millionths.fraction(v, share.numerator, share.denominator, roundedTo: price.currency.minorUnits)
        {
            return Money(Millionths.decimal(part), price.currency)
        }
        return Money(Money.round(share.apply(to: price.amount), scale: price.currency.minorUnits), price.currency)
    }

    /// Normalised monthly cost of the price in effect on `date`, the user's share.
    public func monthlyCost(asOf date: LocalDate) -> Money {
        let p = price(on: date)
        return Money(cadence.monthlyEquivalent(of: share.apply(to: p.amount)), p.currency)
    }

    /// `monthlyCost(asOf:)` rounded to the currency's minor units, as tables show it. From integers when the price
    /// is whole millionths: the exact fraction rounded once, which is what Decimal's division then rounding give,
    /// without their microseconds (a weekly price's monthly cost is not a whole number of millionths).
    public func roundedMonthlyCost(asOf date: LocalDate) -> Money {
        let p = price(on: date)
        if let f = monthlyMillionths(of: p), let r = Millionths.fraction(f.numerator, 1, f.denominator, roundedTo: p.currency.minorUnits) {
            return Money(Millionths.decimal(r), p.currency)
        }
        let m = monthlyCost(asOf: date)
        return Money(Money.round(m.amount, scale: m.currency.minorUnits), m.currency)
    }

    /// The monthly cost of `price` (`monthlyCost`: the share applied exactly, then the cadence's monthly
    /// equivalent) as millionths over a denominator, in lowest terms: denominator 1 when it is whole millionths,
    /// and equal costs give the same pair. Nil when the price is not whole millionths or it would overflow.
    func monthlyMillionths(of price: Money) -> (numerator: Int, denominator: Int)? {
        guard let v = Millionths.of(price.amount),
            let n = Millionths.multiply(v, by: share.numerator * cadence.chargesPerYear, dividedBy: 1)
        else { return nil }
        let d = share.denominator * 12 * cadence.count
        let g = max(Millionths.gcd(n, d), 1)
        return (n / g, d / g)
    }

    public func reminderLeadDays(default fallback: [Int]) -> [Int] { remindDays ?? fallback }

    /// Is the subscription charging at all on `date` (trials convert, pauses and cancellations stop it)?
    public func isLive(on date: LocalDate) -> Bool {
        switch status {
        case .active, .trial: true
        case .paused, .cancelled: statusSince.map { date < $0 } ?? false
        }
    }

    /// The day the next renewal happens after `date`: the contract's term end if set and ahead, else the next charge.
    public func renewal(after date: LocalDate) -> LocalDate? {
        if let endsOn, endsOn >= date { return endsOn }
        return Schedule.nextCharges(of: self, from: date, count: 1).first
    }

    /// Last day to cancel before the next renewal, when a notice period is set.
    public func cancelBy(asOf date: LocalDate) -> LocalDate? {
        guard let noticeDays, let renewal = renewal(after: date) else { return nil }
        return renewal.adding(days: -noticeDays)
    }

    /// Case- and accent-insensitive key that makes names unique.
    public static func nameKey(_ name: String) -> String {
        // ASCII names (most) fold to lower case: the same key without Foundation's folding (~5 µs).
        if name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var bytes = Array(name.utf8)
            while bytes.last == 0x20 { bytes.removeLast() }
            let start = bytes.firstIndex(where: { $0 != 0x20 }) ?? bytes.count
            return String(decoding: bytes[start...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
        }
        return name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}
