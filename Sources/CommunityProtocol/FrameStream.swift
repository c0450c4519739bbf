import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes whole frames on a connected stream socket with blocking calls. Each side
/// reads on its own thread and writes on its own serial queue, so neither waits on the other.
/// Copies share one read buffer: only one thread reads.
public struct FrameStream: Sendable {
    public let descriptor: Int32
    private let input: FrameInput

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        input = FrameInput(descriptor: descriptor)
    }

    /// The next frame's payload; nil when the peer closed the connection between frames.
    /// Throws for a truncated or oversized frame (the connection is then unusable).
    public func readPayload() throws(ProtocolError) -> Data? {
        try input.nextPayload()
    }

    /// Reads and decodes the next frame.
    public func read<T: VersionedFrame>(_ type: T.Type) throws(ProtocolError) -> T? {
        guard let payload = try readPayload() else { return nil }
        return try FrameCodec.decode(type, from: payload)
    }

    /// True when the bytes already read hold another whole frame: reading it will not wait.
    /// A reader hands on what it has gathered when this is false (a push's frames arrive in one
    /// write and are taken in one go).
    public var hasWholeFrame: Bool { input.hasWholeFrame }

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
}
