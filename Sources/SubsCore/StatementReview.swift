import Foundation

/// What a statement says about the subscriptions `subs` tracks: series to add, tracked ones whose amount
/// changed, tracked ones the statement never charges, and cancelled ones still charging.
public struct StatementReview: Sendable {
    public enum Verdict: String, Sendable {
        /// Not tracked: a subscription to add.
        case new
        /// Tracked, at the amount tracked.
        case tracked
        /// Tracked, but the latest charge differs from the tracked price.
        case amountChanged = "amount-changed"
        /// Tracked as cancelled (or paused), yet charged after that.
        case stillCharged = "still-charged"
    }

    public struct Finding: Sendable {
        public var series: RecurringSeries
        public var verdict: Verdict
        /// The tracked subscription it is, if any.
        public var tracked: Subscription?

        /// Charges on or after the day the tracked subscription was cancelled or paused.
        public var chargesSinceStopped: Int {
            guard verdict == .stillCharged, let since = tracked?.statusSince else { return 0 }
            return series.charges.filter { $0.date >= since }.count
        }
    }

    public struct Unseen: Sendable {
        public var subscription: Subscription
        /// Charges the schedule expected within the statement's dates.
        public var expected: [LocalDate]
    }

    public var findings: [Finding]
    /// Active subscriptions the schedule charges within the statement's dates that no transaction matches.
    public var unseen: [Unseen]
    public var period: ClosedRange<LocalDate>?

    /// - Parameters:
    ///   - transactions: every transaction read (single charges of a yearly subscription count as seen).
    public init(series: [RecurringSeries], transactions: [BankTransaction], tracked: [Subscription]) {
        let dates = transactions.map(\.date)
        period = dates.min().flatMap { lo in dates.max().map { lo...$0 } }
        var claimed = Set<Int>()
        findings = series.map { s in
            let payee = PayeeName(s.charges.last?.description ?? s.name)
            let candidates = tracked.filter { !claimed.contains($0.id) && payee.matches(PayeeName($0.name)) }
            // Two tracked services from one payee (two Apple plans): the nearer price is this one.
            let match = candidates.min { a, b in
                StatementReview.distance(a, s) < StatementReview.distance(b, s)
            }
            guard let match else { return Finding(series: s, verdict: .new, tracked: nil) }
            claimed.insert(match.id)
            let last = s.charges.last!.date
            if match.status == .cancelled || match.status == .paused, let since = match.statusSince, last >= since {
                return Finding(series: s, verdict: .stillCharged, tracked: match)
            }
            let price = match.price(on: last)
            let changed = price.currency == s.currency && price.amount != s.amount
            return Finding(series: s, verdict: changed ? .amountChanged : .tracked, tracked: match)
        }
        var unseen: [Unseen] = []
        if let period {
            // Normalised only when some tracked subscription is left to look for.
            lazy var debits = transactions.filter { $0.amount < 0 }.map { (PayeeName($0.description), $0.date) }
            for sub in tracked where !claimed.contains(sub.id) && (sub.status == .active || sub.status == .trial) {
                let expected = Schedule.charges(of: sub, from: period.lowerBound, through: period.upperBound)
                guard !expected.isEmpty else { continue }
                let name = PayeeName(sub.name)
                let seen = debits.contains { payee, date in
                    payee.matches(name) && expected.contains { abs($0.days(until: date)) <= 7 }
                }
                if !seen { unseen.append(Unseen(subscription: sub, expected: expected)) }
            }
        }
        self.unseen = unseen
    }

    private static func distance(_ sub: Subscription, _ s: RecurringSeries) -> Decimal {
        let price = sub.price(on: s.charges.last!.date)
        let d = price.amount - s.amount
        return (d < 0 ? -d : d) + (price.currency == s.currency ? 0 : 1_000_000)
    }
}
