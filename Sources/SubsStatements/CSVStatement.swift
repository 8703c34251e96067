import Foundation
import SubsCore

/// Which columns of a CSV export hold what, when the automatic reading gets it wrong: `--columns
/// date=1,description=3,amount=5` (1-based positions) or by header (`date=Buchungstag,amount=Betrag`).
public struct StatementColumns: Sendable, Equatable {
    public enum Role: String, CaseIterable, Sendable {
        case date, description, payee, amount, debit, credit, currency, direction
    }

    public var choices: [Role: String] = [:]
    public var dateOrder: String?

    public init() {}

    /// "date=1,description=Payee,amount=4", and `dates=dmy|mdy|ymd` for the order of day and month.
    public init(parsing text: String) throws(SubsError) {
        for item in text.split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, !pair[1].isEmpty else {
                throw .usage("--columns '\(item)' is not ROLE=COLUMN; use e.g. date=1,description=3,amount=5")
            }
            let key = pair[0].lowercased()
            if key == "dates" {
                guard BankDate.Order(rawValue: pair[1].lowercased()) != nil else {
                    throw .usage("--columns dates=\(pair[1]): give dmy, mdy or ymd")
                }
                dateOrder = pair[1].lowercased()
                continue
            }
            let role = Role(rawValue: key)
            guard let role else {
                throw .usage("--columns: unknown role '\(pair[0])'; use \(Role.allCases.map(\.rawValue).joined(separator: ", ")) or dates")
            }
            choices[role] = pair[1]
        }
    }
}

/// CSV exports of banks: the separator (`,` `;` tab `|`), a header row anywhere in the first lines (after
/// account details), its columns named in the banks' languages or, without a header, told by content;
/// signed amounts, separate debit and credit columns, or an unsigned amount with a debit/credit column.
enum CSVStatement {
    /// Header words for each role, folded to lower case without accents; whole-header matches beat contained ones.
    static let headerWords: [(StatementColumns.Role, [String])] = [
        (.date, ["date", "transaction date", "posting date", "posted date", "booking date", "buchungstag", "buchungsdatum",
                 "datum", "date operation", "date de l'operation", "date comptable", "fecha", "fecha operacion", "f. operacion",
                 "data", "data operazione", "data contabile", "data movimento", "transactiedatum", "boekdatum", "started date",
                 "completed date", "date posted", "trans. date", "value date", "valuta", "valutadatum", "wertstellung",
                 "date valeur", "fecha valor", "data valuta"]),
        // The purpose or memo text; the counterparty's own column, when there is one, is the payee.
        (.description, ["description", "transaction description", "details", "narrative", "memo", "verwendungszweck",
                        "libelle", "libelle operation", "intitule", "concepto", "descripcion", "descrizione", "causale",
                        "naam / omschrijving", "omschrijving", "mededelingen", "particulars", "descricao", "buchungstext",
                        "beschreibung", "name", "naam", "reference"]),
        (.payee, ["payee", "merchant", "counterparty", "counterparty name", "beneficiary", "auftraggeber / begunstigter",
                  "auftraggeber/empfanger", "begunstigter/zahlungspflichtiger", "beguenstigter/zahlungspflichtiger",
                  "empfanger", "auftraggeber", "name zahlungsbeteiligter", "zahlungsempfanger", "tegenpartij",
                  "naam tegenpartij", "naam tegenrekening", "beneficiario", "beneficiaire", "contrepartie", "controparte",
                  "ordenante/beneficiario", "merchant name"]),
        (.amount, ["amount", "betrag", "umsatz", "montant", "importe", "importo", "bedrag", "valor", "value", "sum",
                   "transaction amount", "amount (eur)", "bedrag (eur)", "betrag (eur)", "montant (eur)"]),
        (.debit, ["debit", "debit amount", "debits", "withdrawal", "withdrawals", "paid out", "money out", "out", "soll",
                  "ausgang", "lastschrift", "debit euros", "cargo", "cargos", "addebiti", "uscite", "debito", "afschrijving"]),
        (.credit, ["credit", "credit amount", "credits", "deposit", "deposits", "paid in", "money in", "in", "haben",
                   "eingang", "gutschrift", "credit euros", "abono", "abonos", "accrediti", "entrate", "credito", "bijschrijving"]),
        (.currency, ["currency", "wahrung", "waehrung", "devise", "moneda", "valuta", "divisa", "munt", "moeda", "ccy"]),
        (.direction, ["af bij", "debit/credit", "credit/debit", "d/c", "cr/dr", "dr/cr", "soll/haben", "s/h", "sens", "type"]),
    ]

    static func read(_ text: String, source: String, columns: StatementColumns, defaultCurrency: Currency?) throws(SubsError) -> [BankTransaction] {
        let (rows, separator) = try bestParse(text, source: source)
        guard let width = modalWidth(rows), width >= 2 else {
            throw SubsError.data("\(source) is not a bank statement CSV: no line has the columns of a transaction; export it again as CSV, OFX, QIF or CAMT.053")
        }
        let table = rows.filter { $0.fields.count == width || $0.fields.count == width + 1 && $0.fields.last == "" }
        // The header is the row naming the columns --columns names, else the first with a date and an amount word.
        let named = Set(columns.choices.values.filter { Int($0) == nil }.map(fold))
        let headerIndex = table.prefix(30).firstIndex { row in
            !named.isEmpty && named.isSubset(of: row.fields.map(fold))
        } ?? table.prefix(30).firstIndex { row in
            row.fields.contains { field in roles(ofHeader: field).contains(.date) }
                && row.fields.contains { field in let r = roles(ofHeader: field); return r.contains(.amount) || r.contains(.debit) || r.contains(.credit) }
        } ?? table.prefix(30).indices.first { i in
            // Names no list holds: a row of words without a date or a number, above a row with a date.
            let isValue = { (f: String) in
                let t = f.trimmedSpaces
                return BankDate.parse(t, order: .dmy) != nil || BankDate.parse(t, order: .mdy) != nil
                    || t.contains(where: \.isNumberFast) && BankAmount.parse(t, mark: .point) != nil
            }
            let hasDate = { (row: (line: Int, fields: [String])) in
                row.fields.contains { BankDate.parse($0.trimmedSpaces, order: .dmy) != nil || BankDate.parse($0.trimmedSpaces, order: .mdy) != nil }
            }
            return i + 1 < table.count && !table[i].fields.contains(where: isValue)
                && table[i].fields.contains { $0.contains(where: \.isLetterFast) } && hasDate(table[i + 1])
        }
        let header = headerIndex.map { table[$0].fields.map(fold) }
        let data = Array(table[(headerIndex.map { $0 + 1 } ?? 0)...]).filter { !$0.fields.allSatisfy { $0.trimmedSpaces.isEmpty } }
        guard !data.isEmpty else { throw SubsError.data("\(source) has a header but no transactions") }
        let map = try assign(header: header, data: data.map(\.fields), width: width, columns: columns, source: source, separator: separator)

        let column = { (i: Int?) in i.map { c in data.map { c < $0.fields.count ? $0.fields[c] : "" } } ?? [] }
        let order = columns.dateOrder.flatMap(BankDate.Order.init(rawValue:)) ?? BankDate.guessOrder(column(map[.date]))
        let amountMark = BankAmount.guess(column(map[.amount]) + column(map[.debit]) + column(map[.credit]))
        // "Amount (EUR)": the header names the currency of its amounts.
        let headerCurrency = header.flatMap { h in
            [map[.amount], map[.debit], map[.credit]].compactMap { $0 }.lazy.compactMap { currency(inHeader: h[$0]) }.first
        }
        let fallbackCurrency = headerCurrency ?? defaultCurrency
        let converted = data.parallelMap { row in
            convert(row, map: map, order: order, amountMark: amountMark, defaultCurrency: fallbackCurrency, source: source)
        }
        var transactions: [BankTransaction] = []
        transactions.reserveCapacity(converted.count)
        for (row, result) in zip(data, converted) {
            switch result {
            case .transaction(let t): transactions.append(t)
            case .blank: continue
            case .badDate(let text):
                // Footers ("Closing balance", totals) and status lines ("Pending") have no date; a malformed date in
                // a transaction line is an error.
                if text.isEmpty || text.allSatisfy({ $0.isLetter || $0 == " " }) || text.contains(where: { $0.isLetter }) && transactions.count > 0 { continue }
                throw SubsError.data("\(source) line \(row.line): '\(text)' is not a date; say which column holds dates with --columns date=N")
            case .badAmount(let text):
                throw SubsError.data("\(source) line \(row.line): '\(text)' is not an amount; say which column holds amounts with --columns amount=N")
            }
        }
        guard !transactions.isEmpty else { throw SubsError.data("\(source) has no transactions with a date and an amount") }
        // An unsigned export (a card's statement) lists what was spent: every amount is money out.
        if map[.amount] != nil && map[.direction] == nil && transactions.allSatisfy({ $0.amount >= 0 }) {
            for i in transactions.indices { transactions[i].amount = -transactions[i].amount }
        }
        return transactions
    }

    /// One row read on its own (rows are read in parallel; what a bad one means depends on the rows before it).
    private enum Converted: Sendable {
        case transaction(BankTransaction)
        /// No amount at all: not a transaction.
        case blank
        case badDate(String)
        case badAmount(String)
    }

    private static func convert(_ row: (line: Int, fields: [String]), map: [StatementColumns.Role: Int], order: BankDate.Order,
                                amountMark: BankAmount.DecimalMark, defaultCurrency: Currency?, source: String) -> Converted {
        let f = row.fields
        let cell = { (role: StatementColumns.Role) -> String in map[role].map { $0 < f.count ? f[$0].trimmedSpaces : "" } ?? "" }
        guard let date = BankDate.parse(cell(.date), order: order) else { return .badDate(cell(.date)) }
        var amount: Decimal
        var currency: Currency? = cell(.currency).isEmpty ? nil : Currency(code: cell(.currency))
        if map[.amount] != nil {
            guard let parsed = BankAmount.parse(cell(.amount), mark: amountMark) else {
                return cell(.amount).isEmpty ? .blank : .badAmount(cell(.amount))
            }
            amount = parsed.value
            currency = currency ?? parsed.currency
            let direction = fold(cell(.direction))
            if ["af", "debit", "d", "dr", "dbit", "s", "soll", "-", "debito", "cargo", "out"].contains(direction) { amount = -abs(amount) }
            if ["bij", "credit", "c", "cr", "crdt", "h", "haben", "+", "credito", "abono", "in"].contains(direction) { amount = abs(amount) }
        } else {
            let debit = BankAmount.parse(cell(.debit), mark: amountMark)
            let credit = BankAmount.parse(cell(.credit), mark: amountMark)
            guard debit != nil || credit != nil else { return .blank }
            amount = abs(credit?.value ?? 0) - abs(debit?.value ?? 0)
            currency = currency ?? debit?.currency ?? credit?.currency
        }
        // The counterparty first (it names the merchant), then the purpose text unless it repeats it.
        let payee = cell(.payee), memo = cell(.description)
        let description = payee.isEmpty || memo.hasPrefix(payee) ? memo : memo.isEmpty ? payee : payee + " " + memo
        return .transaction(BankTransaction(
            date: date, amount: amount, currency: currency ?? defaultCurrency, description: description,
            source: "\(source) line \(row.line)"))
    }

    /// The separator whose rows agree most on a number of columns.
    private static func bestParse(_ text: String, source: String) throws(SubsError) -> ([(line: Int, fields: [String])], Character) {
        // The first 200 lines, cut at a line's end (a quoted field cut in half would fail every separator).
        var lines = 0
        let cut = text.firstIndex { c in if c == "\n" || c == "\r\n" { lines += 1 }; return lines == 200 } ?? text.endIndex
        let sample = String(text[..<cut])
        var best: (score: Int, separator: Character)? = nil
        var broken: SubsError? = nil
        for separator in [",", ";", "\t", "|"] as [Character] {
            let rows: [(line: Int, fields: [String])]
            do { rows = try CSV.parse(sample, separator: separator) } catch { broken = broken ?? error; continue }
            guard let width = modalWidth(rows), width >= 2 else { continue }
            let score = rows.filter { $0.fields.count == width }.count * min(width, 6)
            if best == nil || score > best!.score { best = (score, separator) }
        }
        guard let separator = best?.separator else {
            if let broken { throw SubsError.data("\(source): \(broken.message); fix the quotes or export the statement again") }
            throw SubsError.data("\(source) is not a bank statement: no separator (, ; tab |) splits its lines into columns; export it as CSV, OFX, QIF or CAMT.053")
        }
        do {
            return (try CSV.parse(text, separator: separator), separator)
        } catch {
            throw SubsError.data("\(source): \(error.message)")
        }
    }

    private static func modalWidth(_ rows: [(line: Int, fields: [String])]) -> Int? {
        var counts: [Int: Int] = [:]
        for r in rows where r.fields.count >= 2 { counts[r.fields.count, default: 0] += 1 }
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }

    static func fold(_ s: String) -> String {
        s.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
            .trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"")))
    }

    static func roles(ofHeader raw: String) -> [StatementColumns.Role] {
        let h = fold(raw)
        guard !h.isEmpty else { return [] }
        let exact = headerWords.filter { _, words in words.contains(h) }.map(\.0)
        if !exact.isEmpty { return exact }
        // Headers the lists do not hold ("Buchungsbetrag", "Date Processed", "Částka"): a word that contains a
        // role's stem, in the banks' languages.
        let words = h.split(whereSeparator: { !$0.isLetter })
        return headerStems.filter { _, stems in words.contains { w in stems.contains { w.contains($0) } } }.map(\.0)
    }

    /// Parts of header words, folded, that name a role in compound or unlisted headers.
    static let headerStems: [(StatementColumns.Role, [String])] = [
        (.date, ["date", "datum", "fecha", "data", "created", "posted", "booked", "processed"]),
        (.debit, ["debit", "debet", "withdraw", "lastschrift", "ausgang", "cargo", "afschrijving"]),
        (.credit, ["credit", "deposit", "gutschrift", "eingang", "abono", "bijschrijving"]),
        (.amount, ["amount", "betrag", "montant", "importe", "importo", "bedrag", "valor", "castka", "osszeg", "kwota", "summa", "belopp", "belob"]),
        (.currency, ["currency", "wahrung", "waehrung", "devise", "moneda", "mena", "penznem", "waluta"]),
        (.payee, ["payee", "merchant", "counterpart", "tegenpartij", "begunstigt", "beguenstigt", "empfanger", "beneficiar", "contrepartie", "protiucet", "partner"]),
        (.description, ["descr", "omschrijving", "beschreib", "libell", "concept", "zweck", "memo", "popis", "kozlemeny", "details", "narrat", "text", "mitteilung"]),
    ]

    /// The currency a header names for its column's amounts: "Amount (EUR)", "Betrag EUR".
    static func currency(inHeader raw: String) -> Currency? {
        let words = raw.uppercased().split(whereSeparator: { !$0.isLetter })
        return words.lazy.filter { $0.count == 3 }.compactMap { Currency(code: $0) }.first
    }

    /// Columns for each role: the user's choice, else the header's names checked against the content,
    /// else the content alone (dates, numbers, the most wordy column).
    private static func assign(header: [String]?, data: [[String]], width: Int, columns: StatementColumns, source: String, separator: Character) throws(SubsError) -> [StatementColumns.Role: Int] {
        let sample = Array(data.prefix(200))
        func share(_ c: Int, _ test: (String) -> Bool) -> Double {
            let values = sample.map { c < $0.count ? $0[c].trimmedSpaces : "" }.filter { !$0.isEmpty }
            guard !values.isEmpty else { return 0 }
            return Double(values.filter(test).count) / Double(values.count)
        }
        let order = BankDate.guessOrder(sample.compactMap { $0.first })
        let isDate = { (c: Int) in share(c, { BankDate.parse($0, order: order) != nil }) >= 0.8 }
        let isAmount = { (c: Int) in share(c, { BankAmount.parse($0, mark: .point) != nil && $0.contains(where: \.isNumber) }) >= 0.8 }
        let isCurrency = { (c: Int) in share(c, { Currency(code: $0) != nil }) >= 0.8 }

        var map: [StatementColumns.Role: Int] = [:]
        for (role, choice) in columns.choices {
            if let n = Int(choice) {
                guard (1...width).contains(n) else {
                    throw SubsError.usage("--columns \(role.rawValue)=\(n): \(source) has columns 1 to \(width)")
                }
                map[role] = n - 1
            } else if let i = header?.firstIndex(of: fold(choice)) {
                map[role] = i
            } else {
                throw SubsError.usage("--columns \(role.rawValue)=\(choice): \(source) has no such column; its header is \(header?.joined(separator: ", ") ?? "missing, so give column numbers")")
            }
        }
        if let header {
            // The first matching header wins; a date column must hold dates, and so on.
            for role in StatementColumns.Role.allCases where map[role] == nil {
                // Whole names in the list's order of preference ("Omschrijving" before "Naam"), then contained stems.
                let listed = headerWords.first { $0.0 == role }?.1 ?? []
                let rank = { (i: Int) in listed.firstIndex(of: header[i]) ?? listed.count }
                let candidates = header.indices.filter { i in !map.values.contains(i) && roles(ofHeader: header[i]).contains(role) }
                    .sorted { (rank($0), $0) < (rank($1), $1) }
                let fits: (Int) -> Bool = switch role {
                // Named by the header: most values dates is enough, and a line whose date is broken is an error at that line.
                case .date: { c in share(c, { BankDate.parse($0, order: order) != nil }) >= 0.5 }
                case .amount, .debit, .credit: { c in share(c, { BankAmount.parse($0, mark: .point) != nil }) >= 0.3 }
                case .currency: isCurrency
                case .description, .payee, .direction: { _ in true }
                }
                if let c = candidates.first(where: fits) { map[role] = c }
            }
            if map[.amount] != nil && (map[.debit] != nil || map[.credit] != nil) && columns.choices[.amount] == nil {
                map[.amount] = nil
            }
        }
        // By content, for what the header did not name.
        let free = { (0..<width).filter { !map.values.contains($0) } }
        if map[.date] == nil, let c = free().first(where: isDate) { map[.date] = c }
        if map[.amount] == nil && map[.debit] == nil && map[.credit] == nil, let c = free().first(where: isAmount) { map[.amount] = c }
        if map[.currency] == nil && header == nil, let c = free().first(where: isCurrency) { map[.currency] = c }
        if map[.description] == nil {
            let wordiness = { (c: Int) in sample.map { c < $0.count ? $0[c].filter(\.isLetter).count : 0 }.reduce(0, +) }
            if let c = free().max(by: { wordiness($0) < wordiness($1) }), wordiness(c) > 0 { map[.description] = c }
        }
        guard map[.date] != nil else {
            if header == nil && !(0..<width).contains(where: { share($0, { BankDate.parse($0, order: order) != nil }) > 0 }) {
                throw SubsError.data("\(source) is not a bank statement: no column holds dates; export it again as CSV, OFX, QIF or CAMT.053")
            }
            throw SubsError.data("\(source): no column holds dates; say which with --columns date=N")
        }
        guard map[.amount] != nil || map[.debit] != nil || map[.credit] != nil else {
            throw SubsError.data("\(source): no column holds amounts; say which with --columns amount=N (or debit=N,credit=N)")
        }
        guard map[.description] != nil || map[.payee] != nil else {
            throw SubsError.data("\(source): no column names the payee; say which with --columns description=N")
        }
        return map
    }
}
