import Foundation
import Testing
import TestSupport

/// `subs daemon` as a real process in a temporary HOME, with a clock started by SUBS_NOW.
@Suite(.serialized) struct DaemonTests {
    /// A running daemon; stderr goes to a file the test reads.
    final class Running {
        let process = Process()
        let log: URL

        init(_ subs: SubsRunner, _ arguments: [String], environment extra: [String: String]) throws {
            log = subs.home.appendingPathComponent("daemon-\(UUID().uuidString).log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = SubsRunner.binary
            process.arguments = ["daemon"] + arguments
            var env = subs.environment.merging(extra) { $1 }
            env.removeValue(forKey: "SUBS_TODAY")
            process.environment = env
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        var stderr: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// Polls until `condition` holds or `seconds` pass.
        func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if condition() { return true }
                usleep(20_000)
            }
            return condition()
        }

        func stop(_ signal: Int32 = SIGTERM) -> Int32? {
            kill(process.processIdentifier, signal)
            guard wait(5, until: { !process.isRunning }) else {
                kill(process.processIdentifier, SIGKILL)
                return nil
            }
            return process.terminationStatus
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    }

    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func firesOnTimeRefusesASecondInstanceAndStopsOnSIGTERM() throws {
        let subs = try SubsRunner(today: "2026-01-15")
        // Missed while off (due 9 Jan): caught up at start. Due today at 09:00: sent when the clock gets there.
        try subs.run(["add", "Spotify", "--amount", "9.99", "--currency", "EUR", "--next", "2026-01-16", "--remind", "7"])
        try subs.run(["add", "Netflix", "--amount", "15.99", "--currency", "EUR", "--next", "2026-01-18"])
        let sent = subs.home.appendingPathComponent("sent.txt").path
        let started = Date()
        let daemon = try Running(
            subs, ["--command", "echo \"$SUBS_SUMMARY\" >> '\(sent)'", "--at", "09:00"],
            environment: ["SUBS_NOW": "2026-01-15T08:59:55"])

        #expect(daemon.wait(5) { Self.lines(sent).count >= 1 })
        #expect(Self.lines(sent) == ["Spotify renews in 2 days"])  // counted from the 14th: before 09:00

        // A second daemon for the same database refuses to start.
        let second = try subs.run(["daemon", "--via", "stdout"], extraEnvironment: ["SUBS_NOW": "2026-01-15T08:59:57"])
        #expect(second.status == 75)
        #expect(second.stderr.contains("another subs daemon (pid \(daemon.process.processIdentifier)) is running for this database"))

        // 09:00 comes (5 s after the start): Netflix's reminder goes out, without waiting for the 60 s re-check.
        #expect(daemon.wait(10) { Self.lines(sent).count >= 2 })
        #expect(Date().timeIntervalSince(started) > 4.8)  // not early
        #expect(Self.lines(sent) == ["Spotify renews in 2 days", "Netflix renews in 3 days"])

        // A change to the data wakes it at once.
        try subs.run(["add", "Disney", "--amount", "5", "--currency", "EUR", "--next", "2026-01-16", "--remind", "1"])
        #expect(daemon.wait(4) { Self.lines(sent).count >= 3 })
        #expect(Self.lines(sent).last == "Disney renews tomorrow")

        // SIGHUP reloads and keeps running.
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(daemon.wait(4) { daemon.stderr.contains("subs daemon: reloaded (SIGHUP)") })
        #expect(daemon.process.isRunning)

        #expect(daemon.stop() == 0)
        let log = daemon.stderr.split(separator: "\n").map(String.init)
        #expect(log.first?.hasPrefix("subs daemon: started (pid \(daemon.process.processIdentifier))") == true)
        #expect(log.contains("subs daemon: sent: Netflix renews in 3 days (charge 2026-01-18)"))
        #expect(log.last == "subs daemon: stopped")
        #expect(Self.lines(sent).count == 3)  // nothing twice

        // Restarted later the same day: nothing again.
        let again = try Running(
            subs, ["--command", "echo \"$SUBS_SUMMARY\" >> '\(sent)'"], environment: ["SUBS_NOW": "2026-01-15T12:00:00"])
        #expect(again.wait(5) { again.stderr.contains("started") })
        usleep(500_000)
        #expect(again.stop(SIGINT) == 0)
        #expect(Self.lines(sent).count == 3)
    }

    @Test func answersSnoozeFromTheNotification() throws {
        let subs = try SubsRunner(today: "2026-01-15")
        try subs.run(["add", "Netflix", "--amount", "15.99", "--currency", "EUR", "--next", "2026-01-18"])
        let session = try NotificationSession(in: subs.home)
        // dunst shows the actions in its context menu through `dmenu`: this one picks "Snooze 1 day".
        let pick = session.folder.appendingPathComponent("pick").path
        try "#!/bin/sh\ngrep -m1 Snooze\n".write(toFile: pick, atomically: true, encoding: .utf8)
        chmod(pick, 0o755)
        let script = """
            SUBS_NOW=2026-01-15T09:00:00 SUBS_TODAY= "$SUBS" daemon 2>"$HOME/daemon.log" & pid=$!
            for i in $(seq 100); do grep -q 'sent:' "$HOME/daemon.log" && break; sleep 0.05; done
            dunstctl action 0
            for i in $(seq 100); do grep -q 'snoozed' "$HOME/daemon.log" && break; sleep 0.05; done
            kill -TERM $pid; wait $pid
            """
        let r = try session.run(script, environment: subs.environment, dunstrc: "[global]\n    dmenu = \(pick)\n")
        #expect(r.status == 0, "\(r.stderr)")
        let log = try String(contentsOfFile: subs.home.path + "/daemon.log", encoding: .utf8)
        #expect(log.contains("(actions)"))
        #expect(log.contains("subs daemon: snoozed until 2026-01-16: Netflix, the charge on Sun 18 Jan"), "\(log)")
        let calls = try session.calls()
        #expect(calls.first?.actions == ["snooze", "Snooze 1 day", "done", "Done"])
        // Snoozed: nothing on the 15th, back on the 16th.
        #expect(try subs.run(["remind", "--dry-run"]).stdout.isEmpty)
        #expect(try subs.run(["remind", "--dry-run", "--as-of", "2026-01-16"]).stdout.hasPrefix("Netflix renews in 2 days"))
    }

    @Test func withoutANotificationServerItWaitsAndRecordsNothing() throws {
        let subs = try SubsRunner(today: "2026-01-15")
        try subs.run(["add", "Netflix", "--amount", "15.99", "--currency", "EUR", "--next", "2026-01-18"])
        let daemon = try Running(
            subs, ["--interval", "0.2"],
            environment: ["SUBS_NOW": "2026-01-15T10:00:00", "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(subs.home.path)/no-bus"])
        #expect(daemon.wait(5) { daemon.stderr.contains("not delivered") })
        usleep(1_000_000)  // five more re-checks
        #expect(daemon.stop() == 0)
        let log = daemon.stderr
        #expect(log.components(separatedBy: "no D-Bus session bus").count == 2, "\(log)")  // said once
        #expect(log.components(separatedBy: "1 reminder(s) not delivered").count == 2, "\(log)")
        #expect(try subs.run(["remind", "--dry-run"]).stdout.hasPrefix("Netflix renews in 3 days"))
    }
}
