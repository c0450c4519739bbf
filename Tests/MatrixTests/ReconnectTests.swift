import ChatCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import XCTest
@testable import Matrix

/// The sync loop survives an unreachable server: it reports reconnecting, backs off, and catches
/// up on what was sent meanwhile once the server answers again.
final class ReconnectTests: XCTestCase {
    func testSyncReconnectsAndCatchesUp() async throws {
        let fixture = try MatrixFixture()
        let link = SwitchableLink()
        let (alice, _) = try await fixture.member("alice", transport: link)
        let (bob, room) = try await fixture.openedRoom("reconnect", for: alice)
        let events = EventRecorder(alice)

        link.isUp = false
        let reconnecting = await events.first { if case .connection(.reconnecting) = $0 { return true } else { return false } }
        XCTAssertNotNil(reconnecting, "the status line learns the link is down")
        let cached = try await alice.latestMessages(in: room, limit: 5)
        XCTAssertNotNil(cached, "reading works from the cache while the link is down")
        try await bob.send("sent while alice was away", to: room.raw)
        let queued = try await alice.send("typed while offline", to: room)
        XCTAssertEqual(queued.delivery, .pending)

        link.isUp = true
        let online = await events.first(within: 40) { $0 == .connection(.online) }
        XCTAssertNotNil(online, "back online after the backoff")
        let caughtUp = await events.message("sent while alice was away", in: room, within: 10)
        XCTAssertNotNil(caughtUp, "what was sent meanwhile arrives")
        let texts = try await alice.latestMessages(in: room, limit: 20).texts
        XCTAssertEqual(texts.filter { $0 == "sent while alice was away" }.count, 1, "once")
        let sent = await eventually(seconds: 10) {
            (try? await alice.latestMessages(in: room, limit: 20).messages.last { $0.isNamed(queued.id) }?.delivery) == .delivered
        }
        XCTAssertTrue(sent, "what alice typed offline went out when the link returned")
        await fixture.close()
    }
}

extension ReconnectTests {
    /// A restart with a cached sync token used to long-poll first, leaving the status line on
    /// "connecting…" for up to 30 s while the server was there all along.
    func testARestartedSessionSaysOnlineAsSoonAsTheServerAnswers() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        _ = try await fixture.openedRoom("online", for: alice)
        let synced = await eventually(seconds: 20) { (try? await alice.active?.cache.syncToken()) != nil }
        XCTAssertTrue(synced, "no sync token cached")
        _ = alice.end()

        let restarted = fixture.service("alice")
        let events = EventRecorder(restarted)
        let began = Date()
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        let online = await events.first(within: 15) { $0 == .connection(.online) }
        XCTAssertNotNil(online, "not online 15 s after a restart with the server up")
        if let online { print(String(format: "restart: online %.2f s after the session resumed", online.at.timeIntervalSince(began))) }
        await fixture.close()
    }
}

/// A link that can be cut: cutting drops the requests in flight (a long-poll too), and while it is
/// down every request fails as if the server were unreachable.
final class SwitchableLink: MatrixTransport {
    private typealias Waiter = CheckedContinuation<(Data, HTTPResponse), Error>
    private let inner = CurlTransport()
    private let state = Mutex((up: true, next: 0, inFlight: [Int: Waiter]()))

    var isUp: Bool {
        get { state.withLock { $0.up } }
        set {
            let dropped = state.withLock { value -> [Waiter] in
                value.up = newValue
                guard !newValue else { return [] }
                defer { value.inFlight.removeAll() }
                return Array(value.inFlight.values)
            }
            for waiter in dropped { waiter.resume(throwing: NetworkFailure.connectionLost) }
        }
    }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await withCheckedThrowingContinuation { (waiter: Waiter) in
            let id = state.withLock { value -> Int? in
                guard value.up else { return nil }
                value.next += 1
                value.inFlight[value.next] = waiter
                return value.next
            }
            guard let id else { return waiter.resume(throwing: NetworkFailure.cannotConnectToHost) }
            Task {
                let result = await Result(catching: { try await self.inner.exchange(request) })
                // Whoever takes the waiter out resumes it: the answer, or the cut.
                let mine = state.withLock { $0.inFlight.removeValue(forKey: id) }
                mine?.resume(with: result)
            }
        }
    }
}

extension Result where Failure == Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
