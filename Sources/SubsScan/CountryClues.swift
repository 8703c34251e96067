import Foundation

/// Which country a document comes from, and so its currency, from generic clues printed on it:
/// country, state and city names, company legal forms, tax and company-id names, telephone
/// prefixes and web domains. Used when an amount has no currency sign of its own, or only `$`
/// (which many currencies use). World knowledge only: nothing here names a vendor.
enum CountryClues {
    /// Folded phrases (see `Text.fold`), the currency of the country they point to, and how sure
    /// they make us (a country name is surer than an ambiguous legal form).
    static let phrases: [(phrase: String, code: String, weight: Double)] = [
        // Malaysia
        ("malaysia", "MYR", 2), ("sdn bhd", "MYR", 2), ("berhad", "MYR", 1.5), ("bhd", "MYR", 1), ("s b", "MYR", 0.5),
        ("kuala lumpur", "MYR", 1.5), ("selangor", "MYR", 1.5), ("johor", "MYR", 1.5), ("penang", "MYR", 1.5),
        ("pulau pinang", "MYR", 1.5), ("perak", "MYR", 1), ("kedah", "MYR", 1.5), ("melaka", "MYR", 1.5),
        ("negeri sembilan", "MYR", 1.5), ("pahang", "MYR", 1.5), ("terengganu", "MYR", 1.5), ("kelantan", "MYR", 1.5),
        ("sabah", "MYR", 1), ("sarawak", "MYR", 1.5), ("putrajaya", "MYR", 1.5), ("labuan", "MYR", 1.5),
        ("jalan", "MYR", 0.5), ("jln", "MYR", 1), ("taman", "MYR", 1), ("lorong", "MYR", 0.5), ("sst", "MYR", 1),
        ("persiaran", "MYR", 1), ("kampung", "MYR", 1), ("bandar", "MYR", 0.5), ("darul", "MYR", 1), ("gst id", "MYR", 1),
        ("shah alam", "MYR", 1.5), ("petaling jaya", "MYR", 1.5), ("johor bahru", "MYR", 1.5), ("klang", "MYR", 1),
        ("subang jaya", "MYR", 1.5), ("puchong", "MYR", 1.5), ("kajang", "MYR", 1.5), ("cheras", "MYR", 1.5),
        ("ipoh", "MYR", 1.5), ("seremban", "MYR", 1.5), ("kuching", "MYR", 1.5), ("kota kinabalu", "MYR", 1.5),
        ("seri kembangan", "MYR", 1.5), ("cyberjaya", "MYR", 1.5),
        // Singapore
        ("singapore", "SGD", 2), ("pte ltd", "SGD", 2), ("pte", "SGD", 1), ("uen", "SGD", 0.5),
        // Australia, New Zealand
        ("australia", "AUD", 2), ("pty ltd", "AUD", 1.5), ("abn", "AUD", 1), ("new south wales", "AUD", 1.5),
        ("nsw", "AUD", 1), ("queensland", "AUD", 1.5), ("qld", "AUD", 1), ("tasmania", "AUD", 1.5), ("vic", "AUD", 1),
        ("sydney", "AUD", 1.5), ("melbourne", "AUD", 1.5), ("brisbane", "AUD", 1.5), ("adelaide", "AUD", 1.5),
        ("canberra", "AUD", 1.5), ("hobart", "AUD", 1.5), ("bpay", "AUD", 1.5),
        ("new zealand", "NZD", 2), ("aotearoa", "NZD", 2), ("nzbn", "NZD", 1.5), ("auckland", "NZD", 1.5),
        ("wellington", "NZD", 1), ("christchurch", "NZD", 1.5), ("dunedin", "NZD", 1.5), ("tauranga", "NZD", 1.5),
        // North America
        ("canada", "CAD", 2), ("ontario", "CAD", 1.5), ("quebec", "CAD", 1.5), ("british columbia", "CAD", 1.5),
        ("alberta", "CAD", 1.5), ("manitoba", "CAD", 1.5), ("saskatchewan", "CAD", 1.5), ("nova scotia", "CAD", 1.5),
        ("hst", "CAD", 1), ("qst", "CAD", 1), ("tvq", "CAD", 1),
        ("united states", "USD", 2), ("usa", "USD", 2), ("u s a", "USD", 2),
        ("mexico", "MXN", 2), ("s a de c v", "MXN", 2), ("cdmx", "MXN", 1.5), ("rfc", "MXN", 0.5),
        ("s de r l de c v", "MXN", 2), ("cfdi", "MXN", 2), ("guadalajara", "MXN", 1.5), ("monterrey", "MXN", 1.5),
        ("jalisco", "MXN", 1.5), ("nuevo leon", "MXN", 1.5), ("puebla", "MXN", 1), ("tijuana", "MXN", 1.5),
        // Europe
        ("united kingdom", "GBP", 2), ("england", "GBP", 1.5), ("scotland", "GBP", 1.5), ("wales", "GBP", 1),
        ("london", "GBP", 1),
        ("ireland", "EUR", 1.5), ("deutschland", "EUR", 2), ("germany", "EUR", 2), ("france", "EUR", 2),
        ("espana", "EUR", 2), ("spain", "EUR", 2), ("italia", "EUR", 2), ("italy", "EUR", 2), ("nederland", "EUR", 2),
        ("netherlands", "EUR", 2), ("belgique", "EUR", 2), ("belgie", "EUR", 2), ("belgium", "EUR", 2),
        ("osterreich", "EUR", 2), ("austria", "EUR", 2), ("portugal", "EUR", 2), ("finland", "EUR", 2),
        ("suomi", "EUR", 2), ("luxembourg", "EUR", 2), ("gmbh", "EUR", 0.5),
        ("schweiz", "CHF", 2), ("suisse", "CHF", 2), ("svizzera", "CHF", 2), ("switzerland", "CHF", 2),
        ("sverige", "SEK", 2), ("sweden", "SEK", 2), ("norge", "NOK", 2), ("norway", "NOK", 2),
        ("stockholm", "SEK", 1.5), ("goteborg", "SEK", 1.5), ("gothenburg", "SEK", 1.5), ("malmo", "SEK", 1.5),
        ("uppsala", "SEK", 1.5), ("oslo", "NOK", 1.5), ("bergen", "NOK", 1), ("trondheim", "NOK", 1.5),
        ("stavanger", "NOK", 1.5), ("kobenhavn", "DKK", 1.5), ("copenhagen", "DKK", 1.5), ("aarhus", "DKK", 1.5),
        ("odense", "DKK", 1.5),
        ("danmark", "DKK", 2), ("denmark", "DKK", 2), ("polska", "PLN", 2), ("poland", "PLN", 2),
        ("sp z o o", "PLN", 2), ("czech", "CZK", 2), ("cesko", "CZK", 2), ("magyarorszag", "HUF", 2),
        ("hungary", "HUF", 2), ("turkiye", "TRY", 2), ("turkey", "TRY", 1.5),
        // Asia, Middle East, Africa, South America
        ("india", "INR", 2), ("gstin", "INR", 2), ("pvt ltd", "INR", 1.5), ("cgst", "INR", 1.5), ("sgst", "INR", 1.5),
        ("igst", "INR", 1.5), ("mumbai", "INR", 1.5), ("new delhi", "INR", 1.5), ("bengaluru", "INR", 1.5),
        ("bangalore", "INR", 1.5), ("chennai", "INR", 1.5), ("hyderabad", "INR", 1), ("kolkata", "INR", 1.5),
        ("pune", "INR", 1), ("gurugram", "INR", 1.5), ("noida", "INR", 1.5),
        ("indonesia", "IDR", 2), ("jakarta", "IDR", 1.5), ("npwp", "IDR", 2), ("thailand", "THB", 2),
        ("bangkok", "THB", 1.5), ("philippines", "PHP", 2), ("manila", "PHP", 1.5), ("vietnam", "VND", 2),
        ("viet nam", "VND", 2), ("hong kong", "HKD", 2), ("kowloon", "HKD", 1.5), ("japan", "JPY", 2),
        ("tokyo", "JPY", 1.5), ("osaka", "JPY", 1.5), ("china", "CNY", 1.5), ("beijing", "CNY", 1.5),
        ("shanghai", "CNY", 1.5), ("shenzhen", "CNY", 1.5), ("korea", "KRW", 1.5), ("seoul", "KRW", 1.5),
        ("taiwan", "TWD", 2), ("taipei", "TWD", 1.5), ("united arab emirates", "AED", 2), ("dubai", "AED", 1.5),
        ("abu dhabi", "AED", 1.5), ("saudi arabia", "SAR", 2), ("riyadh", "SAR", 1.5), ("israel", "ILS", 2),
        ("tel aviv", "ILS", 1.5), ("jerusalem", "ILS", 1), ("haifa", "ILS", 1.5), ("istanbul", "TRY", 1.5),
        ("ankara", "TRY", 1.5), ("izmir", "TRY", 1.5), ("busan", "KRW", 1.5), ("incheon", "KRW", 1.5),
        ("hanoi", "VND", 1.5), ("ha noi", "VND", 1.5), ("ho chi minh", "VND", 1.5),
        ("maroc", "MAD", 2), ("morocco", "MAD", 2), ("casablanca", "MAD", 1.5), ("rabat", "MAD", 1.5),
        ("marrakech", "MAD", 1.5), ("tanger", "MAD", 1),
        ("tunisie", "TND", 2), ("tunisia", "TND", 2), ("tunis", "TND", 1.5), ("sfax", "TND", 1.5), ("sousse", "TND", 1.5),
        ("senegal", "XOF", 2), ("dakar", "XOF", 1.5), ("cote d ivoire", "XOF", 2), ("ivory coast", "XOF", 2),
        ("abidjan", "XOF", 1.5), ("bamako", "XOF", 1.5), ("burkina faso", "XOF", 2), ("ouagadougou", "XOF", 1.5),
        ("cotonou", "XOF", 1.5), ("niamey", "XOF", 1.5), ("cameroun", "XAF", 2), ("cameroon", "XAF", 2),
        ("douala", "XAF", 1.5), ("yaounde", "XAF", 1.5), ("gabon", "XAF", 2), ("libreville", "XAF", 1.5),
        ("south africa", "ZAR", 2), ("johannesburg", "ZAR", 1.5), ("cape town", "ZAR", 1.5), ("pretoria", "ZAR", 1.5),
        ("durban", "ZAR", 1.5), ("gauteng", "ZAR", 1.5), ("sandton", "ZAR", 1.5), ("kwazulu natal", "ZAR", 1.5),
        ("western cape", "ZAR", 1.5), ("bloemfontein", "ZAR", 1.5), ("gqeberha", "ZAR", 1.5), ("debit order", "ZAR", 1),
        ("brasil", "BRL", 2), ("brazil", "BRL", 2), ("cnpj", "BRL", 2), ("argentina", "ARS", 2),
        ("buenos aires", "ARS", 1.5), ("cuit", "ARS", 1), ("chile", "CLP", 2), ("colombia", "COP", 2),
        ("bogota", "COP", 1.5), ("peru", "PEN", 1.5),
        ("afip", "ARS", 2), ("caba", "ARS", 0.75), ("santiago de chile", "CLP", 2), ("boleta electronica", "CLP", 1),
        ("medellin", "COP", 1.5), ("antioquia", "COP", 1.5), ("barranquilla", "COP", 1.5), ("cundinamarca", "COP", 1.5),
        ("cali valle", "COP", 1.5), ("dian", "COP", 0.75), ("cufe", "COP", 2), ("bancolombia", "COP", 1.5),
        ("lima", "PEN", 1), ("sunat", "PEN", 2), ("igv", "PEN", 1.5),
        ("uruguay", "UYU", 2), ("montevideo", "UYU", 1.5), ("isapre", "CLP", 2),
        // Chile's capital (Spain has a Santiago too, but pays in euros), its communes and regions
        ("santiago", "CLP", 1), ("las condes", "CLP", 1.5), ("nunoa", "CLP", 1.5), ("vitacura", "CLP", 1.5),
        ("valparaiso", "CLP", 1.5), ("vina del mar", "CLP", 1.5), ("region metropolitana", "CLP", 1.5),
    ]

    /// International dialling codes (longest first when they share digits).
    static let phonePrefixes: [(prefix: String, code: String)] = [
        ("+60", "MYR"), ("+65", "SGD"), ("+61", "AUD"), ("+64", "NZD"), ("+44", "GBP"), ("+353", "EUR"),
        ("+49", "EUR"), ("+33", "EUR"), ("+34", "EUR"), ("+39", "EUR"), ("+31", "EUR"), ("+32", "EUR"),
        ("+43", "EUR"), ("+351", "EUR"), ("+358", "EUR"), ("+41", "CHF"), ("+46", "SEK"), ("+47", "NOK"),
        ("+45", "DKK"), ("+48", "PLN"), ("+420", "CZK"), ("+36", "HUF"), ("+90", "TRY"), ("+91", "INR"),
        ("+62", "IDR"), ("+66", "THB"), ("+63", "PHP"), ("+84", "VND"), ("+852", "HKD"), ("+81", "JPY"),
        ("+86", "CNY"), ("+82", "KRW"), ("+886", "TWD"), ("+971", "AED"), ("+966", "SAR"), ("+972", "ILS"),
        ("+27", "ZAR"), ("+52", "MXN"), ("+55", "BRL"), ("+54", "ARS"), ("+56", "CLP"), ("+57", "COP"),
        ("+51", "PEN"), ("+598", "UYU"), ("+212", "MAD"), ("+216", "TND"), ("+221", "XOF"), ("+225", "XOF"),
        ("+223", "XOF"), ("+226", "XOF"), ("+229", "XOF"), ("+228", "XOF"), ("+227", "XOF"), ("+237", "XAF"),
        ("+241", "XAF"),
    ]

    /// Country-code top-level domains (second-level forms like `.com.au` end the same way).
    static let domains: [(suffix: String, code: String)] = [
        ("my", "MYR"), ("sg", "SGD"), ("au", "AUD"), ("nz", "NZD"), ("uk", "GBP"), ("ie", "EUR"), ("de", "EUR"),
        ("fr", "EUR"), ("es", "EUR"), ("it", "EUR"), ("nl", "EUR"), ("be", "EUR"), ("at", "EUR"), ("pt", "EUR"),
        ("fi", "EUR"), ("ch", "CHF"), ("se", "SEK"), ("no", "NOK"), ("dk", "DKK"), ("pl", "PLN"), ("cz", "CZK"),
        ("hu", "HUF"), ("in", "INR"), ("id", "IDR"), ("th", "THB"), ("ph", "PHP"), ("vn", "VND"), ("hk", "HKD"),
        ("jp", "JPY"), ("cn", "CNY"), ("kr", "KRW"), ("tw", "TWD"), ("ae", "AED"), ("za", "ZAR"), ("mx", "MXN"),
        ("br", "BRL"), ("ar", "ARS"), ("cl", "CLP"), ("co", "COP"), ("ca", "CAD"), ("uy", "UYU"), ("pe", "PEN"),
        ("ma", "MAD"), ("tn", "TND"), ("sn", "XOF"), ("ci", "XOF"), ("cm", "XAF"), ("il", "ILS"), ("tr", "TRY"),
    ]

    /// Currencies whose usual sign is `$` (a bare `$` may be any of them).
    static let dollarCurrencies: Set<String> = ["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "TWD", "ARS", "CLP", "COP", "BRL", "UYU"]

    private static let domainPattern = try! NSRegularExpression(pattern: #"\b[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2})\b"#)
    /// A Malaysian company number as printed after the name: "(123456-X)", "822737-T".
    private static let malaysianCompanyNumber = try! NSRegularExpression(pattern: #"(?<![\w-])\d{6,7}-[A-Z](?![\w-])"#)

    /// A street word and up to three words of the street's name after it (folded text).
    private static let streetNames = try! NSRegularExpression(
        pattern: #"\b(avenida|avda|av|calle|rua|jiron|jr|pasaje|paseo|rue|boulevard|bd)(?: [a-z]+){1,3}"#)

    private static let phonePattern = try! NSRegularExpression(pattern: #"(?:^|[^\w+])(\+\d{1,3})[\s(.-]*\d"#)

    /// The last line of a US address, "Portland, OR 97211" (a state's postal code and a ZIP code
    /// after the city and its comma: "Order ID 12345" is no address), and of a Canadian one,
    /// "Toronto ON M5V 2T6": shapes no other country prints, as telling as the country's name.
    static let postalAddresses: [(pattern: NSRegularExpression, code: String)] = [
        (try! NSRegularExpression(pattern: #"[A-Za-z][A-Za-z.]*, (?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY) \d{5}(?:-\d{4})?(?![\d,.])"#), "USD"),
        (try! NSRegularExpression(pattern: #"[A-Za-z][A-Za-z.]*,? (?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT) [A-Z]\d[A-Z] ?\d[A-Z]\d\b"#), "CAD"),
    ]

    /// Score per currency code, and the clue that weighed most for each.
    static func scores(folded: String, raw: String) -> [String: (score: Double, evidence: String)] {
        var out: [String: (score: Double, evidence: String)] = [:]
        func add(_ code: String, _ w: Double, _ evidence: String) {
            let old = out[code]
            out[code] = ((old?.score ?? 0) + w, (old == nil || w > 1) ? evidence : old!.evidence)
        }
        // Streets are named after countries and cities ("Av. Brasil 2841" in Montevideo): the words of
        // a street's name say nothing of where the document is from.
        let places = streetNames.stringByReplacingMatches(
            in: folded, range: NSRange(folded.startIndex..., in: folded), withTemplate: "$1")
        for (phrase, code, weight) in phrases where Text.contains(places, phrase: phrase) { add(code, weight, phrase) }
        let ns = raw as NSString
        var seenPrefixes: Set<String> = []
        for m in phonePattern.matches(in: raw, range: NSRange(location: 0, length: ns.length)) {
            let digits = ns.substring(with: m.range(at: 1))
            // The longest known prefix the printed digits start with ("+353" before "+35").
            if let hit = phonePrefixes.filter({ digits.hasPrefix($0.prefix) || $0.prefix.hasPrefix(digits) && digits.count == $0.prefix.count })
                .max(by: { $0.prefix.count < $1.prefix.count }), seenPrefixes.insert(hit.prefix).inserted
            {
                add(hit.code, 0.75, hit.prefix)
            }
        }
        for (pattern, code) in postalAddresses {
            if let m = pattern.firstMatch(in: raw, range: NSRange(location: 0, length: ns.length)) { add(code, 2, ns.substring(with: m.range)) }
        }
        if let m = malaysianCompanyNumber.firstMatch(in: raw, range: NSRange(location: 0, length: ns.length)) {
            add("MYR", 1, ns.substring(with: m.range))
        }
        var seenDomains: Set<String> = []
        for m in domainPattern.matches(in: raw, range: NSRange(location: 0, length: ns.length)) {
            let tld = ns.substring(with: m.range(at: 1)).lowercased()
            let whole = ns.substring(with: m.range)
            // A web or mail address, not "No.2" or an abbreviation with a dot.
            guard whole.contains("@") || whole.lowercased().hasPrefix("www.") || whole.split(separator: ".").count >= 2
                    && whole.split(separator: ".").allSatisfy({ $0.count >= 2 }),
                let hit = domains.first(where: { $0.suffix == tld }), seenDomains.insert(tld).inserted
            else { continue }
            add(hit.code, 0.75, whole)
        }
        return out
    }

    /// The clue scored highest; a tie goes to the first code alphabetically, so a document always
    /// reads the same way (a dictionary's order is random).
    static func strongest(_ clues: [String: (score: Double, evidence: String)]) -> (key: String, value: (score: Double, evidence: String))? {
        clues.max(by: { $0.value.score < $1.value.score || ($0.value.score == $1.value.score && $0.key > $1.key) })
    }

    /// The currency the clues point to most, with its score and evidence.
    static func best(folded: String, raw: String, among allowed: Set<String>? = nil) -> (code: String, score: Double, evidence: String)? {
        guard let top = strongest(scores(folded: folded, raw: raw).filter { allowed?.contains($0.key) ?? true }) else { return nil }
        return (top.key, top.value.score, top.value.evidence)
    }
}
