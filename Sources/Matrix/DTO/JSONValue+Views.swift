/// Typed views read straight from a `JSONValue`, without encoding it and decoding it again.
///
/// Why: `JSONValue.decode(as:)` encodes the value to bytes and decodes those, a JSONEncoder and a
/// JSONDecoder per read. A 1,000-room cold start reads a name, a topic, an alias and the own
/// membership of every room that way before its first frame (perf: about as much of the client's
/// CPU as decoding the window's state contents). A view conforming to this is read directly; it
/// must give exactly what the `Decodable` path gives for every value (JSONValueViewTests compare
/// both, on hostile values too): a field of the wrong type fails the whole view, as it does there.
protocol JSONValueView {
    /// The view of `json`; nil when the `Decodable` path would fail.
    init?(json: JSONValue)
}

extension JSONValue {
    /// An object's optional field as `Decodable`'s `decodeIfPresent` reads it: absent or null is
    /// `.some(nil)`, a value of the wrong type is nil (the view fails).
    fileprivate static func optional<T>(_ value: JSONValue?, _ read: (JSONValue) -> T?) -> T?? {
        switch value {
        case nil, .null?: return .some(nil)
        case let value?: return read(value).map { .some($0) }
        }
    }

    fileprivate var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    fileprivate var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }
}

extension MemberContent: JSONValueView {
    init?(json: JSONValue) {
        guard let fields = json.objectValue, let membership = fields["membership"]?.stringValue,
              let displayname = JSONValue.optional(fields["displayname"], \.stringValue),
              let isDirect = JSONValue.optional(fields["is_direct"], \.boolValue) else { return nil }
        self.init(membership: membership, displayname: displayname, is_direct: isDirect)
    }
}

extension NameContent: JSONValueView {
    init?(json: JSONValue) {
        guard let name = json.objectValue.flatMap({ JSONValue.optional($0["name"], \.stringValue) }) else { return nil }
        self.init(name: name)
    }
}

extension TopicContent: JSONValueView {
    init?(json: JSONValue) {
        guard let topic = json.objectValue.flatMap({ JSONValue.optional($0["topic"], \.stringValue) }) else { return nil }
        self.init(topic: topic)
    }
}

extension CanonicalAliasContent: JSONValueView {
    init?(json: JSONValue) {
        guard let alias = json.objectValue.flatMap({ JSONValue.optional($0["alias"], \.stringValue) }) else { return nil }
        self.init(alias: alias)
    }
}
