import Foundation

/// The one external shape of a subscription: `--json` output, `export` and `import` (JSON and CSV).
/// snake_case keys, amounts as strings, dates as YYYY-MM-DD.
public enum SubscriptionRecord {
    /// Keys in output order. The derived ones (next_billing_date, cancel_by, monthly_cost) are ignored on import.
    public static let keys = [
        "id", "uid", "name", "amount", "currency", "frequency", "interval", "next_billing_date", "status",
        "category", "tags", "remind_days", "remind_days_default", "trial_until", "ends_on", "notice_days", "cancel_by",
        "share", "notes", "payment_method", "url", "monthly_cost", "anchor", "started_on", "status_since",
        "pauses", "price_history", "created_at", "updated_at", "revision",
    ]

    public static func json(_ s: Subscription, asOf today: LocalDate, settings: Settings) -> JSONValue {
        let next = Schedule.nextCharges(of: s, from: today, count: 1).first
        let price = s.price(on: today)
        // In the order of `keys` (a test holds the two together): no dictionary to build and reorder per record.
        return .object([
            ("id", .int(s.id)), ("uid", .string(s.uid)), ("name", .string(s.name)),
            ("amount", .string(price.plainString)), ("currency", .string(price.currency.code)),
            ("frequency", .string(s.cadence.frequency)), ("interval", .int(s.cadence.count)),
            ("next_billing_date", .optional(next)), ("status", .string(s.status.rawValue)),
            ("category", .optional(s.category)), ("tags", .array(s.tags.map { .string($0) })),
            ("remind_days", .array(s.reminderLeadDays(default: settings.remindDays).map { .int($0) })),
            ("remind_days_default", .bool(s.remindDays == nil)),
            ("trial_until", .optional(s.trialUntil)), ("ends_on", .optional(s.endsOn)),
            ("notice_days", .optional(s.noticeDays)), ("cancel_by", .optional(s.cancelBy(asOf: today))),
            ("share", .string(s.share.description)), ("notes", .optional(s.notes)),
            ("payment_method", .optional(s.paymentMethod)), ("url", .optional(s.url)),
            ("monthly_cost", .string(s.roundedMonthlyCost(asOf: today).plainString)), ("anchor", .string(s.anchor.description)),
            ("started_on", .string(s.startedOn.description)), ("status_since", .optional(s.statusSince)),
            ("pauses", .array(s.pauses.map { .object([("from", .string($0.from.description)), ("until", .string($0.until.description))]) })),
            ("price_history", .array(
                s.prices.map {
                    .object([
                        ("effective_on", .string($0.effective.description)),
                        ("amount", .string(Money.plain($0.price.amount, scale: max($0.price.currency.minorUnits, decimalPlaces($0.price.amount))))),
                        ("currency", .string($0.price.currency.code)),
                    ])
                })),
            ("created_at", .string(s.createdAt)), ("updated_at", .string(s.updatedAt)), ("revision", .int(s.revision)),
        ])
    }

    /// A charge is in whole minor units: 14.80 JPY or 1.2345 EUR cannot be charged (nor round-trip).
    static func checkMinorUnits(_ amount: Decimal, _ currency: Currency, _ key: String) throws(SubsError) {
        if amount != Money.round(amount, scale: currency.minorUnits) {
            throw .data("'\(key)' \(amount) has more decimals than \(currency.code) allows (\(currency.minorUnits))")
        }
    }

    static func decimalPlaces(_ d: Decimal) -> Int {
        // Without formatting the Decimal (~4 µs) when it is whole millionths: 6 minus its trailing zeros.
        if let v = Millionths.of(d) {
            if v == 0 { return 0 }
            var places = Millionths.scale
            var x = v.magnitude
            while places > 0 && x % 10 == 0 { x /= 10; places -= 1 }
            return places
        }
        let text = "\(d)"
        return text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
    }

    /// A subscription from a record (import). Throws a one-line error naming the bad field.
    public static func subscription(from r: JSONValue) throws(SubsError) -> Subscription {
        func text(_ key: String) -> String? {
            guard let v = r[key], !v.isNull else { return nil }
            if let s = v.stringValue { return s }
            return v.intValue.map(String.init)
        }
        func required(_ key: String) throws(SubsError) -> String {
            guard let v = text(key), !v.isEmpty else { throw .data("'\(key)' is missing") }
            return v
        }
        func date(_ key: String) throws(SubsError) -> LocalDate? {
            guard let t = text(key), !t.isEmpty else { return nil }
            guard let d = LocalDate(iso: t) else { throw .data("'\(key)' is not a YYYY-MM-DD date: '\(t)'") }
            return d
        }
        let name = try required("name")
        guard let currency = Currency(code: try required("currency")) else {
            throw .data("'currency' is not an ISO 4217 code: '\(text("currency") ?? "")'")
        }
        guard let amount = Decimal(exactly: try required("amount")), amount >= 0 else {
            throw .data("'amount' is not a plain decimal like 15.99: '\(text("amount") ?? "")'")
        }
        try checkMinorUnits(amount, currency, "amount")
        let frequency = try required("frequency")
        let interval = text("interval").flatMap { Int($0) } ?? 1
        guard let cadence = Cadence(frequency: frequency, interval: interval) else {
            throw .data("'frequency'/'interval' must be daily|weekly|monthly|quarterly|yearly and 1-999: '\(frequency)', \(interval)")
        }
        let explicitAnchor = try date("anchor")
        let nextDate = try date("next_billing_date")
        guard let anchor = explicitAnchor ?? nextDate else {
            throw .data("'anchor' (or 'next_billing_date') is missing")
        }
        let statusText = text("status") ?? "active"
        guard let status = Status(rawValue: statusText) else {
            throw .data("'status' must be active, paused, cancelled or trial: '\(statusText)'")
        }
        let share = try text("share").map { t throws(SubsError) in
            guard let s = Share(parsing: t) else { throw .data("'share' must be a fraction like 1/3: '\(t)'") }
            return s
        } ?? .whole
        var remind: [Int]?
        if r["remind_days_default"] != .bool(true), let days = r["remind_days"], !days.isNull {
            let joined = days.arrayValue.map { $0.compactMap(\.intValue).map(String.init).joined(separator: ",") }
                ?? days.stringValue ?? ""
            do { remind = try ReminderDays.parse(joined) } catch { throw .data("'remind_days': \(error.message)") }
        }
        var tags: [String] = []
        if let t = r["tags"] {
            tags = t.arrayValue?.compactMap(\.stringValue)
                ?? (t.stringValue ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let notice = text("notice_days")
        let noticeDays = try notice.map { n throws(SubsError) in
            guard let d = Int(n), d >= 0 else { throw .data("'notice_days' must be a whole number: '\(n)'") }
            return d
        }
        let revision = text("revision").flatMap { Int($0) } ?? 0
        var s = Subscription(
            id: text("id").flatMap { Int($0) } ?? 0, uid: text("uid") ?? UUID().uuidString.lowercased(), name: name,
            price: Money(amount, currency), cadence: cadence, anchor: anchor, startedOn: try date("started_on"),
            category: text("category"), tags: tags, notes: text("notes"), paymentMethod: text("payment_method"),
            url: text("url"), status: status, statusSince: try date("status_since"), trialUntil: try date("trial_until"),
            remindDays: remind, endsOn: try date("ends_on"), noticeDays: noticeDays, share: share,
            createdAt: text("created_at") ?? "", updatedAt: text("updated_at"), revision: revision)
        if let pauses = r["pauses"], !pauses.isNull { s.pauses = try self.pauses(pauses) }
        if let history = r["price_history"], !history.isNull {
            let entries = try priceHistory(history)
            if !entries.isEmpty { s.prices = entries }
        }
        if !s.prices.contains(where: { $0.price == Money(amount, currency) }) {
            throw .data("'amount' \(amount) \(currency.code) is not in 'price_history'; fix one of them")
        }
        return s
    }

    /// `price_history` as a JSON array of objects, or in CSV as "2026-01-01 15.99 EUR;2026-06-01 17.99 EUR".
    static func priceHistory(_ v: JSONValue) throws(SubsError) -> [PriceChange] {
        var entries: [(String?, String?, String?)] = []
        if let items = v.arrayValue {
            entries = items.map { ($0["effective_on"]?.stringValue, $0["amount"]?.stringValue ?? $0["amount"]?.intValue.map(String.init), $0["currency"]?.stringValue) }
        } else if let s = v.stringValue {
            entries = s.split(separator: ";").map {
                let f = $0.split(separator: " ").map(String.init)
                return (f.count > 0 ? f[0] : nil, f.count > 1 ? f[1] : nil, f.count > 2 ? f[2] : nil)
            }
        }
        var result: [PriceChange] = []
        for (d, a, c) in entries {
            guard let date = d.flatMap(LocalDate.init(iso:)), let amount = a.flatMap(Decimal.init(exactly:)),
                amount >= 0, let currency = c.flatMap(Currency.init(code:))
            else { throw .data("'price_history' entries need effective_on (YYYY-MM-DD), amount and currency") }
            try checkMinorUnits(amount, currency, "price_history")
            result.append(PriceChange(effective: date, price: Money(amount, currency)))
        }
        return result.sorted { $0.effective < $1.effective }
    }

    /// `pauses` as a JSON array of {"from", "until"}, or in CSV as "2026-02-01..2026-04-01;...".
    static func pauses(_ v: JSONValue) throws(SubsError) -> [Pause] {
        let pairs: [(String?, String?)]
        if let items = v.arrayValue {
            pairs = items.map { ($0["from"]?.stringValue, $0["until"]?.stringValue) }
        } else {
            pairs = (v.stringValue ?? "").split(separator: ";").map { item in
                let ends = item.trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
                return (ends.first, ends.count == 2 ? ends[1] : nil)
            }
        }
        return try pairs.map { from, until throws(SubsError) in
            guard let from = from.flatMap(LocalDate.init(iso:)), let until = until.flatMap(LocalDate.init(iso:)), from < until else {
                throw .data("'pauses' entries need from and until dates (YYYY-MM-DD), from before until")
            }
            return Pause(from: from, until: until)
        }.sorted { $0.from < $1.from }
    }

    /// CSV cell text of a record value: arrays joined ("30,7,1"; price history as "DATE AMOUNT CUR;...").
    public static func csvCell(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return ""
        case .array(let items):
            if case .object = items.first, items.first?["from"] != nil {
                return items.map { "\($0["from"]?.stringValue ?? "")..\($0["until"]?.stringValue ?? "")" }.joined(separator: ";")
            }
            if case .object = items.first {
                return items.map { "\($0["effective_on"]?.stringValue ?? "") \($0["amount"]?.stringValue ?? "") \($0["currency"]?.stringValue ?? "")" }.joined(separator: ";")
            }
            return items.map(csvCell).joined(separator: ",")
        case .object: return v.serialized()
        }
    }

    /// A record from a CSV row (header -> cell); empty cells are null.
    public static func fromCSV(header: [String], row: [String]) -> JSONValue {
        .object(zip(header, row).map { key, cell in
            if cell.isEmpty { return (key, .null) }
            if key == "remind_days_default" { return (key, .bool(cell == "true")) }
            return (key, .string(cell))
        })
    }
}
