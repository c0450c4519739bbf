import CSQLite

/// Collects the rows a transaction touches through `sqlite3_update_hook`.
///
/// Lives as long as its connection; the hook is removed before the connection closes.
final class ChangeRecorder {
    private(set) var rows: Set<RowChange> = []

    func record(_ change: RowChange) { rows.insert(change) }

    /// The rows recorded since the last call, and a clean slate.
    func take() -> Set<RowChange> {
        defer { rows.removeAll() }
        return rows
    }

    func install(on connection: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_update_hook(connection, { context, operation, _, table, rowID in
            guard let context, let table else { return }
            let recorder = Unmanaged<ChangeRecorder>.fromOpaque(context).takeUnretainedValue()
            let kind: RowChange.Kind = switch operation {
            case SQLITE_INSERT: .insert
            case SQLITE_DELETE: .delete
            default: .update
            }
            recorder.record(RowChange(table: String(cString: table), kind: kind, rowID: rowID))
        }, context)
    }

    static func uninstall(from connection: OpaquePointer) {
        sqlite3_update_hook(connection, nil, nil)
    }
}
