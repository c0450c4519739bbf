import ChatCore
import Foundation
import LocalStore
import TestSupport
import TUI
import XCTest

/// A keystroke redraws only what it changed (issue 15): typing into a chat's input draws and
/// compares the input bar alone over the kept frame; a model change still draws everything; and
/// drawing the same state again writes nothing. Read off the real loop's screen and the
/// recording terminal's writes.
@MainActor
final class KeystrokeDamageTests: XCTestCase {
    /// Mina in lobby with "h" typed (the placeholder gone); Joon can post from another connection.
    /// Nobody has posted yet: a message's read marker and badge would change the list a while
    /// after it is shown, and a key drawn with such a change is rightly a whole frame.
    private func typingInLobby() async throws -> (AppHarness, LocalCommunity, ChannelID) {
        let (harness, other, lobby) = try await AppHarness.minaInLobbyWithJoon()
        await harness.type("h")
        // Joining leaves work in flight (the list's rows and badges) whose changes redraw
        // everything when they land: wait until a cursor move is a frame of its own again.
        let settled = await eventually {
            await harness.press(.left, .right)
            harness.loop.redrawIfDirty()
            return harness.screen.lastRedrawn != nil
        }
        XCTAssertTrue(settled, "a cursor move never redrew the input bar alone")
        harness.frame()
        _ = harness.terminal.takeWrites()
        return (harness, other, lobby)
    }

    /// The frame the loop draws on its own for what is pending.
    private func loopFrame(_ harness: AppHarness) {
        harness.loop.redrawIfDirty()
    }

    func testATypedKeyRedrawsOnlyTheInputBar() async throws {
        let (harness, _, _) = try await typingInLobby()
        let before = harness.terminal.lines
        let frames = harness.loop.frameCount
        await harness.type("i")
        loopFrame(harness)
        XCTAssertEqual(harness.loop.frameCount, frames + 1, "one frame for one key")
        let redrawn = try XCTUnwrap(harness.screen.lastRedrawn, "the frame was a partial one")
        XCTAssertEqual(redrawn.count, 1)
        let bar = redrawn[0]
        XCTAssertEqual(bar.height, 2, "the input bar: its rule and its line")
        XCTAssertEqual(bar.maxRow, harness.terminal.size.height - 1, "right above the status line")
        let writes = harness.terminal.takeWrites()
        XCTAssertEqual(writes.map(\.glyph.text), ["i"], "only the typed character reaches the terminal")
        XCTAssertTrue(writes.allSatisfy { bar.contains($0.point) })
        let after = harness.terminal.lines
        for row in 0..<after.count where !(bar.row..<bar.maxRow).contains(row) {
            XCTAssertEqual(after[row], before[row], "row \(row) outside the input bar is unchanged")
        }
        XCTAssertTrue(after[bar.maxRow - 1].contains("› hi"), after[bar.maxRow - 1])
        XCTAssertEqual(harness.terminal.cursor?.row, bar.maxRow - 1, "the cursor stays in the input line")

        await harness.type("한")
        loopFrame(harness)
        XCTAssertEqual(harness.screen.lastRedrawn, [bar])
        XCTAssertEqual(harness.terminal.takeWrites().map(\.glyph.text), ["한"], "a wide glyph is one write")
        await harness.press(.backspace)
        loopFrame(harness)
        XCTAssertEqual(harness.screen.lastRedrawn, [bar], "editing keys are typing too")
        XCTAssertTrue(harness.terminal.lines[bar.maxRow - 1].contains("› hi"))
    }

    func testAModelChangeStillRedrawsTheWholeFrame() async throws {
        let (harness, other, lobby) = try await typingInLobby()
        let news = try await other.send("fresh news", to: lobby)
        let shown = await eventually { harness.terminal.lines.joined().contains("fresh news") }
        XCTAssertTrue(shown, "the loop drew the new message on its own:\n\(harness.terminal.lines.joined(separator: "\n"))")
        XCTAssertEqual(harness.screen.lastRedrawn?.count, 1, "a new message draws the transcript alone (PartialFrameAppTests)")
        XCTAssertTrue(harness.terminal.lines.joined().contains("› h"), "with the typed text kept")
        try await (other as any RelationsService).edit(news.id, in: lobby, to: "fresh news, edited")
        let edited = await eventually { harness.terminal.lines.joined().contains("fresh news, edited") }
        XCTAssertTrue(edited, "the loop drew the edit on its own")
        XCTAssertNil(harness.screen.lastRedrawn, "any other model change draws the whole frame")
        XCTAssertTrue(harness.terminal.lines.joined().contains("› h"), "with the typed text kept")

        // A key and a model change before one frame: the whole frame, so neither is missed.
        harness.loop.markDirty(.areas([.inputLine]))
        harness.loop.markDirty(.everything)
        loopFrame(harness)
        XCTAssertNil(harness.screen.lastRedrawn)
    }

    func testKeysThatChangeMoreThanTheTextRedrawEverything() async throws {
        let (harness, _, _) = try await typingInLobby()
        await harness.press(.escape)
        loopFrame(harness)
        XCTAssertNil(harness.screen.lastRedrawn, "Esc changes the focus and the status line's hints")
        await harness.type("x")
        loopFrame(harness)
        XCTAssertNil(harness.screen.lastRedrawn, "typing after Esc moves the focus back to the input")
        await harness.type("/")
        loopFrame(harness)
        XCTAssertEqual(harness.screen.lastRedrawn?.count, 1, "in the input again, a key is the input bar's alone")
    }

    func testTheInputBarUnderTheQuickSwitcherIsNeverRedrawnOverIt() async throws {
        let (harness, _, _) = try await typingInLobby()
        await harness.press(.control("k"))
        await harness.waitFor("Jump to")
        XCTAssertNil(harness.app.rects(of: [.inputLine]), "the switcher is over the input bar: no partial frame")
        await harness.type("l")
        loopFrame(harness)
        XCTAssertNil(harness.screen.lastRedrawn)
    }

    func testDrawingTheSameStateTwiceWritesNothing() async throws {
        let (harness, _, _) = try await typingInLobby()
        harness.frame()
        _ = harness.terminal.takeWrites()
        harness.frame()
        XCTAssertEqual(harness.terminal.takeWrites(), [], "a whole frame of the same state")
        var first = Canvas(size: harness.terminal.size)
        var second = Canvas(size: harness.terminal.size)
        let firstCursor = harness.app.draw(&first)
        let secondCursor = harness.app.draw(&second)
        XCTAssertEqual(first, second, "drawing changes nothing the next drawing reads")
        XCTAssertEqual(firstCursor, secondCursor)

        let rects = try XCTUnwrap(harness.app.rects(of: [.inputLine]))
        XCTAssertEqual(harness.screen.render(only: rects) { harness.app.redraw([.inputLine], on: &$0) }, 0)
        XCTAssertEqual(harness.screen.render(only: rects) { harness.app.redraw([.inputLine], on: &$0) }, 0)
        XCTAssertEqual(harness.terminal.takeWrites(), [], "the input bar redrawn twice")
    }
}
