/// An ISO 4217 currency: its code and how many minor units it has (JPY none, KWD three).
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let code: String
    public let minorUnits: Int

    /// Only active ISO 4217 codes; lower case is accepted.
    public init?(code: some StringProtocol) {
        let upper = code.uppercased()
        guard let units = Currency.table[upper] else { return nil }
        self.code = upper
        self.minorUnits = units
    }

    public var description: String { code }
    public static func < (a: Currency, b: Currency) -> Bool { a.code < b.code }

    public static let usd = Currency(code: "USD")!
    public static let eur = Currency(code: "EUR")!

    /// Symbols people type and documents print. `$` and `kr` are ambiguous: callers decide with context.
    public static let symbols: [(symbol: String, code: String)] = [
        ("US$", "USD"), ("CA$", "CAD"), ("C$", "CAD"), ("A$", "AUD"), ("AU$", "AUD"), ("NZ$", "NZD"),
        ("HK$", "HKD"), ("S$", "SGD"), ("R$", "BRL"), ("MX$", "MXN"), ("€", "EUR"), ("£", "GBP"),
        ("¥", "JPY"), ("￥", "JPY"), ("₹", "INR"), ("₩", "KRW"), ("₽", "RUB"), ("₺", "TRY"), ("₪", "ILS"),
        ("₫", "VND"), ("₱", "PHP"), ("฿", "THB"), ("zł", "PLN"), ("Kč", "CZK"), ("Fr.", "CHF"),
        ("RM", "MYR"), ("$", "USD"),
    ]

    /// Minor units of every active ISO 4217 currency.
    static let table: [String: Int] = {
        var t: [String: Int] = [:]
        let two = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD \
            CDF CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD \
            HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD \
            MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON \
            RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD \
            TWD TZS UAH USD UYU UZS VES WST XCD YER ZAR ZMW ZWL
            """
        for c in two.split(separator: " ") { t[String(c)] = 2 }
        for c in "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF".split(separator: " ") {
            t[String(c)] = 0
        }
        for c in "BHD IQD JOD KWD LYD OMR TND".split(separator: " ") { t[String(c)] = 3 }
        for c in "CLF UYW".split(separator: " ") { t[String(c)] = 4 }
        return t
    }()

    public static var allCodes: [String] { table.keys.sorted() }
}
