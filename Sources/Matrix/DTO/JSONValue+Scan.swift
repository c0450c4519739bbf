import JSONScan

extension JSONValue {
    /// The next value of `scanner` as open JSON: the same tree `init(from:)` builds through
    /// JSONDecoder, with two refusals of its own (`.shape` errors, which cost the event that holds
    /// the value): a number beyond `Double`'s range (JSONDecoder refuses it too), and an object
    /// with a key twice (JSONDecoder keeps the first; two readers could take different ones).
    init(scanning scanner: inout JSONScanner) throws(JSONScanError) {
        switch try scanner.kind() {
        case .null:
            _ = try scanner.null()
            self = .null
        case .bool:
            self = .bool(try scanner.bool())
        case .string:
            self = .string(try scanner.string())
        case .number:
            let start = scanner.mark
            guard let value = try scanner.double() else {
                scanner.rewind(to: start)
                throw scanner.unexpected("a number beyond Double's range")
            }
            self = .number(value)
        case .array:
            try scanner.enterArray()
            var items: [JSONValue] = []
            while try scanner.nextElement() { items.append(try JSONValue(scanning: &scanner)) }
            self = .array(items)
        case .object:
            try scanner.enterObject()
            var fields: [String: JSONValue] = [:]
            while let key = try scanner.nextKey() {
                let value = try JSONValue(scanning: &scanner)
                guard fields.updateValue(value, forKey: key) == nil else { throw scanner.unexpected("the key \"\(key.prefix(40))\" twice") }
            }
            self = .object(fields)
        }
    }

    /// An optional field's open JSON as `decodeIfPresent` reads it: null is absent.
    static func optional(scanning scanner: inout JSONScanner) throws(JSONScanError) -> JSONValue? {
        try scanner.null() ? nil : JSONValue(scanning: &scanner)
    }
}
