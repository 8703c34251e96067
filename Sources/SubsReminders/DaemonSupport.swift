import Foundation
import SubsCore

/// One daemon per database: an exclusive `flock` on `<database>.daemon.lock`, held for the life of the
/// process (the kernel drops it when the process dies, so a crash never leaves a stale lock).
public final class LockFile {
    public let path: String
    private let fd: Int32

    public init(path: String) throws(SubsError) {
        self.path = path
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw SubsError(.cannotWrite, "cannot open lock file \(path): \(String(cString: strerror(errno))); check the folder's permissions")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let n = pread(fd, &buffer, 31, 0)
            let pid = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : "?"
            close(fd)
            throw SubsError(.busy, "another subs daemon (pid \(pid)) is running for this database (lock \(path)); stop it first or use another --db")
        }
        let text = "\(getpid())\n"
        ftruncate(fd, 0)
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit { close(fd) }
}

nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

/// Turns signals into bytes on a pipe, so they are handled between steps of the main loop, never inside one.
public final class SignalPipe {
    public let readFD: Int32

    public init(signals: [Int32]) {
        var fds: [Int32] = [-1, -1]
        pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        signalPipeWrite = fds[1]
        // A parent may have spawned us with these blocked (Foundation's Process does): unblock them.
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for s in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                var byte = UInt8(truncatingIfNeeded: sig)
                _ = write(signalPipeWrite, &byte, 1)
            }
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(s, &action, nil)
        }
    }

    /// The signals received since the last call.
    public func drain() -> [Int32] {
        var out: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readFD, &buffer, buffer.count)
            guard n > 0 else { break }
            out += buffer[0..<n].map { Int32($0) }
        }
        return out
    }
}

/// Notices changes to the database (its file and its WAL) through inotify on the folder holding it.
public final class DatabaseWatcher {
    public let fd: Int32
    private let name: String

    /// nil when inotify is not available; the daemon then relies on its bounded re-check interval.
    public init?(databasePath: String) {
        let url = URL(fileURLWithPath: databasePath)
        name = url.lastPathComponent
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        guard inotify_add_watch(fd, url.deletingLastPathComponent().path, mask) >= 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    /// Reads pending events; true when one was about the database (not its lock file).
    public func drain() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            var offset = 0
            // struct inotify_event: int wd; uint32 mask, cookie, len; char name[len].
            while offset + 16 <= n {
                let len = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16
                    | Int(buffer[offset + 15]) << 24
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + len)].prefix { $0 != 0 }
                let file = String(decoding: nameBytes, as: UTF8.self)
                if file == name || file == name + "-wal" || file == name + "-journal" { changed = true }
                offset += 16 + len
            }
        }
        return changed
    }
}

/// The wall clock in local time. `SUBS_NOW=YYYY-MM-DDTHH:MM[:SS]` (local) starts a clock that runs from that
/// instant at real speed, so tests can watch the daemon cross a due time without waiting for it.
public struct WallClock: Sendable {
    public let offset: TimeInterval

    public init(environment: [String: String]) throws(SubsError) {
        guard let text = environment["SUBS_NOW"], !text.isEmpty else {
            offset = 0
            return
        }
        let parts = text.split(separator: "T")
        let clock = parts.count == 2 ? parts[1].split(separator: ":").compactMap { Int($0) } : []
        guard parts.count == 2, let day = LocalDate(iso: parts[0]), (2...3).contains(clock.count),
            (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), clock.count == 2 || (0..<60).contains(clock[2])
        else {
            throw SubsError.usage("SUBS_NOW '\(text)' must be a local time like 2026-01-15T08:59:58")
        }
        let start = WallClock.instant(of: day, atSecond: clock[0] * 3600 + clock[1] * 60 + (clock.count == 3 ? clock[2] : 0))
        offset = start.timeIntervalSinceNow
    }

    public func now() -> Date { Date().addingTimeInterval(offset) }

    /// The local day and the seconds since its midnight.
    public static func local(_ date: Date) -> (day: LocalDate, second: Int) {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        let day = LocalDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
        return (day, Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec))
    }

    /// The instant of a local day and time (DST resolved by the C library).
    public static func instant(of day: LocalDate, atSecond second: Int) -> Date {
        var parts = tm()
        parts.tm_year = Int32(day.year - 1900)
        parts.tm_mon = Int32(day.month - 1)
        parts.tm_mday = Int32(day.day)
        parts.tm_hour = Int32(second / 3600)
        parts.tm_min = Int32(second / 60 % 60)
        parts.tm_sec = Int32(second % 60)
        parts.tm_isdst = -1
        return Date(timeIntervalSince1970: TimeInterval(mktime(&parts)))
    }
}
