import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// A live message costs a partial frame: only the new lines of the chat on screen (the rest of
/// the transcript scrolls up), only the row of a channel whose count changed. Every partial frame
/// must leave the screen exactly as a whole frame would draw it, so each is checked against one.
@MainActor
final class PartialFrameAppTests: XCTestCase {
    /// Messages of one line, of several (wrapped), with wide glyphs and emoji, and the viewer's
    /// own, each drawn as a partial frame equal to the whole one.
    func testALiveMessageInTheOpenChatDrawsOnlyItsLines() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let chat = try XCTUnwrap(harness.chat)
        harness.frame()
        let texts = ["short", String(repeating: "떡볶이 먹으러 갈 사람? ", count: 12), "👍🏽 ok 👨‍👩‍👧 가족", "last one"]
        for (index, text) in texts.enumerated() {
            let sent = try await joon.send("\(index) \(text)", to: lobby)
            try await drawnAlone(harness, showing: sent.id, in: chat)
        }
        let mine = try await harness.service.send("mine, on the right", to: lobby)
        try await drawnAlone(harness, showing: mine.id, in: chat)
        XCTAssertTrue(harness.text.contains("last one"))
    }

    /// Links on screen move up with their text when a live message scrolls the transcript, and
    /// the partial frame writes each one's OSC 8 again over its own text where it now is.
    /// Regression: the kept canvas left the links at their old rows, so the partial frame wrote
    /// the escape over the text that had moved under them (and the canvas differed from a whole
    /// frame's by those stale links).
    func testLinksOnScreenMoveUpWithTheirTextInAPartialFrame() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let chat = try XCTUnwrap(harness.chat)
        let urls: Set = ["https://a.example/map", "https://b.example/x"]
        let linked = try await joon.send("map https://a.example/map and https://b.example/x", to: lobby)
        let arrived = await eventually { chat.messages.value?.last?.id == linked.id }
        XCTAssertTrue(arrived)
        harness.frame()
        XCTAssertEqual(Set(harness.terminal.takeHyperlinkCalls().map(\.url)), urls, "a whole frame writes the new links")
        for index in 1...3 {
            let sent = try await joon.send("plain \(index)", to: lobby)
            try await drawnAlone(harness, showing: sent.id, in: chat)
            let calls = harness.terminal.takeHyperlinkCalls()
            XCTAssertEqual(Set(calls.map(\.url)), urls, "the links moved: each is written again")
            for call in calls {
                let shown = harness.terminal.screen[call.point.row][call.point.column...].joined()
                XCTAssertTrue(call.url.hasPrefix(call.text) && shown.hasPrefix(call.text),
                              "the link \(call.url) was written over \(shown.debugDescription):\n\(harness.terminal.lines.joined(separator: "\n"))")
            }
        }
    }

    /// Scrolled back, new messages do not move the view: no partial frame scrolls the transcript.
    func testScrolledBackANewMessageIsAWholeFrame() async throws {
        let (harness, joon, lobby) = try await AppHarness.minaInLobbyWithJoon()
        let chat = try XCTUnwrap(harness.chat)
        for index in 0..<40 { _ = try await joon.send("old \(index)", to: lobby) }
        await harness.waitFor("old 39")
        await harness.press(.pageUp)
        harness.frame()
        let sent = try await joon.send("while scrolled back", to: lobby)
        let arrived = await eventually { chat.messages.value?.last?.id == sent.id }
        XCTAssertTrue(arrived)
        harness.loop.redrawIfDirty()
        XCTAssertNil(harness.screen.lastRedrawn, "scrolled back, a new message must not scroll the transcript")
        try assertWholeFrameEqual(harness)
    }

    /// A message in another channel redraws that channel's row in the list beside the chat (and
    /// the tab bar's activity, hidden under a chat): no change it makes asks for a whole frame.
    func testANewCountRedrawsOnlyItsChannelsRow() async throws {
        let (harness, joon, _) = try await AppHarness.minaInLobbyWithJoon()
        let community = try XCTUnwrap(harness.session.community)
        let help = try await joon.channel(named: "help").id
        harness.frame()
        var damages: [Damage] = []
        let forward = harness.app.onDamage
        harness.app.onDamage = { damage in
            damages.append(damage)
            forward?(damage)
        }
        for index in 1...3 {
            _ = try await joon.send("question \(index)", to: help)
            let shown = await eventually {
                community.channels.rows.value?.first { $0.id == help }?.badge == .count(index) && community.activity.hotlist.entry(help)?.unread == index
            }
            XCTAssertTrue(shown, "help's badge and activity did not reach \(index)")
            XCTAssertFalse(damages.contains(.everything), "a message in another channel asked for a whole frame: \(damages)")
            XCTAssertEqual(harness.app.rects(of: [.channelRows([help])])?.map(\.height), [1], "help's row alone is redrawn")
            harness.loop.redrawIfDirty()
            try assertWholeFrameEqual(harness)
        }
    }

    /// Waits until `id` is the chat's newest line, draws what is due, and checks that it was a
    /// partial frame that left the screen as a whole frame would.
    private func drawnAlone(_ harness: AppHarness, showing id: MessageID, in chat: ChatModel,
                            file: StaticString = #filePath, line: UInt = #line) async throws {
        let arrived = await eventually { chat.messages.value?.last?.id == id }
        XCTAssertTrue(arrived, "message \(id) never reached the chat", file: file, line: line)
        harness.loop.redrawIfDirty()
        XCTAssertNotNil(harness.screen.lastRedrawn, "message \(id) was drawn as a whole frame", file: file, line: line)
        try assertWholeFrameEqual(harness, file: file, line: line)
    }

    /// The screen as the last frame left it equals a whole frame drawn now.
    private func assertWholeFrameEqual(_ harness: AppHarness, file: StaticString = #filePath, line: UInt = #line) throws {
        let shown = try XCTUnwrap(harness.screen.lastFrame, file: file, line: line)
        var whole = harness.screen.makeCanvas()
        _ = harness.app.draw(&whole)
        XCTAssertEqual(shown.lines, whole.lines, file: file, line: line)
        XCTAssertEqual(shown, whole, "same text, different cells (styles, wide halves)", file: file, line: line)
    }
}

extension AppHarness {
    /// The chat on top of the selected tab.
    var chat: ChatModel? {
        guard case .chat(let model)? = session.community?.navigator.top else { return nil }
        return model
    }
}
