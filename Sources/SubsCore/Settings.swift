import Foundation

/// User preferences kept with the data (the database), read through the store.
public struct Settings: Sendable, Equatable {
    public static let currencyKey = "currency"
    public static let remindDaysKey = "remind_days"
    public static let builtInRemindDays = [3]

    public var currency: Currency
    public var remindDays: [Int]

    public init(currency: Currency = .usd, remindDays: [Int] = Settings.builtInRemindDays) {
        self.currency = currency
        self.remindDays = remindDays
    }

    /// The settings a user can set, in display order.
    public static let keys = [currencyKey, remindDaysKey]

    /// Each setting's value as `subs config` shows it.
    public var displayValues: [(key: String, value: String)] {
        [(Settings.currencyKey, currency.code), (Settings.remindDaysKey, ReminderDays.format(remindDays))]
    }

    public static func checkKnown(_ key: String) throws(SubsError) {
        guard keys.contains(key) else { throw .usage("unknown setting '\(key)'; known: \(keys.joined(separator: ", "))") }
    }

    /// Validates a value the same way as the option that sets it, and returns its stored form.
    public static func normalized(_ key: String, _ value: String) throws(SubsError) -> String {
        try checkKnown(key)
        if key == currencyKey {
            guard let c = Currency(code: value) else {
                throw .usage("unknown currency '\(value)'; use an ISO 4217 code like EUR, USD, GBP")
            }
            return c.code
        }
        return ReminderDays.format(try ReminderDays.parse(value))
    }

    public static func load(from tx: any StoreTransaction) throws -> Settings {
        var s = Settings()
        if let c = try tx.setting(currencyKey).flatMap(Currency.init(code:)) { s.currency = c }
        if let r = try tx.setting(remindDaysKey), let days = try? ReminderDays.parse(r) { s.remindDays = days }
        return s
    }

    /// The currency a locale implies (`fr_FR.UTF-8` -> EUR), used once when the database is created.
    public static func currency(forLocale locale: String) -> Currency? {
        let region = locale.split(separator: ".").first.flatMap { $0.split(separator: "_").dropFirst().first }
        guard let region else { return nil }
        let euro: Set<Substring> = [
            "AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "NL",
            "PT", "SI", "SK",
        ]
        if euro.contains(region) { return .eur }
        let byRegion: [Substring: String] = [
            "US": "USD", "GB": "GBP", "CH": "CHF", "JP": "JPY", "CA": "CAD", "AU": "AUD", "NZ": "NZD", "SE": "SEK",
            "NO": "NOK", "DK": "DKK", "PL": "PLN", "CZ": "CZK", "HU": "HUF", "IN": "INR", "BR": "BRL", "MX": "MXN",
            "CN": "CNY", "KR": "KRW", "SG": "SGD", "HK": "HKD", "MY": "MYR", "ZA": "ZAR", "TR": "TRY", "IL": "ILS",
            "RO": "RON", "BG": "BGN", "AR": "ARS", "CL": "CLP", "CO": "COP",
        ]
        return byRegion[region].flatMap(Currency.init(code:))
    }
}

/// Reminder lead times: "30,7,1"; "none" for no reminders.
public enum ReminderDays {
    public static func parse(_ text: String) throws(SubsError) -> [Int] {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t == "none" || t.isEmpty { return [] }
        var days: [Int] = []
        for part in t.split(separator: ",") {
            guard let d = Int(part.trimmingCharacters(in: .whitespaces)), (0...366).contains(d) else {
                throw .usage("reminder days '\(text)' must be whole days from 0 to 366, comma-separated, like 30,7,1")
            }
            if !days.contains(d) { days.append(d) }
        }
        return days.sorted(by: >)
    }

    public static func format(_ days: [Int]) -> String {
        days.isEmpty ? "none" : days.map(String.init).joined(separator: ",")
    }
}
