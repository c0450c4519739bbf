import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import ViewModels
import XCTest

/// The moderators' slash commands typed in the chat input, on a real LocalStore opened directly
/// (whoever holds the file moderates it): each destructive one asks first naming its target,
/// Cancel changes nothing, and what was done shows on the status line, the list and the chat.
/// A member's refusal through a real `tteok serve` is `ModeratorSlashCommandsTerminalTests`.
@MainActor
final class ModeratorCommandsAppTests: XCTestCase {
    func testModeratorCommandsParseTheirArguments() {
        XCTAssertEqual(try CommandRegistry.parse("/mute 밥 flooding the lobby").get(),
                       .moderate(.impose(.mute, member: "밥", reason: "flooding the lobby")))
        XCTAssertEqual(try CommandRegistry.parse("/ban bob@example.com").get(), .moderate(.impose(.ban, member: "bob@example.com", reason: nil)))
        XCTAssertEqual(try CommandRegistry.parse("/create 번개 --region 강남구").get(), .moderate(.create("번개", region: "강남구")))
        XCTAssertEqual(try CommandRegistry.parse("/create 번개 모임").get(), .moderate(.create("번개 모임", region: nil)))
        XCTAssertEqual(CommandRegistry.parse("/mute"), .failure(.missingArgument(usage: "/mute MEMBER [REASON]")))
        XCTAssertEqual(CommandRegistry.parse("/terms"), .failure(.missingArgument(usage: "/terms PATH")))
    }

    func testChannelsAreCreatedRenamedArchivedAndRestoredFromTheInput() async throws {
        let (harness, _, _) = try await AppHarness.minaInLobbyWithJoon()
        await harness.type("/create 번개")
        await harness.press(.enter)
        await harness.waitFor("Created #번개.")
        await harness.waitFor("번개")
        let created = try await harness.service.channel(named: "번개")

        await harness.type("/join 번개")
        await harness.press(.enter)
        await harness.waitFor("Type a message")
        await harness.type("/rename 번개모임")
        await harness.press(.enter)
        await harness.waitFor("Rename #번개 to #번개모임?")
        await harness.press(.escape)
        await harness.waitUntil("Esc closes the question") { !$0.contains("Rename #번개 to") }
        let kept = try await harness.service.channel(named: created.id.raw)
        XCTAssertEqual(kept.name, "번개", "a cancelled rename changed the name")

        await harness.type("/rename 번개모임")
        await harness.press(.enter)
        await harness.waitFor("Rename #번개 to #번개모임?")
        await harness.confirm()
        await harness.waitFor("Renamed to #번개모임.")
        let renamed = try await harness.service.channel(named: created.id.raw)
        XCTAssertEqual(renamed.name, "번개모임")

        await harness.type("/archive")
        await harness.press(.enter)
        await waitForWords("Archive #번개모임? It stays readable", in: harness)
        await harness.confirm()
        await harness.waitFor("Archived #번개모임")
        await harness.waitFor("This channel is archived")
        let archived = try await harness.service.archivedChannels()
        XCTAssertEqual(archived.map(\.id), [created.id])

        await harness.type("/unarchive 번개모임")
        await harness.press(.enter)
        await harness.waitFor("Restored #번개모임")
        let restored = try await harness.service.archivedChannels()
        XCTAssertEqual(restored, [])
    }

    func testMembersAreMutedAndBannedWithAReasonAndReportsAndSanctionsAreListed() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let spam = try await joon.send("buy cheap pills", to: lobby)
        try await harness.service.report(spam.id, in: lobby, reason: "selling drugs")

        await harness.type("/reports")
        await harness.press(.enter)
        await harness.waitFor("Reports (1)")
        await harness.waitFor("Mina in #lobby: “selling drugs” — Joon: buy cheap pills")
        await harness.press(.enter)
        await harness.waitUntil("Enter closes the list") { !$0.contains("Reports (1)") }

        await harness.type("/mute Joon flooding the lobby")
        await harness.press(.enter)
        await waitForWords("Mute Joon for “flooding the lobby”? They can read but not post.", in: harness)
        await harness.confirm()
        await harness.waitFor("Muted Joon: they read but cannot post.")
        do {
            _ = try await joon.send("still here", to: lobby)
            XCTFail("a muted member posted")
        } catch {}

        await harness.type("/sanctions")
        await harness.press(.enter)
        await harness.waitFor("mute Joon by Mina: “flooding the lobby”")
        await harness.press(.enter)
        await harness.type("/unmute Joon")
        await harness.press(.enter)
        await harness.waitFor("Unmuted Joon.")
        _ = try await joon.send("back again", to: lobby)

        await harness.type("/ban Joon")
        await harness.press(.enter)
        await waitForWords("Ban Joon (no reason given)? Their sessions end now.", in: harness)
        await harness.confirm()
        await harness.waitFor("Banned Joon: their session ended.")
        let sanctions = try await harness.service.sanctions()
        XCTAssertEqual(sanctions.map(\.kind), [.ban])
        XCTAssertEqual(sanctions.map(\.reason), ["no reason given"])
        await harness.type("/unban Joon")
        await harness.press(.enter)
        await harness.waitFor("Unbanned Joon.")
        let lifted = try await harness.service.sanctions()
        XCTAssertEqual(lifted, [])
    }

    func testNewTermsArePublishedFromAFileAfterAsking() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let file = harness.files.directory.file("terms.txt")
        try "Be kind.\nNo spam.".write(to: file, atomically: true, encoding: .utf8)
        await harness.type("/terms \(harness.files.directory.file("missing.txt").path)")
        await harness.press(.enter)
        await waitForWords("cannot be read as UTF-8 text", in: harness)
        await harness.press(.enter)
        await harness.press(.control("u"))

        await harness.type("/terms \(file.path)")
        await harness.press(.enter)
        await waitForWords("as the new terms? Every member agrees again", in: harness)
        await harness.confirm()
        await harness.waitFor("No spam.")
        let published = try await harness.service.publishedTerms()
        XCTAssertEqual(published?.text, "Be kind.\nNo spam.")
        do {
            _ = try await joon.send("before agreeing", to: lobby)
            XCTFail("a member posted before agreeing to the new terms")
        } catch {}
    }

    func testTheListShowsTheNewestReportsWhenTheyDoNotFit() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        for index in 1...40 {
            let message = try await joon.send("spam \(index)", to: lobby)
            try await harness.service.report(message.id, in: lobby, reason: "report \(index)")
        }
        await harness.type("/reports")
        await harness.press(.enter)
        await harness.waitFor("Reports (40)")
        let screen = harness.text
        XCTAssertTrue(screen.contains("“report 40”"), "the newest report is shown:\n\(screen)")
        XCTAssertFalse(screen.contains("“report 1”"), "the oldest is left out:\n\(screen)")
        XCTAssertTrue(screen.contains(" earlier"), "the list says how many are left out:\n\(screen)")
    }

    /// Waits until the screen says `words` in a box, however the box wrapped them.
    private func waitForWords(_ words: String, in harness: AppHarness, file: StaticString = #filePath, line: UInt = #line) async {
        await harness.waitUntil("the screen never said \(words)", file: file, line: line) { screen in
            let boxed = screen.split(separator: "\n").map { row in
                row.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
            }
            return boxed.joined(separator: " ").split(separator: " ").joined(separator: " ").contains(words)
        }
    }
}
