import Foundation

/// 1 `base` is worth `rate` `quote`, as known on `date`.
/// `subs rates set USD 0.92 --base EUR` stores 1 USD = 0.92 EUR; the ECB file's
/// `<Cube currency='USD' rate='1.08'/>` stores 1 EUR = 1.08 USD.
public struct ExchangeRate: Sendable, Hashable {
    public var base: Currency
    public var quote: Currency
    public var rate: Decimal
    public var date: LocalDate
    /// Where it came from: "manual", "ecb", "csv", or a URL.
    public var source: String

    public init(base: Currency, quote: Currency, rate: Decimal, date: LocalDate, source: String) {
        self.base = base
        self.quote = quote
        self.rate = rate
        self.date = date
        self.source = source
    }

    /// Rates must be positive and not absurd; both currencies must differ.
    public static func validate(_ r: ExchangeRate) throws(SubsError) {
        guard r.base != r.quote else { throw .usage("a rate needs two different currencies, not \(r.base.code) and \(r.quote.code)") }
        guard r.rate > 0, r.rate < 1_000_000_000 else {
            throw .usage("rate \(r.rate) for \(r.base.code)/\(r.quote.code) must be a positive number, like 0.92")
        }
    }
}

/// The known rates and how to go from one currency to another: a direct or inverse rate (the newest
/// of the two), else a cross rate through one common currency (e.g. EUR for the ECB's rates).
public struct RateTable: Sendable {
    public let rates: [ExchangeRate]
    /// Rates older than this many days are called stale.
    public static let staleAfterDays = 30

    public init(_ rates: [ExchangeRate]) { self.rates = rates }

    public var currencies: Set<Currency> { Set(rates.flatMap { [$0.base, $0.quote] }) }

    /// 1 `from` = result.rate `to`; the date is the oldest rate used.
    public func rate(from: Currency, to: Currency) -> (rate: Decimal, date: LocalDate)? {
        if from == to { return nil }
        if let d = direct(from, to) { return d }
        // Cross through a pivot: the candidate with the newest oldest-date wins, then the pivot's code.
        var best: (rate: Decimal, date: LocalDate, pivot: Currency)?
        for pivot in currencies.sorted() where pivot != from && pivot != to {
            guard let a = direct(from, pivot), let b = direct(pivot, to) else { continue }
            let date = min(a.date, b.date)
            if best == nil || date > best!.date { best = (a.rate * b.rate, date, pivot) }
        }
        return best.map { ($0.rate, $0.date) }
    }

    private func direct(_ from: Currency, _ to: Currency) -> (rate: Decimal, date: LocalDate)? {
        var best: (rate: Decimal, date: LocalDate)?
        for r in rates {
            var candidate: (Decimal, LocalDate)?
            if r.base == from && r.quote == to { candidate = (r.rate, r.date) }
            else if r.base == to && r.quote == from { candidate = (1 / r.rate, r.date) }
            if let c = candidate, best == nil || c.1 > best!.date { best = c }
        }
        return best
    }

    /// Rates older than `staleAfterDays` on `today`.
    public func stale(asOf today: LocalDate) -> [ExchangeRate] {
        rates.filter { $0.date.days(until: today) > RateTable.staleAfterDays }
    }
}

/// Reads rate files: the ECB euro reference rates (XML, daily or historical) and a simple CSV.
public enum RateFile {
    /// Sniffs the format: XML when it starts with '<', else CSV.
    public static func parse(_ text: String, defaultBase: Currency, today: LocalDate, source: String) throws(SubsError) -> [ExchangeRate] {
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.first == "<" { return try ecbXML(text, source: source) }
        return try csv(text, defaultBase: defaultBase, today: today, source: source)
    }

    /// The ECB's eurofxref XML: `<Cube time='2026-01-14'><Cube currency='USD' rate='1.0842'/>...`.
    /// 1 EUR = rate currency. With several days (the historical files), the newest day of each currency wins.
    public static func ecbXML(_ text: String, source: String = "ecb") throws(SubsError) -> [ExchangeRate] {
        var newest: [Currency: ExchangeRate] = [:]
        var day: LocalDate?
        var sawCube = false
        let bytes = Array(text.utf8)
        var i = 0
        while let start = find(bytes, Array("<Cube".utf8), from: i) {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else {
                throw .data("\(source): a <Cube> tag is not closed; give the ECB's eurofxref XML file")
            }
            let attrs = attributes(String(decoding: bytes[(start + 5)..<end], as: UTF8.self))
            i = end + 1
            sawCube = true
            if let t = attrs["time"] {
                guard let d = LocalDate(iso: t) else { throw .data("\(source): Cube time '\(t)' is not a YYYY-MM-DD date") }
                day = d
            }
            guard let code = attrs["currency"], let rateText = attrs["rate"] else { continue }
            guard let day else { throw .data("\(source): rate for \(code) comes before any <Cube time='...'>") }
            guard let quote = Currency(code: code) else { continue }  // not ISO 4217 (e.g. withdrawn codes): skip
            guard let rate = Decimal(exactly: rateText), rate > 0 else {
                throw .data("\(source): rate '\(rateText)' for \(code) is not a positive decimal")
            }
            let r = ExchangeRate(base: .eur, quote: quote, rate: rate, date: day, source: source)
            if quote != .eur, newest[quote].map({ $0.date < day }) ?? true { newest[quote] = r }
        }
        guard sawCube, !newest.isEmpty else {
            throw .data("\(source): no <Cube currency='...' rate='...'> in it; give the ECB's eurofxref XML file")
        }
        return newest.values.sorted { $0.quote < $1.quote }
    }

    /// A simple CSV with a header naming `currency` and `rate`, optionally `base` and `date`:
    /// each row means 1 currency = rate base (as `subs rates set`). Without `base`, `defaultBase`;
    /// without `date`, today. Also reads the ECB's wide eurofxref CSV (`Date, USD, JPY, ...`).
    public static func csv(_ text: String, defaultBase: Currency, today: LocalDate, source: String = "csv") throws(SubsError) -> [ExchangeRate] {
        let rows = try CSV.parse(text)
        guard let header = rows.first?.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) else {
            throw .data("\(source): empty file; give a CSV with a header 'currency,rate[,base][,date]' or an ECB file")
        }
        if header.first == "date", header.count > 1, header.dropFirst().allSatisfy({ $0.isEmpty || Currency(code: $0) != nil }) {
            return try ecbCSV(rows, header: header, source: source)
        }
        guard let ci = header.firstIndex(of: "currency"), let ri = header.firstIndex(of: "rate") else {
            throw .data("\(source): the header must name 'currency' and 'rate' (optionally 'base' and 'date'), like 'currency,rate,date'")
        }
        let bi = header.firstIndex(of: "base"), di = header.firstIndex(of: "date")
        var result: [ExchangeRate] = []
        for row in rows.dropFirst() {
            func cell(_ i: Int?) -> String? {
                guard let i, i < row.fields.count else { return nil }
                let t = row.fields[i].trimmingCharacters(in: .whitespaces)
                return t.isEmpty ? nil : t
            }
            guard let code = cell(ci), let quoteOrBase = Currency(code: code) else {
                throw .data("\(source) line \(row.line): '\(cell(ci) ?? "")' is not an ISO 4217 currency code")
            }
            guard let rateText = cell(ri), let rate = Decimal(exactly: rateText), rate > 0 else {
                throw .data("\(source) line \(row.line): rate '\(cell(ri) ?? "")' is not a positive decimal like 0.92")
            }
            var base = defaultBase
            if let b = cell(bi) {
                guard let c = Currency(code: b) else { throw .data("\(source) line \(row.line): base '\(b)' is not an ISO 4217 code") }
                base = c
            }
            var date = today
            if let d = cell(di) {
                guard let parsed = LocalDate(iso: d) else { throw .data("\(source) line \(row.line): date '\(d)' is not YYYY-MM-DD") }
                date = parsed
            }
            let r = ExchangeRate(base: quoteOrBase, quote: base, rate: rate, date: date, source: source)
            do { try ExchangeRate.validate(r) } catch { throw .data("\(source) line \(row.line): \(error.message)") }
            result.append(r)
        }
        guard !result.isEmpty else { throw .data("\(source): no rates in it, only a header") }
        return result
    }

    /// eurofxref.csv: `Date, USD, JPY, ...` then `14 January 2026, 1.0842, 162.5, ...` (1 EUR = value).
    static func ecbCSV(_ rows: [(line: Int, fields: [String])], header: [String], source: String) throws(SubsError) -> [ExchangeRate] {
        var newest: [Currency: ExchangeRate] = [:]
        for row in rows.dropFirst() {
            let cells = row.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, let date = LocalDate(iso: first) ?? englishDate(first) else {
                throw .data("\(source) line \(row.line): date '\(row.fields.first ?? "")' is not like '14 January 2026' or 2026-01-14")
            }
            for (i, code) in header.enumerated().dropFirst() where i < cells.count && !code.isEmpty {
                let v = cells[i]
                if v.isEmpty || v == "N/A" { continue }
                guard let rate = Decimal(exactly: v), rate > 0 else {
                    throw .data("\(source) line \(row.line): rate '\(v)' for \(code.uppercased()) is not a positive decimal")
                }
                let quote = Currency(code: code)!
                if quote != .eur, newest[quote].map({ $0.date < date }) ?? true {
                    newest[quote] = ExchangeRate(base: .eur, quote: quote, rate: rate, date: date, source: source)
                }
            }
        }
        guard !newest.isEmpty else { throw .data("\(source): no rates in it, only a header") }
        return newest.values.sorted { $0.quote < $1.quote }
    }

    static func englishDate(_ text: String) -> LocalDate? {
        let parts = text.split(separator: " ")
        let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        guard parts.count == 3, let d = Int(parts[0]), let m = months.firstIndex(of: parts[1].lowercased()), let y = Int(parts[2])
        else { return nil }
        return LocalDate(year: y, month: m + 1, day: d)
    }

    private static func find(_ hay: [UInt8], _ needle: [UInt8], from: Int) -> Int? {
        guard needle.count <= hay.count else { return nil }
        var i = from
        while i + needle.count <= hay.count {
            if hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle {
                // `<Cube` must be the whole tag name.
                let next = i + needle.count < hay.count ? hay[i + needle.count] : 0
                if next == UInt8(ascii: " ") || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == 9 || next == 10 || next == 13 {
                    return i
                }
            }
            i += 1
        }
        return nil
    }

    /// `time='2026-01-14' currency="USD"` -> [time: 2026-01-14, currency: USD].
    static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            while i < chars.count && (chars[i].isWhitespace || chars[i] == "/") { i += 1 }
            let nameStart = i
            while i < chars.count && chars[i] != "=" && !chars[i].isWhitespace { i += 1 }
            let name = String(chars[nameStart..<i])
            while i < chars.count && chars[i].isWhitespace { i += 1 }
            guard i < chars.count, chars[i] == "=" else { break }
            i += 1
            while i < chars.count && chars[i].isWhitespace { i += 1 }
            guard i < chars.count, chars[i] == "'" || chars[i] == "\"" else { break }
            let quote = chars[i]
            i += 1
            let valueStart = i
            while i < chars.count && chars[i] != quote { i += 1 }
            result[name] = String(chars[valueStart..<min(i, chars.count)])
            i += 1
        }
        return result
    }
}

/// Fetches a rate file over HTTP (`subs rates update --url`) through the program's one HTTP client;
/// offline use never needs it.
public struct RateFetcher {
    public static let maxBytes = 20 << 20
    let http: any HTTPSending

    public init(http: any HTTPSending) { self.http = http }

    /// The body of a successful (2xx) response, as text; otherwise a one-line error with what to do.
    public func fetch(url: String, timeoutSeconds: Double) throws(SubsError) -> String {
        guard let scheme = url.split(separator: ":").first?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .usage("'\(url)' is not an http:// or https:// URL; give the address of a rate file")
        }
        let response: HTTPResponse
        do {
            response = try http.send(HTTPRequest(url: url, headers: [("User-Agent", "subs")], timeout: timeoutSeconds))
        } catch {
            throw SubsError(error.kind, "cannot fetch rates: \(error.message); or import a file: subs rates import FILE")
        }
        guard (200..<300).contains(response.status) else {
            throw SubsError(.unavailable, "\(url) answered HTTP \(response.status); check the URL")
        }
        guard response.body.count <= RateFetcher.maxBytes else {
            throw .data("\(url) sent \(response.body.count) bytes, too much for a rate file")
        }
        guard let body = String(data: response.body, encoding: .utf8) ?? String(data: response.body, encoding: .isoLatin1) else {
            throw .data("\(url) did not send text; give the address of an ECB XML or CSV rate file")
        }
        return body
    }
}
