import Foundation
import SubsCore
import SubsMarkup

/// ISO 20022 bank-to-customer statements (camt.053, and the camt.052/054 reports of the same shape): each
/// booked `Ntry` with its amount, currency, debit/credit mark, booking date and the other party's name.
enum CAMTStatement {
    static func looksLike(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        return head.contains("<?xml") || head.hasPrefix("<Document") ? head.contains("camt.05") || head.contains("BkToCstmr") : false
    }

    static func read(_ data: Data, source: String) throws(SubsError) -> [BankTransaction] {
        let root: MarkupElement
        do {
            root = try Markup.parseXML(data)
        } catch {
            throw SubsError.data("\(source) is not well-formed XML (\(error.message)); export the statement again")
        }
        let entries = root.all("Ntry")
        guard root.all("Stmt").count + root.all("Rpt").count + root.all("Ntfctn").count > 0 else {
            throw SubsError.data("\(source) is XML but no ISO 20022 statement (camt.053); export it again as CAMT.053, OFX or CSV")
        }
        var transactions: [BankTransaction] = []
        for (n, entry) in entries.enumerated() {
            let place = "\(source) entry \(n + 1)"
            if let status = entry.child("Sts"), !["BOOK", ""].contains(status.text.trimmingCharacters(in: .whitespaces)),
                status.child("Cd")?.text != "BOOK"
            {
                continue  // pending or information-only entries
            }
            guard let amt = entry.child("Amt"),
                let value = Decimal(string: amt.text.trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX"))
            else { throw SubsError.data("\(place) has no amount (Amt)") }
            let debit = entry.child("CdtDbtInd")?.text.trimmingCharacters(in: .whitespaces) == "DBIT"
            let dateText = (entry.descendant("BookgDt", "Dt") ?? entry.descendant("BookgDt", "DtTm")
                ?? entry.descendant("ValDt", "Dt") ?? entry.descendant("ValDt", "DtTm"))?.text ?? ""
            guard let date = LocalDate(iso: dateText.prefix(10)) else {
                throw SubsError.data("\(place) has no booking date (BookgDt)")
            }
            // The other party: the creditor of a debit, the debtor of a credit.
            let party = debit ? ["Cdtr", "UltmtCdtr"] : ["Dbtr", "UltmtDbtr"]
            let related = entry.all("RltdPties").first
            let name = party.lazy.compactMap { p in related?.all(p).first?.all("Nm").first?.text }.first
            let info = entry.child("AddtlNtryInf")?.text ?? entry.all("Ustrd").first?.text
            let description = [name, name == nil ? info : nil].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: " ")
            transactions.append(BankTransaction(
                date: date, amount: debit ? -value : value, currency: amt.attributes["Ccy"].flatMap(Currency.init(code:)),
                description: description, source: place))
        }
        return transactions
    }
}
