import CSQLite
import FoundationEssentials
import Glibc

/// A failure reported by SQLite, with everything needed to understand it later.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …).
    public let code: Int32
    /// SQLite's own message for the failure.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?
    /// The operating system's `errno` behind an I/O error (0 when none): a full disk reaches
    /// SQLite as `SQLITE_IOERR_WRITE` with `ENOSPC` when the WAL cannot grow, not as `SQLITE_FULL`.
    public let systemErrno: Int32

    public init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// Reads the current error of a connection handle.
    init(connection: OpaquePointer?, code: Int32, sql: String?) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: message, sql: sql, systemErrno: connection.map { sqlite3_system_errno($0) } ?? 0)
    }

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { code & 0xff }

    /// Another connection holds the lock.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The disk (or quota) is full.
    public var isDiskFull: Bool {
        primaryCode == SQLITE_FULL || primaryCode == SQLITE_IOERR && (systemErrno == ENOSPC || systemErrno == EDQUOT)
    }
    /// The file is not a database SQLite can read (damaged, or something else entirely).
    public var isUnreadableFile: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    /// A UNIQUE, CHECK, NOT NULL or foreign-key constraint failed.
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }
    /// A UNIQUE or PRIMARY KEY constraint failed (`SQLITE_CONSTRAINT_UNIQUE`/`_PRIMARYKEY`, macros
    /// Swift cannot import).
    public var isUniqueViolation: Bool { code == SQLITE_CONSTRAINT | (8 << 8) || code == SQLITE_CONSTRAINT | (6 << 8) }

    public var description: String {
        let statement = sql.map { " in «\($0)»" } ?? ""
        return "SQLite error \(code): \(message)\(statement)"
    }
}
