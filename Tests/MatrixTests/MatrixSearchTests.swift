import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Search on a real Synapse: the cache's index for what was synced, the server's `/search` for
/// older history, never the server for encrypted rooms, ignored members hidden.
final class MatrixSearchTests: XCTestCase {
    private func texts(_ service: MatrixService, _ text: String, in room: ChannelID? = nil) async throws -> [String] {
        try await service.search(SearchQuery(text: text, channel: room, limit: 50)).hits.map(\.message.content.summary)
    }

    func testCachedKoreanAndEnglishQueriesFindWordsAndTheirInsides() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let (owner, room) = try await fixture.openedRoom("search", for: alice)
        let recorder = EventRecorder(alice)
        for text in ["오늘 맛집을 찾았다", "떡볶이 최고", "Hello World", "떡 하나 주면"] { try await owner.send(text, to: room.raw) }
        let arrived = await recorder.message("떡 하나 주면", in: room, within: 15)
        XCTAssertNotNil(arrived)
        let one = try await texts(alice, "떡", in: room)
        XCTAssertEqual(one, ["떡 하나 주면", "떡볶이 최고"])
        let two = try await texts(alice, "맛집", in: room)
        XCTAssertEqual(two, ["오늘 맛집을 찾았다"])
        let three = try await texts(alice, "떡볶이", in: room)
        XCTAssertEqual(three, ["떡볶이 최고"])
        let middle = try await texts(alice, "볶", in: room)
        XCTAssertEqual(middle, ["떡볶이 최고"])
        let english = try await texts(alice, "ORLD", in: room)
        XCTAssertEqual(english, ["Hello World"])
        let page = try await alice.search(SearchQuery(text: "hello", limit: 5))
        XCTAssertEqual(page.hits.map(\.message.content.summary), ["Hello World"], "found once: the cache and the server merged by event id")
        XCTAssertTrue(page.hits.first?.channelName.hasPrefix("search ") ?? false, "\(page.hits)")
        await fixture.close()
    }

    func testTheServerFindsHistoryTheCacheLacksButNeverInEncryptedRooms() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let owner = try await SynapseUser.register(on: fixture.server)
        let plain = try await owner.createRoom(name: "old \(SynapseServer.randomName())")
        let secret = try await owner.createRoom(name: "secret \(SynapseServer.randomName())")
        try await owner.setState("m.room.encryption", ["algorithm": "m.megolm.v1.aes-sha2"], in: secret)
        try await owner.send("archaeology naengmyeon", to: plain)
        try await owner.send("archaeology plaintext in an encrypted room", to: secret)
        try await owner.seed(120, prefix: "filler", to: plain, parallel: 8)
        try await owner.seed(120, prefix: "filler", to: secret, parallel: 8)
        _ = try await alice.latestMessages(in: ChannelID(plain), limit: 5)
        _ = try await alice.latestMessages(in: ChannelID(secret), limit: 5)

        let active = try await alice.reader()
        let cached = try await active.cache.events(in: plain, before: nil, limit: 1000)
        XCTAssertFalse(cached.isEmpty)
        XCTAssertFalse(cached.contains { $0.content.body.contains("archaeology") }, "not in the cache: the server must find it")
        let found = try await alice.search(SearchQuery(text: "archaeology", limit: 10))
        XCTAssertEqual(found.hits.map(\.message.content.summary), ["archaeology naengmyeon"],
                       "found through /search in the plain room, never asked about the encrypted one")
        XCTAssertEqual(found.hits.first?.message.channelID, ChannelID(plain))
        await fixture.close()
    }

    func testAnIgnoredMembersMessagesAreHidden() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let (owner, room) = try await fixture.openedRoom("block", for: alice)
        let bob = try await SynapseUser.register(on: fixture.server)
        try await bob.join(room.raw)
        let recorder = EventRecorder(alice)
        try await bob.send("bob의 김밥", to: room.raw)
        try await owner.send("owner의 김밥", to: room.raw)
        let arrived = await recorder.message("owner의 김밥", in: room, within: 15)
        XCTAssertNotNil(arrived)
        let before = try await texts(alice, "김밥")
        XCTAssertEqual(Set(before), ["bob의 김밥", "owner의 김밥"])
        try await alice.block(UserID(bob.userID))
        let after = try await texts(alice, "김밥")
        XCTAssertEqual(after, ["owner의 김밥"])
        await fixture.close()
    }
}
