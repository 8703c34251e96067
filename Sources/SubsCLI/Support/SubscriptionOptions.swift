import ArgumentParser
import SubsCore

/// The fields of a subscription, shared by `add` and `edit`. Values are passed on as typed;
/// the domain validates them, so both commands report bad input the same way.
package struct SubscriptionOptions: ParsableArguments {
    package init() {}

    // Unconditional, so "-5" reaches the domain and gets its real error ("negative") instead of "missing value".
    @Option(parsing: .unconditional, help: ArgumentHelp("What one charge costs: 15.99, 15,99, '1 299,00', €15.99, '15.99 EUR'.", valueName: "amount"))
    var amount: String?

    @Option(help: ArgumentHelp("ISO 4217 code (default: the amount's symbol, else the configured currency).", valueName: "code"))
    var currency: String?

    @Option(name: .customLong("every"), help: ArgumentHelp("Cadence: week, month, quarter, year, or 'N days|weeks|months|years' (default month).", valueName: "cadence"),
            completion: .list(["week", "month", "quarter", "year", "2 weeks", "6 months"]))
    var every: String?

    @Option(help: ArgumentHelp("Date of the next charge, YYYY-MM-DD (default: one period from today). Its day of month is kept.", valueName: "date"))
    var next: String?

    @Option(help: ArgumentHelp("Date of the first charge, for history and lifetime cost (default: the next charge).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Category, like Streaming.", valueName: "name"))
    var category: String?

    @Option(name: .customLong("tag"), help: ArgumentHelp("Add a tag (repeatable).", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .customLong("note"), help: ArgumentHelp("Free-text notes.", valueName: "text"))
    var notes: String?

    @Option(name: .customLong("payment-method"), help: ArgumentHelp("How it is paid, like 'Visa 4242'.", valueName: "text"))
    var paymentMethod: String?

    @Option(help: ArgumentHelp("Web page of the service (https://...).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("Days before a charge to remind, like 30,7,1; 'none'; 'default' for the configured default.", valueName: "days"))
    var remind: String?

    @Option(name: .customLong("trial-until"), help: ArgumentHelp("Free trial until this date; the first charge is then ('none' clears).", valueName: "date"))
    var trialUntil: String?

    @Option(name: .customLong("ends"), help: ArgumentHelp("End of a fixed-term contract's current term ('none' clears).", valueName: "date"))
    var endsOn: String?

    @Option(name: .customLong("notice-days"), help: ArgumentHelp("Days of notice needed to cancel before a renewal.", valueName: "days"))
    var noticeDays: String?

    @Option(help: ArgumentHelp("Your part when the cost is split: 1/3, 0.5, 50%.", valueName: "fraction"))
    var share: String?

    package var changes: SubscriptionChanges {
        var c = SubscriptionChanges()
        c.amount = amount
        c.currency = currency
        c.cadence = every
        c.next = next
        c.since = since
        c.category = category
        c.addTags = tags
        c.notes = notes
        c.paymentMethod = paymentMethod
        c.url = url
        c.remind = remind
        c.trialUntil = trialUntil
        c.endsOn = endsOn
        c.noticeDays = noticeDays
        c.share = share
        return c
    }
}
