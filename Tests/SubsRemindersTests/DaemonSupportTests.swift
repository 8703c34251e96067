import Foundation
import Testing
import SubsCore
@testable import SubsReminders

@Suite struct DaemonSupportTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("subs-reminders-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    @Test func theReminderDayTurnsAtTheConfiguredTime() throws {
        setenv("TZ", "UTC", 1)
        tzset()
        let nine = try TimeOfDay.parse("09:00")
        let day = LocalDate(iso: "2026-03-29")!
        #expect(ReminderDaemon.reminderDay(at: WallClock.instant(of: day, atSecond: 8 * 3600 + 3599), time: nine) == LocalDate(iso: "2026-03-28"))
        #expect(ReminderDaemon.reminderDay(at: WallClock.instant(of: day, atSecond: 9 * 3600), time: nine) == day)
        #expect(ReminderDaemon.reminderDay(at: WallClock.instant(of: day, atSecond: 0), time: try TimeOfDay.parse("00:00")) == day)
        let (d, s) = WallClock.local(WallClock.instant(of: day, atSecond: 12 * 3600 + 34 * 60 + 56))
        #expect(d == day && s == 45296)
    }

    @Test func subsNowStartsARunningClock() throws {
        let clock = try WallClock(environment: ["SUBS_NOW": "2026-01-15T08:59:58"])
        let (day, second) = WallClock.local(clock.now())
        #expect(day == LocalDate(iso: "2026-01-15") || day == LocalDate(iso: "2026-01-16"))
        #expect(day != LocalDate(iso: "2026-01-15") || second >= 8 * 3600 + 59 * 60 + 58)
        #expect(throws: SubsError.self) { try WallClock(environment: ["SUBS_NOW": "2026-01-15 08:59"]) }
        #expect(throws: SubsError.self) { try WallClock(environment: ["SUBS_NOW": "2026-01-15T25:00"]) }
        #expect(try WallClock(environment: [:]).offset == 0)
    }

    @Test func theLockIsExclusive() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/subs.db.daemon.lock"
        var first: LockFile? = try LockFile(path: path)
        // Another open file description, as another process would have: refused, naming the holder.
        #expect {
            _ = try LockFile(path: path)
        } throws: { error in
            let e = error as? SubsError
            return e?.kind == .busy && e?.message.contains("pid \(getpid())") == true
        }
        first = nil
        _ = first
        // Released with its holder. A child process other tests are starting at that moment holds a
        // copy of the descriptor until it execs (flock belongs to the open file, which the fork
        // shares), so the release may come a moment later: wait for it, but not for long.
        var again: LockFile?
        for _ in 0..<50 where again == nil {
            again = try? LockFile(path: path)
            if again == nil { usleep(100_000) }
        }
        #expect(again?.path == path)
    }

    @Test func theWatcherSeesTheDatabaseAndItsWALButNotOtherFiles() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.path + "/subs.db"
        let watcher = try #require(DatabaseWatcher(databasePath: db))
        FileManager.default.createFile(atPath: folder.path + "/subs.db.daemon.lock", contents: Data("1".utf8))
        FileManager.default.createFile(atPath: folder.path + "/notes.txt", contents: Data("x".utf8))
        #expect(!watcher.drain())
        FileManager.default.createFile(atPath: db + "-wal", contents: Data("x".utf8))
        #expect(EventWait.wait(fds: [watcher.fd], seconds: 2) == [watcher.fd])
        #expect(watcher.drain())
    }

    @Test func theWaitEndsOnATimeoutOrAReadableDescriptor() {
        let start = Date()
        #expect(EventWait.wait(fds: [], seconds: 0.2).isEmpty)
        #expect(Date().timeIntervalSince(start) >= 0.19)
        var fds: [Int32] = [-1, -1]
        pipe(&fds)
        defer { close(fds[0]); close(fds[1]) }
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        let quick = Date()
        #expect(EventWait.wait(fds: [fds[0]], seconds: 10) == [fds[0]])
        #expect(Date().timeIntervalSince(quick) < 5)
    }

    /// Threads waiting at once each get their own descriptor back, and none runs a callback of a
    /// wait that has ended (that crashed the test runner).
    @Test func threadsWaitingAtOnceGetTheirOwnDescriptors() {
        let rounds = 300
        let mismatches = NSLock()
        nonisolated(unsafe) var wrong = 0
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<rounds {
                var fds: [Int32] = [-1, -1]
                pipe(&fds)
                var byte: UInt8 = 1
                _ = write(fds[1], &byte, 1)
                // A wait that times out beside one that is answered: the timer and the descriptor are
                // both dispatched while the other thread's sources come and go.
                _ = EventWait.wait(fds: [], seconds: 0.001)
                let ready = EventWait.wait(fds: [fds[0]], seconds: 5)
                close(fds[0])
                close(fds[1])
                if ready != [fds[0]] { mismatches.withLock { wrong += 1 } }
            }
        }
        #expect(wrong == 0)
    }

    @Test func aCommandGetsTheReminderAndItsFailureIsReported() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = Subscription(
            id: 4, uid: "u", name: "Netflix", price: Money(Decimal(string: "15.99")!, .eur), cadence: .monthly,
            anchor: LocalDate(iso: "2026-01-18")!, category: "Streaming", createdAt: "t")
        let r = ReminderPlanner(subscriptions: [s], settings: Settings()).due(today: LocalDate(iso: "2026-01-15")!, log: ReminderLog())[0]
        let out = folder.path + "/out"
        try CommandDelivery(command: "cat > '\(out)'; echo \"$SUBS_NAME $SUBS_DAYS_LEFT\" >> '\(out)'", environment: [:]).deliver(r)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.hasPrefix(#"{"kind":"charge","subscription_id":4,"#))
        #expect(text.hasSuffix("}\nNetflix 3\n"))
        #expect(throws: SubsError.self) { try CommandDelivery(command: "exit 7", environment: [:]).deliver(r) }
        // A program that hangs is stopped.
        let start = Date()
        #expect(throws: SubsError.self) { try CommandDelivery(command: "sleep 30", environment: [:], timeoutSeconds: 0.3).deliver(r) }
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
