import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import XCTest

/// Scrolling a chat as in any chat client (issue 15): scrolled back, the view stays put while
/// messages arrive and says how many are below; End goes to the newest, Home to the oldest; a
/// chat opens at its "new messages" line.
@MainActor
final class ChatScrollAppTests: XCTestCase {
    /// Mina in lobby; Joon (another process's connection) posts `count` lines `prefix N`.
    private func lobby(posting count: Int, prefix: String) async throws -> (AppHarness, LocalCommunity, ChannelID) {
        let (harness, other, lobby) = try await AppHarness.minaInLobbyWithJoon()
        for index in 0..<count { _ = try await other.send("\(prefix) \(index)", to: lobby) }
        if count > 0 { await harness.waitFor("\(prefix) \(count - 1)") }
        return (harness, other, lobby)
    }

    /// The transcript's rows under the title: right of the list's divider, above the input.
    private func transcriptRows(_ screen: [String]) -> [String] {
        screen.dropFirst().dropLast(3).map { line in
            guard let divider = line.firstIndex(of: "│") else { return line }
            return String(line[line.index(after: divider)...])
        }
    }

    func testScrolledBackTheSameLinesStayWhileFiftyMessagesArriveAndTheTitleCountsThem() async throws {
        let (harness, other, lobby) = try await lobby(posting: 60, prefix: "old")
        await harness.press(.pageUp)
        let before = transcriptRows(harness.frame())
        XCTAssertFalse(before.joined().contains("old 59"), "scrolled back, the newest is below the view")
        for index in 0..<50 { _ = try await other.send("new \(index)", to: lobby) }
        await harness.waitFor("50 new ↓")
        XCTAssertEqual(transcriptRows(harness.frame()), before, "the rows read stay where they were")

        await harness.press(.end)
        await harness.waitFor("new 49")
        XCTAssertFalse(harness.text.contains("new ↓"), "at the newest, nothing is counted below")
        _ = try await other.send("after end", to: lobby)
        await harness.waitFor("after end")
    }

    func testPagingDownIntoTheNewMessagesCountsOnlyThoseStillBelow() async throws {
        let (harness, other, lobby) = try await lobby(posting: 60, prefix: "old")
        await harness.press(.pageUp)
        _ = harness.frame()
        for index in 0..<50 { _ = try await other.send("new \(index)", to: lobby) }
        await harness.waitFor("50 new ↓")
        await harness.press(.pageDown)
        await harness.waitUntil("the first PgDn goes back to where the user was") { $0.contains("old 59") && $0.contains("50 new ↓") }
        await harness.press(.pageDown)
        await harness.waitUntil("fewer are below after PgDn") { $0.contains(" new ↓") && !$0.contains("50 new ↓") }
        for _ in 0..<10 { await harness.press(.pageDown) }
        await harness.waitUntil("PgDn to the bottom follows the newest again") { $0.contains("new 49") && !$0.contains("↓ End") }
    }

    func testGInSelectionModePicksAndShowsTheNewest() async throws {
        let (harness, _, _) = try await lobby(posting: 60, prefix: "old")
        await harness.pickMessages()
        for _ in 0..<40 { await harness.press(.up) }
        await harness.waitUntil("the picked message is far back") { !$0.contains("old 59") }
        await harness.type("G")
        await harness.waitFor("old 59")
        XCTAssertEqual(harness.session.community.flatMap { community -> String? in
            guard case .chat(let chat) = community.navigator.top else { return nil }
            return chat.selectedLine?.message.content.summary
        }, "old 59")
    }

    func testHomeLoadsOlderPagesUntilTheBeginning() async throws {
        let (harness, _, _) = try await lobby(posting: 130, prefix: "h")
        XCTAssertFalse(harness.text.contains("h 0\n"), "the first page holds the newest only")
        await harness.press(.escape, .home)
        await harness.waitUntil("Home reaches the first message", seconds: 10) { $0.contains("the beginning of this chat") && $0.contains(" h 0 ") || $0.contains(" h 0\n") }
        XCTAssertTrue(harness.text.contains("↓ End"), "the view says there is more below")
    }

    func testOpeningAChannelWithUnreadMessagesShowsTheNewMessagesLineInView() async throws {
        let (harness, other, lobby) = try await lobby(posting: 30, prefix: "read")
        await harness.press(.escape, .escape)
        await harness.waitUntil("back on the list") { !$0.contains("Type a message") }
        for index in 0..<40 { _ = try await other.send("unread \(index)", to: lobby) }
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("── new messages ──")
        let rows = transcriptRows(harness.frame())
        let marker = try XCTUnwrap(rows.firstIndex { $0.contains("new messages") }, rows.joined(separator: "\n"))
        XCTAssertTrue(rows[marker + 1].contains("unread 0"), "the first unread right under the line:\n\(rows.joined(separator: "\n"))")
        XCTAssertFalse(rows.joined().contains("unread 39"), "40 unread do not fit: the line stays at the top")
        XCTAssertTrue(harness.text.contains("new ↓"), "and the rest are counted below:\n\(harness.text)")
    }
}
