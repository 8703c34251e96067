import Foundation
import SubsCore

/// Quicken Interchange Format: records of `D` date, `T`/`U` amount, `P` payee, `M` memo lines, each ended
/// by `^`, after a `!Type:Bank` (or Cash, CCard) header. Dates are day/month or month/day by the file.
enum QIFStatement {
    /// A `!Type:` header, at the start or after the `!Account` block and `!Option` lines Quicken and GnuCash
    /// write first.
    static func looksLike(_ text: String) -> Bool {
        let head = text.prefix(4000).lowercased()
        guard head.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("!") else { return false }
        return head.split(whereSeparator: \.isNewline).contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("!type:") }
    }

    /// Record lists that hold transactions; the others (categories, classes, memorised payees, the account
    /// block) use the same letters for other things ("D" is a category's description there).
    static let transactionTypes: Set<String> = ["bank", "cash", "ccard", "oth a", "oth l", "invst", "invoice"]

    static func read(_ text: String, source: String, dateOrder: BankDate.Order?) throws(SubsError) -> [BankTransaction] {
        struct Record { var line: Int; var date = ""; var amount = ""; var payee = ""; var memo = "" }
        var records: [Record] = []
        var current = Record(line: 1)
        var inTransactions = false
        for (i, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(raw).trimmedSpaces
            guard let code = line.first else { continue }
            let value = String(line.dropFirst())
            if code == "!" {
                let header = value.lowercased()
                if header.hasPrefix("type:") {
                    inTransactions = transactionTypes.contains(String(header.dropFirst(5)).trimmedSpaces)
                } else if header.hasPrefix("account") {
                    inTransactions = false
                }
                current = Record(line: i + 2)
                continue
            }
            guard inTransactions else { continue }
            switch code {
            case "D": current.date = value; current.line = i + 1
            case "T", "U": current.amount = value
            case "P": current.payee = value
            case "M": current.memo = value
            case "^":
                if !current.date.isEmpty || !current.amount.isEmpty { records.append(current) }
                current = Record(line: i + 2)
            default: continue
            }
        }
        // Quicken writes "1/31'25" for 2025.
        let dates = records.map { $0.date.replacingOccurrences(of: "'", with: "/") }
        let order = dateOrder ?? BankDate.guessOrder(dates)
        let mark = BankAmount.guess(records.map(\.amount))
        var transactions: [BankTransaction] = []
        for (record, dateText) in zip(records, dates) {
            guard let date = BankDate.parse(dateText, order: order) else {
                throw SubsError.data("\(source) line \(record.line): '\(record.date)' is not a date")
            }
            guard let amount = BankAmount.parse(record.amount, mark: mark) else {
                throw SubsError.data("\(source) line \(record.line): '\(record.amount)' is not an amount")
            }
            let description = [record.payee, record.payee.isEmpty ? record.memo : ""].filter { !$0.isEmpty }.joined(separator: " ")
            transactions.append(BankTransaction(
                date: date, amount: amount.value, currency: amount.currency, description: description,
                source: "\(source) line \(record.line)"))
        }
        guard !transactions.isEmpty else { throw SubsError.data("\(source) is QIF with no transactions in it") }
        return transactions
    }
}
