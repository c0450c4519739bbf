import FoundationEssentials

/// A server frame on the wire: an answer as the object `{"v": …, "body": …}`, a pushed event as
/// the array `[v, …]` in its compact form (`PushedEvent`). Answers keep the object a client of
/// another version can read the version from; pushes come only after a subscription was answered.
extension ServerFrame: Codable {
    public static var pushesArrays: Bool { true }

    /// A live message's two pushes, read by hand (`PushFrameReader`).
    public static func readDirectly(_ payload: Data) -> ServerFrame? {
        PushFrameReader.event(in: payload).map { ServerFrame(.event($0)) }
    }

    private enum Keys: String, CodingKey {
        case v, body
    }

    public init(from decoder: any Decoder) throws {
        if var fields = try? decoder.unkeyedContainer() {
            v = try fields.decode(Int.self)
            body = .event(try PushedEvent.decode(from: &fields))
            return
        }
        let keyed = try decoder.container(keyedBy: Keys.self)
        v = try keyed.decode(Int.self, forKey: .v)
        body = try keyed.decode(Body.self, forKey: .body)
    }

    public func encode(to encoder: any Encoder) throws {
        if case .event(let event) = body {
            var fields: any UnkeyedEncodingContainer = encoder.unkeyedContainer()
            try fields.encode(v)
            try PushedEvent.encode(event, into: &fields)
            return
        }
        var keyed = encoder.container(keyedBy: Keys.self)
        try keyed.encode(v, forKey: .v)
        try keyed.encode(body, forKey: .body)
    }
}
