/// One result row: values by position or by column name.
public struct Row: Hashable, Sendable {
    /// Column names, shared by every row of one result.
    public let columns: [String]
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    public subscript(index: Int) -> SQLValue { values[index] }

    /// The value of the named column, or `.null` when there is no such column.
    public subscript(column: String) -> SQLValue {
        guard let index = columns.firstIndex(of: column) else { return .null }
        return values[index]
    }
}
