import ChatCore
import CommunityProtocol
import Dispatch
import FoundationEssentials
import Glibc

/// One connection's writes, on its own serial queue, so a client that stops reading holds up
/// only itself. Once more than `limit` bytes wait, the client is not keeping up: the connection
/// is shut down (its reader then ends it) rather than buffered without bound.
final class OutgoingQueue: Sendable {
    /// One largest frame (an image's bytes) plus 4 MiB of events behind it.
    static let defaultLimit = FrameCodec.maximumPayload + 4 * 1024 * 1024

    private let stream: FrameStream
    private let queue: DispatchQueue
    private let limit: Int
    private let state = Mutex(State())

    private struct State {
        /// Bytes not yet handed to the writer: everything queued while it was writing goes out
        /// in its next single write, so a busy connection costs one write per burst.
        var pending = Data()
        /// Queued and not yet written, the bytes being written included.
        var queuedBytes = 0
        var writing = false
        /// Given up (not keeping up, or gone): nothing more is written.
        var dropped = false
        /// Ending: nothing more is queued, what is queued still goes out.
        var closing = false
    }

    init(stream: FrameStream, label: String, limit: Int = OutgoingQueue.defaultLimit) {
        self.stream = stream
        self.limit = limit
        queue = DispatchQueue(label: label)
    }

    /// Queues one frame; drops the connection when the client has fallen too far behind.
    func send(_ frame: ServerFrame) {
        guard let bytes = try? FrameCodec.encode(frame) else { return }
        send(bytes: bytes)
    }

    /// Queues frames already encoded (the fan-out encodes an event once for many connections).
    func send(bytes: Data) {
        enum Next { case nothing, write, drop }
        let next = state.withLock { state -> Next in
            if state.dropped || state.closing { return .nothing }
            state.queuedBytes += bytes.count
            if state.queuedBytes > limit { state.dropped = true; return .drop }
            state.pending.append(bytes)
            if state.writing { return .nothing }
            state.writing = true
            return .write
        }
        switch next {
        case .nothing: return
        case .drop: drop()
        case .write: queue.async { [self] in writePending() }
        }
    }

    /// Writes what waits, in turns, until nothing does.
    private func writePending() {
        while true {
            let chunk = state.withLock { state -> Data? in
                if state.pending.isEmpty || state.dropped { state.writing = false; return nil }
                defer { state.pending = Data() }
                return state.pending
            }
            guard let chunk else { return }
            let written = stream.write(chunk)
            state.withLock { $0.queuedBytes -= chunk.count }
            if !written { return drop() }
        }
    }

    /// Ends the connection both ways; the reader sees the end and cleans up.
    func drop() {
        state.withLock { $0.dropped = true }
        shutdown(stream.descriptor, Int32(SHUT_RDWR))
    }

    /// Ends the connection once the frames already queued are written (or their write gave up),
    /// then releases the descriptor: the number is never reused by a new client while a write
    /// for this one is pending.
    func close() {
        state.withLock { $0.closing = true }
        queue.async { [stream] in
            // After the last queued frame (a bad frame's error) went out, or its write gave up.
            shutdown(stream.descriptor, Int32(SHUT_RDWR))
            _ = Glibc.close(stream.descriptor)
        }
    }
}
