import ChatCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import XCTest
@testable import Matrix

/// Two accounts chatting through the real server, live through `/sync`.
final class LiveTests: XCTestCase {
    /// One room both services have opened.
    private func sharedRoom(_ fixture: MatrixFixture) async throws -> (alice: MatrixService, bob: MatrixService, room: ChannelID) {
        let (alice, _) = try await fixture.member("alice")
        let (bob, bobUser) = try await fixture.member("bob")
        let room = ChannelID(try await bobUser.createRoom(name: "live \(SynapseServer.randomName())"))
        _ = try await alice.latestMessages(in: room, limit: 10)
        _ = try await bob.latestMessages(in: room, limit: 10)
        return (alice, bob, room)
    }

    func testLiveDeliveryBetweenTwoAccountsAndItsLatency() async throws {
        let fixture = try MatrixFixture()
        let (alice, bob, room) = try await sharedRoom(fixture)
        let aliceEvents = EventRecorder(alice)
        let bobEvents = EventRecorder(bob)
        // Both sync loops must be in their long-poll before timing starts.
        _ = try await alice.channels()
        _ = try await bob.channels()

        var latencies: [Double] = []
        for index in 1...20 {
            let text = "ping \(index)"
            let sentAt = Date()
            _ = try await bob.send(text, to: room)
            let seen = await aliceEvents.message(text, in: room)
            let arrival = try XCTUnwrap(seen, "alice never saw \(text)")
            latencies.append(arrival.timeIntervalSince(sentAt) * 1000)
        }
        latencies.sort()
        print(String(format: "live-delivery latency (bob sends → alice's events()): median %.1f ms, p90 %.1f ms, max %.1f ms over %d",
                     latencies[latencies.count / 2], latencies[latencies.count * 9 / 10], latencies.last!, latencies.count))

        _ = try await alice.send("pong", to: room)
        let pong = await bobEvents.message("pong", in: room)
        XCTAssertNotNil(pong)
        let bobPage = try await bob.latestMessages(in: room, limit: 30)
        XCTAssertEqual(bobPage.texts.filter { $0.hasPrefix("ping") }.count, 20, "each message once")
        XCTAssertEqual(bobPage.messages.last?.content, .text("pong"))
        let counted = try await eventually(seconds: 15) { try await alice.unreadCount(in: room) == 20 }
        XCTAssertTrue(counted, "server's notification count")
        try await alice.markRead(room)
        // A sync already in flight may carry the count from before the receipt; the next one clears it.
        let cleared = try await eventually(seconds: 15) { try await alice.unreadCount(in: room) == 0 }
        XCTAssertTrue(cleared, "a read receipt resets the count")
        await fixture.close()
    }

    func testLostAnswerIsRetriedWithTheSameTransactionAndStoredOnce() async throws {
        let fixture = try MatrixFixture()
        let transport = LoseFirstSendAnswer()
        let (alice, _) = try await fixture.member("alice", transport: transport)
        let (owner, room) = try await fixture.openedRoom("retry", for: alice)

        let events = EventRecorder(alice)
        let message = try await alice.send("exactly once", to: room)
        // The answer was lost: the message waits in the outbox, unless our own echo in /sync
        // already settled it.
        if case .failed(let reason) = message.delivery { XCTFail("a lost answer failed the message: \(reason)") }
        // Either the retry's answer or our own echo in /sync settles it, under the same id.
        let delivered = await events.first { event in
            switch event {
            case .messageUpdated(let update): return update.isNamed(message.id) && update.delivery == .delivered
            case .messagesAdded(_, let added): return added.contains { $0.isNamed(message.id) && $0.delivery == .delivered }
            default: return false
            }
        }
        XCTAssertNotNil(delivered, "delivered under the pending message's id: \(events.all)")
        let puts = transport.sends
        XCTAssertFalse(puts.isEmpty)
        XCTAssertEqual(Set(puts).count, 1, "every attempt carries the same transaction id")
        XCTAssertTrue(puts[0].hasSuffix("/" + (message.pendingID ?? message.id).raw), "the message was sent under its transaction id")
        let reader = fixture.service("reader")
        _ = try await reader.logIn(identifier: owner.localpart, password: owner.password)
        let texts = try await reader.latestMessages(in: room, limit: 50).texts
        XCTAssertEqual(texts.filter { $0 == "exactly once" }.count, 1, "\(texts)")
        await fixture.close()
    }

    /// Issue 17: a message keeps the name its sender had when it was written (the room's member
    /// state at that event), live, after a restart and on a new device that reads the history
    /// back; the profile shows the current name. Before, a rename relabelled older messages.
    func testDisplayNameIsTheNicknameAtTheTimeOfWriting() async throws {
        let fixture = try MatrixFixture()
        let (alice, aliceUser) = try await fixture.member("alice")
        let (bob, bobUser) = try await fixture.member("bob")
        let room = ChannelID(try await bobUser.createRoom(name: "names \(SynapseServer.randomName())"))
        _ = try await alice.latestMessages(in: room, limit: 10)
        let aliceEvents = EventRecorder(alice)
        _ = try await bob.send("before the new name", to: room)
        let first = await aliceEvents.message("before the new name", in: room)
        XCTAssertNotNil(first)
        let start = try await alice.latestMessages(in: room, limit: 5)
        let oldName = try XCTUnwrap(start.messages.last?.senderNickname)
        XCTAssertNotEqual(oldName, "보라 Bobby")

        let account = try await bob.updateProfile(nickname: "보라 Bobby", region: nil)
        XCTAssertEqual(account.nickname, "보라 Bobby")
        // Synapse writes the room's new member event in a background task: a message sent before
        // it lands is, in the room's state, still written under the old name.
        let known = await eventually(seconds: 15) { (try? await alice.active?.cache.displayName(of: bobUser.userID)) == "보라 Bobby" }
        XCTAssertTrue(known, "alice's cache has bob's new member state")
        _ = try await bob.send("named", to: room)
        let second = await aliceEvents.message("named", in: room)
        XCTAssertNotNil(second)
        let live = try await alice.latestMessages(in: room, limit: 30)
        try assertNames(live, old: oldName, "live")
        let profile = try await alice.profile(of: account.id)
        XCTAssertEqual(profile.nickname, "보라 Bobby", "the profile shows the current name")
        let viewer = await bob.viewer()
        XCTAssertEqual(viewer.account?.nickname, "보라 Bobby")

        // More than a first sync window after the rename: a new device reads it back from history.
        for index in 1...12 { _ = try await bobUser.send("filler \(index)", to: room.raw) }
        let device = try await fixture.newDevice("alice-laptop", of: aliceUser)
        let readBack = try await device.latestMessages(in: room, limit: 30)
        try assertNames(readBack, old: oldName, "read back on a new device")
        _ = alice.end()
        let restarted = fixture.service("alice")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        let cached = try await restarted.latestMessages(in: room, limit: 30)
        try assertNames(cached, old: oldName, "from the cache after a restart")
        aliceEvents.cancel()
        await fixture.close()
    }

    private func assertNames(_ page: MessagePage, old: String, _ when: String, line: UInt = #line) throws {
        let before = try XCTUnwrap(page.messages.first { $0.content == .text("before the new name") }, when, line: line)
        let named = try XCTUnwrap(page.messages.first { $0.content == .text("named") }, when, line: line)
        XCTAssertEqual(before.senderNickname, old, "\(when): the older message keeps the old name", line: line)
        XCTAssertEqual(named.senderNickname, "보라 Bobby", "\(when): the newer one has the new name", line: line)
    }
}

/// Power levels decide who posts in a room.
final class RoomPermissionTests: XCTestCase {
    func testPowerLevelsMakeARoomReadOnlyBeforeAnyRequest() async throws {
        let fixture = try MatrixFixture()
        let transport = RecordingTransport()
        let (alice, _) = try await fixture.member("alice", transport: transport)
        let (owner, room) = try await fixture.openedRoom("announcements", for: alice, powerLevels: ["events_default": 50])
        try await owner.send("news", to: room.raw)
        let newsArrived = await eventually(seconds: 10) { (try? await alice.latestMessages(in: room, limit: 10).texts) == ["news"] }
        XCTAssertTrue(newsArrived, "members read the room")
        let readOnly = await eventually(seconds: 10) { await alice.permission(in: room) == .denied(.readOnlyRoom) }
        XCTAssertTrue(readOnly, "the room's power levels arrived through sync")
        let channel = try await alice.channel(named: room.raw)
        XCTAssertEqual(channel.kind, .room(canPost: false))
        await assertThrows(.denied(.readOnlyRoom)) { _ = try await alice.send("may I?", to: room) }
        XCTAssertFalse(transport.requests.contains { $0.url!.path.contains("/send/") }, "refused before any request")
        await fixture.close()
    }
}

/// Performs the first message PUT but reports the connection lost, as when an answer never arrives.
final class LoseFirstSendAnswer: MatrixTransport {
    private let inner = CurlTransport()
    private let seen = Mutex<[String]>([])

    /// The URLs of every message PUT, in order.
    var sends: [String] { seen.withLock { $0 } }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let url = request.url!.absoluteString
        guard request.httpMethod == "PUT", url.contains("/send/") else { return try await inner.exchange(request) }
        let isFirst = seen.withLock { list -> Bool in
            list.append(url)
            return list.count == 1
        }
        let answer = try await inner.exchange(request)
        if isFirst { throw NetworkFailure.connectionLost }
        return answer
    }
}
