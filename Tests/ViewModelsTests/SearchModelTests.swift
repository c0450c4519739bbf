import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import ViewModels

/// `/search` and Ctrl-R on a real community file: Korean and English words, one chat or all,
/// and a result opens its chat at the message, older pages loaded to reach it; Alt-A's jump.
@MainActor
final class SearchModelTests: XCTestCase {
    func testAResultFromLongAgoOpensItsChatAtTheMessage() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("dave", nickname: "Dave")
        let lobby = try await fixture.channel("lobby")
        let help = try await fixture.channel("help")
        let old = try await bob.send("오늘 떡볶이 맛집을 찾았어요 https://a.example/map", to: lobby.id)
        _ = try await bob.send("hello 맛집 elsewhere", to: help.id)
        for index in 1...300 { _ = try await bob.send("filler \(index)", to: lobby.id) }
        let (_, community) = try await fixture.community()
        let lobbyChat = try opened(await community.join("lobby"))

        await community.showSearch("맛집", in: lobbyChat)
        guard case .search(let search) = community.navigator.visible else { return XCTFail("no search shown") }
        XCTAssertEqual(search.scopeName, "lobby")
        XCTAssertEqual(search.results?.value?.map(\.message.id), [old.id], "only the chat searched")
        await search.search("았")
        XCTAssertEqual(search.results?.value?.map(\.message.id), [old.id], "one syllable inside a word")
        XCTAssertFalse(lobbyChat.messages.value?.contains { $0.id == old.id } ?? true, "not loaded before the jump")

        let hit = try XCTUnwrap(search.results?.value?.first)
        let chat = try opened(await search.open(hit))
        XCTAssertEqual(chat.selection, old.id, "the message is picked")
        XCTAssertNotNil(chat.messages.value?.first { $0.id == old.id })
        XCTAssertNil(community.navigator.modal, "the search gave way to the chat")

        await community.showSearch("ELL", in: nil)
        guard case .search(let everywhere) = community.navigator.visible else { return XCTFail("no search shown") }
        XCTAssertEqual(everywhere.results?.value?.map(\.channelName), ["help"], "English inside a word, every chat")
        await everywhere.search("!!")
        guard case .failed? = everywhere.results else { return XCTFail("a query with no word is refused in place") }
    }

    func testAltAOpensTheChatWithAHighlightFirst() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("dave", nickname: "Dave")
        let (_, community) = try await fixture.community()
        let lobby = try await fixture.channel("lobby")
        let help = try await fixture.channel("help")
        _ = try await bob.send("just talk", to: lobby.id)
        _ = try await bob.send("dave: a question", to: help.id)
        expect(await eventually { community.activity.hotlist.entry(help.id) != nil && community.activity.hotlist.entry(lobby.id) != nil })
        let first = await community.openNextActivity()
        XCTAssertEqual(first?.chat?.title, "help", "the highlight first")
        let second = await community.openNextActivity()
        XCTAssertEqual(second?.chat?.title, "lobby", "then the new messages")
        let third = await community.openNextActivity()
        XCTAssertNil(third, "nothing else waits")
    }
}
