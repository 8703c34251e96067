import Foundation
import SubsCore

/// A money amount printed in the text, with what is written around it.
struct MoneyMention {
    var value: Decimal
    /// The symbol or code printed with it ("€", "EUR", "$", "RM"), if any.
    var marker: String?
    /// The currency the marker names; `$` is resolved later with the document's clues.
    var currency: Currency?
    var line: Int
    /// Character offsets of the whole mention in the line text.
    var start: Int
    var end: Int
    var fractionDigits: Int
    var raw: String
    /// Printed below zero ("-5,00", "(5.00)").
    var negative = false
    /// The value with its printed sign.
    var signedValue: Decimal { negative ? -value : value }
}

/// Finds amounts like `15,99 €`, `€15.99`, `$1,299.00`, `1.299,00 EUR`, `CHF 12.90`, `£7.99`,
/// `¥1,480`, `RM 9.00` and rejects numbers that only look like money (IBANs, phone numbers,
/// invoice numbers, percentages, quantities).
enum AmountFinder {
    static let codes: Set<String> = [
        "EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "MYR", "SGD",
        "HKD", "INR", "BRL", "MXN", "ZAR", "CNY", "KRW", "TRY", "RUB", "ILS", "AED", "THB", "IDR", "PHP", "TWD", "RON",
        "BGN", "ISK", "ARS", "CLP", "COP", "PEN", "MAD", "TND", "XOF", "XAF",
    ]

    /// ISO codes that are also words or ratings in receipts.
    static let wordLikeCodes: Set<String> = ["RON", "TRY", "PEN", "COP", "MAD"]

    private static let symbolAlternation: String = {
        let symbols = Currency.symbols.map(\.symbol).sorted { $0.count > $1.count }
        return symbols.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
    }()

    private static let pattern: NSRegularExpression = {
        // South Africa's rand sign is a bare "R" ("R269.96", "R 1 148.00"). Ending a word it is
        // a letter, and the number after it is read on its own ("SR 13.90": a tax code).
        // Peru's sol ("S/ 49.90", "S/.49.90") is a sign only before a number ("S/B" is a Malaysian
        // legal form); Morocco's dirham ("515,00 DH", "Dhs 99.00"), Tunisia's dinar ("80,730 DT"),
        // West Africa's franc ("20 000 FCFA"), Hungary's forint ("4 990 Ft") and the Czech crown as
        // OCR reads its "Kč" ("349 Kc") only as words of their own.
        let marker = "(?:\(symbolAlternation)|\(codes.sorted().joined(separator: "|"))|kr|(?<![\\p{L}\\p{N}])R(?=\\s?\\d)"
            + "|(?<![\\p{L}\\p{N}])S/\\.?(?=\\s?\\d)|(?<![\\p{L}\\p{N}])(?:\(wordSignAlternation))(?![\\p{L}\\p{N}]))"
        // First: "200. 00" at the end of a line (or before a sign ending it, "13, 60€"), a till amount
        // whose decimal point OCR spaced out. Then India's lakh grouping ("1,27,440.00"), then
        // thousands groups.
        let number = #"\d+[.,] \d{2}(?=\s?(?:"# + symbolAlternation + #"|[A-Z]{3})?\s*$)|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?|\d{1,3}(?:[.,\u00A0\u202F'’ ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"#
        // A number has one marker: before it, or else after it ("€19.99 €14.99" is two amounts). A
        // sign glued to the next number is that number's ("2025 £318.45": a date's year, then a price).
        // The sol's sign is only ever written before its number.
        // After a sign, a till amount whose decimal point OCR read as a space at the end of the line
        // ("RM 64 13"); without a sign such a pair is as likely a phone number's or a code's end.
        let spacedCents = #"\d{1,4} \d{2}(?=\s*$)"#
        let p = "(?:(?<pre>\(marker))\\s?(?<num>\(spacedCents)|\(number))|(?<num2>\(number))(?:\\s?(?!S/)(?<suf>\(marker))(?!\\d))?)"
        return try! NSRegularExpression(pattern: p)
    }()

    /// OCR reads the yen sign as "Y": a capital Y glued to an amount written in thousands groups
    /// ("Y8,730") is that sign. Both are one UTF-16 unit, so offsets into the line stay right.
    private static let yenReadAsY = try! NSRegularExpression(
        pattern: #"(?<![\p{L}\p{N}])Y(?=\d{1,3}(?:,\d{3})+(?:\.\d{2})?(?![\d.,]))"#)

    static func find(in printed: String, line: Int, language: String?, keepingNegatives: Bool = false) -> [MoneyMention] {
        let text = Text.correcting(printed, yenReadAsY, with: "¥", hint: "Y")
        let ns = text as NSString
        var out: [MoneyMention] = []
        // Where the last mention ended: a code it took ("83,80 $ CAD") is not the next one's marker.
        var lastEnd = 0
        for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let numRange = m.range(withName: "num").location != NSNotFound ? m.range(withName: "num") : m.range(withName: "num2")
            var num = ns.substring(with: numRange)
            let preRange = m.range(withName: "pre"), sufRange = m.range(withName: "suf")
            var pre = preRange.location != NSNotFound ? ns.substring(with: preRange) : nil
            var suf = sufRange.location != NSNotFound ? ns.substring(with: sufRange) : nil
            if let p = pre, !isMarker(p) || preRange.location < lastEnd { pre = nil }
            if let s = suf, !isMarker(s) { suf = nil }
            // The characters around the number must not continue it (IBAN, ids, dates, times).
            let before = numRange.location > 0 ? ns.substring(with: NSRange(location: numRange.location - 1, length: 1)) : ""
            let afterIndex = numRange.location + numRange.length
            let after = afterIndex < ns.length ? ns.substring(with: NSRange(location: afterIndex, length: 1)) : ""
            let after2 = afterIndex + 1 < ns.length ? ns.substring(with: NSRange(location: afterIndex + 1, length: 1)) : ""
            // "-5,00", "(5.00)", "-€5.00": below zero, a discount or a payment received as a rule; kept
            // (marked) only when asked.
            var negative = false
            if let c = before.first, c == "-" || c == "−" || c == "(" {
                guard keepingNegatives else { continue }
                negative = true
            } else if pre == nil, let c = before.first, c.isLetter || c.isNumber || "/#.,".contains(c) {
                continue
            }
            if pre != nil, preRange.location > 0 {
                let c = ns.substring(with: NSRange(location: preRange.location - 1, length: 1)).first!
                if c == "-" || c == "−" || c == "(" {
                    guard keepingNegatives else { continue }
                    negative = true
                }
                if c.isLetter && pre!.first!.isLetter { continue }  // "XEUR" is a word, not a code
            }
            if suf == nil, let c = after.first {
                if c.isLetter || c.isNumber || c == "%" || c == "/" && after2.first?.isNumber == true { continue }
                if (c == "." || c == ",") && after2.first?.isNumber == true { continue }
                if c == ":" && after2.first?.isNumber == true { continue }  // a time
            }
            if suf != nil, sufRange.location + sufRange.length < ns.length {
                let c = ns.substring(with: NSRange(location: sufRange.location + sufRange.length, length: 1)).first!
                if c.isLetter && suf!.last!.isLetter { suf = nil }  // "12 EURO..." / "10 USDT"
            }
            if after.first == "%" { continue }
            let markerText = pre ?? suf
            var currency: Currency?
            if let mk = markerText {
                if let c = Currency(code: mk), codes.contains(mk) {
                    currency = c
                } else if let code = Currency.symbols.first(where: { $0.symbol == mk })?.code, mk != "$" {
                    currency = Currency(code: code)
                } else if mk == randSign {
                    currency = Currency(code: "ZAR")
                } else if mk.hasPrefix(solSign) {
                    currency = Currency(code: "PEN")
                } else if let code = wordSigns[mk] {
                    currency = Currency(code: code)
                }
            }
            // "$ 897.000 COP", "$119.00 MXN", "83,80 $ CAD": the code after a dollar sign and its
            // number says which dollar.
            var endOfCodeAfterDollar: Int?
            if pre == "$" && suf == nil || pre == nil && suf == "$" {
                let markedEnd = suf != nil ? sufRange.location + sufRange.length : numRange.location + numRange.length
                let rest = ns.substring(from: markedEnd)
                if let r = rest.range(of: #"^\s?[A-Z]{3}(?![\p{L}\p{N}])"#, options: .regularExpression),
                    case let code = rest[r].trimmingCharacters(in: .whitespaces), codes.contains(code), let c = Currency(code: code)
                {
                    currency = c
                    endOfCodeAfterDollar = markedEnd + (rest[r] as Substring).utf16.count
                }
            }
            num = num.replacingOccurrences(of: "’", with: "'")
            num = num.replacingOccurrences(of: #"([.,]) (\d{2})$"#, with: "$1$2", options: .regularExpression)
            if pre != nil { num = num.replacingOccurrences(of: #"^(\d{1,4}) (\d{2})$"#, with: "$1.$2", options: .regularExpression) }
            guard let (value, frac) = parse(num, currency: currency, language: language) else { continue }
            // The yen has no cents: a yen sign at a price written with cents ("1.00 ¥ 15.90", a
            // quantity's "x" misread) says nothing of the currency, which the document's other clues
            // decide. (A code is not misread so: "JPY 1,480.00" stays yen.)
            if currency?.minorUnits == 0, let mk = markerText, !codes.contains(mk), frac > 0 {
                currency = nil
            }
            // Codes that are also words or ratings ("RON 95" petrol, "PEN", "TRY") count only before
            // or after a price written with cents.
            if let mk = markerText, wordLikeCodes.contains(mk) || mk == randSign || dirhamSigns.contains(mk), frac != 2 { continue }
            // The dinar's "DT" counts beside a price in millimes, the franc's "FCFA" beside whole francs.
            if markerText == dinarSign && frac != 3 || markerText.map(cfaFrancSigns.contains) == true && frac != 0 { continue }
            // Without a currency sign, only prices written with cents count as money.
            if markerText == nil && frac != 2 { continue }
            if markerText == nil && value >= 100_000 { continue }
            let start = (pre != nil ? preRange.location : numRange.location)
            let endLoc = endOfCodeAfterDollar ?? (suf != nil ? sufRange.location + sufRange.length : numRange.location + numRange.length)
            lastEnd = endLoc
            out.append(MoneyMention(
                value: value, marker: markerText, currency: currency, line: line,
                start: start, end: endLoc, fractionDigits: frac,
                raw: ns.substring(with: NSRange(location: start, length: endLoc - start)), negative: negative))
        }
        return out
    }

    /// A minus sign before an amount, or before its currency sign or code ("-4,72 $", "-£0.67",
    /// "-AUD 250.49").
    private static let minusBeforeAmount = try! NSRegularExpression(pattern: #"[-−](?=\s?(?:(?:\p{Sc}|[A-Z]{3})\s?)?\d)"#)

    /// The amount below zero that ends a line ("Montant à payer -4,72 $ CA", "Total paid -£0.67") and
    /// the text before its minus sign. `find` leaves such amounts out (discounts, payments received);
    /// on a total's line one is a credit.
    static func credit(in printed: String, line: Int, language: String?) -> (label: String, mention: MoneyMention)? {
        let ns = printed as NSString
        guard let minus = minusBeforeAmount.matches(in: printed, range: NSRange(location: 0, length: ns.length)).last?.range else { return nil }
        // The sign taken off, one unit for another: offsets stay right.
        let unsigned = ns.replacingCharacters(in: minus, with: " ")
        guard var mention = find(in: unsigned, line: line, language: language).last,
            (minus.location + 1...minus.location + 2).contains(mention.start)
        else { return nil }
        mention.value = -mention.value
        return (ns.substring(to: minus.location), mention)
    }

    /// The rand's sign, a letter alone: it counts only before a price written with cents.
    static let randSign = "R"

    /// Peru's sol, "S/" or "S/.".
    static let solSign = "S/"
    /// Morocco's dirham as its prices write it (the United Arab Emirates' is told by country clues).
    static let dirhamSigns: Set<String> = ["DH", "Dhs", "DHS"]

    /// Tunisia's dinar, written with three decimals (millimes).
    static let dinarSign = "DT"
    /// The CFA franc, West Africa's (XOF) unless Central Africa's clues say XAF.
    static let cfaFrancSigns: Set<String> = ["FCFA", "F CFA"]
    /// Signs that are words, each a sign only as a word of its own: these, Hungary's forint after its
    /// number ("4 990 Ft", "12 490,00 Ft") and the Czech crown's "Kč" as OCR models without the háček
    /// read it ("Kc", "Ké").
    static let wordSigns: [String: String] = {
        var signs = ["Ft": "HUF", "Kc": "CZK", "Ké": "CZK", dinarSign: "TND"]
        for s in dirhamSigns { signs[s] = "MAD" }
        for s in cfaFrancSigns { signs[s] = "XOF" }
        return signs
    }()
    private static let wordSignAlternation = wordSigns.keys.sorted { $0.count > $1.count || $0.count == $1.count && $0 < $1 }
        .joined(separator: "|")

    static func isMarker(_ s: String) -> Bool {
        if codes.contains(s) || s == "kr" || s == randSign || s.hasPrefix(solSign) || wordSigns[s] != nil {
            return true
        }
        return Currency.symbols.contains { $0.symbol == s }
    }

    /// Decides the decimal separator. A single separator followed by exactly three digits is a
    /// thousands separator in money ("¥1,480", "1.299 €"), since cents have two digits.
    static func parse(_ raw: String, currency: Currency?, language: String?) -> (Decimal, Int)? {
        let seps = raw.filter { $0 == "." || $0 == "," }
        if let last = raw.lastIndex(where: { $0 == "." || $0 == "," }) {
            let digitsAfter = raw.distance(from: raw.index(after: last), to: raw.endIndex)
            // A currency of three decimals (the dinar) writes them always: "80,730 DT", "1 250,000 DT".
            if seps.count == 1 && digitsAfter == 3 && currency?.minorUnits == 3 {
                return AmountParser.parseNumber(raw, maxFractionDigits: 3, minorUnits: 3).map { ($0, 3) }
            }
            if seps.count == 1 && digitsAfter == 3 {
                let digits = raw.filter(\.isNumber)
                return Decimal(string: digits).map { ($0, 0) }
            }
            if seps.count >= 1 && digitsAfter <= 2 {
                if let v = AmountParser.parseNumber(raw, maxFractionDigits: 2) { return (v, digitsAfter) }
                return nil
            }
        }
        guard let v = AmountParser.parseNumber(raw, maxFractionDigits: 2) else { return nil }
        return (v, 0)
    }
}
