import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import ViewModels
import XCTest

/// Enter clears the input in the same frame that shows what it posted: the posted line could
/// reach the screen while the post was still answering (its live event first), and one frame
/// showed it above the line still typed (`/me` in a thread did).
@MainActor
final class SubmitFrameTests: XCTestCase {
    /// Every frame the terminal was given while `body` ran, each as its text.
    private func frames(of harness: AppHarness, during body: () async -> Void) async -> [String] {
        var shown: [String] = []
        harness.terminal.onFlush = { shown.append(harness.terminal.lines.joined(separator: "\n")) }
        await body()
        harness.terminal.onFlush = nil
        return shown
    }

    private func assertNoFrameShowsBoth(_ frames: [String], posted: String, typed: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(frames.contains { $0.contains(posted) }, "the post was shown", file: file, line: line)
        let both = frames.filter { $0.contains(posted) && $0.contains("› " + typed) }
        XCTAssertEqual(both, [], "a frame showed the post above the line still typed", file: file, line: line)
    }

    func testAnActionInAThreadAndAMessageInTheChatClearTheInputAsTheyShow() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        _ = try await joon.send("picnic on saturday?", to: lobby)
        await harness.waitFor("picnic on saturday?")
        await harness.type("see you there")
        let chat = await frames(of: harness) {
            await harness.press(.enter)
            await harness.waitUntil("posted and cleared") { $0.contains("Mina") && $0.contains("see you there") && !$0.contains("› see you there") }
        }
        assertNoFrameShowsBoth(chat, posted: "see you there", typed: "see you there")

        await harness.pickMessages()
        await harness.press(.up, .right)
        await harness.waitFor("Thread · picnic on saturday?")
        await harness.waitUntil("the thread's input has the keys") { $0.contains("Type a message") }
        await harness.type("/me waves")
        let thread = await frames(of: harness) {
            await harness.press(.enter)
            await harness.waitUntil("posted and cleared") { $0.contains("* Mina waves") && !$0.contains("› /me waves") }
        }
        assertNoFrameShowsBoth(thread, posted: "* Mina waves", typed: "/me waves")
    }

    /// A message the chat refuses gets its line back, to be corrected or taken elsewhere.
    func testARefusedMessageKeepsItsLine() async throws {
        let (harness, _, _) = try await AppHarness.minaInLobbyWithJoon()
        await harness.type("/join 강남구")
        await harness.press(.enter)
        await harness.waitFor("# 강남구")
        await harness.type("hello from mapo")
        await harness.press(.enter)
        // The input's mark is × where posting is refused.
        await harness.waitUntil("refused, the line kept") { $0.contains("Only members of 강남구") && $0.contains("× hello from mapo") }
        let posted = try await harness.service.latestMessages(in: try await harness.service.channel(named: "강남구").id, limit: 10)
        XCTAssertFalse(posted.messages.contains { $0.content == .text("hello from mapo") }, "nothing was posted")
    }
}
