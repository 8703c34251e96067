import CLibOFX
import Foundation
import SubsCore

/// OFX and QFX statements through libofx. The only file that sees libofx's C API.
enum LibOFX {
    /// What the callbacks collect; passed to C as an unretained pointer that lives for the parse.
    private final class Collected {
        var transactions: [BankTransaction] = []
        var accountCurrency: Currency?
        var sawStatementOrAccount = false
        let source: String
        init(source: String) { self.source = source }
    }

    static func read(_ url: URL) throws(SubsError) -> [BankTransaction] {
        subs_ofx_quiet()
        guard let context = libofx_get_new_context() else {
            throw SubsError(.failure, "cannot start libofx to read \(url.path)")
        }
        defer { libofx_free_context(context) }
        let collected = Collected(source: url.lastPathComponent)
        let box = Unmanaged.passUnretained(collected).toOpaque()
        ofx_set_account_cb(context, { data, box in
            let collected = Unmanaged<Collected>.fromOpaque(box!).takeUnretainedValue()
            collected.sawStatementOrAccount = true
            if data.currency_valid != 0 {
                collected.accountCurrency = Currency(code: LibOFX.string(data.currency))
            }
            return 0
        }, box)
        ofx_set_statement_cb(context, { _, box in
            Unmanaged<Collected>.fromOpaque(box!).takeUnretainedValue().sawStatementOrAccount = true
            return 0
        }, box)
        ofx_set_transaction_cb(context, { data, box in
            let collected = Unmanaged<Collected>.fromOpaque(box!).takeUnretainedValue()
            guard data.amount_valid != 0, data.date_posted_valid != 0 else { return 0 }
            var currency = collected.accountCurrency
            if let account = data.account_ptr, account.pointee.currency_valid != 0 {
                currency = Currency(code: LibOFX.string(account.pointee.currency)) ?? currency
            }
            let name = data.name_valid != 0 ? LibOFX.string(data.name) : ""
            let memo = data.memo_valid != 0 ? LibOFX.string(data.memo) : ""
            // A long payee is cut to 32 characters in NAME and given whole in MEMO.
            let description = memo.hasPrefix(name) && !name.isEmpty ? memo : [name, memo].filter { !$0.isEmpty }.joined(separator: " ")
            collected.transactions.append(BankTransaction(
                date: LibOFX.day(data.date_posted), amount: LibOFX.decimal(data.amount, currency: currency),
                currency: currency, description: description,
                source: "\(collected.source) transaction \(collected.transactions.count + 1)"))
            return 0
        }, box)
        let status = url.withUnsafeFileSystemRepresentation { path in
            libofx_proc_file(context, path, AUTODETECT)
        }
        withExtendedLifetime(collected) {}
        guard status == 0 || !collected.transactions.isEmpty else {
            throw SubsError.data("\(url.path): libofx could not read it as OFX; export the statement again as OFX, QFX or CSV")
        }
        guard collected.sawStatementOrAccount || !collected.transactions.isEmpty else {
            throw SubsError.data("\(url.path) has no OFX statement in it; export the statement again as OFX, QFX or CSV")
        }
        return collected.transactions
    }

    /// libofx gives amounts as doubles; OFX writes them as decimal text with at most the currency's minor
    /// units, so rounding to those units gives back exactly what the file says.
    static func decimal(_ value: Double, currency: Currency?) -> Decimal {
        let scale = currency?.minorUnits ?? 2
        let text = String(format: "%.\(scale)f", value)
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    /// The calendar day of an OFX date: libofx gives a UTC instant, noon when the file gives no time.
    static func day(_ time: time_t) -> LocalDate {
        LocalDate(dayNumber: Int(floor(Double(time) / 86_400)))
    }

    /// A fixed-size C char array as a String (libofx's strings are NUL-terminated within it).
    static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
