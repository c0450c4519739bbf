import FoundationEssentials

/// A JSON value as the crypto module reads and signs it. Integers are kept apart from other
/// numbers because canonical JSON (what signatures cover) allows only integers.
public enum CryptoJSON: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([CryptoJSON])
    case object([String: CryptoJSON])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Most values in events are strings, then objects: tried first, since each failed
        // attempt costs a thrown error. A number is never read as a string or a bool (nor the
        // reverse), so the order changes nothing else.
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([String: CryptoJSON].self) { self = .object(value) }
        else if let value = try? container.decode([CryptoJSON].self) { self = .array(value) }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else { self = .number(try container.decode(Double.self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses JSON text (UTF-8), strictly (`CryptoJSONParser`); a `JSONSyntaxError` says why not.
    public init(parsing data: Data) throws {
        self = try CryptoJSONParser.parse(data)
    }

    /// Any Codable value as JSON (for values of other modules' types).
    public init<T: Encodable>(encoding value: T) throws {
        self = try JSONDecoder().decode(CryptoJSON.self, from: JSONEncoder().encode(value))
    }

    /// Reads this value as a typed view; nil when it does not have that shape.
    public func decode<T: Decodable>(as type: T.Type) -> T? {
        guard let data = try? JSONEncoder().encode(self) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    public subscript(key: String) -> CryptoJSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    public var object: [String: CryptoJSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// This object without `key` (unchanged if it is not an object).
    public func removing(_ keys: String...) -> CryptoJSON {
        guard case .object(var object) = self else { return self }
        for key in keys { object[key] = nil }
        return .object(object)
    }
}
