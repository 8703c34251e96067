import Foundation

/// The everyday operations on subscriptions: add, edit, find, change status. Pure domain logic
/// over a `StoreTransaction`; the caller decides the transaction.
public struct Ledger {
    public let today: LocalDate
    /// Timestamp for created/updated, ISO 8601 UTC.
    public let now: String

    public init(today: LocalDate, now: String) {
        self.today = today
        self.now = now
    }

    // MARK: Finding

    /// A subscription by id or by name (case-insensitive); unknown names get a suggestion.
    public func find(_ ref: String, in all: [Subscription]) throws(SubsError) -> Subscription {
        let trimmed = ref.trimmingCharacters(in: .whitespaces)
        if let id = Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed),
            let s = all.first(where: { $0.id == id })
        {
            return s
        }
        let key = Subscription.nameKey(trimmed)
        if let s = all.first(where: { Subscription.nameKey($0.name) == key }) { return s }
        let suggestion = all.map { ($0, editDistance(Subscription.nameKey($0.name), key)) }
            .filter { $0.1 <= max(2, key.count / 3) || Subscription.nameKey($0.0.name).hasPrefix(key) }
            .min { $0.1 < $1.1 }?.0
        if let suggestion {
            throw .notFound("no subscription named '\(ref)'; did you mean '\(suggestion.name)'?")
        }
        throw .notFound("no subscription named '\(ref)'; 'subs list --all' shows them all")
    }

    // MARK: Adding and editing

    public func makeSubscription(
        _ c: SubscriptionChanges, settings: Settings, existing: [Subscription]
    ) throws(SubsError) -> Subscription {
        guard let rawName = c.name else { throw .usage("a subscription needs a name") }
        let name = try validName(rawName, existing: existing, except: nil)
        guard let amountText = c.amount else {
            throw .usage("'\(name)' needs an amount; add --amount 15.99")
        }
        let price = try money(amountText, currencyCode: c.currency, fallback: settings.currency)
        let cadence = try c.cadence.map(parseCadence) ?? .monthly
        let trialUntil = try c.trialUntil.flatMap { t throws(SubsError) in try parseOptionalDate(t, "trial end") }
        // Without --next: a trial charges first when it ends; anything else one period from today.
        let anchor = try c.next.map { t throws(SubsError) in try parseDate(t, "next charge date") }
            ?? trialUntil ?? Schedule.occurrence(1, anchor: today, cadence: cadence)
        let since = try c.since.map { t throws(SubsError) in try parseDate(t, "start date") }
        if let since, since > anchor {
            throw .usage("start date \(since) is after the next charge \(anchor); the start is the first charge")
        }
        var s = Subscription(
            uid: UUID().uuidString.lowercased(), name: name, price: price, cadence: cadence, anchor: anchor,
            startedOn: since, status: trialUntil == nil ? .active : .trial, trialUntil: trialUntil,
            share: .whole, createdAt: now)
        try apply(optionalFields: c, to: &s)
        return s
    }

    public func edit(
        _ original: Subscription, with c: SubscriptionChanges, settings: Settings, existing: [Subscription]
    ) throws(SubsError) -> Subscription {
        var s = original
        if let n = c.name { s.name = try validName(n, existing: existing, except: original.id) }
        if c.amount != nil || c.currency != nil {
            let price = try money(c.amount ?? s.price.plainString, currencyCode: c.currency ?? (c.amount == nil ? s.currency.code : nil), fallback: s.currency)
            let from = try c.priceFrom.map { t throws(SubsError) in try parseDate(t, "price change date") } ?? today
            s.setPrice(price, from: max(from, s.prices[0].effective))
        } else if c.priceFrom != nil {
            throw .usage("--from dates a price change; give the new --amount with it")
        }
        if let cadence = c.cadence { s.cadence = try parseCadence(cadence) }
        if let next = c.next { s.anchor = try parseDate(next, "next charge date") }
        if let since = c.since { s.startedOn = try parseDate(since, "start date") }
        if let t = c.trialUntil {
            s.trialUntil = try parseOptionalDate(t, "trial end")
            if s.trialUntil != nil && s.status == .active { s.status = .trial }
            if s.trialUntil == nil && s.status == .trial { s.status = .active }
        }
        if s.startedOn > s.anchor { s.startedOn = s.anchor }
        try apply(optionalFields: c, to: &s)
        if s != original {
            s.updatedAt = now
            s.revision += 1
        }
        return s
    }

    /// Pause, resume or cancel from today.
    public func setStatus(_ status: Status, of original: Subscription) throws(SubsError) -> Subscription {
        var s = original
        switch (original.status, status) {
        case (.cancelled, .paused):
            throw .usage("'\(s.name)' is cancelled; resume it first to pause it")
        case (let a, let b) where a == b:
            return original
        case (_, .active):
            // Resuming a trial that has not ended keeps it a trial.
            s.status = (s.trialUntil.map { $0 >= today } ?? false) ? .trial : .active
            if original.status == .paused || original.status == .cancelled {
                // Charges start again at the next occurrence from today; the time off stays in the history.
                if let since = original.statusSince, since < today { s.pauses.append(Pause(from: since, until: today)) }
                s.statusSince = nil
            }
        default:
            s.status = status
            s.statusSince = today
        }
        s.updatedAt = now
        s.revision += 1
        return s
    }

    // MARK: Validation

    private func validName(_ raw: String, existing: [Subscription], except id: Int?) throws(SubsError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .usage("the name is empty; give the service's name, like Netflix") }
        guard name.count <= 200, !name.contains(where: { $0.isNewline }) else {
            throw .usage("the name must be one line of at most 200 characters")
        }
        if Int(name) != nil {
            throw .usage("'\(name)' looks like an id; give the service's name, like Netflix")
        }
        let key = Subscription.nameKey(name)
        if let clash = existing.first(where: { Subscription.nameKey($0.name) == key && $0.id != id }) {
            throw .conflict("a subscription named '\(clash.name)' exists already (id \(clash.id)); use 'subs edit \(clash.id)' or another name")
        }
        return name
    }

    private func money(_ text: String, currencyCode: String?, fallback: Currency) throws(SubsError) -> Money {
        var explicit: Currency?
        if let code = currencyCode {
            guard let c = Currency(code: code) else {
                throw .usage("unknown currency '\(code)'; use an ISO 4217 code like EUR, USD, GBP")
            }
            explicit = c
        }
        let dollar = (explicit ?? fallback).code.hasSuffix("D") ? (explicit ?? fallback) : .usd
        let parsed = try AmountParser.parse(text, dollarCurrency: dollar)
        if let e = explicit, let p = parsed.currency, e != p {
            throw .usage("amount '\(text)' is in \(p.code) but --currency says \(e.code); give one")
        }
        let currency = explicit ?? parsed.currency ?? fallback
        if parsed.amount != Money.round(parsed.amount, scale: currency.minorUnits) {
            throw .usage("\(currency.code) has \(currency.minorUnits) decimal places; '\(text)' has more")
        }
        if parsed.amount > AmountParser.limit(for: currency) {
            throw .usage("amount '\(text)' is too large to be a subscription; check the decimal separator")
        }
        return Money(parsed.amount, currency)
    }

    private func parseCadence(_ text: String) throws(SubsError) -> Cadence {
        guard let c = Cadence(parsing: text) else {
            throw .usage("unknown cadence '\(text)'; use week, month, quarter, year or 'N days|weeks|months|years'")
        }
        return c
    }

    private func apply(optionalFields c: SubscriptionChanges, to s: inout Subscription) throws(SubsError) {
        func text(_ v: String?) -> String?? {
            guard let v else { return .none }
            let t = v.trimmingCharacters(in: .whitespacesAndNewlines)
            return .some(t.isEmpty ? nil : t)
        }
        if let v = text(c.category) { s.category = v }
        if let v = text(c.notes) { s.notes = v }
        if let v = text(c.paymentMethod) { s.paymentMethod = v }
        if let v = text(c.url) {
            if let u = v, !(u.hasPrefix("https://") || u.hasPrefix("http://")) || u.contains(" ") {
                throw .usage("URL '\(u)' must start with https:// or http://")
            }
            s.url = v
        }
        for tag in c.addTags {
            let t = tag.trimmingCharacters(in: .whitespaces)
            guard !t.isEmpty, !t.contains(",") else { throw .usage("tag '\(tag)' must be non-empty and have no comma") }
            if !s.tags.contains(t) { s.tags.append(t) }
        }
        s.tags.removeAll { c.removeTags.contains($0) }
        if let r = c.remind {
            s.remindDays = r.lowercased() == "default" ? nil : try ReminderDays.parse(r)
        }
        if let e = c.endsOn { s.endsOn = try parseOptionalDate(e, "contract end") }
        if let n = c.noticeDays {
            let t = n.trimmingCharacters(in: .whitespaces).lowercased()
            if t == "none" || t.isEmpty {
                s.noticeDays = nil
            } else {
                guard let d = Int(t), (0...3650).contains(d) else {
                    throw .usage("notice days '\(n)' must be a whole number of days from 0 to 3650")
                }
                s.noticeDays = d
            }
        }
        if let sh = c.share {
            guard let share = Share(parsing: sh) else {
                throw .usage("share '\(sh)' must be a fraction from 0 to 1, like 1/3, 0.5 or 50%")
            }
            s.share = share
        }
    }
}

/// Levenshtein distance, for "did you mean" (and OCR readings compared word by word).
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var prev = row[0]
        row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            let cur = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
            prev = cur
        }
    }
    return row[b.count]
}
