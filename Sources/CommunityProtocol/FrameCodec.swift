import FoundationEssentials

/// How frames travel on the service's socket: a 4-byte big-endian length, then that many bytes
/// of JSON. The length is checked against `maximumPayload` before anything is read or
/// allocated, so a hostile length (4 GB) costs nothing.
public enum FrameCodec {
    /// Largest payload either side accepts: a 10 MiB image is about 13.4 MiB as JSON's base64,
    /// plus the envelope; a page of history is bounded by the service's page size.
    public static let maximumPayload = 16 * 1024 * 1024
    /// Bytes of the length prefix.
    public static let headerSize = 4

    /// The bytes of one frame carrying `value`.
    public static func encode<T: Encodable>(_ value: T) throws(ProtocolError) -> Data {
        let payload: Data
        do { payload = try JSONEncoder().encode(value) } catch { throw .unencodable(String(describing: error)) }
        guard payload.count <= maximumPayload else { throw .tooLarge(payload.count) }
        var length = UInt32(payload.count).bigEndian
        var frame = Data(bytes: &length, count: headerSize)
        frame.append(payload)
        return frame
    }

    /// The payload length announced by a 4-byte header, refused when over the limit.
    public static func payloadLength(header: Data) throws(ProtocolError) -> Int {
        guard header.count == headerSize else { throw .truncated }
        let length = header.reduce(0) { ($0 << 8) | Int($1) }
        guard length <= maximumPayload else { throw .tooLarge(length) }
        return length
    }

    /// Decodes a payload and checks its version, so a frame from a newer tteok is told apart from
    /// garbage. The payload is parsed once; only a frame that does not decode is looked at again
    /// for its version (decoding every frame twice was a third of a live message's cost).
    public static func decode<T: VersionedFrame>(_ type: T.Type, from payload: Data) throws(ProtocolError) -> T {
        if let frame = type.readDirectly(payload) { return frame }
        let frame: T
        do {
            frame = try JSONDecoder().decode(type, from: payload)
        } catch {
            let probe = type.pushesArrays ? try? JSONDecoder().decode(VersionProbe.self, from: payload)
                : (try? JSONDecoder().decode(ObjectVersionProbe.self, from: payload)).map { VersionProbe(v: $0.v) }
            guard let probe else { throw .malformed("not a tteok frame") }
            guard probe.v == WireVersion.current else { throw .unknownVersion(probe.v) }
            throw .malformed(Self.describe(error))
        }
        guard frame.v == WireVersion.current else { throw .unknownVersion(frame.v) }
        return frame
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "undecodable frame" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "undecodable frame"
        }
    }

    private struct ObjectVersionProbe: Decodable { var v: Int }

    /// The version of a frame of either form: an object's `v`, an array's first element.
    private struct VersionProbe: Decodable {
        var v: Int

        init(v: Int) { self.v = v }

        private enum Keys: String, CodingKey {
            case v
        }

        init(from decoder: any Decoder) throws {
            if var fields = try? decoder.unkeyedContainer() {
                v = try fields.decode(Int.self)
            } else {
                v = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .v)
            }
        }
    }
}

/// A frame that says which version of the wire it was written in.
public protocol VersionedFrame: Decodable {
    var v: Int { get }
    /// True when some frames of this kind are arrays `[v, …]` (pushed events): only then is an
    /// array's first element read as a version.
    static var pushesArrays: Bool { get }
    /// The frame read without `JSONDecoder` when this kind has a reader for its commonest form
    /// (a live message's pushes); nil leaves it to `JSONDecoder`.
    static func readDirectly(_ payload: Data) -> Self?
}

extension VersionedFrame {
    public static var pushesArrays: Bool { false }
    public static func readDirectly(_ payload: Data) -> Self? { nil }
}

/// The wire format's version; both sides refuse a frame of another version with a clear error.
public enum WireVersion {
    /// 2: moderation (mutes, bans, archived channels, terms versions, moderators).
    /// 3: threads.
    /// 4: typing notices (`Request.typing`, `ChatEvent.typing`).
    /// 5: member lists (`Request.members`).
    /// 6: a thread's older replies (`Request.olderThreadReplies`, `MessageThread.older`) and
    ///    replies in a thread that answer one of its messages.
    /// 7: a read marker per thread (`Request.markThreadRead`, `ThreadPosition.root`'s `unread`).
    /// 8: unread counts pushed with new messages (`ChatEvent.unreadCounts`).
    /// 9: an action (`/me`) posted in a thread (`Request.replyInThread` carries `Words`).
    /// 10: pushed events in their compact form (`PushedEvent`): a frame `[v, …]`.
    /// 11: every member's nickname (`Request.memberNames`), for Tab completion.
    public static let current = 11
}
