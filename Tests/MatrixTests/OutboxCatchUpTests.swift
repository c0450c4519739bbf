import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A message sent right after a start goes out only once that run's first sync answer is cached:
/// delivered before it, it was cached at the end, and another member's earlier message, arriving
/// with that answer, was listed after it for good (on Synapse).
final class OutboxCatchUpTests: XCTestCase {
    func testAMessageSentAtStartFollowsWhatWasSaidBeforeIt() async throws {
        let fixture = try MatrixFixture()
        let (member, _) = try await fixture.member("poster")
        let (owner, room) = try await fixture.openedRoom("catch up", for: member)
        await member.catchUp()
        _ = member.end()
        _ = try await owner.send("said while away", to: room.raw)

        let transport = FirstSyncHeldTransport()
        let restarted = fixture.service("poster", transport: transport)
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        let sending = Task { try await restarted.send("mine", to: room) }
        // Held until the message goes out or two seconds pass: a send beside the held answer is the bug.
        let sentEarly = await eventually(seconds: 2) { transport.log.contains { $0.contains("/send/") } }
        XCTAssertFalse(sentEarly, "the message went out before the first sync answer was cached: \(transport.log)")
        transport.release()
        _ = try await sending.value
        let page = try await restarted.latestMessages(in: room, limit: 10)
        XCTAssertEqual(Array(page.texts.suffix(2)), ["said while away", "mine"])
        await fixture.close()
    }
}

/// The real transport, with the answer of the first `/sync` from a position (a start's catch-up)
/// held until `release()`; every request's start is logged.
final class FirstSyncHeldTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let gate = OpenOnceGate()
    private let events = Mutex<[String]>([])
    private let held = Mutex(false)

    var log: [String] { events.withLock { $0 } }

    func release() { gate.open() }

    private func holds(_ request: HTTPRequest) -> Bool {
        guard request.url?.path.hasSuffix("/v3/sync") == true, request.url?.query?.contains("since=") == true else { return false }
        return held.withLock { held in
            defer { held = true }
            return !held
        }
    }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        events.withLock { $0.append("start " + (request.url?.absoluteString ?? "")) }
        let holding = holds(request)
        let answer = try await inner.exchange(request)
        if holding { await gate.wait(seconds: 120) }
        return answer
    }

    func whenReady(_ body: @escaping @Sendable () -> Void) { inner.whenReady(body) }
}
