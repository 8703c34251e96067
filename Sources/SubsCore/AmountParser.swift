import Foundation

/// Reads amounts the way people type them: `15.99`, `15,99`, `1 299,00`, `1.299,00`, `€15.99`,
/// `$1,299.00`, `15.99 EUR`, `CHF 12.90`. A symbol or code fixes the currency.
public enum AmountParser {
    public struct Parsed: Equatable, Sendable {
        public var amount: Decimal
        /// The currency the text named, if any.
        public var currency: Currency?
    }

    /// Largest amount accepted in a currency's major unit: more is a typo, not a subscription.
    public static func limit(for currency: Currency) -> Decimal {
        currency.minorUnits == 0 ? 100_000_000 : 1_000_000
    }

    /// - Parameter dollarCurrency: what a bare `$` means (the default currency when it is a dollar, else USD).
    public static func parse(_ raw: String, dollarCurrency: Currency = .usd) throws(SubsError) -> Parsed {
        var text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw .usage("the amount is empty; give it like 15.99 or '15,99 EUR'") }
        if text.hasPrefix("-") || text.hasPrefix("−") {
            throw .usage("amount '\(raw)' is negative; give what you pay, like 15.99")
        }
        var currency: Currency?

        // A three-letter code before or after the number.
        let letters = text.prefix(while: \.isLetter)
        let trailing = String(text.reversed().prefix(while: \.isLetter).reversed())
        for code in [String(letters), trailing] where code.count == 3 {
            guard let c = Currency(code: code) else {
                throw .usage("unknown currency '\(code.uppercased())' in '\(raw)'; use an ISO 4217 code like EUR, USD, GBP")
            }
            currency = c
            text = code == String(letters)
                ? String(text.dropFirst(3)) : String(text.dropLast(3))
            text = text.trimmingCharacters(in: .whitespaces)
            break
        }
        // A symbol before or after the number.
        if currency == nil {
            for (symbol, code) in Currency.symbols {
                if text.hasPrefix(symbol) {
                    text = String(text.dropFirst(symbol.count))
                } else if text.hasSuffix(symbol) {
                    text = String(text.dropLast(symbol.count))
                } else {
                    continue
                }
                currency = symbol == "$" ? dollarCurrency : Currency(code: code)
                text = text.trimmingCharacters(in: .whitespaces)
                break
            }
        }
        let scale = currency?.minorUnits ?? 2
        guard let amount = parseNumber(text, maxFractionDigits: max(scale, 2), minorUnits: currency?.minorUnits) else {
            if text.contains(where: \.isLetter) {
                throw .usage("cannot read amount '\(raw)'; give a number with an optional ISO code, like '15.99 EUR'")
            }
            throw .usage("amount '\(raw)' is ambiguous or malformed; write it like 1299.00 or 1299,00 (the last separator is the decimal point)")
        }
        if amount != Money.round(amount, scale: scale) {
            throw .usage("amount '\(raw)' has more decimals than \(currency?.code ?? "the currency") allows (\(scale))")
        }
        let c = currency ?? .usd
        if amount > limit(for: c) {
            throw .usage("amount '\(raw)' is too large to be a subscription; check the decimal separator")
        }
        return Parsed(amount: amount, currency: currency)
    }

    /// The number alone: decides which of `.` `,` is the decimal separator. Group separators are
    /// `,` `.` space, no-break space, thin space and `'`. Returns nil when malformed or ambiguous
    /// ("1,299" could be 1299 or 1.299).
    /// - Parameter minorUnits: when the currency is known to have no minor units (JPY), "1,480" is 1480.
    public static func parseNumber(_ text: String, maxFractionDigits: Int = 2, minorUnits: Int? = nil) -> Decimal? {
        let groupSpaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "\u{2009}", "'", "’"]
        let chars = Array(text)
        guard let first = chars.first, first.isNumber || first == "." || first == "," else { return nil }
        guard chars.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," || groupSpaces.contains($0) })
        else { return nil }
        let seps = chars.enumerated().filter { $0.element == "." || $0.element == "," }
        var decimalIndex: Int?
        if let last = seps.last {
            let digitsAfter = chars.count - last.offset - 1
            let sameKind = seps.allSatisfy { $0.element == last.element }
            if seps.count > 1 && sameKind {
                decimalIndex = nil  // 1,299,000 or 1.299.000: all groups
            } else if seps.count > 1 {
                decimalIndex = last.offset  // 1.299,00 / 1,299.00
            } else if digitsAfter == 3 && minorUnits == 0 {
                decimalIndex = nil  // ¥1,480: no minor units, so a group separator
            } else if digitsAfter == 3 && minorUnits == 3 {
                decimalIndex = last.offset  // 80,730 DT: the dinar's three decimals
            } else if digitsAfter == 3 && !chars[..<last.offset].contains(where: groupSpaces.contains) {
                return nil  // 1,299 or 1.299: thousands or three decimals? Ask.
            } else {
                decimalIndex = last.offset
            }
        }
        var intPart = ""
        var fracPart = ""
        var groups: [Int] = [0]
        for (i, c) in chars.enumerated() {
            if let d = decimalIndex, i > d {
                guard c.isNumber else { return nil }
                fracPart.append(c)
            } else if i == decimalIndex {
                continue
            } else if c.isNumber {
                intPart.append(c)
                groups[groups.count - 1] += 1
            } else {
                groups.append(0)
            }
        }
        // Groups after the first must be exactly three digits: "1 2,5" is not a number. Or India's lakh
        // grouping: twos, then the last three ("1,27,440.00").
        let thousands = !groups.dropFirst().contains { $0 != 3 } && (1...3).contains(groups[0])
        let lakhs = groups.count > 2 && groups.last == 3 && !groups.dropFirst().dropLast().contains { $0 != 2 } && (1...2).contains(groups[0])
        if groups.count > 1 && !thousands && !lakhs {
            return nil
        }
        guard !intPart.isEmpty || !fracPart.isEmpty, fracPart.count <= maxFractionDigits else { return nil }
        return Decimal(exactly: (intPart.isEmpty ? "0" : intPart) + (fracPart.isEmpty ? "" : "." + fracPart))
    }
}
