import Foundation
import SubsCore
import SubsStore

/// Installs, removes and reports the daily `subs remind` run: systemd user units in
/// `$XDG_CONFIG_HOME/systemd/user/`, or one marked line in the user's crontab (through the `crontab` program).
public struct ScheduleInstaller {
    public enum Method: String, Sendable { case systemd, cron }

    public let environment: [String: String]
    public let executable: String
    public let database: String

    public init(environment: [String: String], database: String, executable: String? = nil) {
        self.environment = environment
        self.database = database
        self.executable = executable ?? ScheduleInstaller.currentExecutable()
    }

    /// The running binary's absolute path.
    static func currentExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    public var unitFolder: String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return config + "/systemd/user"
    }

    public var servicePath: String { unitFolder + "/" + ReminderTimer.serviceName }
    public var timerPath: String { unitFolder + "/" + ReminderTimer.timerName }

    /// systemd when the machine runs it (sd_booted's test) and `systemctl` is on PATH, else cron when `crontab`
    /// is, else systemd units for later.
    public func defaultMethod() throws(SubsError) -> Method {
        let booted = FileManager.default.fileExists(atPath: "/run/systemd/system")
        if booted && which("systemctl") != nil { return .systemd }
        if which("crontab") != nil { return .cron }
        if which("systemctl") != nil { return .systemd }
        throw SubsError(.unavailable, "neither systemctl nor crontab is installed; run 'subs daemon' from your session's autostart instead")
    }

    // MARK: systemd

    /// Writes the service and timer; returns false when both were already exactly so.
    public func installSystemd(at time: TimeOfDay) throws(SubsError) -> Bool {
        do {
            try FileManager.default.createDirectory(atPath: unitFolder, withIntermediateDirectories: true)
        } catch {
            throw SubsError(.cannotWrite, "cannot create \(unitFolder): \(error.localizedDescription)")
        }
        let files = [
            (servicePath, ReminderTimer.service(executable: executable, database: database)),
            (timerPath, ReminderTimer.timer(at: time)),
        ]
        var changed = false
        for (path, text) in files where (try? String(contentsOfFile: path, encoding: .utf8)) != text {
            try AtomicFile.write(Data(text.utf8), to: path)
            changed = true
        }
        return changed
    }

    /// Removes the units; returns the paths removed.
    public func uninstallSystemd() throws(SubsError) -> [String] {
        var removed: [String] = []
        for path in [timerPath, servicePath] where FileManager.default.fileExists(atPath: path) {
            guard unlink(path) == 0 else {
                throw SubsError(.cannotWrite, "cannot remove \(path): \(String(cString: strerror(errno)))")
            }
            removed.append(path)
        }
        return removed
    }

    /// The time of the installed timer, if the units are there.
    public func systemdTime() -> TimeOfDay? {
        guard FileManager.default.fileExists(atPath: servicePath),
            let text = try? String(contentsOfFile: timerPath, encoding: .utf8)
        else { return nil }
        return ReminderTimer.time(ofTimer: text)
    }

    /// `systemctl --user is-enabled/is-active` of the timer, when systemctl can tell.
    public func systemdState() -> String? {
        guard which("systemctl") != nil else { return nil }
        let enabled = try? run("systemctl", ["--user", "is-enabled", ReminderTimer.timerName])
        let active = try? run("systemctl", ["--user", "is-active", ReminderTimer.timerName])
        guard let e = enabled?.out.trimmingCharacters(in: .whitespacesAndNewlines), !e.isEmpty,
            let a = active?.out.trimmingCharacters(in: .whitespacesAndNewlines), !a.isEmpty
        else { return nil }
        return "\(e), \(a)"
    }

    // MARK: cron

    public func readCrontab() throws(SubsError) -> String {
        let r: (status: Int32, out: String, err: String)
        do { r = try run("crontab", ["-l"]) } catch {
            throw SubsError(.unavailable, "cannot run crontab (\(error)); install cron or use --systemd")
        }
        if r.status == 0 { return r.out }
        if r.err.lowercased().contains("no crontab") { return "" }
        throw SubsError(.failure, "crontab -l failed: \(r.err.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    func writeCrontab(_ text: String) throws(SubsError) {
        let r: (status: Int32, out: String, err: String)
        do { r = try run("crontab", ["-"], stdin: text) } catch {
            throw SubsError(.unavailable, "cannot run crontab (\(error)); install cron or use --systemd")
        }
        guard r.status == 0 else {
            throw SubsError(.failure, "crontab refused the new table: \(r.err.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    /// Puts our line in the crontab (replacing an earlier one of ours); returns false when it was already there.
    public func installCron(at time: TimeOfDay) throws(SubsError) -> Bool {
        let existing = try readCrontab()
        let updated = ReminderTimer.crontab(existing, installing: ReminderTimer.cronLine(executable: executable, database: database, at: time))
        guard updated != existing else { return false }
        try writeCrontab(updated)
        return true
    }

    /// Removes our line; returns whether there was one.
    public func uninstallCron() throws(SubsError) -> Bool {
        let existing = try readCrontab()
        let updated = ReminderTimer.crontab(removingOursFrom: existing)
        guard updated != existing else { return false }
        try writeCrontab(updated)
        return true
    }

    // MARK: Running programs

    public func which(_ program: String) -> String? {
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    struct NotFound: Error, CustomStringConvertible {
        let program: String
        var description: String { "\(program) not found on PATH" }
    }

    func run(_ program: String, _ arguments: [String], stdin: String? = nil) throws -> (status: Int32, out: String, err: String) {
        guard let path = which(program) else { throw NotFound(program: program) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
