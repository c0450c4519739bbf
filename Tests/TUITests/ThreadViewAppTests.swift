import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import ViewModels
import XCTest

/// The thread view (issue 17) on the real app and a real community: → on a picked message opens
/// its thread over the chat (root, then replies, live), Enter replies in the thread, Esc Esc goes
/// back to the chat, whose root then counts the new reply and which shows no thread reply. Its
/// lines are picked and acted on with the chat's keys, and a long thread reads back page by page.
@MainActor
final class ThreadViewAppTests: XCTestCase {
    func testOpenReadReplyAndGoBack() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let root = try await joon.send("who brings the kimbap?", to: lobby)
        _ = try await joon.replyInThread("not me", root: root.id, in: lobby)
        await harness.waitFor("└ 1 reply · 1 new")
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
        XCTAssertTrue(harness.text.contains("Thread ·"), "Esc leaves the thread's input, as the chat's")
        await harness.press(.escape)
        await harness.waitFor("└ 3 replies")
        let chat = harness.frame().joined(separator: "\n")
        XCTAssertFalse(chat.contains("replies ·"), "the thread was read in its view: nothing new under its root\n\(chat)")
        XCTAssertFalse(chat.contains("Thread ·"), chat)
        XCTAssertFalse(chat.contains("fine, I will"), "back in the chat, no thread reply is a line: \(chat)")
    }

    /// Esc ↑ picks a line of the thread; Enter answers it inside the thread, Ctrl-E edits mine,
    /// `+` reacts, `d` deletes, each as in the chat, and what the community stored says so.
    func testSelectionModeInAThreadRepliesEditsReactsAndDeletes() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let root = try await joon.send("who brings the kimbap?", to: lobby)
        let notMe = try await joon.replyInThread("not me", root: root.id, in: lobby)
        await harness.waitFor("└ 1 reply")
        await harness.pickMessages()
        await harness.press(.right)
        await harness.waitFor("not me")

        await harness.pickMessages()
        await harness.press(.enter)
        await harness.waitFor("↱ replying to Joon: “not me” · Esc cancels")
        await harness.type("are you sure?")
        await harness.press(.enter)
        await harness.waitFor("↱ Joon: not me")
        var replies = try await joon.thread(root.id, in: lobby, limit: 10).replies
        XCTAssertEqual(replies.last?.content, .text("are you sure?"))
        XCTAssertEqual(replies.last?.replyTo?.parentID, notMe.id, "it answers the picked reply")
        XCTAssertEqual(replies.last?.thread, .reply(root: root.id), "and stays in the thread")
        XCTAssertTrue(harness.text.contains("Thread ·"), "the thread stays open")

        await harness.pickMessages()
        await harness.press(.control("e"))
        await harness.waitFor("✎ editing “are you sure?”")
        await harness.press(.control("u"))
        await harness.type("are you certain?")
        await harness.press(.enter)
        await harness.waitFor("are you certain? (edited)")

        await harness.pickMessages()
        await harness.press(.up)
        await harness.type("+")
        await harness.waitFor("React to Joon's message: “not me”")
        await harness.press(.right, .enter)
        await harness.waitFor("[👍 1]")
        replies = try await joon.thread(root.id, in: lobby, limit: 10).replies
        XCTAssertEqual(replies.first?.reactions.map(\.key), ["👍"])

        await harness.press(.down)
        await harness.type("d")
        await harness.waitFor("Delete your message “are you certain?”?")
        await harness.confirm()
        await harness.waitFor("message deleted")
        replies = try await joon.thread(root.id, in: lobby, limit: 10).replies
        XCTAssertEqual(replies.map(\.isDeleted), [false, true])
        XCTAssertEqual(replies.first?.editedAt, nil, "only my reply was edited")

        await harness.press(.escape, .escape, .escape)
        await harness.waitFor("└ 2 replies")
        XCTAssertFalse(harness.text.contains("Thread ·"), harness.text)
        let chatLines = try await harness.service.latestMessages(in: lobby, limit: 10).messages
        XCTAssertEqual(chatLines.last?.id, root.id, "no thread reply became a line of the chat")
        XCTAssertFalse(chatLines.contains { $0.isThreadReply })
    }

    /// A thread longer than a page opens at its newest replies; Home reads it back to the first.
    func testALongThreadReadsBackToItsFirstReply() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let root = try await joon.send("count with me", to: lobby)
        for number in 1...130 { _ = try await joon.replyInThread(String(format: "reply #%03d", number), root: root.id, in: lobby) }
        await harness.waitFor("└ 130 replies")
        await harness.pickMessages()
        await harness.press(.right)
        await harness.waitFor("reply #130")
        let thread = try XCTUnwrap(harness.app.ui.chat?.thread)
        XCTAssertEqual(thread.lines.value?.count, 1 + 50, "the root and the newest page")
        XCTAssertFalse(harness.text.contains("reply #001"))

        await harness.press(.home)
        await harness.waitFor("reply #001", seconds: 15)
        await harness.waitFor("count with me")
        let texts = thread.lines.value?.dropFirst().map { $0.message.content.summary }
        XCTAssertEqual(texts, (1...130).map { String(format: "reply #%03d", $0) }, "every reply once, in order")
        XCTAssertEqual(thread.paging, .done)

        // Picking moves through the replies read back, and End comes back to the newest.
        await harness.pickMessages()
        await harness.press(.home)
        XCTAssertEqual(thread.selection, root.id, "Home in selection mode picks the oldest line: the root")
        await harness.press(.end)
        await harness.waitFor("reply #130")
    }
}
