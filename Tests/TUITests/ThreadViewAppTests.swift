import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// The thread view (issue 17) on the real app and a real community: → on a picked message opens
/// its thread over the chat (root, then replies, live), Enter replies in the thread, Esc goes
/// back to the chat, whose root then counts the new reply and which shows no thread reply.
@MainActor
final class ThreadViewAppTests: XCTestCase {
    func testOpenReadReplyAndGoBack() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let root = try await joon.send("who brings the kimbap?", to: lobby)
        _ = try await joon.replyInThread("not me", root: root.id, in: lobby)
        await harness.waitFor("└ 1 reply")
        XCTAssertFalse(harness.frame().joined().contains("not me"), "the thread reply is not a line of the chat")

        await harness.pickMessages()
        await harness.press(.right)
        await harness.waitFor("Thread · who brings the kimbap?")
        await harness.waitFor("not me")
        _ = try await joon.replyInThread("maybe Mina?", root: root.id, in: lobby)
        await harness.waitFor("maybe Mina?")

        await harness.type("fine, I will")
        await harness.press(.enter)
        await harness.waitFor("fine, I will")
        let stored = try await joon.thread(root.id, in: lobby, limit: 10)
        XCTAssertEqual(stored.replies.map(\.content), [.text("not me"), .text("maybe Mina?"), .text("fine, I will")])

        await harness.press(.escape)
        await harness.waitFor("└ 3 replies")
        let chat = harness.frame().joined(separator: "\n")
        XCTAssertFalse(chat.contains("Thread ·"), chat)
        XCTAssertFalse(chat.contains("fine, I will"), "back in the chat, no thread reply is a line: \(chat)")
    }
}
