import Foundation

/// A moment as RFC 3339 text in UTC ("2026-11-27T02:25:33Z"), the form the store and the logs keep.
/// Formatted by arithmetic: a formatter object loads the system's time-zone data, which cost every
/// command several milliseconds.
public enum Timestamp {
    public static func utc(_ date: Date) -> String {
        utc(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)))
    }

    public static func utc(secondsSince1970 seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(LocalDate(dayNumber: days))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }
}
