import CSQLite
import Foundation
import SubsCore

/// The only file that sees SQLite's C API: a connection and prepared statements that free what they hold.
final class SQLiteConnection {
    private let handle: OpaquePointer
    let path: String
    /// Tables whose rows changed (sqlite3_update_hook; tables WITHOUT ROWID are not reported).
    private final class ChangedTables { var names: Set<String> = [] }
    private let changed = ChangedTables()

    struct Failure: Error {
        let code: Int32
        let message: String
        var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
        var isReadOnly: Bool { code & 0xFF == SQLITE_READONLY || code & 0xFF == SQLITE_CANTOPEN }
        var isNotADatabase: Bool { code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT }
    }

    init(path: String, readOnly: Bool) throws {
        var db: OpaquePointer?
        var flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        var name = path
        if readOnly {
            // A WAL database needs its -shm file; a reader who may not create one (a read-only folder) could
            // not open it at all. `immutable` reads without it: nobody who lacks write access can change it here.
            flags |= SQLITE_OPEN_URI
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            let encoded = absolute.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))) ?? absolute
            name = "file:\(encoded)?immutable=1"
        }
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw Failure(code: rc, message: message)
        }
        handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
        sqlite3_update_hook(db, { context, _, _, table, _ in
            guard let context, let table else { return }
            Unmanaged<ChangedTables>.fromOpaque(context).takeUnretainedValue().names.insert(String(cString: table))
        }, Unmanaged.passUnretained(changed).toOpaque())
    }

    /// The tables whose rows changed since the last call.
    func takeChangedTables() -> Set<String> {
        defer { changed.names = [] }
        return changed.names
    }

    deinit { sqlite3_close_v2(handle) }

    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(error)
            throw Failure(code: rc, message: message)
        }
    }

    func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    func prepare(_ sql: String) throws -> Statement {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw failure(rc) }
        return Statement(stmt, connection: self)
    }

    /// Runs `sql` with `values` bound and calls `row` for each result row.
    func query(_ sql: String, _ values: [Value] = [], row: (Statement) throws -> Void = { _ in }) throws {
        let stmt = try prepare(sql)
        try stmt.bind(values)
        while try stmt.step() { try row(stmt) }
    }

    var lastInsertRowID: Int { Int(sqlite3_last_insert_rowid(handle)) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    fileprivate func failure(_ rc: Int32) -> Failure {
        Failure(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    enum Value {
        case int(Int)
        case text(String)
        case blob([UInt8])
        case null

        static func text(_ s: String?) -> Value { s.map { .text($0) } ?? .null }
        static func int(_ i: Int?) -> Value { i.map { .int($0) } ?? .null }
    }

    final class Statement {
        private let stmt: OpaquePointer
        private let connection: SQLiteConnection

        fileprivate init(_ stmt: OpaquePointer, connection: SQLiteConnection) {
            self.stmt = stmt
            self.connection = connection
        }

        deinit { sqlite3_finalize(stmt) }

        // SQLite copies bound text before the call returns.
        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

        func bind(_ values: [Value]) throws {
            sqlite3_reset(stmt)
            sqlite3_clear_bindings(stmt)
            for (i, v) in values.enumerated() {
                let index = Int32(i + 1)
                let rc: Int32 = switch v {
                case .int(let n): sqlite3_bind_int64(stmt, index, Int64(n))
                case .text(let s): sqlite3_bind_text(stmt, index, s, -1, Statement.transient)
                case .blob(let b): b.withUnsafeBytes { sqlite3_bind_blob64(stmt, index, $0.baseAddress, sqlite3_uint64($0.count), Statement.transient) }
                case .null: sqlite3_bind_null(stmt, index)
                }
                if rc != SQLITE_OK { throw connection.failure(rc) }
            }
        }

        /// True while there is a row to read.
        func step() throws -> Bool {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_ROW { return true }
            if rc == SQLITE_DONE { return false }
            throw connection.failure(rc)
        }

        func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(stmt, column)) }

        func optionalInt(_ column: Int32) -> Int? {
            sqlite3_column_type(stmt, column) == SQLITE_NULL ? nil : int(column)
        }

        func blob(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(stmt, column))
            guard count > 0, let p = sqlite3_column_blob(stmt, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: p, count: count))
        }

        /// The column's bytes, without making a String (nil for NULL).
        func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T?) rethrows -> T? {
            guard let p = sqlite3_column_text(stmt, column) else { return nil }
            return try body(UnsafeRawBufferPointer(start: p, count: Int(sqlite3_column_bytes(stmt, column))))
        }

        func date(_ column: Int32) -> LocalDate? { withBytes(column) { LocalDate(isoBytes: $0) } }
        func decimal(_ column: Int32) -> Decimal? { withBytes(column) { Decimal(exactlyBytes: $0) } }

        func text(_ column: Int32) -> String? {
            guard let p = sqlite3_column_text(stmt, column) else { return nil }
            return String(cString: p)
        }
    }
}
