import CSQLite
import FoundationEssentials

/// An open SQLite connection. Owns its `sqlite3*` (closed on deinit) and a cache of prepared
/// statements that are reused and finalised with it.
///
/// Not thread-safe: a `Database` keeps it on its serial queue, and handlers that receive one must
/// not let it escape.
public final class Connection {
    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]
    let recorder = ChangeRecorder()

    /// Opens (creating if needed) the database file at `path`; `recordingChanges`: which rows
    /// each write touches is kept for the database's observers (`ChangeRecorder`).
    public init(path: String, recordingChanges: Bool = true) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(connection: handle, code: code, sql: nil)
            sqlite3_close_v2(handle)
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
        self.handle = handle
        if recordingChanges { recorder.install(on: handle) }
        registerSearchTerms()
    }

    deinit {
        cache.removeAll()
        ChangeRecorder.uninstall(from: handle)
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements without arguments (schema, pragmas).
    public func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        guard code == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(error)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message, sql: sql, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// A cached prepared statement for `sql`, reset and ready to bind.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = cache[sql] { return statement }
        let statement = try Statement(connection: handle, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Every row of a query.
    public func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        try statement.bind(arguments)
        return try statement.all()
    }

    /// The first row of a query, if any.
    public func queryRow(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        try statement.bind(arguments)
        return try statement.step() ? statement.row() : nil
    }

    /// The first column of the first row, or `.null`.
    public func scalar(_ sql: String, _ arguments: [SQLValue] = []) throws -> SQLValue {
        try queryRow(sql, arguments)?[0] ?? .null
    }

    /// Runs a statement that returns no rows; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        try statement.bind(arguments)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs `body` in one read transaction (one snapshot for all its statements), or inside the
    /// transaction already open.
    public func inReadTransaction<T>(_ body: () throws -> T) throws -> T {
        guard !isInTransaction else { return try body() }
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True while a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Milliseconds SQLite waits for another connection's lock before reporting `SQLITE_BUSY`.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// How many statements are cached (tests check reuse).
    public var cachedStatementCount: Int { cache.count }
}
