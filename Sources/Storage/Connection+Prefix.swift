import CSQLite

/// The first bytes of one stored text or blob value, and how long the whole value is.
public struct StoredPrefix: Hashable, Sendable {
    /// At most the bytes asked for, from the start of the value.
    public let bytes: [UInt8]
    /// The length of the whole value in bytes.
    public let totalBytes: Int

    public init(bytes: [UInt8], totalBytes: Int) {
        self.bytes = bytes
        self.totalBytes = totalBytes
    }
}

extension Connection {
    /// Reads at most `maxBytes` from the start of `table.column` in row `rowID`, through SQLite's
    /// incremental blob I/O: a column read by a query (even through `substr`) is loaded whole into
    /// memory first, so a 75 MB value would cost 75 MB; this reads only the pages it returns.
    /// Works on TEXT as well as BLOB columns; throws for a missing row or a NULL value.
    public func prefix(of table: String, _ column: String, row rowID: Int64, maxBytes: Int) throws -> StoredPrefix {
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(handle, "main", table, column, rowID, 0, &blob)
        guard code == SQLITE_OK, let blob else {
            let error = SQLiteError(connection: handle, code: code, sql: "blob \(table).\(column) row \(rowID)")
            sqlite3_blob_close(blob)
            throw error
        }
        defer { sqlite3_blob_close(blob) }
        let total = Int(sqlite3_blob_bytes(blob))
        let count = max(0, min(total, maxBytes))
        var bytes = [UInt8](repeating: 0, count: count)
        if count > 0 {
            let read = bytes.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(count), 0) }
            guard read == SQLITE_OK else { throw SQLiteError(connection: handle, code: read, sql: "blob \(table).\(column) row \(rowID)") }
        }
        return StoredPrefix(bytes: bytes, totalBytes: total)
    }
}
