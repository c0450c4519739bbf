import ChatCore

/// A client's request with the id its answer will carry.
public struct ClientFrame: Codable, Hashable, Sendable, VersionedFrame {
    public var v: Int
    public var id: UInt64
    public var request: Request

    public init(id: UInt64, request: Request) {
        self.v = WireVersion.current
        self.id = id
        self.request = request
    }
}

/// What the service sends: the answer to a request, or a live event for a subscribed client
/// (its form on the wire: `ServerFrame+Wire`).
public struct ServerFrame: Hashable, Sendable, VersionedFrame {
    public enum Body: Codable, Hashable, Sendable {
        case response(id: UInt64, Response)
        case event(ChatEvent)
    }

    public var v: Int
    public var body: Body

    public init(_ body: Body) {
        self.v = WireVersion.current
        self.body = body
    }
}
