import Foundation
import Testing
import TestSupport
@testable import SubsCore
@testable import SubsStore

@Suite struct SQLiteStoreTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("subs-store-\(UUID().uuidString)").path
    }

    func sample(_ name: String = "Netflix") -> Subscription {
        Subscription(uid: UUID().uuidString, name: name, price: Money(Decimal(string: "15.99")!, .eur), cadence: .monthly,
                     anchor: LocalDate(iso: "2026-01-31")!, tags: ["tv", "family"], createdAt: "2026-01-01T00:00:00Z")
    }

    @Test func createsThePrivateFileAndMigratesFromNothingToTheLatestVersion() throws {
        let path = folder + "/deep/subs.db"
        let store = try SQLiteStore(path: path, initialSettings: ["currency": "EUR"])
        #expect(store.schemaVersion == Schema.currentVersion)
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder + "/deep")[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        let mode = try SubsRunner.shell("sqlite3 '\(path)' 'PRAGMA journal_mode'")
        #expect(mode.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "wal")
        #expect(try store.read { try $0.setting("currency") } == "EUR")
        // Reopening does not migrate again or overwrite the first-use settings.
        let again = try SQLiteStore(path: path, initialSettings: ["currency": "USD"])
        #expect(try again.read { try $0.setting("currency") } == "EUR")
    }

    @Test func eachMigrationAppliesOnTopOfThePreviousOne() throws {
        // Build a database at every older version with the migrations up to it, then open it.
        for version in 0..<Schema.currentVersion {
            let path = folder + "/v\(version).db"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let sql = Schema.migrations.prefix(version).joined(separator: "\n") + "\nPRAGMA user_version = \(version);"
            let r = try SubsRunner.shell("sqlite3 '\(path)'", stdin: sql)
            #expect(r.status == 0, "\(r.stderr)")
            let store = try SQLiteStore(path: path)
            #expect(store.schemaVersion == Schema.currentVersion)
            _ = try store.write { try $0.insert(sample()) }
        }
    }

    @Test func storesAndLoadsEveryField() throws {
        let store = try SQLiteStore(path: folder + "/a.db")
        var s = sample()
        s.setPrice(Money(Decimal(string: "17.99")!, .eur), from: LocalDate(iso: "2026-03-01")!)
        s.remindDays = [30, 7, 1]
        s.share = Share(1, 3)!
        s.notes = "ünïcödé 🎬"
        s.trialUntil = LocalDate(iso: "2026-01-20")
        s.status = .trial
        s.id = try store.write { try $0.insert(s) }
        #expect(try store.read { try $0.subscription(id: s.id) } == s)
    }

    @Test func aFailedWriteStoresNothing() throws {
        let store = try SQLiteStore(path: folder + "/a.db")
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try store.write { tx in
                _ = try tx.insert(sample())
                throw Boom()
            }
        }
        #expect(try store.read { try $0.subscriptions() }.isEmpty)
    }

    @Test func deletingCascadesToPricesAndTags() throws {
        let path = folder + "/a.db"
        let store = try SQLiteStore(path: path)
        let id = try store.write { try $0.insert(sample()) }
        try store.write { try $0.delete(id: id) }
        let r = try SubsRunner.shell("sqlite3 '\(path)' 'SELECT count(*) FROM prices; SELECT count(*) FROM tags'")
        #expect(r.stdout == "0\n0\n")
    }

    @Test func refusesAFileThatIsNotSQLite() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/notes.txt"
        try "hello, not a database\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SubsError(.data, "\(path) is not a subs database (not SQLite); point --db or SUBS_DB at the right file")) {
            try SQLiteStore(path: path)
        }
    }

    @Test func refusesADatabaseFromANewerSchema() throws {
        let path = folder + "/a.db"
        _ = try SQLiteStore(path: path)
        try SubsRunner.shell("sqlite3 '\(path)' 'PRAGMA user_version = 999'")
        let error = #expect(throws: SubsError.self) { try SQLiteStore(path: path) }
        #expect(error?.kind == .data)
        #expect(error?.message.contains("newer than this subs knows") == true)
    }

    @Test func concurrentWritersLoseNoUpdate() throws {
        let path = folder + "/a.db"
        _ = try SQLiteStore(path: path)
        // Two connections, each incrementing a counter 200 times with read-modify-write transactions.
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let store = try! SQLiteStore(path: path)
            for _ in 0..<200 {
                try! store.write { tx in
                    let n = Int(try tx.setting("counter") ?? "0")!
                    try tx.setSetting("counter", to: String(n + 1))
                }
            }
        }
        #expect(try SQLiteStore(path: path).read { try $0.setting("counter") } == "400")
    }
}
