import Foundation
import Testing
import TestSupport

/// `subs remind` against a real notification server (dunst on a private session bus), stdout and a command.
@Suite(.serialized) struct RemindTests {
    /// Netflix in 3 days, a trial ending in 2, Spotify tomorrow (its own lead times), one far away.
    static func fixture() throws -> SubsRunner {
        let subs = try SubsRunner(today: "2026-01-15")
        for args in [
            ["add", "Netflix", "--amount", "15.99", "--currency", "EUR", "--next", "2026-01-18", "--category", "Streaming"],
            ["add", "Gym", "--amount", "39.90", "--currency", "EUR", "--trial-until", "2026-01-17", "--category", "Fitness"],
            ["add", "Spotify", "--amount", "10.99", "--currency", "EUR", "--next", "2026-01-16", "--remind", "7,1"],
            ["add", "Far", "--amount", "5", "--currency", "EUR", "--next", "2026-03-01"],
        ] {
            let r = try subs.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
        return subs
    }

    @Test func sendsOneNotificationPerReminderThenNoneAgain() throws {
        let subs = try Self.fixture()
        let session = try NotificationSession(in: subs.home)
        let r = try session.run(#""$SUBS" remind && "$SUBS" remind && "$SUBS" remind --dry-run --json"#, environment: subs.environment)
        #expect(r.status == 0, "\(r.stderr)")
        let calls = try session.calls()
        #expect(calls.map(\.summary) == ["Spotify renews tomorrow", "Gym trial ends in 2 days", "Netflix renews in 3 days"])
        #expect(calls.map(\.body) == [
            "10.99 EUR on Fri 16 Jan", "Then 39.90 EUR on Sat 17 Jan unless cancelled · Fitness",
            "15.99 EUR on Sun 18 Jan · Streaming",
        ])
        #expect(calls.map(\.urgency) == [2, 2, 1])  // tomorrow and a trial: critical
        #expect(calls.map(\.timeout) == [0, 0, 15000])  // critical ones stay until dismissed
        #expect(calls.allSatisfy { $0.appName == "subs" && $0.icon == "appointment-soon" && $0.actions.isEmpty })
        // dunst received and kept them.
        let history = try session.history()
        #expect(Set(history.map(\.summary)) == Set(calls.map(\.summary)))
        #expect(history.allSatisfy { $0.appName == "subs" })
        // The second run sent nothing and the dry run finds nothing due.
        #expect(r.stderr.contains("Sent 3 reminders."))
        #expect(r.stderr.contains("No reminders due on 2026-01-15."))
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test func moreThanFiveBecomeOneSummaryNotification() throws {
        let subs = try SubsRunner(today: "2026-01-15")
        for i in 1...6 {
            try subs.run(["add", "Service \(i)", "--amount", "\(i).00", "--currency", "EUR", "--next", "2026-01-1\(6 + i % 3)"])
        }
        let session = try NotificationSession(in: subs.home)
        let r = try session.run(#""$SUBS" remind"#, environment: subs.environment)
        #expect(r.status == 0, "\(r.stderr)")
        let calls = try session.calls()
        #expect(calls.count == 1)
        #expect(calls.first?.summary == "6 subscription reminders")
        #expect(calls.first?.urgency == 2)
        #expect(calls.first?.body.split(separator: "\n").first == "Service 3 renews tomorrow (3.00 EUR)")
        #expect(calls.first?.body.split(separator: "\n").count == 6)
        #expect(r.stderr.contains("Sent 6 reminders in 1 notification."))
    }

    @Test func withoutASessionBusTheRemindersGoToStdoutAndStayDue() throws {
        let subs = try Self.fixture()
        var env = subs.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(subs.home.path)/no-such-bus"
        let r = try subs.run(["remind"], extraEnvironment: env)
        #expect(r.status == 69)
        let errLines = r.stderr.split(separator: "\n")
        #expect(errLines.count == 1)
        #expect(errLines.first?.hasPrefix("subs: no D-Bus session bus") == true, "\(r.stderr)")
        #expect(r.stderr.contains("not marked as sent"))
        #expect(r.stdout.split(separator: "\n") == [
            "Spotify renews tomorrow: 10.99 EUR on Fri 16 Jan",
            "Gym trial ends in 2 days: Then 39.90 EUR on Sat 17 Jan unless cancelled · Fitness",
            "Netflix renews in 3 days: 15.99 EUR on Sun 18 Jan · Streaming",
        ])
        // Not recorded: still due.
        let again = try subs.run(["remind", "--dry-run"])
        #expect(again.stdout.split(separator: "\n").count == 3)
    }

    @Test func aBusWithoutANotificationServerIsSaidSo() throws {
        let subs = try Self.fixture()
        var env = subs.environment
        env["SUBS"] = SubsRunner.binary.path
        let r = try SubsRunner.run(
            executable: URL(fileURLWithPath: NotificationSession.scripts + "/with-clean-signals"),
            ["timeout", "30", "dbus-run-session", "--", "/bin/sh", "-c", #""$SUBS" remind"#],
            environment: env)
        #expect(r.status == 69)
        #expect(r.stderr.contains("subs: no notification server on the session bus; start one"), "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 3)
    }

    @Test func stdoutAndJSONAndDryRun() throws {
        let subs = try Self.fixture()
        let dry = try subs.run(["remind", "--dry-run", "--json"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains(#""summary": "Spotify renews tomorrow""#))
        #expect(dry.stdout.contains(#""lead_days": [7, 1]"#))
        #expect(dry.stdout.contains(#""delivered": false"#))
        let sent = try subs.run(["remind", "--via", "stdout", "--json"])
        #expect(sent.status == 0)
        #expect(sent.stdout.components(separatedBy: #""delivered": true"#).count == 4)
        #expect(try subs.run(["remind", "--via", "stdout"]).stdout.isEmpty)
        // Two days later: Spotify's charge day passed, Netflix's 3-day reminder was sent; nothing new.
        #expect(try subs.run(["remind", "--via", "stdout", "--as-of", "2026-01-17"]).stdout.isEmpty)
    }

    @Test func aBudgetOverItsLimitIsRemindedOncePerPeriodAndLevel() throws {
        let subs = try SubsRunner(today: "2026-01-10")
        try subs.run(["config", "set", "currency", "EUR"])
        try subs.run(["add", "Gym", "--amount", "45", "--next", "2026-01-25", "--remind", "none"])
        try subs.run(["budget", "set", "50", "--threshold", "80"])
        let approaching = try subs.run(["remind", "--via", "stdout"])
        #expect(approaching.status == 0, "\(approaching.stderr)")
        #expect(approaching.stdout.contains("Budget at 90%"), "\(approaching.stdout)")
        #expect(try subs.run(["remind", "--via", "stdout"]).stdout.isEmpty)
        // A second subscription takes the month over the limit: the next level is reminded, once.
        try subs.run(["add", "Cloud", "--amount", "10", "--next", "2026-01-28", "--remind", "none"])
        let exceeded = try subs.run(["remind", "--via", "stdout", "--json"])
        #expect(exceeded.stdout.contains(#""summary": "Budget exceeded: 110%""#), "\(exceeded.stdout)")
        #expect(exceeded.stdout.contains(#""urgency": "critical""#))
        #expect(try subs.run(["remind", "--via", "stdout"]).stdout.isEmpty)
    }

    @Test func aCommandGetsJSONOnStdinAndVariables() throws {
        let subs = try Self.fixture()
        let out = subs.home.appendingPathComponent("hook.txt").path
        let cmd = "{ cat; echo \"$SUBS_NAME|$SUBS_DATE|$SUBS_DAYS_LEFT|$SUBS_AMOUNT $SUBS_CURRENCY|$SUBS_URGENCY|$SUBS_SUMMARY\"; } >> '\(out)'"
        let r = try subs.run(["remind", "--command", cmd])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[1] == "Spotify|2026-01-16|1|10.99 EUR|critical|Spotify renews tomorrow")
        #expect(lines[0].hasPrefix(#"{"kind":"charge","subscription_id":3,"subject":null,"name":"Spotify","date":"2026-01-16""#))
        #expect(lines[2].hasPrefix(#"{"kind":"trial""#))
        // A failing command: not recorded, non-zero status, the reason on stderr.
        try subs.run(["add", "Later", "--amount", "1", "--next", "2026-01-17"])
        let failing = try subs.run(["remind", "--command", "exit 3"])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("failed (status 3) for 'Later renews in 2 days'; the reminder stays due"))
        #expect(try subs.run(["remind", "--dry-run"]).stdout.contains("Later renews in 2 days"))
        #expect(try subs.run(["remind", "--via", "stdout"]).status == 0)
        // --via command needs a command.
        #expect(try subs.run(["remind", "--via", "command"]).status == 64)
    }

    @Test func snoozeAndAck() throws {
        let subs = try Self.fixture()
        #expect(try subs.run(["remind", "--via", "stdout"]).status == 0)
        let snooze = try subs.run(["snooze", "netflix", "--days", "2"])
        #expect(snooze.status == 0, "\(snooze.stderr)")
        #expect(snooze.stdout == "Snoozed Netflix's reminders for the charge on Sun 18 Jan until Sat 17 Jan.\n")
        #expect(try subs.run(["remind", "--via", "stdout", "--as-of", "2026-01-16"]).stdout.isEmpty)
        #expect(try subs.run(["remind", "--via", "stdout", "--as-of", "2026-01-17"]).stdout == "Netflix renews tomorrow: 15.99 EUR on Sun 18 Jan · Streaming\n")
        let ack = try subs.run(["ack", "Gym"])
        #expect(ack.stdout == "Marked Gym's reminders for the trial ending Sat 17 Jan done.\n")
        let missing = try subs.run(["snooze", "Netflx"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("did you mean 'Netflix'?"))
    }

    @Test func twoRunsAtOnceSendEachReminderOnce() throws {
        let subs = try Self.fixture()
        let out = subs.home.appendingPathComponent("hook.txt").path
        var env = subs.environment
        env["SUBS"] = SubsRunner.binary.path
        // Each delivery takes a while, so the two runs overlap; the second waits for the first's transaction.
        let cmd = #"sleep 0.2; echo "$SUBS_SUMMARY" >> '"# + out + #"'"#
        let script = #""$SUBS" remind --command "$CMD" & "$SUBS" remind --command "$CMD"; wait"#
        env["CMD"] = cmd
        let r = try SubsRunner.shell(script, environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.sorted() == ["Gym trial ends in 2 days", "Netflix renews in 3 days", "Spotify renews tomorrow"])
    }
}
