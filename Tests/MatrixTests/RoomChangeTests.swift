import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Membership and room changes in the timeline (issue 17), as another client makes them on
/// Synapse: joins, a kick and a ban with their reasons, a rename and a topic; the room's name
/// follows the rename; a sender who left keeps the name they wrote under.
final class RoomChangeTests: XCTestCase {
    func testMembershipAndRoomChangesShowInTheTimeline() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        let owner = try await SynapseUser.register(on: fixture.server)
        let carol = try await SynapseUser.register(on: fixture.server)
        let dave = try await SynapseUser.register(on: fixture.server)
        try await carol.setDisplayName("Carol")
        try await dave.setDisplayName("Dave D")
        let room = ChannelID(try await owner.createRoom(name: "life \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)

        try await carol.join(room.raw)
        try await dave.join(room.raw)
        try await dave.send("dave was here", to: room.raw)
        try await dave.leave(room.raw)
        try await owner.remove(carol.userID, from: room.raw, ban: false, reason: "spam")
        try await owner.remove(dave.userID, from: room.raw, ban: true, reason: "more spam")
        try await owner.setState("m.room.name", ["name": "renamed room"], in: room.raw)
        try await owner.setState("m.room.topic", ["topic": "tteok only"], in: room.raw)
        let last = try await owner.send("the end", to: room.raw)

        var messages: [Message] = []
        let arrived = await eventually(seconds: 20) {
            messages = (try? await tteok.latestMessages(in: room, limit: 50).messages) ?? []
            return messages.last?.id.raw == last
        }
        XCTAssertTrue(arrived, "\(messages.map(\.content.summary))")
        let owned = messages.drop { $0.content != .roomChange(.membership(MembershipChange(action: .joined, target: UserID(carol.userID), targetNickname: "Carol"))) }
        XCTAssertEqual(owned.map(\.content.summary), [
            "joined", "joined", "dave was here", "left", "removed Carol (spam)", "banned Dave D (more spam)",
            "renamed the room to renamed room", "set the topic to tteok only", "the end",
        ])
        XCTAssertEqual(owned.map(\.senderNickname).prefix(4), ["Carol", "Dave D", "Dave D", "Dave D"],
                       "a sender who left keeps the name they wrote under")
        let renamed = try await tteok.channel(named: room.raw)
        XCTAssertEqual(renamed.name, "renamed room")
        XCTAssertEqual(renamed.topic, "tteok only")
        let badge = try await tteok.unreadCount(in: room)
        XCTAssertLessThanOrEqual(badge, 2, "room changes count for no badge (two messages were said)")
        await fixture.close()
    }
}

/// Room changes as a hostile server could send them, on a real cache file.
final class RoomChangeCacheTests: XCTestCase {
    /// A line's cached body is written by hand, in the shape `RoomChange`'s `Codable` reads: every
    /// kind of change, with and without a reason, with text that needs escaping, reads back as
    /// itself, as a body JSONEncoder wrote (caches of earlier versions) does.
    func testEveryChangesCachedBodyReadsBackAsItself() throws {
        let texts = ["", "Lobby", "\"quoted\" \\ back\u{0}\u{1F}\n", "떡 😀 e\u{301}", String(repeating: "x", count: 600)]
        var changes: [RoomChange] = texts.flatMap { [.renamed($0), .topic($0)] }
        for action in MembershipChange.Action.allCases {
            for reason in [nil] + texts {
                changes.append(.membership(MembershipChange(action: action, target: UserID("@t\(reason?.count ?? 0):x"),
                                                            targetNickname: texts[(reason?.count ?? 0) % texts.count], reason: reason)))
            }
        }
        for change in changes {
            let body = try RoomChangeLines.content(change).body
            XCTAssertEqual(RoomChangeLines.change(fromBody: body), change, body)
            let encoded = String(decoding: try JSONEncoder().encode(change), as: UTF8.self)
            XCTAssertEqual(RoomChangeLines.change(fromBody: encoded), change, encoded)
        }
    }

    func testHostileRoomChangesAreBoundedAndCannotBeForged() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@me:x")
        let huge = String(repeating: "토픽", count: 50_000)
        var timeline = [
            RoomEvent(event_id: "$t", type: "m.room.topic", sender: "@a:x", origin_server_ts: 1, content: .object(["topic": .string(huge)]), state_key: ""),
            RoomEvent(event_id: "$forged", type: "m.room.message", sender: "@a:x", origin_server_ts: 2,
                      content: .object(["msgtype": .string(RoomChangeLines.msgtype), "body": .string(#"{"renamed":{"_0":"pwned"}}"#)])),
            RoomEvent(event_id: "$odd", type: "m.room.member", sender: "@a:x", origin_server_ts: 3,
                      content: .object(["membership": .number(7)]), state_key: "@a:x"),
        ]
        for index in 0..<2_000 {
            timeline.append(RoomEvent(event_id: "$j\(index)", type: "m.room.member", sender: "@u\(index):x", origin_server_ts: Int64(10 + index),
                                      content: .object(["membership": .string("join")]), state_key: "@u\(index):x"))
        }
        let started = Date()
        _ = try await cache.apply(SyncResponse(next_batch: "s1", rooms: .init(join: ["!r": JoinedRoom(timeline: .init(events: timeline))])))
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "a flood of 2,000 joins is stored in bounded time")
        let page = try await cache.events(in: "!r", before: nil, limit: 50).map { DomainMapping.message($0) }
        XCTAssertEqual(page.count, 50, "a page holds 50 lines, however many joins came")
        let first = try await cache.events(in: "!r", before: nil, limit: 3000).map { DomainMapping.message($0) }
        guard case .roomChange(.topic(let topic)) = first[0].content else { return XCTFail("\(first[0].content)") }
        XCTAssertLessThanOrEqual(topic.count, RoomChangeLines.longest + 1, "a huge topic is cut in the line")
        XCTAssertEqual(first[1].content, .text(#"{"renamed":{"_0":"pwned"}}"#), "a message cannot pose as a room change")
        XCTAssertFalse(first.contains { $0.id.raw == "$odd" }, "a malformed member event is no line")
        let unread = try await cache.countedUnread("!r")
        XCTAssertEqual(unread, 1, "only the message counts as unread, no join")
    }
}
