import ChatCore
import Foundation
import LocalStore
import Storage
import TestSupport
import XCTest

final class DemoCommunityTests: XCTestCase {
    func testNewFileIsSeededOnceWithChannelsAndWelcome() async throws {
        let community = try TestCommunity()
        let first = try community.open(as: "a")
        let channels = try await first.channels()
        XCTAssertEqual(Set(channels.map(\.name)), ["마포구", "강남구", "종로구", "송파구", "관악구", "lobby", "help"])
        XCTAssertEqual(channels.first { $0.name == "강남구" }?.kind, .region("강남구"))
        XCTAssertEqual(channels.first { $0.name == "help" }?.kind, .open)
        let lobby = try await first.latestMessages(in: try await first.channel(named: "lobby").id, limit: 20)
        XCTAssertEqual(lobby.messages.count, 1)
        XCTAssertTrue(lobby.messages[0].content.summary.hasPrefix("Welcome to tteok"))
        XCTAssertEqual(lobby.messages[0].senderNickname, "tteok")

        _ = try community.open(as: "b")
        let database = try Database(path: community.storeURL.path)
        XCTAssertEqual(try database.readSync { try $0.scalar("SELECT count(*) FROM channels") }, .integer(7))
        XCTAssertEqual(try database.readSync { try $0.scalar("SELECT count(*) FROM messages") }, .integer(1))
        XCTAssertEqual(try database.readSync { try $0.scalar("PRAGMA user_version") }, .integer(13), "every step, the per-thread markers last")
    }

    func testTheSystemAccountCannotLogIn() async throws {
        let community = try TestCommunity()
        let someone = try community.open(as: "someone")
        await assertThrows(ChatError.wrongPassword) { _ = try await someone.logIn(identifier: "system@tteok.invalid", password: "") }
    }

    func testChannelLookupByNameHashAndCase() async throws {
        let community = try TestCommunity()
        let store = try community.open(as: "a")
        let lobby = try await store.channel(named: "lobby")
        let hashed = try await store.channel(named: "#LOBBY")
        let byID = try await store.channel(named: lobby.id.raw)
        XCTAssertEqual(hashed, lobby)
        XCTAssertEqual(byID, lobby)
        await assertThrows(ChatError.noSuchChannel("nowhere")) { _ = try await store.channel(named: "nowhere") }
    }
}
