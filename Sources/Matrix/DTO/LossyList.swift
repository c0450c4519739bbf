/// A JSON array whose elements are decoded one by one, dropping those that do not have the
/// expected shape: a server (or a peer through it) that sends one malformed event must not cost
/// the rest of a `/sync` answer, which would otherwise fail whole and be retried for ever.
struct LossyList<Element: Decodable & Sendable>: Decodable, Sendable {
    var elements: [Element]
    /// How many elements were dropped (for tests and diagnostics).
    var dropped: Int

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var dropped = 0
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                // A failed decode does not advance the container: step over the element as any JSON.
                _ = try container.decode(JSONValue.self)
                dropped += 1
            }
        }
        self.elements = elements
        self.dropped = dropped
    }
}

/// A JSON object of rooms whose values are decoded one by one: a malformed room is dropped, the
/// others kept.
struct LossyDictionary<Value: Decodable & Sendable>: Decodable, Sendable {
    var values: [String: Value]

    init(from decoder: Decoder) throws {
        let raw = try decoder.singleValueContainer().decode([String: JSONValue].self)
        var values: [String: Value] = [:]
        for (key, value) in raw {
            if let decoded = value.decode(as: Value.self) { values[key] = decoded }
        }
        self.values = values
    }
}
