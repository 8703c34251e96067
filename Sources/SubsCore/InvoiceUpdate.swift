/// What a newly scanned invoice of a subscription already tracked changes about it, instead of adding
/// the same service twice: its price from the invoice's date when that differs, and its schedule from the
/// invoice's charge. Built from the invoice's fields as `add --scan` reads them (`next` is the stated next
/// charge or the invoice's own, `since` the invoice's date), with what the user typed already applied.
public struct InvoiceUpdate: Equatable, Sendable {
    /// The changes for `Ledger.edit`; empty when the invoice changes nothing (it is only kept).
    public var changes: SubscriptionChanges
    /// The invoice predates the price in effect, so it cannot say what the subscription costs now.
    public var isOlder: Bool

    public init(invoice: SubscriptionChanges, for s: Subscription, today: LocalDate) {
        var c = SubscriptionChanges()
        let billed = invoice.since.flatMap { LocalDate(iso: $0) } ?? invoice.next.flatMap { LocalDate(iso: $0) }
        let latestChange = s.prices.last?.effective ?? s.anchor
        isOlder = billed.map { $0 < latestChange } ?? false
        if !isOlder {
            if let amount = invoice.amount {
                let current = s.price(on: billed ?? today)
                let sameAmount = (try? AmountParser.parse(amount))?.amount == current.amount
                let sameCurrency = invoice.currency.map { $0 == current.currency.code } ?? true
                if !(sameAmount && sameCurrency) {
                    c.amount = amount
                    c.currency = invoice.currency
                    c.priceFrom = (billed ?? today).description
                }
            }
            if let next = invoice.next, LocalDate(iso: next) != s.anchor { c.next = next }
            if let cadence = invoice.cadence, Cadence(parsing: cadence) != s.cadence { c.cadence = cadence }
        }
        // What the user typed applies whatever the invoice's age; the catalogue's category only fills a gap.
        c.category = s.category == nil ? invoice.category : nil
        c.addTags = invoice.addTags
        c.notes = invoice.notes
        c.paymentMethod = invoice.paymentMethod
        c.url = invoice.url
        c.remind = invoice.remind
        c.trialUntil = invoice.trialUntil
        c.endsOn = invoice.endsOn
        c.noticeDays = invoice.noticeDays
        c.share = invoice.share
        changes = c
    }
}
