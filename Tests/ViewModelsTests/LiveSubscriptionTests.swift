import ChatCore
import TestSupport
import XCTest
@testable import ViewModels

/// A screen's live events are handled one at a time and in order, also when a handler suspends
/// (the events after it wait), and a cancelled subscription handles nothing more.
@MainActor
final class LiveSubscriptionTests: XCTestCase {
    func testEventsAfterASuspendedHandlerWaitForItAndKeepTheirOrder() async {
        let events = HubEvents()
        let subscription = LiveSubscription()
        let gate = Gate()
        var handled: [String] = []
        subscription.bind(to: events) { event in
            guard case .typing(_, let typists) = event, let name = typists.names.first else { return }
            handled.append("start \(name)")
            if name == "a" { await gate.wait() }
            handled.append("end \(name)")
        }
        defer { subscription.cancel() }
        events.hub.publish(Self.typing("a"))
        let started = await eventually { handled == ["start a"] }
        XCTAssertTrue(started, "handled: \(handled)")
        events.hub.publish([Self.typing("b"), Self.typing("c")])
        // Give b a chance to overtake a (it must not): a marker subscription sees the batch first.
        let marker = LiveSubscription()
        var markerSaw = false
        marker.bind(to: events) { _ in markerSaw = true }
        defer { marker.cancel() }
        events.hub.publish(Self.typing("x"))
        _ = await eventually { markerSaw }
        XCTAssertEqual(handled, ["start a"], "b started before a was done")

        gate.open()
        let all = await eventually { handled.count == 8 }
        XCTAssertTrue(all, "handled: \(handled)")
        XCTAssertEqual(handled, ["start a", "end a", "start b", "end b", "start c", "end c", "start x", "end x"])
    }

    func testACancelledSubscriptionDropsWhatItHadNotHandledAndABoundOneStartsAfresh() async {
        let events = HubEvents()
        let subscription = LiveSubscription()
        let gate = Gate()
        var handled: [String] = []
        subscription.bind(to: events) { event in
            guard case .typing(_, let typists) = event, let name = typists.names.first else { return }
            handled.append(name)
            if name == "a" { await gate.wait() }
        }
        events.hub.publish([Self.typing("a"), Self.typing("b")])
        let started = await eventually { handled == ["a"] }
        XCTAssertTrue(started)
        subscription.cancel()
        XCTAssertFalse(subscription.isBound)
        XCTAssertEqual(events.hub.listenerCount, 0)
        gate.open()

        subscription.bind(to: events) { event in
            if case .typing(_, let typists) = event, let name = typists.names.first { handled.append("again \(name)") }
        }
        defer { subscription.cancel() }
        events.hub.publish(Self.typing("c"))
        let again = await eventually { handled.contains("again c") }
        XCTAssertTrue(again, "handled: \(handled)")
        XCTAssertEqual(handled, ["a", "again c"], "b was dropped with the cancel")
    }

    private static func typing(_ name: String) -> ChatEvent {
        .typing(ChannelID("lobby"), Typists(names: [name], total: 1))
    }
}

/// Live events straight from an `EventHub`: what every backend's listeners are given.
private final class HubEvents: LiveEventsService {
    let hub = EventHub()
    func events() -> AsyncStream<ChatEvent> { hub.stream() }
    func listenOnMain(_ handler: @escaping EventHub.MainHandler) -> LiveListener { hub.listenOnMain(handler) }
}

/// Holds a handler until opened.
@MainActor
private final class Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters.removeAll()
    }
}
