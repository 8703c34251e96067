import Foundation
import SubsCore

/// Exchange rates in the `exchange_rates` table: one row per currency pair in either direction, the newest kept.
extension SQLiteStore.Transaction: RateStoring {
    public func exchangeRates() throws -> [ExchangeRate] {
        var result: [ExchangeRate] = []
        try db.query("SELECT base, quote, rate, rate_date, source FROM exchange_rates ORDER BY base, quote") { r in
            guard let base = r.text(0).flatMap(Currency.init(code:)), let quote = r.text(1).flatMap(Currency.init(code:)),
                let rate = r.text(2).flatMap(Decimal.init(exactly:)), let date = r.text(3).flatMap(LocalDate.init(iso:))
            else { throw SubsError.data("damaged exchange rate row in the database") }
            result.append(ExchangeRate(base: base, quote: quote, rate: rate, date: date, source: r.text(4) ?? ""))
        }
        return result
    }

    public func setRate(_ r: ExchangeRate) throws -> Bool {
        let pair: [SQLiteConnection.Value] = [.text(r.base.code), .text(r.quote.code), .text(r.quote.code), .text(r.base.code)]
        let whereClause = "(base = ? AND quote = ?) OR (base = ? AND quote = ?)"
        var newer = false
        try db.query("SELECT rate_date FROM exchange_rates WHERE \(whereClause)", pair) { row in
            if let d = row.text(0).flatMap(LocalDate.init(iso:)), d > r.date { newer = true }
        }
        if newer { return false }
        try db.query("DELETE FROM exchange_rates WHERE \(whereClause)", pair)
        try db.query(
            "INSERT INTO exchange_rates (base, quote, rate, rate_date, source) VALUES (?, ?, ?, ?, ?)",
            [.text(r.base.code), .text(r.quote.code), .text("\(r.rate)"), .text(r.date.description), .text(r.source)])
        return true
    }
}
