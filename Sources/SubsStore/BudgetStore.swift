import Foundation
import SubsCore

/// Budgets in the `budgets` table: one row per (period, category key); '' is every subscription.
extension SQLiteStore.Transaction: BudgetStoring {
    public func budgets() throws -> [Budget] {
        var result: [Budget] = []
        try db.query("SELECT period, category, amount, currency, threshold FROM budgets ORDER BY period, category_key") { r in
            guard let period = r.text(0).flatMap(Budget.Period.init(rawValue:)),
                let amount = r.text(2).flatMap(Decimal.init(exactly:)),
                let currency = r.text(3).flatMap(Currency.init(code:))
            else { throw SubsError.data("damaged budget row in the database") }
            let category = r.text(1) ?? ""
            result.append(Budget(period: period, category: category.isEmpty ? nil : category, limit: Money(amount, currency), threshold: r.int(4)))
        }
        return result
    }

    public func setBudget(_ b: Budget) throws {
        try db.query(
            """
            INSERT INTO budgets (period, category, category_key, amount, currency, threshold) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(period, category_key) DO UPDATE SET category = excluded.category, amount = excluded.amount,
            currency = excluded.currency, threshold = excluded.threshold
            """,
            [.text(b.period.rawValue), .text(b.category ?? ""), .text(b.category.map(Subscription.nameKey) ?? ""),
             .text("\(b.limit.amount)"), .text(b.limit.currency.code), .int(b.threshold)])
    }

    public func deleteBudget(period: Budget.Period, category: String?) throws -> Bool {
        try db.query("DELETE FROM budgets WHERE period = ? AND category_key = ?",
                     [.text(period.rawValue), .text(category.map(Subscription.nameKey) ?? "")])
        return db.changes > 0
    }
}
