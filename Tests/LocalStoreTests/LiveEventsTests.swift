import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// Live events from this instance and from another instance on the same file.
final class LiveEventsTests: XCTestCase {
    var community: TestCommunity!

    override func setUpWithError() throws { community = try TestCommunity() }

    /// Collects every event of a stream until cancelled.
    func record(_ store: LocalCommunity) async -> (Collected<ChatEvent>, Task<Void, Never>) {
        let events = Collected<ChatEvent>()
        let stream = store.events()
        let task = Task { for await event in stream { events.append(event) } }
        _ = await eventually { await store.liveListenerCount() >= 1 }
        return (events, task)
    }

    func testOwnWritesReachOwnStreamOnceAfterCommit() async throws {
        let alice = try community.open(as: "alice")
        let account = try await alice.signUpMember("alice")
        let (events, task) = await record(alice)
        defer { task.cancel() }
        let help = try await alice.channel(named: "help").id
        let sent = try await alice.send("live one", to: help)
        let arrived = await eventually { events.values.contains(.messagesAdded(help, [sent])) }
        XCTAssertTrue(arrived, "\(events.values)")
        // The counts change is its own event and may follow the message by a moment.
        let counted = await eventually { events.values.contains(.countsChanged([help])) }
        XCTAssertTrue(counted, "\(events.values)")
        _ = try await alice.updateProfile(nickname: "앨리스", region: nil)
        let renamed = await eventually { events.values.contains { event in
            if case .viewerChanged(.member(let now)) = event { return now.id == account.id && now.nickname == "앨리스" }
            return false
        } }
        XCTAssertTrue(renamed)
        // A refused write publishes nothing.
        let before = events.count
        await assertThrows(.denied(.notYourRegion("강남구"))) { _ = try await alice.send("no", to: try await alice.channel(named: "강남구").id) }
        XCTAssertEqual(events.values.filter { if case .messagesAdded = $0 { return true } else { return false } }.count, 1)
        XCTAssertEqual(events.count, before)
    }

    func testAnotherInstancesMessagesArriveInOrder() async throws {
        let reader = try community.open(as: "reader")
        let writer = try community.open(as: "writer")
        try await writer.signUpMember("writer")
        let (events, task) = await record(reader)
        defer { task.cancel() }
        let lobby = try await writer.channel(named: "lobby").id
        var sent: [Message] = []
        for number in 1...30 { sent.append(try await writer.send("burst \(number)", to: lobby)) }
        let received = { events.values.flatMap { event -> [Message] in
            if case .messagesAdded(_, let messages) = event { return messages }
            return []
        } }
        let all = await eventually { received().count >= sent.count }
        XCTAssertTrue(all)
        XCTAssertEqual(received().map(\.id), sent.map(\.id), "each message once, in order")
    }

    func testDirectMessagesReachOnlyTheirMembers() async throws {
        let alice = try community.open(as: "alice"), bob = try community.open(as: "bob"), carol = try community.open(as: "carol")
        try await alice.signUpMember("alice")
        let bobAccount = try await bob.signUpMember("bob")
        try await carol.signUpMember("carol")
        let (bobEvents, bobTask) = await record(bob)
        let (carolEvents, carolTask) = await record(carol)
        defer { bobTask.cancel(); carolTask.cancel() }
        let sent = try await alice.sendDirect("for bob only", to: bobAccount.id)
        let arrived = await eventually { bobEvents.values.contains(.messagesAdded(sent.channelID, [sent])) }
        XCTAssertTrue(arrived)
        // Announced beside the message, not necessarily before it: waited for, not assumed.
        let told = await eventually { bobEvents.values.contains(.conversationsChanged) }
        XCTAssertTrue(told)
        // Carol's feed has read past it by now (a later public message arrives); she never saw it.
        let lobby = try await carol.channel(named: "lobby").id
        let marker = try await alice.send("public", to: lobby)
        let caughtUp = await eventually { carolEvents.values.contains(.messagesAdded(lobby, [marker])) }
        XCTAssertTrue(caughtUp)
        XCTAssertFalse(carolEvents.values.contains { if case .messagesAdded(sent.channelID, _) = $0 { return true } else { return false } })
    }
}
