import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes whole frames on a connected stream socket with blocking calls. Each side
/// reads on its own thread and writes on its own serial queue, so neither waits on the other.
public struct FrameStream: Sendable {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next frame's payload; nil when the peer closed the connection between frames.
    /// Throws for a truncated or oversized frame (the connection is then unusable).
    public func readPayload() throws(ProtocolError) -> Data? {
        guard let header = try readExactly(FrameCodec.headerSize, endAllowed: true) else { return nil }
        let length = try FrameCodec.payloadLength(header: header)
        guard let payload = try readExactly(length, endAllowed: false) else { throw .truncated }
        return payload
    }

    /// Reads and decodes the next frame.
    public func read<T: VersionedFrame>(_ type: T.Type) throws(ProtocolError) -> T? {
        guard let payload = try readPayload() else { return nil }
        return try FrameCodec.decode(type, from: payload)
    }

    /// Writes all of `bytes`; false when the peer is gone or the socket's send timeout passed.
    public func write(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = send(descriptor, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Exactly `count` bytes; nil at a clean end before the first byte when `endAllowed`.
    private func readExactly(_ count: Int, endAllowed: Bool) throws(ProtocolError) -> Data? {
        var data = Data(count: count)
        var offset = 0
        while offset < count {
            let got = data.withUnsafeMutableBytes { buffer in
                recv(descriptor, buffer.baseAddress! + offset, count - offset, 0)
            }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 {
                if offset == 0 && endAllowed { return nil }
                throw .truncated
            }
            offset += got
        }
        return data
    }
}
