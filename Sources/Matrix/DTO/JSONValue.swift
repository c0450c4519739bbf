import FoundationEssentials

/// Any JSON value: event contents and account data are open-ended, so they are kept as this
/// and read through typed views (`decode(as:)`) where tteok needs them.
enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Strings, then numbers, then objects: most values inside events are strings, then
        // numbers, and each failed attempt costs a thrown error that builds its coding path (the
        // power levels of every room of a cold start's window are a dozen numbers in two or three
        // objects). An event's content itself is an object: `init(content:)` tries that first.
        // A number is never read as a string or a bool, nor the reverse.
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode([String: JSONValue].self) { self = .object(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .bool(try container.decode(Bool.self)) }
    }

    /// An event's content: an object nearly always, so that is tried first. Each attempt of
    /// `init(from:)` that fails costs a thrown error, and its string-first order cost one for
    /// every state event of a cold start's window (perf: errors' coding paths were a fifth of
    /// decoding the window). Anything else is read as `init(from:)` reads it.
    init(content decoder: Decoder) throws {
        if let object = try? decoder.singleValueContainer().decode([String: JSONValue].self) { self = .object(object) }
        else { try self.init(from: decoder) }
    }

    /// An `m.room.power_levels` content: numbers in objects, so its values are read numbers-first
    /// (read string-first, each was a thrown error: a dozen in every room of a cold start's window).
    /// Every value reads as `init(from:)` reads it.
    init(powerLevels decoder: Decoder) throws {
        if let object = try? decoder.singleValueContainer().decode([String: NumbersFirst].self) {
            self = .object(object.mapValues(\.value))
        } else {
            try self.init(from: decoder)
        }
    }

    /// A value read number, then object, then as `init(from:)` reads it.
    private struct NumbersFirst: Decodable {
        let value: JSONValue

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { value = .number(number) }
            else if let object = try? container.decode([String: NumbersFirst].self) { value = .object(object.mapValues(\.value)) }
            else { value = try JSONValue(from: decoder) }
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Reads this value as a typed view; nil when it does not have that shape. A `JSONValueView`
    /// is read directly, any other type through an encoding and a decoding.
    func decode<T: Decodable>(as type: T.Type) -> T? {
        if let view = type as? JSONValueView.Type { return view.init(json: self) as? T }
        guard let data = try? JSONEncoder().encode(self) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    /// The value of `key` in an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
