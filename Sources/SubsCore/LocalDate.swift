/// A calendar day without time or zone: what a charge date is. Proleptic Gregorian.
///
/// Arithmetic goes through a day number (days since 1970-01-01), using Howard Hinnant's
/// civil-from-days algorithms, so it needs no Foundation calendar and is exact and fast.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// year << 9 | month << 5 | day: four bytes (subscriptions carry half a dozen dates), ordered as the
    /// dates are, so comparing two is comparing two integers.
    private let packed: Int32

    public var year: Int { Int(packed >> 9) }
    public var month: Int { Int((packed >> 5) & 0xF) }
    public var day: Int { Int(packed & 0x1F) }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        packed = Int32(truncatingIfNeeded: year << 9 | month << 5 | day)
    }

    /// Fails for dates that do not exist (2026-02-30) or years outside 1..9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(unchecked: year, month, day)
    }

    /// Strict `YYYY-MM-DD`.
    /// Reads the UTF-8 bytes directly: loading thousands of rows parses dates by the ten thousand.
    public init?(iso text: some StringProtocol) {
        var s = String(text)
        guard let d = s.withUTF8({ LocalDate(isoBytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = d
    }

    /// `YYYY-MM-DD` from UTF-8 bytes (the store hands them over without making a String).
    public init?(isoBytes b: UnsafeRawBufferPointer) {
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
        var fields = (0, 0, 0)
        for i in 0..<10 where i != 4 && i != 7 {
            let c = b[i]
            guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { return nil }
            let v = Int(c - UInt8(ascii: "0"))
            if i < 4 { fields.0 = fields.0 * 10 + v } else if i < 7 { fields.1 = fields.1 * 10 + v } else { fields.2 = fields.2 * 10 + v }
        }
        self.init(year: fields.0, month: fields.1, day: fields.2)
    }

    public init(dayNumber z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(unchecked: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// Adds months keeping `anchorDay` where the month has it, else the month's last day:
    /// Jan 31 + 1 month = Feb 28 (29 in leap years), and with anchorDay 31, + 2 months = Mar 31.
    public func adding(months: Int, anchorDay: Int? = nil) -> LocalDate {
        let total = year * 12 + (month - 1) + months
        let y = total >= 0 ? total / 12 : (total - 11) / 12
        let m = total - y * 12 + 1
        let d = min(anchorDay ?? day, LocalDate.daysIn(month: m, year: y))
        return LocalDate(year: y, month: m, day: d)
            ?? LocalDate(year: min(max(y, 1), 9999), month: m, day: min(d, 28))!
    }

    public func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// 1 = Monday ... 7 = Sunday (ISO 8601).
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday
        return (w < 0 ? w + 7 : w) + 1
    }

    public var weekdayAbbreviation: String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][weekday - 1]
    }

    public var monthAbbreviation: String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
    }

    public var isLastDayOfMonth: Bool { day == LocalDate.daysIn(month: month, year: year) }

    public var description: String {
        guard (0...9999).contains(year) else {
            func pad(_ n: Int, _ w: Int) -> String {
                let s = String(n)
                return String(repeating: "0", count: max(0, w - s.count)) + s
            }
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        }
        // Ten ASCII bytes, no intermediate strings (long listings format dates by the hundred thousand).
        let zero = UInt8(ascii: "0")
        return String(unsafeUninitializedCapacity: 10) { b in
            b[0] = zero + UInt8(year / 1000); b[1] = zero + UInt8(year / 100 % 10)
            b[2] = zero + UInt8(year / 10 % 10); b[3] = zero + UInt8(year % 10)
            b[4] = UInt8(ascii: "-"); b[5] = zero + UInt8(month / 10); b[6] = zero + UInt8(month % 10)
            b[7] = UInt8(ascii: "-"); b[8] = zero + UInt8(day / 10); b[9] = zero + UInt8(day % 10)
            return 10
        }
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.packed < b.packed }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
