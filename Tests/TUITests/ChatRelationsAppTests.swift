import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// Issue 17's keys in the chat, on the real app and a real community: reply (Enter in selection
/// mode), edit (↑ on the empty input, Ctrl-E on a picked message of mine), react (`+`, a choice
/// that opens on Cancel), delete (`d`, a question naming the target), and the slash commands.
/// What the screen says is checked, and what the community stored.
@MainActor
final class ChatRelationsAppTests: XCTestCase {
    private func stored(_ harness: AppHarness, _ lobby: ChannelID) async throws -> [Message] {
        try await harness.service.latestMessages(in: lobby, limit: 100).messages
    }

    private func bottom(_ harness: AppHarness) -> String {
        harness.frame().suffix(4).joined(separator: "\n")
    }

    func testEnterInSelectionModeRepliesAndTheInputSaysToWhatUntilEscCancels() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let question = try await joon.send("shall we meet at noon?", to: lobby)
        await harness.waitFor("shall we meet at noon?")

        await harness.pickMessages()
        await harness.press(.enter)
        XCTAssertTrue(bottom(harness).contains("↱ replying to Joon: “shall we meet at noon?” · Esc cancels"), bottom(harness))
        await harness.type("sure")
        await harness.press(.enter)
        await harness.waitFor("↱ Joon: shall we meet at noon?")
        let reply = try await stored(harness, lobby).last
        XCTAssertEqual(reply?.content, .text("sure"))
        XCTAssertEqual(reply?.replyTo?.parentID, question.id)
        XCTAssertFalse(bottom(harness).contains("replying to"), "the reply was sent: the input is plain again")

        // Esc cancels the reply and keeps what was typed.
        let count = try await stored(harness, lobby).count
        await harness.pickMessages()
        await harness.press(.up, .enter)
        await harness.type("hmm")
        await harness.press(.escape)
        XCTAssertFalse(bottom(harness).contains("replying to"), bottom(harness))
        XCTAssertTrue(bottom(harness).contains("hmm"), bottom(harness))
        let after = try await stored(harness, lobby).count
        XCTAssertEqual(after, count, "nothing more was sent")
    }

    func testUpOnTheEmptyInputEditsMyLastMessageAndEscPutsTheDraftBack() async throws {
        let (harness, _, lobby) = try await AppHarness.minaInLobbyWithJoon()
        await harness.type("helo wrld")
        await harness.press(.enter)
        await harness.waitFor("helo wrld")

        await harness.press(.up)
        XCTAssertTrue(bottom(harness).contains("✎ editing “helo wrld”"), bottom(harness))
        await harness.press(.control("u"))
        await harness.type("hello world")
        await harness.press(.enter)
        await harness.waitFor("hello world (edited)")
        let mine = try await stored(harness, lobby).last
        XCTAssertEqual(mine?.content, .text("hello world"))
        XCTAssertNotNil(mine?.editedAt)

        // With text in the line, ↑ is the history; Esc ends an edit and the draft comes back.
        await harness.type("a draft")
        await harness.press(.control("u"))
        await harness.press(.up)
        XCTAssertTrue(bottom(harness).contains("editing"), "the line was empty again: ↑ edits")
        await harness.press(.escape)
        XCTAssertFalse(bottom(harness).contains("editing"), bottom(harness))
        await harness.type("x")
        await harness.press(.up)
        XCTAssertTrue(bottom(harness).contains("helo wrld"), "with text in the line ↑ recalls the history: \(bottom(harness))")
        XCTAssertFalse(bottom(harness).contains("editing"))
    }

    func testCtrlEEditsOnlyMyOwnPickedMessage() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        _ = try await joon.send("joon's words", to: lobby)
        await harness.waitFor("joon's words")
        await harness.pickMessages()
        await harness.press(.control("e"))
        await harness.waitFor("Only its sender can edit a message.")
        await harness.press(.enter)

        await harness.press(.escape)
        await harness.type("mine to fix")
        await harness.press(.enter)
        await harness.waitFor("mine to fix")
        await harness.pickMessages()
        await harness.press(.control("e"))
        XCTAssertTrue(bottom(harness).contains("✎ editing “mine to fix”"), bottom(harness))
        await harness.type("ed")
        await harness.press(.enter)
        await harness.waitFor("mine to fixed (edited)")
        let texts = try await stored(harness, lobby).map(\.content.summary)
        XCTAssertEqual(texts.suffix(2), ["joon's words", "mine to fixed"])
    }

    func testPlusOffersReactionsOnCancelAndChoosingMineAgainTakesItBack() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let theirs = try await joon.send("react to me", to: lobby)
        await harness.waitFor("react to me")
        await harness.pickMessages()
        await harness.type("+")
        await harness.waitFor("React to Joon's message: “react to me”")
        XCTAssertTrue(harness.text.contains("[ Cancel ]  [ 👍 ]"), harness.text)
        await harness.type("yes")
        await harness.press(.enter)
        harness.frame()
        var reactions = try await stored(harness, lobby).first { $0.id == theirs.id }?.reactions
        XCTAssertEqual(reactions, [], "letters are dropped and Enter on Cancel reacts with nothing")

        await harness.type("+")
        await harness.press(.right, .enter)
        await harness.waitFor("[👍 1]")
        reactions = try await stored(harness, lobby).first { $0.id == theirs.id }?.reactions
        XCTAssertEqual(reactions, [ReactionCount(key: "👍", count: 1, mine: true)])

        await harness.type("+")
        await harness.waitFor("[ 👍✓ ]")
        await harness.press(.right, .enter)
        await harness.waitUntil("my reaction was taken back") { !$0.contains("👍 1") }
        reactions = try await stored(harness, lobby).first { $0.id == theirs.id }?.reactions
        XCTAssertEqual(reactions, [])
    }

    /// The harness opens the community file itself, which makes its member a moderator (as the
    /// owner of a private service is): another's message goes as "deleted by a moderator".
    func testDeleteAsksNamingTheTargetAndAModeratorsDeletionSaysSo() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        _ = try await joon.send("joon stays", to: lobby)
        await harness.waitFor("joon stays")
        await harness.type("oops wrong room")
        await harness.press(.enter)
        await harness.waitFor("oops wrong room")

        await harness.pickMessages()
        await harness.type("d")
        await harness.waitFor("Delete your message “oops wrong room”?")
        await harness.type("bye")
        await harness.press(.enter)
        harness.frame()
        XCTAssertTrue(harness.text.contains("oops wrong room"), "Cancel deleted nothing")
        await harness.press(.delete)
        await harness.confirm()
        await harness.waitFor("message deleted")
        let mine = try await stored(harness, lobby).last
        XCTAssertEqual(mine?.isDeleted, true)

        await harness.press(.up)
        await harness.type("d")
        await harness.waitFor("Delete Joon's message: “joon stays”?")
        await harness.confirm()
        await harness.waitFor("deleted by a moderator")
        let contents = try await stored(harness, lobby).suffix(2).map(\.content)
        XCTAssertEqual(contents, [.deleted(byModerator: true), .deleted(byModerator: false)])
    }

    func testSlashCommandsReplyEditReactActDeleteAndSendAFile() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let theirs = try await joon.send("anyone there?", to: lobby)
        await harness.waitFor("anyone there?")

        await harness.type("/reply here")
        await harness.press(.enter)
        await harness.waitFor("↱ Joon: anyone there?")
        await harness.type("/edit here I am")
        await harness.press(.enter)
        await harness.waitFor("here I am (edited)")
        await harness.type("/react 🎉")
        await harness.press(.enter)
        await harness.waitFor("[🎉 1]")
        await harness.type("/me waves")
        await harness.press(.enter)
        await harness.waitFor("* Mina waves")
        let folder = try TemporaryDirectory(prefix: "relations")
        try Data("minutes".utf8).write(to: folder.file("notes.txt"))
        await harness.type("/file \(folder.file("notes.txt").path)")
        await harness.press(.enter)
        await harness.waitFor("notes.txt")
        await harness.type("/delete")
        await harness.press(.enter)
        await harness.waitFor("Delete your message")
        await harness.press(.escape)

        let messages = try await stored(harness, lobby)
        XCTAssertEqual(messages.first { $0.id == theirs.id }?.reactions, [ReactionCount(key: "🎉", count: 1, mine: true)])
        XCTAssertTrue(messages.contains { $0.content == .text("here I am") && $0.replyTo?.parentID == theirs.id && $0.isEdited })
        XCTAssertTrue(messages.contains { $0.content == .emote("waves") })
        XCTAssertTrue(messages.contains { if case .file(let file) = $0.content { file.fileName == "notes.txt" } else { false } })
        XCTAssertFalse(messages.contains { $0.isDeleted }, "Esc kept it")
    }

    func testAGuestsReplyIsRefusedAndItsLineStays() async throws {
        let harness = try AppHarness(startChannel: "lobby")
        let joon = try harness.files.open(as: "joon")
        try await joon.signUpMember("joon", nickname: "Joon")
        _ = try await joon.send("hello guests", to: try await joon.channel(named: "lobby").id)
        await harness.session.continueAsGuest()
        await harness.waitFor("hello guests")
        await harness.type("/reply hi")
        await harness.press(.enter)
        await harness.waitFor("Press Enter")
        await harness.press(.enter)
        XCTAssertTrue(bottom(harness).contains("/reply hi"), "the refused command stays to be corrected: \(bottom(harness))")
    }
}
