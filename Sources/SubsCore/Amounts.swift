import Foundation

/// Sums kept per currency, never mixed: what a total is before a rate converts it.
public struct Amounts: Sendable, Equatable {
    public private(set) var byCurrency: [Currency: Decimal] = [:]

    public init() {}
    public init(_ money: [Money]) { for m in money { add(m) } }

    public mutating func add(_ m: Money) { add(m.amount, m.currency) }
    public mutating func add(_ other: Amounts) {
        for (c, a) in other.byCurrency { add(a, c) }
    }
    /// (A first amount is stored as is: a Decimal addition costs ~1 µs.)
    public mutating func add(_ amount: Decimal, _ currency: Currency) {
        if let x = byCurrency[currency] { byCurrency[currency] = x + amount } else { byCurrency[currency] = amount }
    }

    public var isEmpty: Bool { byCurrency.isEmpty }
    /// Per currency, ordered by code.
    public var sums: [Money] { byCurrency.keys.sorted().map { Money(byCurrency[$0]!, $0) } }
    public var currencies: [Currency] { byCurrency.keys.sorted() }
}

/// Converts sums into one currency with the known rates. Never guesses: a currency without a rate
/// stays unconverted, and callers show totals per currency instead.
public struct Converter: Sendable {
    public let target: Currency
    public let rates: RateTable
    private var cache: [Currency: (Decimal, LocalDate?)?] = [:]

    public init(target: Currency, rates: RateTable) {
        self.target = target
        self.rates = rates
        for c in rates.currencies where c != target {
            cache[c] = rates.rate(from: c, to: target).map { ($0.rate, $0.date) }
        }
        cache[target] = (1, nil)
    }

    /// 1 `currency` = factor `target`, and the date of the (oldest) rate used.
    public func factor(_ currency: Currency) -> (rate: Decimal, date: LocalDate?)? {
        if currency == target { return (1, nil) }
        return cache[currency] ?? nil
    }

    public func convert(_ m: Money) -> Money? {
        factor(m.currency).map { Money(m.amount * $0.rate, target) }
    }

    /// The total in the target currency, or nil when a currency in it has no rate.
    public func total(_ a: Amounts) -> Money? {
        var sum: Decimal = 0
        for (c, v) in a.byCurrency {
            guard let f = factor(c) else { return nil }
            sum += c == target ? v : v * f.rate
        }
        return Money(sum, target)
    }

    /// Currencies in `a` that have no rate to the target.
    public func missing(_ a: Amounts) -> [Currency] { a.currencies.filter { factor($0) == nil } }

    /// A number to sort and scale by: the part that converts to the target currency
    /// (sums without a rate count for nothing here; they are shown per currency).
    public func magnitude(_ a: Amounts) -> Decimal { partial(a).converted.amount }

    /// What converts, summed in the target currency, and what does not, per currency.
    public func partial(_ a: Amounts) -> (converted: Money, rest: [Money]) {
        var sum: Decimal = 0
        var rest: [Money] = []
        for m in a.sums {
            if m.currency == target { sum += m.amount } else if let f = factor(m.currency) { sum += m.amount * f.rate } else { rest.append(m) }
        }
        return (Money(sum, target), rest)
    }

    /// The oldest rate date used to convert `a`, for "rates of DATE".
    public func rateDate(_ a: Amounts) -> LocalDate? {
        a.currencies.compactMap { factor($0)?.date }.min()
    }
}
