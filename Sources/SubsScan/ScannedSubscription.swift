import SubsCore

extension Extraction {
    /// What the document says, as the fields of a new subscription. The invoice's charge anchors the
    /// schedule (and is its first known charge); a stated next charge anchors it instead.
    public var subscriptionChanges: SubscriptionChanges {
        var c = SubscriptionChanges()
        c.name = name.value
        if let a = amount.value {
            c.amount = currency.value.map { Money(a, $0).plainString } ?? "\(a)"
        }
        c.currency = currency.value?.code
        if let f = frequency.value, frequencyStated || f != .monthly { c.cadence = f.description }
        if let next = nextBillingDate.value {
            c.next = next.description
            if let billed = billingDate.value, billed <= next { c.since = billed.description }
        } else if let billed = billingDate.value {
            c.next = billed.description
            c.since = billed.description
        }
        c.category = category
        return c
    }
}

extension SubscriptionChanges {
    /// These changes with every field `overrides` sets taking precedence (what the user typed beats what was read).
    public func overridden(by overrides: SubscriptionChanges) -> SubscriptionChanges {
        var c = self
        c.name = overrides.name ?? name
        c.amount = overrides.amount ?? amount
        // A typed amount with its own symbol or code ("15.99 USD") decides the currency over the scanned one.
        let typedCurrency = overrides.amount.flatMap { try? AmountParser.parse($0).currency }
        c.currency = overrides.currency ?? (typedCurrency != nil ? nil : currency)
        c.cadence = overrides.cadence ?? cadence
        c.next = overrides.next ?? next
        c.since = overrides.since ?? (overrides.next != nil ? nil : since)
        c.category = overrides.category ?? category
        c.addTags = addTags + overrides.addTags
        c.notes = overrides.notes ?? notes
        c.paymentMethod = overrides.paymentMethod ?? paymentMethod
        c.url = overrides.url ?? url
        c.remind = overrides.remind ?? remind
        c.trialUntil = overrides.trialUntil ?? trialUntil
        c.endsOn = overrides.endsOn ?? endsOn
        c.noticeDays = overrides.noticeDays ?? noticeDays
        c.share = overrides.share ?? share
        return c
    }
}
