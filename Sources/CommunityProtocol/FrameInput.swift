import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The reading side of a frame stream: bytes are taken from the socket as many as are there (up
/// to `chunk` past what the frame under way needs), so a burst of frames costs one `recv`, not two
/// per frame. A frame's length is checked against the limit before its bytes are waited for, and
/// the buffer never holds more than one frame and one chunk. Used by one thread only.
final class FrameInput: @unchecked Sendable {
    private let descriptor: Int32
    /// `storage[start..<end]` are the bytes read and not yet taken.
    private var storage = [UInt8](repeating: 0, count: FrameInput.chunk)
    private var start = 0
    private var end = 0
    static let chunk = 64 * 1024

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    private var unread: Int { end - start }

    var hasWholeFrame: Bool {
        guard let length = try? announcedLength() else { return unread >= FrameCodec.headerSize }
        return unread >= FrameCodec.headerSize + length
    }

    func nextPayload() throws(ProtocolError) -> Data? {
        guard try fill(FrameCodec.headerSize, endAllowed: true) else { return nil }
        let length = try announcedLength() ?? 0
        guard try fill(FrameCodec.headerSize + length, endAllowed: false) else { throw .truncated }
        let payloadStart = start + FrameCodec.headerSize
        let payload = Data(storage[payloadStart..<(payloadStart + length)])
        start = payloadStart + length
        return payload
    }

    /// The length the buffered header announces (nil before a whole header), refused over the limit.
    private func announcedLength() throws(ProtocolError) -> Int? {
        guard unread >= FrameCodec.headerSize else { return nil }
        return try FrameCodec.payloadLength(header: Data(storage[start..<(start + FrameCodec.headerSize)]))
    }

    /// Reads until `count` bytes are unread; false at a clean end before the first byte when
    /// `endAllowed`.
    private func fill(_ count: Int, endAllowed: Bool) throws(ProtocolError) -> Bool {
        if unread >= count { return true }
        makeRoom(for: count)
        while unread < count {
            let (got, error) = storage.withUnsafeMutableBytes { bytes in
                let got = recv(descriptor, bytes.baseAddress! + end, bytes.count - end, 0)
                return (got, errno)
            }
            if got < 0 && error == EINTR { continue }
            if got <= 0 {
                if unread == 0 && endAllowed { return false }
                throw .truncated
            }
            end += got
        }
        return true
    }

    /// Moves the unread bytes to the front and grows the storage, so `count` bytes and a chunk
    /// more fit; a large frame's storage is given back once it was taken.
    private func makeRoom(for count: Int) {
        if start > 0 {
            storage.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                memmove(base, base + start, end - start)
            }
            end -= start
            start = 0
        }
        let wanted = max(count + Self.chunk, Self.chunk)
        if storage.count < wanted {
            storage.append(contentsOf: repeatElement(0, count: wanted - storage.count))
        } else if storage.count > 2 * wanted {
            storage = Array(storage[0..<wanted])
        }
    }
}
