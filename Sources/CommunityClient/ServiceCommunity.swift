import ChatCore
import CommunityProtocol
import FoundationEssentials

/// `ChatService` over the community service's socket. The service (and the engine in it) holds
/// every rule; this keeps the session token in the user's 0600 session file, reconnects when
/// the service comes back, and — for the interactive client — keeps unsent posts in an outbox.
public final class ServiceCommunity: ChatService {
    let socketPath: String
    let sessionFile: SecretFile<ServiceSession>
    let hub = EventHub()
    /// True for the interactive client: a post the service cannot take now waits in the
    /// outbox (`sending…`). A script gets `.offline` instead and stores nothing.
    let keepsOutbox: Bool
    let link = Mutex<ServiceLink?>(nil)
    let connecting = AsyncLock()
    let subscribed = Mutex(false)
    /// The link the service confirmed the subscription on.
    let live = Mutex<ObjectIdentifier?>(nil)
    let outbox: Outbox
    /// The member last seen, so a pending post shows as mine while the service is away.
    let lastViewer = Mutex<UserID?>(nil)
    /// For the user's private service: starts it when nothing answers on its socket.
    let starter: PrivateServiceStarter?
    /// What the `restore` of the link just opened answered, until `restoreSession` takes it:
    /// opening a link resumes the session already, so a start needs no second round trip.
    let freshRestore = Mutex<(link: ObjectIdentifier, viewer: Viewer)?>(nil)
    /// Who the service last said the viewer is, given again while nothing can have changed it.
    let viewerMemo = ViewerMemo()

    /// `starter`, when given, makes this the client of a private service: the socket is checked
    /// to be ours before use, and a service is started when none answers.
    public init(socketPath: String, sessionFile: URL, keepsOutbox: Bool, starter: PrivateServiceStarter? = nil) {
        self.socketPath = socketPath
        self.sessionFile = SecretFile(url: sessionFile)
        self.keepsOutbox = keepsOutbox
        self.starter = starter
        // The interactive client's pending posts outlive it; a script keeps none.
        outbox = Outbox(log: keepsOutbox ? OutboxLog(sessionFile: sessionFile) : nil)
    }

    public var accountNaming: AccountNaming { .email }

    public func events() -> AsyncStream<ChatEvent> {
        let stream = hub.stream()
        subscribeOnce()
        return stream
    }

    public func listenOnMain(_ handler: @escaping EventHub.MainHandler) -> LiveListener {
        let listener = hub.listenOnMain(handler)
        subscribeOnce()
        return listener
    }

    /// The first listener asks the service for live events; later ones share them.
    private func subscribeOnce() {
        let first = subscribed.withLock { wanted in defer { wanted = true }; return !wanted }
        guard first else { return }
        Task {
            // A link made from now on subscribes itself; the one already open is asked here.
            guard let link = try? await self.ready(), self.live.withLock({ $0 }) != ObjectIdentifier(link),
                  (try? await link.call(.subscribe)) == .done else { return }
            self.live.withLock { $0 = ObjectIdentifier(link) }
        }
    }

    /// True while the service pushes live events to this client (subscribed on the open link).
    public var receivesLiveEvents: Bool {
        guard let open = link.withLock({ $0 }), open.isOpen else { return false }
        return live.withLock { $0 } == ObjectIdentifier(open)
    }

    public func liveListenerCount() async -> Int { hub.listenerCount }

    /// Closes the connection now, for a client done with the service (the benchmark between its
    /// runs): the service sees one client fewer at once. A later call connects again.
    public func disconnect() {
        link.withLock { $0 }?.shutDown()
    }

    /// Connects now (resuming the session); throws `.offline` when the service is not running.
    /// `receivingLiveEvents`: the live events are asked for in the same round trip, for a client
    /// about to listen (the interactive one) — as a first listener would ask, but not after.
    public func connect(receivingLiveEvents: Bool = false) async throws {
        if receivingLiveEvents { subscribed.withLock { $0 = true } }
        _ = try await ready()
    }

    // MARK: Calling the service

    /// The answer to `request`; a `.failure` answer is thrown as the engine's `ChatError`.
    func call(_ request: Request) async throws -> Response {
        for _ in 0..<Self.slowDownRetries {
            let link = try await ready()
            // After the link is ready: opening one keeps the viewer its restore answered.
            if !request.leavesViewerAlone { viewerMemo.forget() }
            let response = try await link.call(request)
            guard case .failure(let error) = response else { return response }
            // The service asks to slow down: nothing was done, so the same request goes again.
            guard case .rateLimited(let wait) = error else { throw error }
            try await Task.sleep(for: .milliseconds(max(1, wait)))
        }
        throw ChatError.rateLimited(retryAfterMilliseconds: 1_000)
    }

    /// How often a request told to slow down is tried again before the caller hears of it.
    static let slowDownRetries = 50

    /// An open link, connecting (and resuming the session, and the live events when asked for)
    /// when there is none.
    func ready() async throws -> ServiceLink {
        try await connecting.run {
            if let open = self.link.withLock({ $0 }), open.isOpen { return open }
            let fresh = try await self.openLink()
            self.link.withLock { $0 = fresh }
            self.hub.publish(.connection(.online))
            self.flushOutboxSoon()
            return fresh
        }
    }

    /// A new link with the session resumed (and the live events asked for, when wanted). For a
    /// private service: a socket that is not ours is refused, and when none answers (or the one
    /// that answered was just ending) the service is started and asked once more.
    private func openLink() async throws -> ServiceLink {
        guard let starter else { return try await resumedLink() }
        do {
            guard try PrivateSocket.isOurs(socketPath) else { throw ChatError.offline("no service yet") }
            return try await resumedLink()
        } catch ChatError.offline {
            try starter.ensureRunning()
            return try await resumedLink()
        }
    }

    private func resumedLink() async throws -> ServiceLink {
        let fresh = try ServiceLink(path: socketPath) { [weak self] events in
            // Anything pushed (a `viewerChanged`, the connection ending) may change the viewer.
            self?.viewerMemo.forget()
            self?.hub.publishWaiting(events)
        }
        // A new connection: the viewer kept was another connection's.
        viewerMemo.forget()
        let asked = viewerMemo.generation
        // The subscription goes with the restore, in one write: the service takes them in order.
        let subscribing = subscribed.withLock { $0 }
        let answers = try await fresh.calls([.restore(token: sessionFile.load()?.token)] + (subscribing ? [.subscribe] : []))
        if subscribing { live.withLock { $0 = ObjectIdentifier(fresh) } }
        // Who this is decides whose pending posts the outbox sends.
        if case .viewer(let viewer) = answers[0] {
            lastViewer.withLock { $0 = viewer.userID }
            freshRestore.withLock { $0 = (ObjectIdentifier(fresh), viewer) }
            viewerMemo.remember(viewer, askedAt: asked)
        }
        return fresh
    }

    /// Makes the session file hold `token` (nil: removes it).
    func keep(token: String?) throws {
        // The session changed: what a link's opening resumed is no longer it.
        freshRestore.withLock { $0 = nil }
        if let token { try sessionFile.save(ServiceSession(token: token)) } else { sessionFile.remove() }
    }
}

/// What the client's session file holds for a service: the token the service handed out.
struct ServiceSession: Codable, Sendable {
    var token: String
}

/// Runs one body at a time, in order: connecting twice at once would make two sessions.
actor AsyncLock {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        while busy { await withCheckedContinuation { waiters.append($0) } }
        busy = true
        defer {
            busy = false
            if !waiters.isEmpty { waiters.removeFirst().resume() }
        }
        return try await body()
    }
}
