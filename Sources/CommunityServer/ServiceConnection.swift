import ChatCore
import CommunityProtocol
import Dispatch
import FoundationEssentials
import Glibc
import LocalStore

/// One client connection: reads its frames on a thread of its own, answers them in order with
/// an engine session bound to the peer's uid, and pushes live events once it subscribed.
final class ServiceConnection: @unchecked Sendable {
    /// Requests a connection may make: a burst, then a steady rate.
    static let requestsPerSecond = 200.0
    static let requestBurst = 400.0
    /// Typing starts a connection may make, apart: each start tells everyone who can see the
    /// channel, so the general rate would let one client push 200 notices a second to each of
    /// them. A person starts a few times a minute (a start per message, renewed every 20 s).
    static let typingStartsPerSecond = 2.0
    static let typingStartBurst = 10.0

    let uid: UInt32
    private let stream: FrameStream
    private let outgoing: OutgoingQueue
    private let handler: RequestHandler
    private let fanOut: FanOut
    private let onClose: @Sendable () -> Void
    /// Touched only on the reader thread.
    private var limiter = RateLimiter(perSecond: ServiceConnection.requestsPerSecond, burst: ServiceConnection.requestBurst)
    /// Typing starts only (a stop is always taken: it can only end a notice). Reader thread only.
    private var typingLimiter = RateLimiter(perSecond: ServiceConnection.typingStartsPerSecond, burst: ServiceConnection.typingStartBurst)
    /// The session's own events (sign-in, blocks) and the fan-out's listener id. Reader thread only.
    private var subscription: (own: Task<Void, Never>, listener: Int)?

    init(descriptor: Int32, uid: UInt32, engine: CommunityEngine, fanOut: FanOut, onClose: @escaping @Sendable () -> Void) throws {
        self.uid = uid
        stream = FrameStream(descriptor: descriptor)
        outgoing = OutgoingQueue(stream: stream, label: "tteok.serve.out.\(descriptor)")
        let slot = SessionSlot()
        handler = RequestHandler(community: try engine.session(peerUID: uid, slot: slot), slot: slot)
        self.fanOut = fanOut
        self.onClose = onClose
    }

    /// Starts the reader thread; the connection lives until the peer leaves or is dropped.
    func start() {
        DetachedThread.start(name: "tteok.serve.in", stackSize: 512 * 1024) { [self] in serve() }
    }

    private func serve() {
        defer { finish() }
        while true {
            let frame: ClientFrame
            do {
                guard let next = try stream.read(ClientFrame.self) else { return }
                frame = next
            } catch {
                // A bad frame leaves the stream unusable: say why, then end the connection.
                outgoing.send(ServerFrame(.response(id: 0, .failure(error.chatError))))
                return
            }
            outgoing.send(ServerFrame(.response(id: frame.id, respond(to: frame.request))))
        }
    }

    private func respond(to request: Request) -> Response {
        if let wait = limiter.take() { return .failure(.rateLimited(retryAfterMilliseconds: wait)) }
        if case .subscribe = request {
            subscribe()
            return .done
        }
        if case .typing(let channel, let typing) = request {
            guard let listener = subscription?.listener else { return .failure(.invalidInput("Typing notices need a subscribed connection.")) }
            if typing, let wait = typingLimiter.take() { return .failure(.rateLimited(retryAfterMilliseconds: wait)) }
            return Self.blocking { [handler, fanOut] in await handler.typing(typing, in: channel, listener: listener, fanOut) }
        }
        if case .members(let channel, let limit) = request {
            return Self.blocking { [handler, fanOut] in await handler.members(of: channel, limit: limit, fanOut) }
        }
        return Self.blocking { [handler] in await handler.answer(request) }
    }

    /// Pushes this connection's live events to the client: what commits add comes through the
    /// shared fan-out, what only this session does (signing in, blocking) from its own stream.
    private func subscribe() {
        guard subscription == nil else { return }
        let events = handler.community.events()
        let own = Task { [outgoing] in
            for await event in events { outgoing.send(ServerFrame(.event(event))) }
        }
        subscription = (own, fanOut.add(handler.community, outgoing))
    }

    private func finish() {
        if let subscription {
            subscription.own.cancel()
            fanOut.remove(subscription.listener)
        }
        outgoing.close()
        onClose()
    }

    /// Runs async work from the reader thread and waits for it: answers stay in request order
    /// and a client cannot have more than one request in flight.
    private static func blocking(_ work: @escaping @Sendable () async -> Response) -> Response {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex(Response.done)
        Task {
            let answer = await work()
            result.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }
}
