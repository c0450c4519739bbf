import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// History: paging back through a long room, and reading it again offline from the cache.
final class PagingTests: XCTestCase {
    func testPagingBackThroughAThousandMessagesThenReadingOffline() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = try await owner.createRoom(name: "long \(SynapseServer.randomName())")
        let seeding = Date()
        try await owner.seed(1000, prefix: "m", to: room, parallel: 4)
        print(String(format: "seeded 1000 messages in %.1f s", Date().timeIntervalSince(seeding)))

        let (alice, user) = try await fixture.member("alice")
        let channel = ChannelID(room)
        var page = try await alice.latestMessages(in: channel, limit: 50)
        var seen = page.texts
        var pages = 1
        while case .haveMore(let token) = page.next {
            page = try await alice.olderMessages(in: channel, before: token, limit: 50)
            seen = page.texts + seen
            pages += 1
            XCTAssertLessThan(pages, 100, "paging does not end")
            if pages >= 100 { break }
        }
        XCTAssertEqual(seen.count, 1000, "every message once")
        XCTAssertEqual(Set(seen), Set((1...1000).map { "m \($0)" }))
        _ = user

        // Offline: the same account's cache answers with no server at all.
        _ = alice.end()
        let offline = fixture.service("alice", transport: ScriptedTransport([]))
        guard case .member = await offline.restoreSession() else { return XCTFail("cached session not restored") }
        var cached = try await offline.latestMessages(in: channel, limit: 200)
        var offlineSeen = cached.texts
        while case .haveMore(let token) = cached.next, offlineSeen.count < 1000 {
            cached = try await offline.olderMessages(in: channel, before: token, limit: 200)
            if cached.messages.isEmpty { break }
            offlineSeen = cached.texts + offlineSeen
        }
        XCTAssertEqual(offlineSeen, seen, "the cache holds the same history, in the same order")
        let channels = try await offline.channels()
        XCTAssertTrue(channels.contains { $0.id == channel }, "cached rooms are listed offline")
        await fixture.close()
    }
}
