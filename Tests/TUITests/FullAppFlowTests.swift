import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// Sign-up, terms, the nickname gate, switching accounts, narrow terminals, commands and the
/// quick switcher, all through typed keys on a real LocalStore.
@MainActor
final class FullAppFlowTests: XCTestCase {
    func testSignUpNeedsTheTermsTickedThenTheNicknameGateAsksBeforeTheChannelOpens() async throws {
        let harness = try AppHarness(startChannel: "lobby")
        await harness.session.start()
        await harness.waitFor("Continue as guest")
        await harness.press(.down, .enter)
        await harness.waitFor("Nickname (optional)")
        await harness.type("new@example.com")
        await harness.press(.tab)
        await harness.type("pass word 1")
        XCTAssertTrue(harness.text.contains("•••••••••••"), "the password is masked")
        XCTAssertFalse(harness.text.contains("pass word 1"))
        await harness.press(.enter)
        await harness.waitFor("Community rules")
        // Failed before issue 20's fix: the status line named the member agreeing "Guest".
        XCTAssertTrue(harness.text.contains(" new@example.com · "), "the status line names the member: \(harness.text)")
        await harness.press(.tab, .enter)
        await harness.waitFor("Please agree to the terms.")
        await harness.press(.tab, .character(" "), .tab, .enter)
        await harness.waitFor("Set your nickname first.")
        XCTAssertFalse(harness.text.contains("# lobby"), "the chat did not open")
        await harness.type("Nari")
        await harness.press(.enter)
        await harness.waitFor("# lobby")
        await harness.waitFor("Type a message")
    }

    func testLoggingOutAndInAsAnotherAccountShowsOnlyTheNewOne() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", region: "마포구", nickname: "Mina")
        try await harness.files.open(as: "joon").signUpMember("joon", region: "강남구", nickname: "Joon")
        await harness.session.start()
        await harness.waitFor("Mina")
        await harness.type("4")
        await harness.waitFor("mina@example.com")
        await harness.type("/logout")
        await harness.press(.enter)
        await harness.waitFor("Log out Mina?")
        await harness.confirm()
        await harness.waitFor("Continue as guest")
        await harness.press(.enter)
        await harness.logIn(as: "joon")
        await harness.waitFor("current region")
        await harness.type("4")
        await harness.waitFor("joon@example.com")
        await harness.waitFor("Newcomer on the Tteokbokki Trail")
        let screen = harness.text
        XCTAssertFalse(screen.contains("Mina"), screen)
        XCTAssertFalse(screen.contains("mina@example.com"), screen)
    }

    func testAWrongPasswordIsShownAndTheFormStays() async throws {
        let harness = try AppHarness()
        try await harness.files.open(as: "joon").signUpMember("joon", nickname: "Joon")
        await harness.session.start()
        await harness.waitFor("Continue as guest")
        await harness.press(.enter)
        await harness.logIn(as: "joon", password: "nope")
        await harness.waitFor("Wrong email or password.")
        XCTAssertFalse(harness.text.contains("current region"), "still on the form")
        XCTAssertFalse(harness.text.contains("••••"), "the password field is cleared after a try")
    }

    func testTheRegionChannelIsPinnedFirstWithItsTag() async throws {
        let harness = try AppHarness(region: "종로구")
        await harness.session.start()
        await harness.waitFor("Continue as guest")
        await harness.press(.down, .down, .enter)
        await harness.waitFor("current region")
        let rows = harness.frame()
        let first = try XCTUnwrap(rows.firstIndex { $0.contains("종로구") })
        XCTAssertTrue(rows[first].contains("종로구 current region"))
        XCTAssertLessThan(first, try XCTUnwrap(rows.firstIndex { $0.contains("help") }))
    }

    func testANarrowTerminalShowsOnePaneAtATimeAndResizesBack() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        await harness.session.start()
        await harness.waitFor("current region")
        XCTAssertTrue(harness.text.contains("Pick a channel"), "wide: the list beside the main pane")
        XCTAssertTrue(harness.text.contains("마포구 이웃들의 채널"), "the selected channel's topic beside the list")
        harness.resize(Size(width: 60, height: 20))
        await harness.waitUntil("narrow: only the list") { !$0.contains("Pick a channel") && $0.contains("lobby") }
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("# lobby")
        XCTAssertFalse(harness.text.contains("current region"), "narrow: the chat alone")
        for row in harness.frame() { XCTAssertLessThanOrEqual(DisplayWidth.of(row), 60) }
        harness.resize(Size(width: 100, height: 30))
        await harness.waitUntil("wide again: list and chat") { $0.contains("current region") && $0.contains("# lobby") }
    }

    func testTheQuickSwitcherFindsAChannelByPartOfItsName() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.press(.control("k"))
        await harness.waitFor("Jump to a channel")
        await harness.type("lob")
        await harness.waitFor("▸ lobby")
        XCTAssertFalse(harness.text.contains("▸ help"))
        await harness.press(.enter)
        await harness.waitFor("# lobby")
    }

    func testUnknownCommandsHelpAndThemes() async throws {
        let harness = try AppHarness()
        await harness.session.start()
        await harness.waitFor("Continue as guest")
        await harness.press(.down, .down, .enter)
        await harness.waitFor("lobby")
        await harness.type("/frobnicate")
        await harness.press(.enter)
        await harness.waitFor("Unknown command /frobnicate")
        await harness.press(.enter)
        await harness.waitUntil("the failed command stays to be corrected") { $0.hasSuffix("\n/frobnicate") }
        await harness.press(.escape)
        await harness.type("/help")
        await harness.press(.enter)
        await harness.waitFor("Keys and commands")
        await harness.waitFor("/join NAME")
        await harness.press(.escape)
        await harness.type("/theme dark")
        await harness.press(.enter)
        await harness.waitFor("Theme: dark")
        XCTAssertEqual(harness.theme?.name, "dark")
        await harness.type("q")
        await harness.waitFor("Quit tteok?")
        await harness.type("uit")
        await harness.press(.enter)
        XCTAssertEqual(harness.quitCount, 0, "q only asks, and the question opens on Cancel")
        await harness.type("q")
        await harness.confirm()
        XCTAssertEqual(harness.quitCount, 1)
    }

    func testKoreanInterface() async throws {
        let harness = try AppHarness(language: .korean)
        await harness.session.start()
        await harness.waitFor("게스트로 로그인")
        await harness.press(.down, .down, .enter)
        await harness.waitFor("게스트")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("채팅 입력을 위해 로그인해주세요!")
        await harness.press(.character("x"), .enter)
        await harness.waitFor("로그인이 필요한 기능입니다.")
    }

    func testPageUpLoadsOlderHistory() async throws {
        let harness = try AppHarness(size: Size(width: 100, height: 20))
        try await harness.service.signUpMember("mina", nickname: "Mina")
        let other = try harness.files.open(as: "joon")
        try await other.signUpMember("joon", nickname: "Joon")
        let lobby = try await other.channel(named: "lobby").id
        for index in 0..<120 { _ = try await other.send("history \(index)", to: lobby) }
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.type("/join lobby")
        await harness.press(.enter)
        // All 120 are unread: the chat opens at the "new messages" line; End goes to the newest.
        await harness.waitFor("── new messages ──")
        await harness.press(.end)
        await harness.waitFor("history 119")
        await harness.press(.escape)
        for _ in 0..<80 {
            if harness.text.contains("history 0") { break }
            await harness.press(.pageUp)
            _ = await eventually(seconds: 1) { !harness.text.contains("Loading older") || harness.text.contains("history 0") }
        }
        await harness.waitFor("history 0")
        await harness.waitFor("the beginning of this chat")
    }

    func testDirectMessageThenTheDirectTabListsTheConversation() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        let joon = try harness.files.open(as: "joon")
        try await joon.signUpMember("joon", nickname: "Joon")
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.type("/dm Joon")
        await harness.press(.enter)
        await harness.waitFor("@ Joon")
        await harness.type("hi Joon")
        await harness.press(.enter)
        let delivered = await eventually { (try? await joon.conversations().first?.latest?.content.summary) == "hi Joon" }
        XCTAssertTrue(delivered, "Joon has the conversation")
        await harness.press(.escape, .escape)
        await harness.type("3")
        await harness.waitUntil("the Direct tab lists Joon with the latest message") { $0.contains("Joon") && $0.contains("hi Joon") }
    }

    func testTheDirectSearchFiltersConversationsAndStartsOneWithAMemberFound() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        let others = try harness.files.open(["joon", "jonas", "dana"])
        for (service, name) in zip(others, ["joon", "jonas", "dana"]) { try await service.signUpMember(name, nickname: name.capitalized) }
        let viewer = await harness.service.viewer()
        let mina = try XCTUnwrap(viewer.userID)
        _ = try await others[0].sendDirect("hi Mina, Joon here", to: mina)
        _ = try await others[2].sendDirect("hi Mina, Dana here", to: mina)
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.type("3")
        await harness.waitUntil("the Direct tab lists both conversations and offers the search") {
            $0.contains("Joon here") && $0.contains("Dana here") && $0.contains("Find: i: find a member")
        }
        await harness.type("ijo")
        await harness.waitUntil("typing filters the conversations") { $0.contains("Find: jo") && $0.contains("Joon here") && !$0.contains("Dana here") }
        await harness.press(.enter)
        await harness.waitUntil("Enter lists the members found, without Joon twice") { screen in
            screen.contains("Members") && screen.contains("▸ Jonas") && screen.split(separator: "\n").filter { $0.contains("Joon") }.count == 1
        }
        await harness.press(.enter)
        await harness.waitFor("@ Jonas")
        await harness.type("hi Jonas")
        await harness.press(.enter)
        await harness.press(.escape, .escape)
        await harness.waitUntil("back on the tab, the search is cleared and every conversation shows") { screen in
            screen.contains("Find: i: find a member") && screen.contains("Joon here") && screen.contains("Dana here") && screen.contains("hi Jonas")
        }
        await harness.type("ijonas")
        await harness.press(.enter)
        await harness.waitUntil("a member found who has a conversation is not offered again") { screen in
            screen.contains("hi Jonas") && !screen.contains("Members") && !screen.contains("No member found")
        }
    }

    func testNickChangesTheNicknameShownOnTheProfileAndStatusLine() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.type("/nick Minnie")
        await harness.press(.enter)
        await harness.waitFor("Saved.")
        await harness.type("4")
        await harness.waitFor("Nickname: Minnie")
        await harness.type("/nick    ")
        await harness.press(.enter)
        await harness.waitFor("Usage: /nick NAME")
    }

    func testAGuestLogsInFromAnOpenChatAndItsInputBarUpgrades() async throws {
        let harness = try AppHarness(startChannel: "lobby")
        try await harness.files.open(as: "joon").signUpMember("joon", nickname: "Joon")
        await harness.session.continueAsGuest()
        await harness.waitFor("# lobby")
        await harness.waitFor("Log in to chat")
        await harness.type("/login")
        await harness.press(.enter)
        await harness.logIn(as: "joon")
        await harness.waitFor("Type a message")
        XCTAssertTrue(harness.text.contains("# lobby"), "the same chat, upgraded")
        XCTAssertTrue(harness.text.contains("Joon"))
    }
}
