import Foundation
import SubsCore

/// The subscriptions in one SQLite file: WAL, foreign keys, a busy timeout, versioned migrations,
/// and every `write` one IMMEDIATE transaction (so concurrent writers queue instead of losing updates).
public final class SQLiteStore: SubscriptionStore {
    private let db: SQLiteConnection
    public let path: String
    /// Scanned documents, as files named by their SHA-256, next to the database.
    public var documentsFolder: String { URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("documents").path }

    /// Opens (creating if needed, mode 0600 in a 0700 folder) and migrates the database at `path`.
    /// - Parameter initialSettings: written once, when the database is created (first use).
    public init(path: String, initialSettings: [String: String] = [:]) throws(SubsError) {
        self.path = path
        let fm = FileManager.default
        let exists = fm.fileExists(atPath: path)
        if exists {
            try SQLiteStore.checkHeader(path)
        } else {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty && !fm.fileExists(atPath: folder) {
                do {
                    try fm.createDirectory(
                        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                } catch {
                    throw SubsError(.cannotWrite, "cannot create folder \(folder) for the database; check its permissions or use --db")
                }
            }
            guard fm.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw SubsError(.cannotWrite, "cannot create database \(path); check the folder's permissions or use --db")
            }
        }
        let writable = fm.isWritableFile(atPath: path)
        do {
            db = try SQLiteConnection(path: path, readOnly: !writable)
            db.setBusyTimeout(milliseconds: 10_000)
            try db.execute("PRAGMA foreign_keys = ON")
            if writable {
                try db.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
            }
        } catch let f as SQLiteConnection.Failure {
            throw SQLiteStore.translate(f, path: path)
        } catch {
            throw SubsError(.failure, "cannot open database \(path): \(error)")
        }
        try migrate(initialSettings: exists ? [:] : initialSettings)
    }

    /// A file that is not SQLite is refused before SQLite touches it.
    private static func checkHeader(_ path: String) throws(SubsError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SubsError(.noInput, "cannot read database \(path); check its permissions")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return }  // an empty file becomes a new database
        if header != Data("SQLite format 3\0".utf8) {
            throw SubsError(.data, "\(path) is not a subs database (not SQLite); point --db or SUBS_DB at the right file")
        }
    }

    private func migrate(initialSettings: [String: String]) throws(SubsError) {
        let version = try userVersion()
        if version > Schema.currentVersion {
            throw SubsError(.data, "database \(path) has schema version \(version), newer than this subs knows (\(Schema.currentVersion)); upgrade subs")
        }
        guard version < Schema.currentVersion || !initialSettings.isEmpty else { return }
        do {
            _ = try write { tx in
                // Read again inside the lock: another process may have migrated meanwhile.
                let current = try self.userVersion()
                for i in current..<Schema.currentVersion {
                    try tx.db.execute(Schema.migrations[i])
                    try tx.db.execute("PRAGMA user_version = \(i + 1)")
                }
                for (key, value) in initialSettings where try tx.setting(key) == nil {
                    try tx.setSetting(key, to: value)
                }
            }
        } catch let e as SubsError {
            throw e
        } catch {
            throw SubsError(.failure, "cannot prepare database \(path): \(error)")
        }
    }

    private func userVersion() throws(SubsError) -> Int {
        var version = 0
        do {
            try db.query("PRAGMA user_version") { version = $0.int(0) }
        } catch let f as SQLiteConnection.Failure {
            throw SQLiteStore.translate(f, path: path)
        } catch {
            throw SubsError(.failure, "\(error)")
        }
        return version
    }

    public var schemaVersion: Int { (try? userVersion()) ?? 0 }

    public func read<T>(_ body: (Transaction) throws -> T) throws -> T {
        try transaction("BEGIN DEFERRED", body)
    }

    /// What a committed write changed.
    public struct WriteReport: Sendable {
        public let changedTables: Set<String>
        /// Subscriptions, their prices and tags, or settings: what files derived from the data (the calendar
        /// feed) are made of. The reminder log, documents, budgets and rates are not.
        public var changedSubscriptionsOrSettings: Bool {
            !changedTables.isDisjoint(with: ["subscriptions", "prices", "tags", "pauses", "settings"])
        }
    }

    /// Runs after every committed `write` (never after a rollback or a read): the one place where files
    /// derived from the data (the calendar feed) are kept current. Set by whoever opens the store.
    public var afterWrite: ((SQLiteStore, WriteReport) -> Void)?

    public func write<T>(_ body: (Transaction) throws -> T) throws -> T {
        _ = db.takeChangedTables()
        let result = try transaction("BEGIN IMMEDIATE", body)
        afterWrite?(self, WriteReport(changedTables: db.takeChangedTables()))
        return result
    }

    private func transaction<T>(_ begin: String, _ body: (Transaction) throws -> T) throws -> T {
        do {
            try db.execute(begin)
        } catch let f as SQLiteConnection.Failure {
            throw SQLiteStore.translate(f, path: path)
        }
        let tx = Transaction(db: db, documentsFolder: documentsFolder)
        do {
            let result = try body(tx)
            try db.execute("COMMIT")
            tx.committed()
            return result
        } catch {
            try? db.execute("ROLLBACK")
            tx.rolledBack()
            if let f = error as? SQLiteConnection.Failure { throw SQLiteStore.translate(f, path: path) }
            throw error
        }
    }

    static func translate(_ f: SQLiteConnection.Failure, path: String) -> SubsError {
        if f.isBusy {
            return SubsError(.busy, "database \(path) is busy: another subs is writing it; try again in a moment")
        }
        if f.isReadOnly {
            return SubsError(.cannotWrite, "database \(path) is read-only; check the permissions of the file and its folder")
        }
        if f.isNotADatabase {
            return SubsError(.data, "\(path) is not a subs database or is damaged; point --db or SUBS_DB at the right file")
        }
        return SubsError(.failure, "database \(path): \(f.message)")
    }

    // MARK: The transaction

    /// One open transaction. Other adapters' storage protocols extend it in their own files.
    public final class Transaction: StoreTransaction {
        let db: SQLiteConnection
        /// Where scanned documents are kept as files (DocumentStore.swift).
        let documentsFolder: String
        /// Document files this transaction wrote (removed if it rolls back) or left unreferenced (removed once
        /// it commits): the files follow the rows.
        var createdFiles: [String] = []
        var unreferencedFiles: [String] = []

        init(db: SQLiteConnection, documentsFolder: String) {
            self.db = db
            self.documentsFolder = documentsFolder
        }

        func committed() {
            for file in unreferencedFiles { unlink(file) }
        }

        func rolledBack() {
            for file in createdFiles { unlink(file) }
        }

        private static let columns = """
            id, uid, name, cadence_unit, cadence_count, anchor, started_on, category, notes, payment_method, url,
            status, status_since, trial_until, remind_days, ends_on, notice_days, share_numerator,
            share_denominator, created_at, updated_at, revision
            """

        public func subscriptions() throws -> [Subscription] {
            try load(where: "", [])
        }

        public func subscription(id: Int) throws -> Subscription? {
            try load(where: "WHERE id = ?", [.int(id)]).first
        }

        /// Three queries ordered by subscription id, walked side by side: each subscription takes its prices and
        /// tags from the heads of the other two (no dictionary of 10,000 arrays to build and look up).
        private func load(where clause: String, _ values: [SQLiteConnection.Value]) throws -> [Subscription] {
            let subFilter = clause.isEmpty ? "" : clause.replacingOccurrences(of: "id", with: "subscription_id")
            let prices = try db.prepare("SELECT subscription_id, effective_on, amount, currency FROM prices \(subFilter) ORDER BY subscription_id, effective_on")
            try prices.bind(values)
            var pricesLeft = try prices.step()
            // In primary-key order (no sort); positions order each subscription's few tags below.
            let tags = try db.prepare("SELECT subscription_id, position, tag FROM tags \(subFilter) ORDER BY subscription_id, tag")
            try tags.bind(values)
            var tagsLeft = try tags.step()
            // Currencies repeat: the last one's code bytes are compared before parsing another.
            var lastCurrency: (bytes: [UInt8], currency: Currency)?
            func currency(_ row: SQLiteConnection.Statement, _ column: Int32) -> Currency? {
                row.withBytes(column) { b -> Currency? in
                    if let last = lastCurrency, last.bytes.elementsEqual(b) { return last.currency }
                    guard let c = Currency(code: String(decoding: b, as: UTF8.self)) else { return nil }
                    lastCurrency = (Array(b), c)
                    return c
                }
            }
            var pauses: [Int: [Pause]] = [:]
            try db.query("SELECT subscription_id, paused_on, resumed_on FROM pauses \(subFilter) ORDER BY subscription_id, paused_on", values) {
                guard let from = $0.date(1), let until = $0.date(2) else {
                    throw SubsError.data("damaged pause row in the database for subscription \($0.int(0))")
                }
                pauses[$0.int(0), default: []].append(Pause(from: from, until: until))
            }
            var result: [Subscription] = []
            if clause.isEmpty { try db.query("SELECT count(*) FROM subscriptions") { result.reserveCapacity($0.int(0)) } }
            let subs = try db.prepare("SELECT \(Transaction.columns) FROM subscriptions \(clause) ORDER BY id")
            try subs.bind(values)
            while try subs.step() {
                let r = subs
                let id = r.int(0)
                var history: [PriceChange] = []
                while pricesLeft && prices.int(0) <= id {
                    if prices.int(0) == id {
                        guard let date = prices.date(1), let amount = prices.decimal(2), let cur = currency(prices, 3)
                        else { throw SubsError.data("damaged price row in the database for subscription \(id)") }
                        history.append(PriceChange(effective: date, price: Money(amount, cur)))
                    }
                    pricesLeft = try prices.step()
                }
                var tagged: [(position: Int, tag: String)] = []
                while tagsLeft && tags.int(0) <= id {
                    if tags.int(0) == id { tagged.append((tags.int(1), tags.text(2) ?? "")) }
                    tagsLeft = try tags.step()
                }
                if tagged.count > 1 { tagged.sort { $0.position < $1.position } }
                func date(_ c: Int32) -> LocalDate? { r.date(c) }
                guard let unit = r.text(3).flatMap(Cadence.Unit.init(rawValue:)),
                    let cadence = Cadence(unit: unit, count: r.int(4)),
                    let anchor = date(5), let started = date(6),
                    let status = r.text(11).flatMap(Status.init(rawValue:)),
                    !history.isEmpty,
                    let share = Share(r.int(17), r.int(18))
                else { throw SubsError.data("damaged subscription row \(id) in the database") }
                var s = Subscription(
                    id: id, uid: r.text(1) ?? "", name: r.text(2) ?? "", price: history[0].price, cadence: cadence,
                    anchor: anchor, startedOn: started, category: r.text(7), tags: tagged.map(\.tag), notes: r.text(8),
                    paymentMethod: r.text(9), url: r.text(10), status: status, statusSince: date(12),
                    trialUntil: date(13), remindDays: r.text(14).flatMap { try? ReminderDays.parse($0) },
                    endsOn: date(15), noticeDays: r.optionalInt(16), share: share, createdAt: r.text(19) ?? "",
                    updatedAt: r.text(20), revision: r.int(21))
                s.prices = history
                s.pauses = pauses[id] ?? []
                result.append(s)
            }
            return result
        }

        private func values(_ s: Subscription) -> [SQLiteConnection.Value] {
            [
                .text(s.uid), .text(s.name), .text(Subscription.nameKey(s.name)), .text(s.cadence.unit.rawValue),
                .int(s.cadence.count), .text(s.anchor.description), .text(s.startedOn.description),
                .text(s.category), .text(s.notes), .text(s.paymentMethod), .text(s.url), .text(s.status.rawValue),
                .text(s.statusSince?.description), .text(s.trialUntil?.description),
                .text(s.remindDays.map(ReminderDays.format)), .text(s.endsOn?.description), .int(s.noticeDays),
                .int(s.share.numerator), .int(s.share.denominator), .text(s.createdAt), .text(s.updatedAt),
                .int(s.revision),
            ]
        }

        public func insert(_ s: Subscription) throws -> Int {
            let names = "uid, name, name_key, cadence_unit, cadence_count, anchor, started_on, category, notes, payment_method, url, status, status_since, trial_until, remind_days, ends_on, notice_days, share_numerator, share_denominator, created_at, updated_at, revision"
            let marks = Array(repeating: "?", count: 22).joined(separator: ", ")
            if s.id > 0 {
                try db.query("INSERT INTO subscriptions (id, \(names)) VALUES (?, \(marks))", [.int(s.id)] + values(s))
            } else {
                try db.query("INSERT INTO subscriptions (\(names)) VALUES (\(marks))", values(s))
            }
            let id = db.lastInsertRowID
            try writeChildren(of: s, id: id)
            return id
        }

        public func update(_ s: Subscription) throws {
            try db.query(
                """
                UPDATE subscriptions SET uid = ?, name = ?, name_key = ?, cadence_unit = ?, cadence_count = ?, anchor = ?,
                started_on = ?, category = ?, notes = ?, payment_method = ?, url = ?, status = ?, status_since = ?,
                trial_until = ?, remind_days = ?, ends_on = ?, notice_days = ?, share_numerator = ?,
                share_denominator = ?, created_at = ?, updated_at = ?, revision = ? WHERE id = ?
                """, values(s) + [.int(s.id)])
            try db.query("DELETE FROM prices WHERE subscription_id = ?", [.int(s.id)])
            try db.query("DELETE FROM tags WHERE subscription_id = ?", [.int(s.id)])
            try db.query("DELETE FROM pauses WHERE subscription_id = ?", [.int(s.id)])
            try writeChildren(of: s, id: s.id)
        }

        private func writeChildren(of s: Subscription, id: Int) throws {
            let price = try db.prepare("INSERT INTO prices (subscription_id, effective_on, amount, currency) VALUES (?, ?, ?, ?)")
            for p in s.prices {
                try price.bind([.int(id), .text(p.effective.description), .text("\(p.price.amount)"), .text(p.price.currency.code)])
                _ = try price.step()
            }
            let tag = try db.prepare("INSERT INTO tags (subscription_id, position, tag) VALUES (?, ?, ?)")
            for (i, t) in s.tags.enumerated() {
                try tag.bind([.int(id), .int(i), .text(t)])
                _ = try tag.step()
            }
            for p in s.pauses {
                try db.query("INSERT INTO pauses (subscription_id, paused_on, resumed_on) VALUES (?, ?, ?)",
                             [.int(id), .text(p.from.description), .text(p.until.description)])
            }
        }

        public func delete(id: Int) throws {
            let documents = try documents(of: id)
            try db.query("DELETE FROM subscriptions WHERE id = ?", [.int(id)])
            try forgetFiles(of: documents)
        }

        public func setting(_ key: String) throws -> String? {
            var value: String?
            try db.query("SELECT value FROM settings WHERE key = ?", [.text(key)]) { value = $0.text(0) }
            return value
        }

        public func setSetting(_ key: String, to value: String?) throws {
            if let value {
                try db.query("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [.text(key), .text(value)])
            } else {
                try db.query("DELETE FROM settings WHERE key = ?", [.text(key)])
            }
        }
    }
}
