import CSQLite
import FoundationEssentials

/// A prepared statement. Owns its `sqlite3_stmt`, finalised when the statement is released.
///
/// Statements are not thread-safe; they live on their connection's queue.
public final class Statement {
    let handle: OpaquePointer
    /// The connection handle, only for error messages. The connection closes with `sqlite3_close_v2`,
    /// so a statement that outlives it is still finalised safely.
    private let connection: OpaquePointer
    public let sql: String
    private lazy var columnNames: [String] = (0..<sqlite3_column_count(handle)).map {
        String(cString: sqlite3_column_name(handle, $0))
    }

    init(connection: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(connection: connection, code: code, sql: sql)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to its parameters in order.
    public func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw SQLiteError(code: SQLITE_RANGE, message: "expected \(expected) arguments, got \(values.count)", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try check(bind(value, at: Int32(offset + 1)))
        }
    }

    private func bind(_ value: SQLValue, at index: Int32) -> Int32 {
        switch value {
        case .null: return sqlite3_bind_null(handle, index)
        case .integer(let number): return sqlite3_bind_int64(handle, index, number)
        case .real(let number): return sqlite3_bind_double(handle, index, number)
        case .text(let text):
            // An explicit length keeps text with embedded NUL characters whole.
            return text.utf8CString.withUnsafeBufferPointer { bytes in
                sqlite3_bind_text(handle, index, bytes.baseAddress, Int32(bytes.count - 1), tteok_sqlite_transient())
            }
        case .blob(let data):
            return data.withUnsafeBytes { bytes in
                // A zero-length blob must still be a blob, not NULL: bind zeroblob(0).
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
                return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), tteok_sqlite_transient())
            }
        }
    }

    /// Advances to the next row. Returns false when the statement is done.
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw SQLiteError(connection: connection, code: sqlite3_extended_errcode(connection), sql: sql)
        }
    }

    /// The current row; valid after `step()` returned true.
    public func row() -> Row {
        let values = (0..<sqlite3_column_count(handle)).map(column)
        return Row(columns: columnNames, values: values)
    }

    private func column(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let text = sqlite3_column_text(handle, index)
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    /// Runs to completion and returns every row.
    public func all() throws -> [Row] {
        var rows: [Row] = []
        while try step() { rows.append(row()) }
        return rows
    }

    /// Puts the statement back to its start so the cache can hand it out again.
    func finish() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw SQLiteError(connection: connection, code: code, sql: sql) }
    }
}
