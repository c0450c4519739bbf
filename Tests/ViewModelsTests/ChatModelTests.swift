import ChatCore
import TestSupport
import XCTest
@testable import ViewModels

@MainActor
final class ChatModelTests: XCTestCase {
    func testOlderHistoryPagesInWhenTheTopIsVisible() async throws {
        let fixture = try CommunityFixture()
        let other = try await fixture.member("bob", nickname: "bob", region: "관악구")
        let gwanak = try await fixture.channel("관악구")
        for index in 1...120 { _ = try await other.send("m\(index)", to: gwanak.id) }
        let (_, community) = try await fixture.community()
        // Read already: a chat with unread messages pages back to its first unread as it opens.
        try await fixture.service.markRead(gwanak.id)
        let chat = try opened(await community.join("관악구"))
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
        let other = try await fixture.member("bob", nickname: "bob", region: "마포구")
        try await fixture.signUpApp("me", nickname: "me", region: "마포구")
        let (_, community) = try await fixture.community()
        let mapo = try await fixture.channel("마포구")
        _ = try await other.send("from bob", to: mapo.id)
        let chat = try opened(await community.join("마포구"))
        XCTAssertEqual(chat.inputBar, .enabled(placeholder: "Type a message"))
        expect(await chat.send("from me"))
        XCTAssertEqual(chat.messages.value?.map(\.isMine), [false, true])
        await community.navigator.pop()

        let gangnam = try opened(await community.join("강남구"))
        XCTAssertEqual(gangnam.inputBar, .disabled(reason: "Only members of 강남구 can post here."))
        expect(!(await gangnam.send("not here")))
        XCTAssertEqual(gangnam.alert, "Only members of 강남구 can post here.")
        gangnam.dismissAlert()
        XCTAssertNil(gangnam.alert)
    }

    /// While a chat is open its read marker follows the newest message: no badge on return.
    func testReadMarkerKeepsUpWhileOpen() async throws {
        let fixture = try CommunityFixture()
        let other = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("me", nickname: "me")
        let (_, community) = try await fixture.community()
        let lobby = try await fixture.channel("lobby")
        let chat = try opened(await community.join("lobby"))
        let sent = try await other.send("while open", to: lobby.id)
        let arrived = await eventually { chat.messages.value?.contains { $0.id == sent.id } == true }
        XCTAssertTrue(arrived)
        let read = await eventually { (try? await fixture.service.unreadCount(in: lobby.id)) == 0 }
        let unread = try await fixture.service.unreadCount(in: lobby.id)
        XCTAssertTrue(read, "unread in the open chat: \(unread)")
        await community.navigator.pop()
        XCTAssertEqual(community.channels.rows.value?.first { $0.id == lobby.id }?.badge, .hidden)
    }

    func testOpeningAConversationMarksItRead() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        let me = try await fixture.signUpApp("me", nickname: "me")
        _ = try await bob.sendDirect("hi me", to: me.id)
        let (_, community) = try await fixture.community()
        await community.navigator.select(.direct)
        let row = try XCTUnwrap(community.conversations.rows.value?.first)
        XCTAssertEqual(row.other.nickname, "bob")
        XCTAssertEqual(row.latest?.content.summary, "hi me")
        XCTAssertNotNil(row.latestTime)
        XCTAssertTrue(row.unread)

        let chat = try opened(await community.conversations.open(row))
        XCTAssertEqual(chat.texts, ["hi me"])
        await community.navigator.pop()
        XCTAssertEqual(community.conversations.rows.value?.first?.unread, false)
    }
}

@MainActor
final class ChatImageTests: XCTestCase {
    let upload = ImageUpload(fileName: "tteok.png", mimeType: "image/png", data: Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]), width: 1, height: 1)

    func testMemberSendsAnImageAndReadsItsBytesBack() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me")
        let (_, community) = try await fixture.community()
        let chat = try opened(await community.join("lobby"))
        let sent = await chat.sendImage(upload)
        XCTAssertTrue(sent, chat.alert ?? "")
        let line = try XCTUnwrap(chat.messages.value?.last)
        guard case .image(let info) = line.message.content else { return XCTFail("not an image: \(line.message.content)") }
        XCTAssertEqual(info.fileName, "tteok.png")
        XCTAssertTrue(line.isMine)
        let bytes = await chat.imageData(info)
        XCTAssertEqual(bytes, upload.data)
    }

    func testGuestImageIsRefusedAndNothingStored() async throws {
        let fixture = try CommunityFixture()
        let (_, community) = try await fixture.community()
        let chat = try opened(await community.join("lobby"))
        let before = try await fixture.storedMessageCount(in: "lobby")
        let sent = await chat.sendImage(upload)
        XCTAssertFalse(sent)
        XCTAssertEqual(chat.alert, "Login required — guests can't send messages.")
        let after = try await fixture.storedMessageCount(in: "lobby")
        XCTAssertEqual(after, before)
    }
}
