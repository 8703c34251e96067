import Foundation

/// A time of day, "HH:MM" (24 h).
public struct TimeOfDay: Hashable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    public static func parse(_ text: String) throws(SubsError) -> TimeOfDay {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            let h = Int(parts[0]), let m = Int(parts[1]), let t = TimeOfDay(hour: h, minute: m)
        else { throw .usage("time '\(text)' must be HH:MM (24-hour), like 09:00") }
        return t
    }

    public var secondOfDay: Int { hour * 3600 + minute * 60 }

    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

/// The texts that schedule `subs remind`: a systemd user service and timer, or one marked crontab line.
/// Pure: the installer writes what these return.
public enum ReminderTimer {
    public static let serviceName = "subs-remind.service"
    public static let timerName = "subs-remind.timer"
    /// Ends the crontab line subs owns; lines without it are never touched.
    public static let cronMarker = "# subs-remind (managed by 'subs schedule')"

    /// `subs remind` for one database, as a systemd service.
    public static func service(executable: String, database: String) -> String {
        """
        # Written by 'subs schedule install'; 'subs schedule uninstall' removes it.
        [Unit]
        Description=subs: reminders before subscription renewals

        [Service]
        Type=oneshot
        ExecStart=\(systemdQuote(executable)) remind --db \(systemdQuote(database))

        """
    }

    /// Daily at `time`; `Persistent=true` runs a missed day's reminders at the next boot.
    public static func timer(at time: TimeOfDay) -> String {
        """
        # Written by 'subs schedule install'; 'subs schedule uninstall' removes it.
        [Unit]
        Description=subs: reminders every day at \(time)

        [Timer]
        OnCalendar=*-*-* \(time):00
        Persistent=true
        Unit=\(serviceName)

        [Install]
        WantedBy=timers.target

        """
    }

    /// The time a timer unit written by `timer(at:)` runs at.
    public static func time(ofTimer text: String) -> TimeOfDay? {
        for line in text.split(separator: "\n") where line.hasPrefix("OnCalendar=*-*-* ") {
            let clock = line.dropFirst("OnCalendar=*-*-* ".count).split(separator: ":")
            if clock.count >= 2, let h = Int(clock[0]), let m = Int(clock[1]) { return TimeOfDay(hour: h, minute: m) }
        }
        return nil
    }

    /// One crontab line: daily at `time`, with the session bus a cron job lacks, ending with the marker.
    public static func cronLine(executable: String, database: String, at time: TimeOfDay) -> String {
        let command = "XDG_RUNTIME_DIR=/run/user/$(id -u) DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$(id -u)/bus "
            + "\(shellQuote(executable)) remind --db \(shellQuote(database))"
        // In a crontab, % ends the command unless escaped.
        return "\(time.minute) \(time.hour) * * * \(command.replacingOccurrences(of: "%", with: "\\%")) \(cronMarker)"
    }

    public static func isOurs(_ line: Substring) -> Bool { line.hasSuffix(cronMarker) }

    /// The crontab with our line in place of any previous one; every other line kept as it was.
    public static func crontab(_ existing: String, installing line: String) -> String {
        var lines = existing.split(separator: "\n", omittingEmptySubsequences: false).filter { !isOurs($0) }
        while lines.last == "" { lines.removeLast() }
        lines.append(Substring(line))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The crontab without our line.
    public static func crontab(removingOursFrom existing: String) -> String {
        var lines = existing.split(separator: "\n", omittingEmptySubsequences: false).filter { !isOurs($0) }
        while lines.last == "" { lines.removeLast() }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The time of our crontab line, if there is one.
    public static func cronTime(in crontab: String) -> TimeOfDay? {
        guard let line = crontab.split(separator: "\n").first(where: isOurs) else { return nil }
        let fields = line.split(separator: " ")
        guard fields.count > 2, let m = Int(fields[0]), let h = Int(fields[1]) else { return nil }
        return TimeOfDay(hour: h, minute: m)
    }

    /// A systemd command-line word: quoted, with `\`, `"`, `%` and `$` escaped.
    static func systemdQuote(_ s: String) -> String {
        let escaped = s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
        return "\"\(escaped)\""
    }

    /// A POSIX shell word in single quotes.
    static func shellQuote(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
