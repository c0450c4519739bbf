import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Read state agrees with the server (issue 17): the main timeline's receipt and `m.fully_read`
/// go to the newest event seen outside every thread, whatever its kind, and a thread's receipt
/// to its newest reply, so the server's unread counts clear; badges after a fresh login come
/// from the server, so a room read on another device is not `[10+]` here.
final class ReadStateTests: XCTestCase {
    /// nio's last event is a thread reply: no line of the room's timeline, yet it notifies. A
    /// receipt on the newest shown message (the code before the first version of this test) left
    /// the server's count at 1 for ever. Reading the room clears its main timeline; the thread
    /// keeps its own count until it is read in the thread, and then the server counts nothing.
    func testAfterTteokReadsARoomAndItsThreadTheServersNotificationCountIsZero() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "read state \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)
        let sent = try peer.send([.text("the root"), .text("a later line"), .thread(root: .step(0), "inside the thread")], to: room.raw)

        let counted = await eventually(seconds: 15) { (try? await user.notificationCount(in: room.raw)) == 3 }
        XCTAssertTrue(counted, "the server counts nio's three messages for the tteok user")
        let threaded = await eventually(seconds: 15) {
            let page = try? await tteok.latestMessages(in: room, limit: 10)
            return page?.messages.first { $0.id.raw == sent[0] }?.thread?.replyCount == 1
        }
        XCTAssertTrue(threaded, "tteok has seen the thread reply")

        try await tteok.markRead(room)
        let split = await eventually(seconds: 10) {
            let counts = try? await user.threadedNotificationCounts(in: room.raw)
            return counts?.main == 0 && counts?.threads == [sent[0]: 1]
        }
        let counts = try await user.threadedNotificationCounts(in: room.raw)
        XCTAssertTrue(split, "after tteok read the room: the main timeline 0, the thread its reply: \(counts)")
        let fullyRead = try await user.fullyRead(in: room.raw)
        XCTAssertEqual(fullyRead, sent[1], "m.fully_read is at the newest event outside the thread")
        let badge = try await tteok.unreadCount(in: room)
        XCTAssertEqual(badge, 0)

        try await tteok.markThreadRead(MessageID(sent[0]), in: room)
        let cleared = await eventually(seconds: 10) { (try? await user.notificationCount(in: room.raw)) == 0 }
        let count = try await user.notificationCount(in: room.raw)
        XCTAssertTrue(cleared, "the server's notification_count after tteok read the thread too: \(String(describing: count))")
        await fixture.close()
    }

    /// A room read on another device before this login: the first sync's own receipt makes the
    /// server's count the badge (0), where the code before counted every cached message (`10+`).
    func testAfterAFreshLoginARoomReadElsewhereHasNoBadge() async throws {
        let fixture = try MatrixFixture()
        let user = try await SynapseUser.register(on: fixture.server)
        let owner = try await SynapseUser.register(on: fixture.server)
        let read = try await owner.createRoom(name: "read elsewhere \(SynapseServer.randomName())")
        let unread = try await owner.createRoom(name: "unread \(SynapseServer.randomName())")
        try await user.join(read)
        try await user.join(unread)
        for index in 1...12 {
            try await owner.send("read \(index)", to: read)
            try await owner.send("unread \(index)", to: unread)
        }
        let newest = try await owner.send("read newest", to: read)
        try await user.markRead(newest, in: read)
        try await user.markRead(try await owner.send("unread read up to here", to: unread), in: unread)
        for index in 1...3 { try await owner.send("after \(index)", to: unread) }

        let tteok = fixture.service("fresh")
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        _ = try await tteok.channels()
        let readBadge = try await tteok.unreadCount(in: ChannelID(read))
        XCTAssertEqual(readBadge, 0, "a room read on another device shows no badge after a fresh login")
        let unreadBadge = try await tteok.unreadCount(in: ChannelID(unread))
        XCTAssertEqual(unreadBadge, 3, "the server's count of what came after the other device's receipt")
        await fixture.close()
    }

    /// A page's badges come from one read of the cache (`unreadCounts`), by the rule each room's
    /// own count follows: the server's count after the account's receipt, the cached messages
    /// of a room never read, a readable room not joined counted once its history is fetched,
    /// nothing for an unreadable one or a room the cache does not know.
    func testAPagesBadgesAreEachRoomsOwnBadge() async throws {
        let fixture = try MatrixFixture()
        let user = try await SynapseUser.register(on: fixture.server)
        let owner = try await SynapseUser.register(on: fixture.server)
        // Only the two rooms the account has not joined are in the directory, named to sort last:
        // tests that page through a shared server's directory by name are not pushed off a page.
        let readableName = "zz badge readable \(SynapseServer.randomName())"
        let read = try await owner.createRoom(name: "badge read \(SynapseServer.randomName())", public: false)
        let never = try await owner.createRoom(name: "badge never read \(SynapseServer.randomName())", public: false)
        let readable = try await owner.createRoom(name: readableName, worldReadable: true)
        let closed = try await owner.createRoom(name: "zz badge closed \(SynapseServer.randomName())")
        for room in [read, never] {
            try await owner.invite(user.userID, to: room)
            try await user.join(room)
        }
        for index in 1...4 {
            for room in [read, never, readable, closed] { try await owner.send("line \(index)", to: room) }
        }
        try await user.markRead(try await owner.send("read up to here", to: read), in: read)
        for index in 1...2 { try await owner.send("after \(index)", to: read) }

        let tteok = fixture.service("badges")
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        await tteok.catchUp()
        // Listed from the directory, its history not fetched yet.
        let found = try await tteok.channel(named: readableName)
        XCTAssertEqual(found.id.raw, readable)
        let channels = [read, never, readable, closed, "!unknown:localhost"].map(ChannelID.init)
        let page = await tteok.unreadCounts(in: channels).mapValues { try? $0.get() }
        var each: [ChannelID: Int?] = [:]
        for channel in channels { each[channel] = try await tteok.unreadCount(in: channel) }
        XCTAssertEqual(page, each, "a page's badges are each room's own")
        XCTAssertEqual(page, [ChannelID(read): 2, ChannelID(never): 4, ChannelID(readable): 4, ChannelID(closed): 0,
                              ChannelID("!unknown:localhost"): 0])
        await fixture.close()
    }
}
