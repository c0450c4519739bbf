import FoundationEssentials

/// One SQLite value, for binding parameters and reading columns. The only value type Storage speaks.
public enum SQLValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    public var isNull: Bool { self == .null }

    /// The value as an integer; reals are truncated, other kinds give nil.
    public var int64: Int64? {
        switch self {
        case .integer(let value): return value
        case .real(let value): return Int64(exactly: value.rounded(.towardZero))
        default: return nil
        }
    }

    public var int: Int? { int64.map { Int($0) } }

    public var double: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }

    public var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    public var data: Data? {
        switch self {
        case .blob(let value): return value
        case .text(let value): return Data(value.utf8)
        default: return nil
        }
    }
}

extension SQLValue {
    /// Integers, or null for nil.
    public init<I: BinaryInteger>(_ value: I?) {
        self = value.map { .integer(Int64($0)) } ?? .null
    }

    public init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
    public init(_ value: Double?) { self = value.map(SQLValue.real) ?? .null }
    public init(_ value: Data?) { self = value.map(SQLValue.blob) ?? .null }
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByNilLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
}
