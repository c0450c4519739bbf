import ChatCore
import XCTest
@testable import ViewModels

@MainActor
final class ChatModelTests: XCTestCase {
    func testOlderHistoryPagesInWhenTheTopIsVisible() async throws {
        let fixture = try CommunityFixture()
        let other = try await fixture.member("bob@x", nickname: "bob", region: "관악구")
        let gwanak = try await fixture.channel("관악구")
        for index in 1...120 { _ = try await other.send("m\(index)", to: gwanak.id) }
        let (_, community) = try await fixture.community()
        let chat = try XCTUnwrap(await community.join("관악구").chat)
        XCTAssertEqual(chat.texts.count, ChatModel.pageSize)
        XCTAssertEqual(chat.texts.last, "m120")
        guard case .haveMore = chat.paging else { return XCTFail("older history remains: \(chat.paging)") }

        var pages = 0
        while case .haveMore = chat.paging, pages < 10 {
            await chat.topBecameVisible()
            pages += 1
        }
        XCTAssertEqual(chat.paging, .done)
        XCTAssertEqual(chat.texts, (1...120).map { "m\($0)" })
    }

    func testMineIsMarkedAndTheRuleReasonGreysTheBar() async throws {
        let fixture = try CommunityFixture()
        let other = try await fixture.member("bob@x", nickname: "bob", region: "마포구")
        try await fixture.signUpApp("me@x", nickname: "me", region: "마포구")
        let (_, community) = try await fixture.community()
        let mapo = try await fixture.channel("마포구")
        _ = try await other.send("from bob", to: mapo.id)
        let chat = try XCTUnwrap(await community.join("마포구").chat)
        XCTAssertEqual(chat.inputBar, .enabled(placeholder: "Type a message"))
        XCTAssertTrue(await chat.send("from me"))
        XCTAssertEqual(chat.messages.value?.map(\.isMine), [false, true])
        await community.navigator.pop()

        let gangnam = try XCTUnwrap(await community.join("강남구").chat)
        XCTAssertEqual(gangnam.inputBar, .disabled(reason: "Only members of 강남구 can post here."))
        XCTAssertFalse(await gangnam.send("not here"))
        XCTAssertEqual(gangnam.alert, "Only members of 강남구 can post here.")
        gangnam.dismissAlert()
        XCTAssertNil(gangnam.alert)
    }

    /// While a chat is open its read marker follows the newest message: no badge on return.
    func testReadMarkerKeepsUpWhileOpen() async throws {
        let fixture = try CommunityFixture()
        let other = try await fixture.member("bob@x", nickname: "bob")
        try await fixture.signUpApp("me@x", nickname: "me")
        let (_, community) = try await fixture.community()
        let lobby = try await fixture.channel("lobby")
        let chat = try XCTUnwrap(await community.join("lobby").chat)
        let sent = try await other.send("while open", to: lobby.id)
        let arrived = await eventually { chat.messages.value?.contains { $0.id == sent.id } == true }
        XCTAssertTrue(arrived)
        let read = await eventually { (try? await fixture.service.unreadCount(in: lobby.id)) == 0 }
        XCTAssertTrue(read, "unread in the open chat: \(String(describing: try? await fixture.service.unreadCount(in: lobby.id)))")
        await community.navigator.pop()
        XCTAssertEqual(community.channels.rows.value?.first { $0.id == lobby.id }?.badge, .hidden)
    }

    func testOpeningAConversationMarksItRead() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob@x", nickname: "bob")
        let me = try await fixture.signUpApp("me@x", nickname: "me")
        _ = try await bob.sendDirect("hi me", to: me.id)
        let (_, community) = try await fixture.community()
        await community.navigator.select(.direct)
        let row = try XCTUnwrap(community.conversations.rows.value?.first)
        XCTAssertEqual(row.other.nickname, "bob")
        XCTAssertEqual(row.latest?.content.summary, "hi me")
        XCTAssertNotNil(row.latestTime)
        XCTAssertTrue(row.unread)

        let chat = try XCTUnwrap(await community.conversations.open(row).chat)
        XCTAssertEqual(chat.texts, ["hi me"])
        await community.navigator.pop()
        XCTAssertEqual(community.conversations.rows.value?.first?.unread, false)
    }
}
