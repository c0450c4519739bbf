import ChatCore
import XCTest
@testable import ViewModels

/// Every path into a chat goes through the gate: a member without a nickname is refused with
/// "Set your nickname first." and the chat does not open; guests are never asked.
@MainActor
final class NicknameGateTests: XCTestCase {
    let refusal = "Set your nickname first."

    func testNamelessMemberIsStoppedOnEveryPath() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        let bobViewer = await bob.viewer()
        let bobID = try XCTUnwrap(bobViewer.userID)
        let bobProfile = try await fixture.service.profile(of: bobID)
        try await fixture.signUpApp("nameless", nickname: "")
        let (_, community) = try await fixture.community()
        let navigator = community.navigator
        XCTAssertEqual(community.channels.banner, refusal)
        let lobby = try await fixture.channel("lobby")

        func assertRefused(_ outcome: GateOutcome, _ path: String) {
            XCTAssertEqual(outcome.refusal, refusal, path)
            XCTAssertNil(navigator.visible.chat, "\(path): no chat may open")
            XCTAssertFalse(Tab.allCases.contains { navigator.stack(of: $0).contains { $0.chat != nil } }, path)
            guard case .nicknamePrompt = navigator.visible else { return XCTFail("\(path): the nickname prompt must show") }
        }

        let row = try XCTUnwrap(community.channels.rows.value?.first { $0.id == lobby.id })
        assertRefused(await community.channels.open(row), "channel list")
        await community.showQuickSwitcher()
        guard case .quickSwitcher(let switcher) = navigator.visible else { return XCTFail("no quick switcher") }
        switcher.setQuery("lob")
        XCTAssertEqual(switcher.matches.value?.map(\.name), ["lobby"])
        assertRefused(await switcher.choose(SwitcherMatch(place: .channel(lobby))), "quick switcher")
        assertRefused(await community.join("lobby"), "/join")
        assertRefused(await community.directMessage("bob"), "/dm")
        assertRefused(await community.conversations.start(with: bobProfile), "start a conversation")
        await navigator.select(.discover)
        if let active = community.discover.rows.value?.first {
            assertRefused(await community.discover.open(active), "Discover")
        }
        XCTAssertEqual(community.gate.notice, refusal)
    }

    func testChannelOpenedByNameAtStartUpIsGated() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("nameless", nickname: "  ")
        let (_, community) = try await fixture.community(startChannel: "lobby")
        XCTAssertNil(community.navigator.top.chat, "--channel must not open a chat for a nameless member")
        XCTAssertEqual(community.gate.notice, refusal)
        guard case .nicknamePrompt = community.navigator.visible else { return XCTFail("the nickname prompt must show") }
    }

    /// Once the prompt has a nickname, the chat the member wanted opens.
    func testSettingTheNicknameOpensTheChatThatWasRefused() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("nameless", nickname: "")
        let (_, community) = try await fixture.community()
        _ = await community.join("lobby")
        guard case .nicknamePrompt(let prompt) = community.navigator.visible else { return XCTFail("no prompt") }
        expect(!(await prompt.submit()))
        XCTAssertEqual(prompt.error, "The nickname can't be empty.")
        prompt.nickname = "민지"
        expect(await prompt.submit())
        let chat = try XCTUnwrap(community.navigator.visible.chat)
        XCTAssertEqual(chat.title, "lobby")
        XCTAssertEqual(chat.inputBar, .enabled(placeholder: "Type a message"))
        let storedNickname = await fixture.service.viewer().account?.nickname
        XCTAssertEqual(storedNickname, "민지")
    }

    func testGuestsAreNeverAsked() async throws {
        let fixture = try CommunityFixture()
        let (_, community) = try await fixture.community(startChannel: "lobby")
        let chat = try XCTUnwrap(community.navigator.visible.chat, "--channel opens for a guest")
        XCTAssertEqual(chat.title, "lobby")
        XCTAssertNil(community.gate.notice)
    }

    func testStartedConversationOpensForAMemberWithANickname() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("me", nickname: "me")
        let (_, community) = try await fixture.community()
        await community.navigator.select(.direct)
        await community.conversations.search("BOB@EX")
        let found = try XCTUnwrap(community.conversations.found?.value?.first)
        XCTAssertEqual(found.nickname, "bob")
        let chat = try opened(await community.conversations.start(with: found))
        XCTAssertEqual(chat.title, "bob")
        expect(await chat.send("hello bob"))
        let conversations = try await bob.conversations()
        XCTAssertEqual(conversations.first?.latest?.content.summary, "hello bob")
        XCTAssertEqual(conversations.first?.unread, true)
    }
}
