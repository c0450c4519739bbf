import ChatCore
import XCTest
@testable import ViewModels

/// Coming back to a screen after the data changed while it was hidden: the first state it
/// publishes on return already holds the new data — no empty, loading or stale frame.
@MainActor
final class ReturnFreshnessTests: XCTestCase {
    func testDiscoverShowsNewActivityInItsFirstStateOnReturn() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me")
        let other = try await fixture.member("bob", nickname: "bob", region: "강남구")
        let (_, community) = try await fixture.community()
        await community.navigator.select(.discover)
        await community.navigator.select(.channels)
        XCTAssertNotNil(community.discover.rows.value, "pre-fetched on leaving: never loading while away")

        let gangnam = try await fixture.channel("강남구")
        let news = try await other.send("new while you were away", to: gangnam.id)
        var published: [Loadable<[DiscoverRow]>] = []
        community.discover.changes.addObserver { published.append(community.discover.rows) }
        await community.navigator.select(.discover)

        let first = try XCTUnwrap(published.first, "Discover published nothing on return")
        let rows = try XCTUnwrap(first.value, "the first state on return was \(first)")
        XCTAssertEqual(rows.first { $0.id == gangnam.id }?.latest?.id, news.id)
    }

    func testChannelListShowsNewCountsInItsFirstStateOnReturn() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me")
        let other = try await fixture.member("bob", nickname: "bob", region: "강남구")
        let gangnam = try await fixture.channel("강남구")
        let (_, community) = try await fixture.community()
        XCTAssertEqual(community.channels.rows.value?.first { $0.id == gangnam.id }?.badge, .hidden)
        _ = try opened(await community.join("lobby"))

        for index in 1...3 { _ = try await other.send("away \(index)", to: gangnam.id) }
        var published: [Loadable<[ChannelRow]>] = []
        community.channels.changes.addObserver { published.append(community.channels.rows) }
        await community.navigator.pop()

        let first = try XCTUnwrap(published.first, "the channel list published nothing on return")
        XCTAssertEqual(first.value?.first { $0.id == gangnam.id }?.badge, .count(3))
    }

    /// A chat hidden behind another tab has no listener; on return it catches up before it shows.
    func testChatShowsMessagesThatArrivedWhileHidden() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me")
        let other = try await fixture.member("bob", nickname: "bob")
        let (_, community) = try await fixture.community()
        let chat = try opened(await community.join("lobby"))
        await community.navigator.select(.discover)
        let lobby = try await fixture.channel("lobby")
        let missed = try await other.send("said while you were away", to: lobby.id)

        var published: [[ChatLine]] = []
        chat.changes.addObserver { published.append(chat.messages.value ?? []) }
        await community.navigator.select(.channels)
        XCTAssertEqual(published.first?.last?.id, missed.id)
        XCTAssertEqual(chat.messages.value?.filter { $0.id == missed.id }.count, 1)
    }
}
