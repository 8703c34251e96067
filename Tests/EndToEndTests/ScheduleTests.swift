import Foundation
import Testing
import TestSupport

/// `subs schedule`: systemd user units in a temporary XDG_CONFIG_HOME, and a fake `crontab` on PATH that keeps
/// the table in a file of the temporary HOME (the real user's crontab is never touched).
@Suite struct ScheduleTests {
    @Test func systemdUnitsAreWrittenOnceVerifiedAndRemoved() throws {
        let subs = try SubsRunner()
        let config = subs.home.appendingPathComponent("config").path
        // No crontab or systemctl on PATH: nothing here may reach the real user's.
        let env = ["XDG_CONFIG_HOME": config, "PATH": "/nonexistent"]
        let first = try subs.run(["schedule", "install", "--systemd", "--at", "07:30"], extraEnvironment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Installed \(config)/systemd/user/subs-remind.timer (daily at 07:30)"))
        #expect(first.stdout.contains("systemctl --user daemon-reload && systemctl --user enable --now subs-remind.timer"))
        let timer = try String(contentsOfFile: "\(config)/systemd/user/subs-remind.timer", encoding: .utf8)
        let service = try String(contentsOfFile: "\(config)/systemd/user/subs-remind.service", encoding: .utf8)
        #expect(timer.contains("OnCalendar=*-*-* 07:30:00\nPersistent=true\n"))
        #expect(service.contains("ExecStart=\"\(SubsRunner.binary.resolvingSymlinksInPath().path)\" remind --db \"\(subs.databasePath)\"\n"))

        let second = try subs.run(["schedule", "install", "--systemd", "--at", "07:30"], extraEnvironment: env)
        #expect(second.stdout.hasPrefix("Already installed"))
        #expect(try subs.run(["schedule", "status"], extraEnvironment: env).stdout.hasPrefix("systemd: \(config)/systemd/user/subs-remind.timer, daily at 07:30"))

        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let verify = try SubsRunner.shell(
                "systemd-analyze verify '\(config)/systemd/user/subs-remind.service' '\(config)/systemd/user/subs-remind.timer'")
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        }

        let removed = try subs.run(["schedule", "uninstall"], extraEnvironment: env)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("systemctl --user disable --now subs-remind.timer"))
        #expect(!FileManager.default.fileExists(atPath: "\(config)/systemd/user/subs-remind.timer"))
        #expect(try subs.run(["schedule", "status"], extraEnvironment: env).stdout.hasPrefix("Not installed."))
    }

    @Test func cronGetsOneMarkedLineAndKeepsTheOthers() throws {
        let subs = try SubsRunner()
        let bin = subs.home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let table = subs.home.appendingPathComponent("crontab.txt").path
        // A fake crontab: -l prints the table (or "no crontab" and 1), - replaces it from stdin.
        let fake = """
            #!/bin/sh
            case "$1" in
              -l) [ -f '\(table)' ] || { echo "no crontab for $(id -un)" >&2; exit 1; }; cat '\(table)' ;;
              -) cat > '\(table)' ;;
              *) echo "fake crontab: unexpected $*" >&2; exit 2 ;;
            esac
            """
        try fake.write(to: bin.appendingPathComponent("crontab"), atomically: true, encoding: .utf8)
        chmod(bin.appendingPathComponent("crontab").path, 0o755)
        let env = ["PATH": "\(bin.path):/usr/bin:/bin"]

        // No crontab yet: created with our line only.
        #expect(try subs.run(["schedule", "install", "--cron"], extraEnvironment: env).status == 0)
        #expect(try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n").count == 1)
        try subs.run(["schedule", "uninstall"], extraEnvironment: env)

        let mine = "MAILTO=me@example.org\n# nightly backup\n30 2 * * * /usr/local/bin/backup --all\n"
        try mine.write(toFile: table, atomically: true, encoding: .utf8)
        let install = try subs.run(["schedule", "install", "--cron", "--at", "18:45"], extraEnvironment: env)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout == "Added to your crontab: subs remind, daily at 18:45.\n")
        let again = try subs.run(["schedule", "install", "--cron", "--at", "18:45"], extraEnvironment: env)
        #expect(again.stdout == "Already in your crontab: subs remind, daily at 18:45.\n")
        let text = try String(contentsOfFile: table, encoding: .utf8)
        #expect(text.hasPrefix(mine))
        let ours = text.split(separator: "\n").filter { $0.contains("subs-remind") }
        #expect(ours.count == 1)
        #expect(ours.first?.hasPrefix("45 18 * * * ") == true)
        #expect(ours.first?.contains("remind --db '\(subs.databasePath)'") == true)
        #expect(try subs.run(["schedule", "status"], extraEnvironment: env).stdout.contains("cron: crontab line, daily at 18:45"))

        // The line runs: cron's shell executes it (here with a bus that is not there: exit 69, nothing lost).
        let command = String(ours.first!.split(separator: " ", maxSplits: 5)[5]).replacingOccurrences(of: "\\%", with: "%")
        let ran = try SubsRunner.shell(command, environment: subs.environment)
        #expect(ran.status == 0, "\(ran.stderr)")  // nothing due in an empty database

        #expect(try subs.run(["schedule", "uninstall"], extraEnvironment: env).stdout == "Removed the subs line from your crontab.\n")
        #expect(try String(contentsOfFile: table, encoding: .utf8) == mine)
    }
}
