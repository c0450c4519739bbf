/// What a committed transaction changed. Published to observers after commit, never on rollback.
public enum DatabaseChange: Hashable, Sendable {
    /// This database committed; the rows its statements inserted, updated or deleted.
    case committed(Set<RowChange>)
    /// Another connection (usually another process) committed; what it touched is unknown.
    case external

    /// True when the change may concern `table` (always true for an external change).
    public func touches(_ table: String) -> Bool {
        switch self {
        case .committed(let rows): return rows.contains { $0.table == table }
        case .external: return true
        }
    }

    /// Row ids of `table` this change inserted; empty for external changes (re-read instead).
    public func inserted(into table: String) -> [Int64] {
        guard case .committed(let rows) = self else { return [] }
        return rows.filter { $0.table == table && $0.kind == .insert }.map(\.rowID).sorted()
    }
}

/// One row a write touched, as SQLite's update hook reported it.
///
/// The hook does not see `WITHOUT ROWID` tables or `DELETE` without `WHERE` (the truncate
/// optimisation): schemas observed through Storage avoid both.
public struct RowChange: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case insert, update, delete }

    public let table: String
    public let kind: Kind
    public let rowID: Int64

    public init(table: String, kind: Kind, rowID: Int64) {
        self.table = table
        self.kind = kind
        self.rowID = rowID
    }
}
