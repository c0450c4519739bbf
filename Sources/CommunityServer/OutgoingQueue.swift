import CommunityProtocol
import Foundation
import Glibc

/// One connection's writes, on its own serial queue, so a client that stops reading holds up
/// only itself. Once more than `limit` bytes wait, the client is not keeping up: the connection
/// is shut down (its reader then ends it) rather than buffered without bound.
final class OutgoingQueue: @unchecked Sendable {
    /// One largest frame (an image's bytes) plus 4 MiB of events behind it.
    static let defaultLimit = FrameCodec.maximumPayload + 4 * 1024 * 1024

    private let stream: FrameStream
    private let queue: DispatchQueue
    private let limit: Int
    /// Guarded by `lock`.
    private var queuedBytes = 0
    private var dropped = false
    private let lock = NSLock()

    init(stream: FrameStream, label: String, limit: Int = OutgoingQueue.defaultLimit) {
        self.stream = stream
        self.limit = limit
        queue = DispatchQueue(label: label)
    }

    /// Queues one frame; drops the connection when the client has fallen too far behind.
    func send(_ frame: ServerFrame) {
        guard let bytes = try? FrameCodec.encode(frame) else { return }
        let overLimit = lock.withLock { () -> Bool in
            if dropped { return false }
            queuedBytes += bytes.count
            if queuedBytes > limit { dropped = true; return true }
            return false
        }
        if overLimit { return drop() }
        queue.async { [self] in
            let written = stream.write(bytes)
            lock.withLock { queuedBytes -= bytes.count }
            if !written { drop() }
        }
    }

    /// Ends the connection both ways; the reader sees the end and cleans up.
    func drop() {
        lock.withLock { dropped = true }
        shutdown(stream.descriptor, Int32(SHUT_RDWR))
    }

    /// Ends the connection once the frames already queued are written (or their write gave up),
    /// then releases the descriptor: the number is never reused by a new client while a write
    /// for this one is pending.
    func close() {
        lock.withLock { dropped = true }
        queue.async { [stream] in
            // After the last queued frame (a bad frame's error) went out, or its write gave up.
            shutdown(stream.descriptor, Int32(SHUT_RDWR))
            _ = Glibc.close(stream.descriptor)
        }
    }
}
