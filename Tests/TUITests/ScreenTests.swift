import XCTest
@testable import TUI
import TestSupport

final class ScreenTests: XCTestCase {
    @MainActor func frame(_ size: Size, _ draw: (inout Canvas) -> Void) -> Canvas {
        var canvas = Canvas(size: size)
        draw(&canvas)
        return canvas
    }

    @MainActor func testFirstRenderWritesEveryCellAndTheSecondNothing() async {
        let terminal = RecordingTerminal(size: Size(width: 10, height: 3))
        let screen = Screen(backend: terminal, theme: .orange)
        let canvas = frame(terminal.size) { $0.draw("안녕 hi", row: 1, in: $0.bounds) }
        XCTAssertEqual(screen.render(canvas, cursor: nil), 28, "30 cells minus 2 continuations")
        XCTAssertEqual(terminal.lines, ["", "안녕 hi", ""])
        _ = terminal.takeWrites()
        XCTAssertEqual(screen.render(canvas, cursor: nil), 0)
        XCTAssertTrue(terminal.takeWrites().isEmpty)
    }

    @MainActor func testOnlyChangedCellsAreWritten() async {
        let terminal = RecordingTerminal(size: Size(width: 10, height: 2))
        let screen = Screen(backend: terminal, theme: .orange)
        screen.render(frame(terminal.size) { $0.draw("hello", row: 0, in: $0.bounds) }, cursor: nil)
        _ = terminal.takeWrites()
        screen.render(frame(terminal.size) { $0.draw("help", row: 0, in: $0.bounds) }, cursor: Point(row: 0, column: 4))
        let writes = terminal.takeWrites()
        XCTAssertEqual(writes.map(\.point), [Point(row: 0, column: 3), Point(row: 0, column: 4)])
        XCTAssertEqual(writes.map(\.glyph.text), ["p", " "])
        XCTAssertEqual(terminal.cursor, Point(row: 0, column: 4))
        XCTAssertEqual(terminal.lines[0], "help")
    }

    @MainActor func testAStyleChangeRewritesTheCell() async {
        let terminal = RecordingTerminal(size: Size(width: 4, height: 1))
        let screen = Screen(backend: terminal, theme: .orange)
        screen.render(frame(terminal.size) { $0.draw("ab", row: 0, in: $0.bounds) }, cursor: nil)
        _ = terminal.takeWrites()
        screen.render(frame(terminal.size) { $0.draw("ab", style: Style(.accent), row: 0, in: $0.bounds) }, cursor: nil)
        let writes = terminal.takeWrites()
        XCTAssertEqual(writes.count, 2)
        XCTAssertEqual(writes.first?.style, ResolvedStyle(foreground: .rgb(0xFF, 0x7A, 0x00), attributes: .bold))
    }

    @MainActor func testResizeAndThemeChangeRedrawEverything() async {
        let terminal = RecordingTerminal(size: Size(width: 4, height: 2))
        let screen = Screen(backend: terminal, theme: .orange)
        screen.render(frame(terminal.size) { _ in }, cursor: nil)
        _ = terminal.takeWrites()
        terminal.send(.resized(Size(width: 3, height: 2)))
        XCTAssertEqual(screen.render(frame(terminal.size) { _ in }, cursor: nil), 6)
        screen.theme = Theme.orange.withoutColor
        XCTAssertEqual(screen.render(frame(terminal.size) { _ in }, cursor: nil), 6)
        XCTAssertGreaterThanOrEqual(terminal.clearCount, 2)
    }

    @MainActor func testReplacingANarrowGlyphWithAWideOneWritesOnlyTheLead() async {
        let terminal = RecordingTerminal(size: Size(width: 4, height: 1))
        let screen = Screen(backend: terminal, theme: .orange)
        screen.render(frame(terminal.size) { $0.draw("abcd", row: 0, in: $0.bounds) }, cursor: nil)
        _ = terminal.takeWrites()
        screen.render(frame(terminal.size) { $0.draw("a한d", row: 0, in: $0.bounds) }, cursor: nil)
        XCTAssertEqual(terminal.takeWrites().map(\.glyph.text), ["한"])
        XCTAssertEqual(terminal.lines, ["a한d"])
    }

    @MainActor func testARedrawOfPartComparesAndWritesOnlyThatPart() async {
        let terminal = RecordingTerminal(size: Size(width: 10, height: 3))
        let screen = Screen(backend: terminal, theme: .orange)
        screen.render(frame(terminal.size) { $0.draw("top", row: 0, in: $0.bounds); $0.draw("ab", row: 2, in: $0.bounds) }, cursor: nil)
        _ = terminal.takeWrites()
        let line = Rect(row: 2, column: 0, width: 10, height: 1)
        let written = screen.render(only: [line]) { canvas in
            canvas.draw("abc", row: 0, in: Region(frame: line))
            return Point(row: 2, column: 3)
        }
        XCTAssertEqual(written, 1)
        XCTAssertEqual(terminal.takeWrites().map(\.point), [Point(row: 2, column: 2)])
        XCTAssertEqual(terminal.lines, ["top", "", "abc"])
        XCTAssertEqual(terminal.cursor, Point(row: 2, column: 3))
        XCTAssertEqual(screen.lastRedrawn, [line])
        XCTAssertEqual(screen.lastFrame?.lines, ["top", "", "abc"], "the kept frame has the part drawn in")
        let again = screen.render(only: [line]) { canvas in
            canvas.draw("abc", row: 0, in: Region(frame: line))
            return Point(row: 2, column: 3)
        }
        XCTAssertEqual(again, 0, "the same part twice writes nothing")
        XCTAssertEqual(screen.render(frame(terminal.size) { $0.draw("top", row: 0, in: $0.bounds); $0.draw("abc", row: 2, in: $0.bounds) }, cursor: Point(row: 2, column: 3)), 0,
                       "a whole frame of the same cells after a partial one writes nothing")
    }

    @MainActor func testAPartialRedrawWithoutAKeptFrameOfThisSizeIsRefused() async {
        let terminal = RecordingTerminal(size: Size(width: 4, height: 2))
        let screen = Screen(backend: terminal, theme: .orange)
        let part = Rect(row: 0, column: 0, width: 4, height: 1)
        XCTAssertNil(screen.render(only: [part]) { _ in nil }, "no frame yet")
        screen.render(frame(terminal.size) { _ in }, cursor: nil)
        terminal.send(.resized(Size(width: 3, height: 2)))
        XCTAssertNil(screen.render(only: [part]) { _ in nil }, "the terminal changed size: a whole frame is due")
        screen.render(frame(terminal.size) { _ in }, cursor: nil)
        screen.reset()
        XCTAssertNil(screen.render(only: [part]) { _ in nil }, "after a reset")
    }

    @MainActor func testAWideGlyphCutAtThePartsEdgeIsWrittenWithItsNeighbour() async {
        let terminal = RecordingTerminal(size: Size(width: 6, height: 1))
        let screen = Screen(backend: terminal, theme: .orange)
        screen.render(frame(terminal.size) { $0.draw("a한b", row: 0, in: $0.bounds) }, cursor: nil)
        _ = terminal.takeWrites()
        // The part starts on the wide glyph's second column: writing there blanks its first.
        let part = Rect(row: 0, column: 2, width: 4, height: 1)
        screen.render(only: [part]) { canvas in
            canvas.draw("xy", row: 0, in: Region(frame: part))
            return nil
        }
        XCTAssertEqual(terminal.lines, ["a xy"], "the blanked half outside the part reached the terminal")
        XCTAssertEqual(screen.lastFrame?.lines, terminal.lines)
    }

    /// A part whose rows moved up (a transcript scrolling by a line) is moved by a terminal that
    /// can move cells, and only what the new frame changed in the rows left at the bottom is
    /// written; a terminal that cannot is written every moved cell that changed. Both then show
    /// exactly the frame.
    @MainActor func testRowsThatMovedUpAreMovedByTheTerminalNotWritten() async {
        for moves in [true, false] {
            let terminal = RecordingTerminal(size: Size(width: 12, height: 7))
            terminal.movesCells = moves
            let screen = Screen(backend: terminal, theme: .orange)
            let lines = ["# lobby", "first 하나", "second 둘", "third 셋", "fourth 넷", "fifth 다섯", "status"]
            screen.render(frame(terminal.size) { canvas in
                for (row, text) in lines.enumerated() { canvas.draw(text, row: row, in: canvas.bounds) }
            }, cursor: nil)
            _ = terminal.takeWrites()
            let part = Rect(row: 0, column: 0, width: 12, height: 6), body = Rect(row: 1, column: 0, width: 12, height: 5)
            let written = screen.render(only: [part]) { canvas in
                canvas.scrollUp(body, by: 1)
                canvas.draw("sixth 여섯", row: 5, in: canvas.bounds)
                return nil
            }
            let shown = ["# lobby", "second 둘", "third 셋", "fourth 넷", "fifth 다섯", "sixth 여섯", "status"]
            XCTAssertEqual(terminal.lines, shown)
            XCTAssertEqual(screen.lastFrame?.lines, shown)
            let writes = terminal.takeWrites()
            if moves {
                XCTAssertEqual(terminal.takeMoves().map(\.rect), [body], "the title row did not move with the rows below it")
                XCTAssertEqual(writes.map(\.point), [0, 2, 6].map { Point(row: 5, column: $0) }, "fifth 다섯 → sixth 여섯: three cells")
            } else {
                XCTAssertGreaterThan(writes.count, 20, "every moved cell that changed")
            }
            XCTAssertEqual(written, writes.count)
        }
    }

    /// The move a drawing makes is repeated on the terminal without comparing the rows it kept,
    /// unless the drawing wrote into those rows after the move, or into its rows before it: then
    /// the frame is compared. Either way the terminal ends showing exactly the frame, and the
    /// kept canvas carries no record of the drawing.
    @MainActor func testAMoveTheDrawingMadeIsTrustedOnlyWhileItsKeptRowsAreUntouched() async {
        let lines = ["# lobby", "first 하나", "second 둘", "third 셋", "fourth 넷", "fifth 다섯", "status"]
        let expected = [
            ["# lobby", "second 둘", "third 셋", "fourth 넷", "fifth 다섯", "sixth 여섯", "status"],
            ["# lobby", "second 둘", "EDIT 셋", "fourth 넷", "fifth 다섯", "sixth 여섯", "status"],
            ["# lobby", "second 둘", "EDITd 셋", "fourth 넷", "fifth 다섯", "sixth 여섯", "status"],
        ]
        for (drawing, shown) in expected.enumerated() {
            let terminal = RecordingTerminal(size: Size(width: 12, height: 7))
            terminal.movesCells = true
            let screen = Screen(backend: terminal, theme: .orange)
            screen.render(frame(terminal.size) { canvas in
                for (row, text) in lines.enumerated() { canvas.draw(text, row: row, in: canvas.bounds) }
            }, cursor: nil)
            _ = terminal.takeWrites()
            let part = Rect(row: 0, column: 0, width: 12, height: 6), body = Rect(row: 1, column: 0, width: 12, height: 5)
            screen.render(only: [part]) { canvas in
                if drawing == 2 { canvas.draw("EDIT", row: 3, in: canvas.bounds, overflow: .clip) }  // before the move, in its rows
                canvas.scrollUp(body, by: 1)
                canvas.draw("sixth 여섯", row: 5, in: canvas.bounds)
                if drawing == 1 { canvas.draw("EDIT 셋", row: 2, in: canvas.bounds) }  // after it, in a kept row
                return nil
            }
            XCTAssertEqual(screen.lastFrame?.lines, shown, "drawing \(drawing)")
            XCTAssertEqual(terminal.lines, shown, "drawing \(drawing)")
            XCTAssertNil(screen.lastFrame?.drawing)
            if drawing == 0 { XCTAssertEqual(terminal.takeMoves().map(\.rect), [body]) }
        }
    }

    /// Rows are never moved when a wide glyph crosses a side of what would move: a terminal
    /// cannot move half of it. Found by comparing, the move would span the compared rect (one
    /// column wider than the part, through 떡): not made. Made by the drawing, beside 떡, it cuts
    /// nothing: made. Either way the terminal shows exactly the frame.
    @MainActor func testRowsAreNotMovedAcrossAWideGlyphCutByThePart() async {
        for recorded in [false, true] {
            let terminal = RecordingTerminal(size: Size(width: 6, height: 5))
            terminal.movesCells = true
            let screen = Screen(backend: terminal, theme: .orange)
            screen.render(frame(terminal.size) { canvas in
                for row in 0..<5 { canvas.draw("a\(row)b떡", row: row, in: canvas.bounds) }
            }, cursor: nil)
            // The part's right side falls beside 떡; its compared rect, one wider, between its columns.
            let part = Rect(row: 0, column: 0, width: 3, height: 5)
            screen.render(only: [part]) { canvas in
                if recorded {
                    canvas.scrollUp(part, by: 1)
                } else {
                    for row in 0..<4 { canvas.draw("a\(row + 1)b", row: row, in: canvas.bounds) }
                    canvas.draw("   ", row: 4, in: canvas.bounds)
                }
                return nil
            }
            XCTAssertEqual(terminal.takeMoves().map(\.rect), recorded ? [part] : [], "recorded: \(recorded)")
            XCTAssertEqual(terminal.lines, screen.lastFrame?.lines)
            XCTAssertEqual(terminal.lines, ["a1b떡", "a2b떡", "a3b떡", "a4b떡", "   떡"])
        }
    }
}
