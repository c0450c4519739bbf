import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// The whole client on a real LocalStore, driven by typed keys through the recording terminal.
@MainActor
final class FullAppTests: XCTestCase {
    func testGuestBrowsesOpensLobbyAndIsRefusedWhenSending() async throws {
        let harness = try AppHarness()
        await harness.session.start()
        await harness.waitFor("Continue as guest")
        await harness.press(.down, .down, .enter)
        await harness.waitFor("lobby")
        XCTAssertTrue(harness.text.contains("Guest"), "the status line names the viewer")
        let lobbyCount = try await harness.service.latestMessages(in: harness.service.channel(named: "lobby").id, limit: 100).messages.count

        try await select("lobby", in: harness)
        await harness.press(.enter)
        await harness.waitFor("# lobby")
        await harness.waitFor("Welcome to tteok!")
        XCTAssertTrue(harness.text.contains("Log in to chat"), "the guest's input bar is greyed with its reason")
        XCTAssertFalse(harness.frame().first?.contains("Discover") ?? true, "the chat hides the tab bar")

        await harness.type("hello")
        await harness.press(.enter)
        await harness.waitFor("Login required — guests can't send messages.")
        let after = try await harness.service.latestMessages(in: harness.service.channel(named: "lobby").id, limit: 100).messages.count
        XCTAssertEqual(after, lobbyCount, "nothing was stored")

        await harness.press(.enter)  // dismiss the alert
        await harness.waitUntil("the alert closes") { !$0.contains("Login required") }
        await harness.press(.escape)
        await harness.waitFor("pick a message")
        await harness.press(.escape)
        await harness.waitUntil("leaving the chat brings the tab bar back") { $0.split(separator: "\n").first?.contains("Discover") == true }
    }

    func testMemberSendsAndSeesAnotherProcessLive() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", region: "마포구", nickname: "Mina")
        let other = try harness.files.open(as: "joon")
        try await other.signUpMember("joon", region: "강남구", nickname: "Joon")
        await harness.session.start()
        await harness.waitFor("current region")
        XCTAssertTrue(harness.text.contains("Mina"))

        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("# lobby")
        await harness.waitFor("Type a message")
        await harness.type("안녕하세요 hello 👋")
        await harness.press(.enter)
        await harness.waitFor("안녕하세요 hello 👋")
        let stored = try await other.latestMessages(in: other.channel(named: "lobby").id, limit: 10).messages.map(\.content.summary)
        XCTAssertTrue(stored.contains("안녕하세요 hello 👋"))

        _ = try await other.send("hi from Joon", to: other.channel(named: "lobby").id)
        await harness.waitFor("hi from Joon")
        XCTAssertTrue(harness.text.contains("Joon"))
    }

    func testTheListBesideAnOpenChatKeepsItsBadgesLive() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        let other = try harness.files.open(as: "joon")
        try await other.signUpMember("joon", nickname: "Joon")
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("# lobby")
        let help = try await other.channel(named: "help").id
        for index in 0..<3 { _ = try await other.send("question \(index)", to: help) }
        await harness.waitUntil("the sidebar's help row shows 3") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("  help") && $0.contains(" 3  │") }
        }
        let listeners = await harness.service.liveListenerCount()
        XCTAssertEqual(listeners, 3, "the chat's listener, the list's and the community's (the viewer), no more")
    }

    func testHostileMessagesNeverReachTheTerminalAsControls() async throws {
        let harness = try AppHarness(startChannel: "lobby")
        let evil = try harness.files.open(as: "evil")
        try await evil.signUpMember("evil", nickname: "evil")
        let lobby = try await evil.channel(named: "lobby").id
        for sample in HostileText.samples { _ = try await evil.send(sample, to: lobby) }
        await harness.session.continueAsGuest()
        await harness.waitFor("^[]0;pwned^Gtitle")
        _ = harness.terminal.takeWrites()
        harness.screen.reset()
        harness.frame()
        let writes = harness.terminal.takeWrites()
        XCTAssertFalse(writes.isEmpty)
        for write in writes {
            for scalar in write.glyph.text.unicodeScalars {
                XCTAssertFalse(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || InertText.replacement(for: scalar) != nil,
                               "U+\(String(scalar.value, radix: 16)) written at \(write.point)")
            }
        }
        XCTAssertTrue(harness.text.contains("<RLO>evil<PDF> bidi"))
    }

    func testASecondFrameOfAnUnchangedScreenWritesNothing() async throws {
        let harness = try AppHarness(startChannel: "lobby")
        await harness.session.continueAsGuest()
        await harness.waitFor("Welcome to tteok!")
        harness.frame()
        _ = harness.terminal.takeWrites()
        harness.frame()
        XCTAssertEqual(harness.terminal.takeWrites().count, 0)
    }

    /// Moves the channel list's selection to `name` with j/k.
    private func select(_ name: String, in harness: AppHarness, file: StaticString = #filePath, line: UInt = #line) async throws {
        for _ in 0..<20 {
            if harness.frame().contains(where: { $0.contains("▸ \(name)") }) { return }
            await harness.type("j")
        }
        XCTFail("\(name) was never selected:\n\(harness.text)", file: file, line: line)
    }
}
