import Foundation

/// How often a subscription charges: a unit and a count ("every 2 weeks").
public struct Cadence: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable {
        case day, week, month, quarter, year
    }

    public let unit: Unit
    public let count: Int

    public init?(unit: Unit, count: Int = 1) {
        guard (1...999).contains(count) else { return nil }
        self.unit = unit
        self.count = count
    }

    public static let weekly = Cadence(unit: .week)!
    public static let monthly = Cadence(unit: .month)!
    public static let quarterly = Cadence(unit: .quarter)!
    public static let yearly = Cadence(unit: .year)!

    /// Accepts what people type: `month`, `monthly`, `2 weeks`, `every 3 months`, `quarterly`,
    /// `annual`, `biweekly`, `fortnightly`, `6m`, `1y`.
    public init?(parsing text: String) {
        var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).map(String.init)
        if words.first == "every" { words.removeFirst() }
        var count = 1
        if let first = words.first, let n = Int(first) {
            count = n
            words.removeFirst()
        } else if words.count == 1, let digitsEnd = words[0].firstIndex(where: { !$0.isNumber }),
            digitsEnd != words[0].startIndex, let n = Int(words[0][..<digitsEnd])
        {
            count = n
            words[0] = String(words[0][digitsEnd...])
        }
        guard words.count == 1 else { return nil }
        let unit: Unit
        switch words[0] {
        case "d", "day", "days", "daily": unit = .day
        case "w", "wk", "week", "weeks", "weekly": unit = .week
        case "biweekly", "fortnight", "fortnightly":
            guard count == 1 else { return nil }
            unit = .week
            count = 2
        case "m", "mo", "month", "months", "monthly": unit = .month
        case "q", "quarter", "quarters", "quarterly": unit = .quarter
        case "y", "yr", "year", "years", "yearly", "annual", "annually": unit = .year
        default: return nil
        }
        self.init(unit: unit, count: count)
    }

    /// The `frequency` key of the JSON output.
    public var frequency: String {
        switch unit {
        case .day: "daily"
        case .week: "weekly"
        case .month: "monthly"
        case .quarter: "quarterly"
        case .year: "yearly"
        }
    }

    /// Inverse of `frequency` + `interval`, for import.
    public init?(frequency: String, interval: Int) {
        let unit: Unit? = switch frequency {
        case "daily": .day
        case "weekly": .week
        case "monthly": .month
        case "quarterly": .quarter
        case "yearly": .year
        default: nil
        }
        guard let unit else { return nil }
        self.init(unit: unit, count: interval)
    }

    /// "monthly", "every 2 weeks".
    public var description: String {
        count == 1 ? frequency : "every \(count) \(unit.rawValue)s"
    }

    /// Months in one period, for month-based units.
    var months: Int? {
        switch unit {
        case .month: count
        case .quarter: 3 * count
        case .year: 12 * count
        case .day, .week: nil
        }
    }

    /// Days in one period, for day-based units.
    var days: Int? {
        switch unit {
        case .day: count
        case .week: 7 * count
        default: nil
        }
    }

    /// Charges a year of the unit (count 1): 365, 52, 12, 4, 1.
    var chargesPerYear: Int {
        switch unit {
        case .day: 365
        case .week: 52
        case .month: 12
        case .quarter: 4
        case .year: 1
        }
    }

    /// The normalised monthly cost of one charge: weekly x 52 / 12, daily x 365 / 12,
    /// quarterly / 3, yearly / 12; every-N cadences divide by N.
    public func monthlyEquivalent(of amount: Decimal) -> Decimal {
        let (perYear, divisor): (Decimal, Decimal) = switch unit {
        case .day: (365, 12)
        case .week: (52, 12)
        case .month: (12, 12)
        case .quarter: (4, 12)
        case .year: (1, 12)
        }
        if unit == .month && count == 1 { return amount }
        // Exact in millionths (a yearly 119.88 is 9.99 a month): no Decimal division.
        if let v = Millionths.of(amount), let r = Millionths.multiply(v, by: chargesPerYear, dividedBy: 12 * count) {
            return Millionths.decimal(r)
        }
        return amount * perYear / (divisor * Decimal(count))
    }

    /// The normalised yearly cost: weekly x 52, daily x 365, monthly x 12, quarterly x 4; every-N divides by N.
    /// Computed directly, not as monthly x 12, so a yearly 119 stays 119 (119 / 12 x 12 is not exact in Decimal).
    public func yearlyEquivalent(of amount: Decimal) -> Decimal {
        let perYear: Decimal = switch unit {
        case .day: 365
        case .week: 52
        case .month: 12
        case .quarter: 4
        case .year: 1
        }
        if let v = Millionths.of(amount), let r = Millionths.multiply(v, by: chargesPerYear, dividedBy: count) {
            return Millionths.decimal(r)
        }
        return count == 1 ? amount * perYear : amount * perYear / Decimal(count)
    }
}
