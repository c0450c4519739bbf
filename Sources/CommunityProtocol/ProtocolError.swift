import ChatCore

/// Why a frame could not be read or written. Each says what went wrong in words a user can act on.
public enum ProtocolError: Error, Hashable, Sendable {
    /// The stream ended inside a frame.
    case truncated
    /// The announced or actual payload is over `FrameCodec.maximumPayload`.
    case tooLarge(Int)
    /// Not JSON of the expected shape.
    case malformed(String)
    /// A frame of a wire version this tteok does not speak.
    case unknownVersion(Int)
    /// A value could not be encoded (should not happen with our own types).
    case unencodable(String)

    public var message: String {
        switch self {
        case .truncated: return "the connection ended in the middle of a frame"
        case .tooLarge(let count): return "a frame of \(count) bytes is over the limit of \(FrameCodec.maximumPayload) bytes"
        case .malformed(let why): return "a malformed frame (\(why))"
        case .unknownVersion(let version):
            return "the other side speaks wire version \(version), this tteok speaks \(WireVersion.current): run the same tteok version for the service and its clients"
        case .unencodable(let why): return "could not encode a frame (\(why))"
        }
    }

    /// The same failure as a `ChatError`, for the client's callers.
    public var chatError: ChatError { .badResponse(message) }
}
