import ChatCore
import TestSupport
import XCTest
@testable import ViewModels

/// The names Tab completes in a chat (issue 19): every member of the channel, read from the real
/// community once and indexed, the index held between Tabs and built again when a newcomer
/// writes or a member is blocked.
@MainActor
final class CompletionNamesTests: XCTestCase {
    func testTheChannelsMembersAreIndexedAndANewcomerIsAddedWhenTheyWrite() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me", region: "마포구")
        let sora = try await fixture.member("sora", nickname: "Sora", region: "마포구")
        let solbi = try await fixture.member("solbi", nickname: "Solbi", region: "마포구")
        let mapo = try await fixture.channel("마포구")
        _ = try await sora.send("long ago", to: mapo.id)
        for number in 1...60 { _ = try await solbi.send("filler \(number)", to: mapo.id) }
        // Read already: a chat with unread messages would page back to its first unread.
        try await fixture.service.markRead(mapo.id)
        let (_, community) = try await fixture.community()
        let chat = try opened(await community.join("마포구"))
        XCTAssertFalse(chat.texts.contains("long ago"), "Sora's words are out of the loaded page")

        let index = await chat.completionNames.names(in: chat.channelID, partners: ["Sunny"])
        XCTAssertEqual(index.names(startingWith: "s"), ["Solbi", "Sora", "Sunny"], "members and partners, by name")

        let newcomer = try await fixture.member("sejin", nickname: "Sejin", region: "마포구")
        _ = try await newcomer.send("안녕하세요", to: mapo.id)
        let added = await eventually(seconds: 10) {
            await chat.completionNames.names(in: chat.channelID, partners: ["Sunny"]).contains("Sejin")
        }
        XCTAssertTrue(added, "the newcomer's message rebuilt the index")

        let soraViewer = await sora.viewer()
        try await fixture.service.block(try XCTUnwrap(soraViewer.userID))
        let blocked = await eventually(seconds: 10) {
            await !chat.completionNames.names(in: chat.channelID, partners: ["Sunny"]).contains("Sora")
        }
        XCTAssertTrue(blocked, "a blocked member is no longer offered")
    }

    /// A post still `sending…` carries no name yet: it rebuilds nothing (every pending post did,
    /// reading every member again); a name the index lacks still does.
    func testAPendingPostWithoutANameRebuildsNothing() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me", region: "마포구")
        let mapo = try await fixture.channel("마포구")
        let names = CompletionNames(service: fixture.service)
        _ = await names.names(in: mapo.id, partners: [])
        XCTAssertEqual(names.generation, 1)
        let post = { (nickname: String) in
            Message(id: MessageID("m-\(nickname)"), channelID: mapo.id, senderID: UserID("u"), senderNickname: nickname,
                    sentAt: Date(), content: .text("hi"))
        }
        names.notice([post("")])
        XCTAssertEqual(names.generation, 1, "a post without a name rebuilt the index")
        names.notice([post("Zed")])
        XCTAssertEqual(names.generation, 2, "a name the index lacks rebuilds it")
    }

    /// Another chat (or other partners) is another index, built before the Tab that asks.
    func testAnotherChannelGetsItsOwnMembers() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me", region: "마포구")
        let sora = try await fixture.member("sora", nickname: "Sora", region: "마포구")
        let help = try await fixture.channel("help")
        _ = try await sora.send("a question", to: help.id)
        let names = CompletionNames(service: fixture.service)
        let mapo = try await fixture.channel("마포구")
        expect(await !names.names(in: mapo.id, partners: []).contains("Sora"), "not a member of 마포구")
        expect(await names.names(in: help.id, partners: []).contains("Sora"))
        expect(await names.names(in: nil, partners: ["Bob"]).contains("Bob"), "a conversation not started: the partners")
    }
}
