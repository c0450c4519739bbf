import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// Discover's activity counts and the profile's public message count.
final class DiscoverAndProfileTests: XCTestCase {
    var community: TestCommunity!
    var alice: LocalCommunity!
    var bob: LocalCommunity!
    var bobAccount: Account!

    override func setUp() async throws {
        community = try TestCommunity()
        alice = try community.open(as: "alice")
        bob = try community.open(as: "bob")
        try await alice.signUpMember("alice")
        bobAccount = try await bob.signUpMember("bob")
    }

    func testMostActiveChannelsFirstWithoutBlockedSenders() async throws {
        let help = try await alice.channel(named: "help").id
        let lobby = try await alice.channel(named: "lobby").id
        let hourAgo = Date().addingTimeInterval(-3600)
        for number in 1...3 { _ = try await alice.send("help \(number)", to: help) }
        for number in 1...2 { _ = try await bob.send("bob \(number)", to: help) }
        let latestInLobby = try await bob.send("lobby", to: lobby)

        var active = try await alice.activeChannels(since: hourAgo, limit: 3)
        XCTAssertEqual(active.map(\.channel.name), ["help", "lobby", active.last?.channel.name ?? ""])
        XCTAssertEqual(active.map(\.messageCount).prefix(2), [5, 2], "lobby: the welcome and bob's message")
        XCTAssertEqual(active[1].latest?.id, latestInLobby.id)

        try await alice.block(bobAccount.id)
        active = try await alice.activeChannels(since: hourAgo, limit: 2)
        XCTAssertEqual(active.first?.channel.name, "help")
        XCTAssertEqual(active.first?.messageCount, 3)
        XCTAssertEqual(active.last?.messageCount, 1, "bob's lobby message is not counted")
        XCTAssertNotEqual(active.last?.latest?.id, latestInLobby.id)

        let future = try await alice.activeChannels(since: Date().addingTimeInterval(3600), limit: 10)
        XCTAssertEqual(future.map(\.messageCount), Array(repeating: 0, count: 7))
    }

    /// Issue 14, finding 11: with a million channels, Discover (shown right after the first
    /// frame) read every channel into memory (870 MB); channels with no messages now rank after
    /// the others, taken by id only as far as the limit needs.
    func testEmptyChannelsFillDiscoverOnlyAsFarAsTheLimitNeeds() async throws {
        try StoreTampering(path: community.storeURL.path).insertChannels(0..<5_000, name: { "empty-\($0)" })
        let help = try await alice.channel(named: "help").id
        _ = try await alice.send("hello", to: help)
        let active = try await alice.activeChannels(since: Date().addingTimeInterval(-3600), limit: 4)
        XCTAssertEqual(active.prefix(2).map(\.channel.name), ["help", "lobby"])
        XCTAssertEqual(active.map(\.messageCount), [1, 1, 0, 0])
        XCTAssertEqual(active.map { $0.latest == nil }, [false, false, true, true])
        let all = try await alice.activeChannels(since: Date().addingTimeInterval(-3600), limit: 9)
        XCTAssertEqual(all.suffix(2).map(\.channel.name), ["empty-0", "empty-1"], "then empty channels, oldest first")
        XCTAssertEqual(all.suffix(2).map { $0.latest == nil }, [true, true])
    }

    func testProfileCountsPublicMessagesOnly() async throws {
        let lobby = try await bob.channel(named: "lobby").id
        let first = try await bob.send("one", to: lobby)
        let second = try await bob.send("two", to: lobby)
        let aliceViewer = await alice.viewer()
        let aliceID = try XCTUnwrap(aliceViewer.userID)
        _ = try await bob.sendDirect("private", to: aliceID)
        let count = try await alice.messageCount(of: bobAccount.id)
        XCTAssertEqual(count, 2)
        let recent = try await alice.recentMessages(by: bobAccount.id, limit: 10)
        XCTAssertEqual(recent.map(\.id), [second.id, first.id])
        let profile = try await alice.profile(of: bobAccount.id)
        XCTAssertEqual(profile.nickname, "bob")
        XCTAssertNil(profile.email, "another member's email is not shown")
        let own = try await bob.profile(of: bobAccount.id)
        XCTAssertEqual(own.email, "bob@example.com")
        await assertThrows(.noSuchUser("999")) { _ = try await alice.profile(of: UserID("999")) }
    }
}
