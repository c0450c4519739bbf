import ChatCore
import CommunityProtocol
import Dispatch
import FoundationEssentials
import Glibc

/// One connection to the service: requests are written under a lock, answers matched to their
/// id by a reader thread, pushed events handed to `onEvent` (a push's events together). When the
/// connection ends, every waiting request fails with `.offline` at once: a dead service is never
/// a hang.
final class ServiceLink: @unchecked Sendable {
    private let stream: FrameStream
    private let writeLock = Mutex(())
    private let state = Mutex(State())
    private let onEvent: @Sendable ([ChatEvent]) -> Void

    private struct State {
        var nextID: UInt64 = 0
        var open = true
        var waiting: [UInt64: AnswerWaiter] = [:]
        /// Why the link was given up from this side (a service that stopped answering).
        var givenUp: ChatError?
    }

    /// A request unanswered this long means the service is stuck (stopped, overloaded): the
    /// link is given up, so callers see "offline" and posts wait in the outbox, never a hang.
    static let answerTimeout: TimeInterval = 10

    /// Connects to `path`; throws `.offline` when nothing answers there.
    init(path: String, onEvent: @escaping @Sendable ([ChatEvent]) -> Void) throws(ChatError) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .offline("cannot make a socket") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let why = String(cString: strerror(errno))
            _ = close(descriptor)
            throw .offline("the community service at \(path) is not answering (\(why))")
        }
        // A write the service does not take within the timeout fails too.
        var timeout = timeval(tv_sec: Int(Self.answerTimeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        stream = FrameStream(descriptor: descriptor)
        self.onEvent = onEvent
        DetachedThread.start(name: "tteok.client.in") { [self] in readAnswers() }
    }

    var isOpen: Bool { state.withLock { $0.open } }

    /// Sends `request` and waits for its answer.
    func call(_ request: Request) async throws -> Response {
        try await calls([request])[0]
    }

    /// Sends `requests` in one write, in this order, and waits for all their answers: the
    /// service answers a connection's requests in order, so they cost one round trip, not one
    /// each (a start's restore and subscription).
    func calls(_ requests: [Request]) async throws -> [Response] {
        precondition(!requests.isEmpty, "no request to send")
        let frameIDs = state.withLock { state -> [UInt64]? in
            guard state.open else { return nil }
            defer { state.nextID += UInt64(requests.count) }
            return requests.indices.map { state.nextID + 1 + UInt64($0) }
        }
        guard let frameIDs else { throw ChatError.offline("the community service closed the connection") }
        var bytes = Data()
        for (frameID, request) in zip(frameIDs, requests) { bytes.append(try FrameCodec.encode(ClientFrame(id: frameID, request: request))) }
        return try await withCheckedThrowingContinuation { continuation in
            let answers = Answers(count: requests.count, continuation)
            let accepted = state.withLock { state -> Bool in
                guard state.open else { return false }
                for (index, frameID) in frameIDs.enumerated() { state.waiting[frameID] = { answers.take($0, at: index) } }
                return true
            }
            guard accepted else { return continuation.resume(throwing: ChatError.offline("the community service closed the connection")) }
            // Under the write lock the descriptor is either still this link's or already closed
            // (the reader closes it under the same lock), never another connection's.
            let written = writeLock.withLock { _ in isOpen && stream.write(bytes) }
            if !written { shutDown() }
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.answerTimeout) { [weak self] in frameIDs.forEach { self?.giveUpIfWaiting($0) } }
        }
    }

    private func giveUpIfWaiting(_ frameID: UInt64) {
        let stuck = state.withLock { state -> Bool in
            guard state.waiting[frameID] != nil else { return false }
            state.givenUp = .offline("the community service did not answer within \(Int(Self.answerTimeout)) s")
            return true
        }
        if stuck { shutDown() }
    }

    /// Ends the connection; waiting requests fail at once.
    func shutDown() {
        writeLock.withLock { _ in if isOpen { _ = shutdown(stream.descriptor, Int32(SHUT_RDWR)) } }
    }

    /// Pushed events are handed on together while more frames are already read: a push's
    /// frames (the messages, then the counts) arrive in one write and reach the screens in one
    /// hop. An answer waits for the events read before it, so order is kept.
    private func readAnswers() {
        var failure = ChatError.offline("the community service closed the connection")
        var events: [ChatEvent] = []
        while true {
            do {
                guard let frame = try stream.read(ServerFrame.self) else { break }
                switch frame.body {
                case .event(let event): events.append(event)
                case .response(let id, let response):
                    if !events.isEmpty { onEvent(events); events = [] }
                    let waiter = state.withLock { $0.waiting.removeValue(forKey: id) }
                    if let waiter { waiter(.success(response)) } else if case .failure(let error) = response { failure = error }
                }
                if !events.isEmpty, !stream.hasWholeFrame { onEvent(events); events = [] }
            } catch {
                failure = error.chatError
                break
            }
        }
        if !events.isEmpty { onEvent(events) }
        let waiters = state.withLock { state -> [AnswerWaiter] in
            if let givenUp = state.givenUp { failure = givenUp }
            state.open = false
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        waiters.forEach { $0(.failure(failure)) }
        writeLock.withLock { _ in _ = close(stream.descriptor) }
        if case .offline(let why) = failure { onEvent([.connection(.offline(why))]) } else { onEvent([.connection(.offline(failure.message))]) }
    }
}

/// Takes one request's answer (or the link's failure) off the reader thread.
typealias AnswerWaiter = @Sendable (Result<Response, any Error>) -> Void

/// The answers to requests sent together: the caller resumes once all are in, or at the first
/// failure (the link ended: the rest fail the same way).
private final class Answers: Sendable {
    private let state: Mutex<(responses: [Response?], continuation: CheckedContinuation<[Response], any Error>?)>

    init(count: Int, _ continuation: CheckedContinuation<[Response], any Error>) {
        state = Mutex((Array(repeating: nil, count: count), continuation))
    }

    func take(_ answer: Result<Response, any Error>, at index: Int) {
        let resume = state.withLock { state -> (CheckedContinuation<[Response], any Error>, Result<[Response], any Error>)? in
            guard let continuation = state.continuation else { return nil }
            switch answer {
            case .failure(let error):
                state.continuation = nil
                return (continuation, .failure(error))
            case .success(let response):
                state.responses[index] = response
                let all = state.responses.compactMap { $0 }
                guard all.count == state.responses.count else { return nil }
                state.continuation = nil
                return (continuation, .success(all))
            }
        }
        if let (continuation, result) = resume { continuation.resume(with: result) }
    }
}
