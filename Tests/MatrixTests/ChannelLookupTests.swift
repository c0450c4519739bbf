import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Issue 9: a room made by another client after tteok's cache last synced is found by name at
/// once. `channel(named:)` looked only at the cache: another account's new public room was not in
/// the cached directory (refreshed only in the background) and a room this account made elsewhere
/// waited for the sync loop, so `tteok post ROOM` said "no such channel" and `--channel ROOM`
/// never opened (the terminal test gave up after 20 s).
final class ChannelLookupTests: XCTestCase {
    func testRoomsMadeByAnotherClientAreFoundByNameAtOnce() async throws {
        let fixture = try MatrixFixture()
        let (alice, aliceElsewhere) = try await fixture.member("alice")
        // Alice's cache has synced and lists a room already, so it answers from the cache.
        let (_, known) = try await fixture.openedRoom("known", for: alice)
        let listed = try await alice.channels()
        XCTAssertTrue(listed.contains { $0.id == known })

        let other = try await SynapseUser.register(on: fixture.server)
        let lobby = "lobby \(SynapseServer.randomName())"
        let lobbyID = try await other.createRoom(name: lobby)
        let started = Date()
        let found = try await alice.channel(named: lobby)
        XCTAssertEqual(found.id.raw, lobbyID, "another account's new public room")

        let mine = "mine \(SynapseServer.randomName())"
        let mineID = try await aliceElsewhere.createRoom(name: mine, public: false)
        let own = try await alice.channel(named: mine)
        XCTAssertEqual(own.id.raw, mineID, "a room this account made with another client")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "found at once, not after the sync loop or a wait")

        let missing = "no such room \(SynapseServer.randomName())"
        await assertChatError(try await alice.channel(named: missing)) { XCTAssertEqual($0, .noSuchChannel(missing)) }
        await fixture.close()
    }
}
