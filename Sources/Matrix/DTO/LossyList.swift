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
                // A failed decode does not advance the container: step over the element unread
                // (as any JSON it could fail again, on a number no Double holds, and cost the rest).
                _ = try container.decode(Skipped.self)
                dropped += 1
            }
        }
        self.elements = elements
        self.dropped = dropped
    }
}

/// Any JSON value, stepped over without reading it.
private struct Skipped: Decodable {
    init(from decoder: Decoder) {}
}

/// A JSON object of rooms whose values are decoded one by one: a malformed room is dropped, the
/// others kept. Each value is decoded in place through a keyed container (a keyed container is
/// not moved by a failed decode), never through an intermediate `JSONValue` tree: that tree and
/// its re-encoding were most of the CPU a live message cost.
struct LossyDictionary<Value: Decodable & Sendable>: Decodable, Sendable {
    var values: [String: Value]

    init(values: [String: Value]) {
        self.values = values
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        var values: [String: Value] = [:]
        for key in container.allKeys {
            if let decoded = try? container.decode(Value.self, forKey: key) { values[key.stringValue] = decoded }
        }
        self.values = values
    }
}

/// Any key of a JSON object.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension LossyDictionary: Equatable where Value: Equatable {}
