import Foundation

/// Budgets approaching or over their limit, as reminders: one per budget, period and level (its threshold,
/// then 100 for exceeded), due while the state holds and never again for the same period and level.
public struct BudgetReminders: ReminderSource {
    let budgets: [Budget]
    let subscriptions: [Subscription]
    let rates: RateTable

    public init(budgets: [Budget], subscriptions: [Subscription], rates: RateTable) {
        self.budgets = budgets
        self.subscriptions = subscriptions
        self.rates = rates
    }

    /// The source from a run's own transaction, so it sees the same data as the charges' reminders.
    public static func source<T: BudgetStoring & RateStoring>(_ tx: T, _ subscriptions: [Subscription]) throws -> [any ReminderSource] {
        let budgets = try tx.budgets()
        if budgets.isEmpty { return [] }
        return [BudgetReminders(budgets: budgets, subscriptions: subscriptions, rates: RateTable(try tx.exchangeRates()))]
    }

    public func candidates(today: LocalDate, through: LocalDate) -> [ReminderCandidate] {
        // Budgets are evaluated as of the day being planned, so the daemon sees each new day's state.
        BudgetStatus.evaluate(budgets, subscriptions: subscriptions, today: today, rates: rates).compactMap { st in
            guard st.state != .ok, st.through >= today else { return nil }
            let b = st.budget
            let exceeded = st.state == .exceeded
            let projected = Money(st.projected, b.limit.currency)
            let percent = Money.plain(st.percent, scale: 0)
            let name = b.category.map { "\($0) budget" } ?? "Budget"
            let period = b.period == .monthly ? "this month" : "this year"
            let content = ReminderContent(
                name: name, amount: projected, category: b.category, daysLeft: today.days(until: st.through),
                urgency: exceeded ? .critical : .normal,
                summary: exceeded ? "\(name) exceeded: \(percent)%" : "\(name) at \(percent)%",
                body: "\(projected) projected of \(b.limit) \(period)")
            let event = ReminderEvent(kind: .budget, subscriptionID: 0, subject: "\(b.period.rawValue):\(b.label)", date: st.through)
            return ReminderCandidate(event: event, leadDays: exceeded ? 100 : b.threshold, dueOn: today, content: content)
        }
    }
}
