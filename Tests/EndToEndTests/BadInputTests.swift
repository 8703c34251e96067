import Foundation
import Testing
import TestSupport

/// Every bad input: one line on stderr naming the problem, the documented exit status, and the
/// database unchanged byte for byte.
@Suite struct BadInputTests {
    static let cases: [([String], Int32, String)] = [
        (["add", "Gym", "--amount", "30", "--next", "2026-02-30"], 64, "not a real date"),
        (["add", "Gym", "--amount", "-5"], 64, "negative"),
        (["add", "Gym", "--amount", "5000000"], 64, "too large"),
        (["add", "Gym", "--amount", "1,299"], 64, "ambiguous"),
        (["add", "Gym", "--amount", "30", "--currency", "XYZ"], 64, "unknown currency 'XYZ'"),
        (["add", "Gym", "--amount", "30 XYZ"], 64, "unknown currency"),
        (["add", "Gym", "--amount", "30", "--every", "fortnightly-ish"], 64, "unknown cadence"),
        (["add", "Gym", "--amount", "30", "--share", "3/2"], 64, "share"),
        (["add", "Gym", "--amount", "30", "--remind", "7,x"], 64, "reminder days"),
        (["add", "Gym", "--amount", "30", "--url", "ftp://x"], 64, "https://"),
        (["add", "netflix", "--amount", "30"], 3, "exists already"),
        (["add", "Gym"], 64, "needs an amount"),
        (["edit", "netflix"], 64, "nothing to change"),
        (["edit", "netflx", "--amount", "3"], 2, "did you mean 'Netflix'"),
        (["show", "nope"], 2, "no subscription named 'nope'"),
        (["rm", "netflix"], 64, "add --yes"),
        (["list", "--status", "sleeping"], 64, "unknown status"),
        (["list", "--as-of", "2026-13-01"], 64, "not a real date"),
        (["import", "/nonexistent.json"], 66, "no file"),
        (["config", "set", "currency", "EURO"], 64, "unknown currency"),
        (["frobnicate"], 64, "Unexpected argument"),
    ]

    @Test func badInputIsOneLineAStatusAndNoChange() throws {
        let subs = try SubsRunner()
        try subs.run(["add", "Netflix", "--amount", "15.99", "--currency", "EUR", "--next", "2026-01-31"])
        let before = try Data(contentsOf: URL(fileURLWithPath: subs.databasePath))
        for (args, status, fragment) in Self.cases {
            let r = try subs.run(args)
            #expect(r.status == status, "\(args): exit \(r.status), stderr \(r.stderr)")
            #expect(r.stderr.hasPrefix("subs: ") && r.stderr.filter { $0 == "\n" }.count == 1, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(args): \(r.stdout)")
            let after = try Data(contentsOf: URL(fileURLWithPath: subs.databasePath))
            #expect(after == before, "\(args) changed the database")
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        let subs = try SubsRunner()
        let path = subs.home.path + "/notes.txt"
        try "just text\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try subs.run(["list", "--db", path])
        #expect(r.status == 65)
        #expect(r.stderr == "subs: \(path) is not a subs database (not SQLite); point --db or SUBS_DB at the right file\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "just text\n")
    }

    @Test func aDatabaseFromANewerSubsIsRefused() throws {
        let subs = try SubsRunner()
        try subs.run(["add", "Netflix", "--amount", "15.99"])
        try SubsRunner.shell("sqlite3 '\(subs.databasePath)' 'PRAGMA user_version = 99'")
        let r = try subs.run(["list"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("schema version 99, newer than this subs knows"))
    }

    @Test func aReadOnlyDatabaseCanBeReadButNotWritten() throws {
        let subs = try SubsRunner()
        // A database another user owns, readable by all: the case of a read-only file.
        let shared = subs.home.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        chmod(subs.home.path, 0o755)
        let db = shared + "/subs.db"
        try subs.run(["add", "Netflix", "--amount", "15.99", "--db", db])
        chmod(db, 0o444)
        // root may write anything: run subs as nobody then (setpriv, util-linux).
        func run(_ args: [String]) throws -> SubsRunner.Result {
            if getuid() != 0 { return try subs.run(args + ["--db", db]) }
            return try SubsRunner.run(executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
                                      ["--reuid=65534", "--regid=65534", "--clear-groups", SubsRunner.binary.path] + args + ["--db", db],
                                      environment: subs.environment, directory: URL(fileURLWithPath: "/"))
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let list = try run(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Netflix"))
        let add = try run(["add", "Hulu", "--amount", "5"])
        #expect(add.status == 73, "\(add.stderr)")
        #expect(add.stderr.contains("read-only"), "\(add.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    @Test func twoProcessesWritingAtOnceLoseNothing() throws {
        let subs = try SubsRunner()
        try subs.run(["config", "set", "currency", "EUR"])
        let group = DispatchGroup()
        nonisolated(unsafe) var failures: [String] = []
        let lock = NSLock()
        for worker in 0..<2 {
            group.enter()
            DispatchQueue.global().async {
                for i in 0..<15 {
                    let r = try! subs.run(["add", "Service \(worker)-\(i)", "--amount", "\(i + 1)"])
                    if r.status != 0 { lock.lock(); failures.append(r.stderr); lock.unlock() }
                }
                group.leave()
            }
        }
        group.wait()
        #expect(failures.isEmpty, "\(failures)")
        let list = try subs.run(["list", "--csv"])
        #expect(list.stdout.split(separator: "\n").count == 31)
    }
}
