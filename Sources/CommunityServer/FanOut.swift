import ChatCore
import CommunityProtocol
import Dispatch
import FoundationEssentials
import LocalStore

/// Pushes each commit's live events to every subscribed connection: the engine's shared feed
/// reads the commit once and filters it per viewer; here viewers that see the same events share
/// one encoding, and each connection gets the bytes through its own bounded queue, so a client
/// that stops reading is dropped there and never delays the others.
final class FanOut: Sendable {
    private let connections = Mutex([Int: OutgoingQueue]())
    private let nextID = Mutex(0)
    /// Encoding and queueing happen here, off the database queue, in commit order.
    private let queue = DispatchQueue(label: "tteok.serve.fanout")
    private let feed = Mutex<SharedLiveFeed?>(nil)

    init(engine: CommunityEngine) throws {
        let made = try engine.liveFeed { [weak self] deliveries in
            guard let self, !deliveries.isEmpty else { return }
            queue.async { self.deliver(deliveries) }
        }
        feed.withLock { $0 = made }
    }

    /// Sends `session`'s live events to `outgoing` from now on; the id ends it (`remove`).
    func add(_ session: LocalCommunity, _ outgoing: OutgoingQueue) -> Int {
        let id = nextID.withLock { $0 += 1; return $0 }
        connections.withLock { $0[id] = outgoing }
        feed.withLock { $0 }?.add(listener: id, session: session)
        return id
    }

    /// `listener`'s member starts or stops typing in `channel`.
    func setTyping(_ typing: Bool, in channel: ChannelID, listener: Int) throws {
        guard let feed = feed.withLock({ $0 }) else { throw ChatError.unsupported("No live feed.") }
        try feed.setTyping(typing, in: channel, listener: listener)
    }

    /// The members who hold a subscribed connection now: the service's "online".
    func online() -> Set<UserID> {
        feed.withLock { $0 }?.connectedViewers() ?? []
    }

    func remove(_ id: Int) {
        feed.withLock { $0 }?.remove(listener: id)
        _ = connections.withLock { $0.removeValue(forKey: id) }
    }

    /// Each distinct event is encoded once per commit: viewers share the messages they both see,
    /// while each gets its own unread counts.
    private func deliver(_ deliveries: [SharedLiveFeed.Delivery]) {
        var encoded: [ChatEvent: Data] = [:]
        let targets = connections.withLock { $0 }
        for delivery in deliveries {
            guard let outgoing = targets[delivery.listener] else { continue }
            let bytes = delivery.events.reduce(into: Data()) { bytes, event in
                let frame = encoded[event] ?? Self.encode(event)
                encoded[event] = frame
                bytes.append(frame)
            }
            outgoing.send(bytes: bytes)
        }
    }

    /// The event as one frame (nothing when it cannot be encoded).
    private static func encode(_ event: ChatEvent) -> Data {
        (try? FrameCodec.encode(ServerFrame(.event(event)))) ?? Data()
    }
}
