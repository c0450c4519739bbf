import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import ViewModels
import XCTest

/// Slash commands and the acting keys inside a thread's view (issue 17), on the real app and a
/// real community: the chat's one command dispatch runs them on the thread shown, so `/me` is an
/// action in the thread, `//text` posts `/text`, an unknown command is refused, the commands that
/// post to the chat itself say so, and nothing typed as a command is ever posted as text. Report
/// and block act on the thread's picked line, with the chat's keys and questions.
///
/// Before this test, `/me waves` in a thread was stored as the text "/me waves" (the thread's
/// Enter skipped the command parser), and `r` / `b` on a thread's line did nothing.
@MainActor
final class ThreadCommandsAppTests: XCTestCase {
    func testSlashCommandsInAThreadRunAsInTheChatAndNoneIsPostedAsText() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let root = try await joon.send("picnic on saturday?", to: lobby)
        let answer = try await joon.replyInThread("bring mats", root: root.id, in: lobby)
        try await openThread(of: "picnic on saturday?", in: harness)

        await harness.type("/me waves")
        await harness.press(.enter)
        await harness.waitFor("* Mina waves")
        await harness.type("//not a command")
        await harness.press(.enter)
        await harness.waitFor("/not a command")

        await harness.type("/frobnicate")
        await harness.press(.enter)
        await harness.waitFor("Unknown command /frobnicate")
        await harness.press(.enter)
        await harness.waitUntil("the refused command stays to be corrected") { $0.contains("› /frobnicate") && !$0.contains("Unknown command") }
        await harness.press(.control("u"))

        await harness.type("/file /etc/hostname")
        await harness.press(.enter)
        await harness.waitFor("/file posts to the chat, not a thread")
        await harness.press(.enter)
        await harness.press(.control("u"))

        await harness.type("/react 👍")
        await harness.press(.enter)
        await harness.waitFor("[👍 1]")
        await harness.type("/reply yes, two")
        await harness.press(.enter)
        await harness.waitFor("↱ Joon: bring mats")

        let replies = try await joon.thread(root.id, in: lobby, limit: 10).replies
        XCTAssertEqual(replies.map(\.content), [.text("bring mats"), .emote("waves"), .text("/not a command"), .text("yes, two")],
                       "an action, an escaped slash and a reply in the thread; no command line stored as text")
        XCTAssertEqual(replies.last?.replyTo?.parentID, answer.id, "/reply answers the newest line of someone else in the thread")
        XCTAssertEqual(replies.first?.reactions.map(\.key), ["👍"], "/react reacts to it")
        XCTAssertTrue(replies.allSatisfy { $0.thread == .reply(root: root.id) })

        await harness.type("/help")
        await harness.press(.enter)
        await harness.waitFor("Keys and commands")
        await harness.press(.escape)
        await harness.waitUntil("the help closes over the thread, still open") { !$0.contains("Keys and commands") && $0.contains("Thread ·") }

        await harness.type("/quit")
        await harness.press(.enter)
        XCTAssertEqual(harness.quitCount, 1, "/quit quits from a thread as from the chat")
        let chat = try await harness.service.latestMessages(in: lobby, limit: 10).messages
        XCTAssertFalse(chat.contains { $0.isThreadReply }, "nothing of the thread became a line of the chat")
    }

    func testReportAndBlockActOnTheThreadsPickedLine() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let root = try await joon.send("free stuff thread", to: lobby)
        let spam = try await joon.replyInThread("buy cheap pills", root: root.id, in: lobby)
        try await openThread(of: "free stuff thread", in: harness)
        await harness.waitFor("buy cheap pills")

        await harness.pickMessages()
        await harness.press(.right)
        await harness.waitFor("This thread is open already.")
        await harness.type("r")
        await harness.waitUntil("the command line asks for the reason, naming the thread's line") {
            $0.hasSuffix("\n/report") && $0.contains("Report Joon's message: “buy cheap pills” — type the reason")
        }
        await harness.type("selling drugs")
        await harness.press(.enter)
        await harness.waitFor("Report Joon's message: “buy cheap pills”?")
        await harness.confirm()
        await harness.waitFor("Reported. Thank you")
        let reports = try await harness.service.reports()
        XCTAssertEqual(reports.map(\.message.id), [spam.id])

        await harness.type("b")
        await harness.waitFor("Block Joon?")
        await harness.confirm()
        await harness.waitFor("Blocked Joon.")
        let blocked = try await harness.service.blockedUsers()
        XCTAssertEqual(blocked.map(\.nickname), ["Joon"])
    }

    /// From the chat: the message showing `root` picked, → opens its thread.
    private func openThread(of root: String, in harness: AppHarness) async throws {
        await harness.waitFor(root)
        await harness.pickMessages()
        await harness.press(.right)
        await harness.waitFor("Thread · \(root)")
        await harness.waitUntil("the thread's input has the keys") { $0.contains("Type a message") }
    }
}
