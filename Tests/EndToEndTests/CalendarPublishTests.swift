import Foundation
import SubsCore
import Testing
import TestSupport

/// `subs calendar publish` against a real Radicale (CalDAV) server started here on 127.0.0.1.
@Suite struct CalendarPublishTests {
    /// Radicale with one user (alice / secret, htpasswd) and its storage in the runner's HOME.
    final class Radicale {
        let process = Process()
        let port: Int
        let dir: String
        var collection: String { "http://127.0.0.1:\(port)/alice/subs/" }

        init(in runner: SubsRunner) throws {
            dir = runner.home.path + "/radicale"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let free = try SubsRunner.shell("python3 -c 'import socket; s=socket.socket(); s.bind((\"127.0.0.1\",0)); print(s.getsockname()[1])'")
            port = Int(free.stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
            try "alice:secret\n".write(toFile: dir + "/users", atomically: true, encoding: .utf8)
            try """
                [server]
                hosts = 127.0.0.1:\(port)
                [auth]
                type = htpasswd
                htpasswd_filename = \(dir)/users
                htpasswd_encryption = plain
                [storage]
                filesystem_folder = \(dir)/store
                [rights]
                type = owner_only
                [logging]
                level = warning

                """.write(toFile: dir + "/config", atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/radicale")
            process.arguments = ["-C", dir + "/config"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until it answers, then make the calendar.
            let ready = try SubsRunner.shell("for i in $(seq 1 100); do curl -s -o /dev/null -u alice:secret http://127.0.0.1:\(port)/ && exit 0; sleep 0.1; done; exit 1")
            #expect(ready.status == 0, "Radicale did not start")
            let made = try SubsRunner.shell("curl -s -o /dev/null -w '%{http_code}' -X MKCALENDAR -u alice:secret '\(collection)'")
            #expect(made.stdout == "201")
        }

        deinit {
            // SIGKILL: the test runner starts children with SIGTERM blocked, so terminate() would not stop it.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// GET of one resource: status and body.
        func get(_ name: String) throws -> (status: String, body: String) {
            let r = try SubsRunner.shell("curl -s -u alice:secret -w '\\n%{http_code}' '\(collection)\(name)'")
            let lines = r.stdout.components(separatedBy: "\n")
            return (lines.last ?? "", lines.dropLast().joined(separator: "\n"))
        }

        var resourceNames: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: dir + "/store/collection-root/alice/subs")) ?? [])
                .filter { $0.hasSuffix(".ics") }.sorted()
        }
    }

    func uid(_ runner: SubsRunner, _ name: String) throws -> String {
        let json = try JSONValue.parse(try runner.run(["show", name, "--json"]).stdout)
        return json["uid"]!.stringValue!
    }

    @Test func createsUpdatesAndDeletesOneResourcePerEvent() throws {
        let runner = try SubsRunner()
        let server = try Radicale(in: runner)
        runner.environment["SUBS_CALDAV_PASSWORD"] = "secret"
        #expect(try runner.run(["add", "Netflix", "--amount", "15.99 EUR", "--next", "2026-01-31"]).status == 0)
        #expect(try runner.run(["add", "Gym", "--amount", "30", "--currency", "EUR", "--next", "2026-02-01"]).status == 0)
        let netflix = try uid(runner, "Netflix"), gym = try uid(runner, "Gym")
        let publish = ["calendar", "publish", "--url", server.collection, "--user", "alice"]

        let first = try runner.run(publish)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "created  Netflix · 15.99 EUR\ncreated  Gym · 30.00 EUR\n")
        #expect(server.resourceNames == ["\(gym).ics", "\(netflix).ics"].sorted())
        let stored = try server.get("\(netflix).ics")
        #expect(stored.status == "200")
        #expect(stored.body.contains("SUMMARY:Netflix · 15.99 EUR"))
        #expect(stored.body.components(separatedBy: "BEGIN:VEVENT").count == 2)

        let again = try runner.run(publish + ["--json"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("\"unchanged\": 2"))
        #expect(again.stdout.contains("\"created\": []"))

        #expect(try runner.run(["edit", "Netflix", "--amount", "17.99", "--from", "2026-01-01"]).status == 0)
        #expect(try runner.run(["rm", "Gym", "--yes"]).status == 0)
        let changed = try runner.run(publish)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout == "updated  Netflix · 17.99 EUR\ndeleted  \(gym).ics\n")
        #expect(try server.get("\(netflix).ics").body.contains("SUMMARY:Netflix · 17.99 EUR"))
        #expect(try server.get("\(gym).ics").status == "404")

        // Someone edits the event on the server: the next publish leaves it alone and says so; --force wins.
        let edited = try server.get("\(netflix).ics").body.replacingOccurrences(of: "17.99 EUR", with: "99.99 EUR")
        try edited.write(toFile: runner.home.path + "/edited.ics", atomically: true, encoding: .utf8)
        let put = try SubsRunner.shell("curl -s -o /dev/null -w '%{http_code}' -u alice:secret -H 'Expect:' -H 'Content-Type: text/calendar' -T '\(runner.home.path)/edited.ics' '\(server.collection)\(netflix).ics'")
        #expect(put.stdout == "201" || put.stdout == "204")
        #expect(try runner.run(["edit", "Netflix", "--category", "Streaming"]).status == 0)
        let conflict = try runner.run(publish)
        #expect(conflict.status == 3)
        #expect(conflict.stdout == "conflict Netflix · 17.99 EUR\n")
        #expect(conflict.stderr.contains("changed on the server since the last publish"))
        #expect(try server.get("\(netflix).ics").body.contains("99.99 EUR"))
        let forced = try runner.run(publish + ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try server.get("\(netflix).ics").body.contains("SUMMARY:Netflix · 17.99 EUR"))

        let status = try runner.run(["calendar", "status", "--json"])
        #expect(status.stdout.contains("\"published_url\": \"\(server.collection)\""))
    }

    @Test func passwordsComeFromTheEnvironmentOrAPrivateConfigFileAndNeverShow() throws {
        let runner = try SubsRunner()
        let server = try Radicale(in: runner)
        #expect(try runner.run(["add", "Netflix", "--amount", "15.99 EUR"]).status == 0)

        let none = try runner.run(["calendar", "publish", "--url", server.collection, "--user", "alice"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("no password for alice: set SUBS_CALDAV_PASSWORD"))

        let wrong = try runner.run(["calendar", "publish", "--url", server.collection, "--user", "alice"], extraEnvironment: ["SUBS_CALDAV_PASSWORD": "hunter2-wrong"])
        #expect(wrong.status == 69)
        #expect(wrong.stderr.contains("refused"))
        #expect(!(wrong.stderr + wrong.stdout).contains("hunter2"))

        let inURL = try runner.run(["calendar", "publish", "--url", "http://alice:secret@127.0.0.1:\(server.port)/alice/subs/"])
        #expect(inURL.status == 64)
        #expect(!inURL.stderr.contains("secret"))

        // The config file: refused while others can read it, used once it is 0600.
        let config = runner.home.path + "/.config/subs/subs.conf"
        try FileManager.default.createDirectory(atPath: runner.home.path + "/.config/subs", withIntermediateDirectories: true)
        try "caldav_url = \(server.collection)\ncaldav_user = alice\ncaldav_password = secret\n".write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o644)
        let open = try runner.run(["calendar", "publish"])
        #expect(open.status == 64)
        #expect(open.stderr.contains("chmod 600 \(config)"))
        chmod(config, 0o600)
        let ok = try runner.run(["calendar", "publish"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "created  Netflix · 15.99 EUR\n")
        // Nothing secret reached the database.
        let dump = try SubsRunner.shell("sqlite3 '\(runner.databasePath)' .dump")
        #expect(!dump.stdout.contains("secret"))
    }

    @Test func unreachableServersAreOneLineErrors() throws {
        let runner = try SubsRunner()
        #expect(try runner.run(["add", "Netflix", "--amount", "15.99 EUR"]).status == 0)
        let refused = try runner.run(["calendar", "publish", "--url", "http://127.0.0.1:9/cal/"])
        #expect(refused.status == 69)
        #expect(refused.stderr.hasPrefix("subs: cannot connect to http://127.0.0.1:9/cal/"))
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1)
        let unknown = try runner.run(["calendar", "publish", "--url", "http://no-such-host.invalid/cal/"])
        #expect(unknown.status == 69)
        #expect(unknown.stderr.contains("cannot find the host"))
    }
}
