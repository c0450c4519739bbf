import TUI
import XCTest
@testable import tteok_bench

/// The benchmark's terminal: what `PTYTerminal` writes arrives at the other end of the pty, and a
/// diffed redraw of one changed cell costs a few bytes, not a screen.
final class PTYTerminalTests: XCTestCase {
    @MainActor func testCellsArriveAtTheOtherEndAsCursorMovesStylesAndText() async throws {
        let pty = try PseudoTerminal(columns: 20, rows: 5)
        let terminal = PTYTerminal(descriptor: pty.clientDescriptor, size: Size(width: 20, height: 5))
        let red = ResolvedStyle(foreground: .rgb(255, 0, 0))
        terminal.put(Glyph(text: "떡", width: 2), style: red, at: Point(row: 2, column: 3))
        terminal.put(Glyph(text: "!", width: 1), style: red, at: Point(row: 2, column: 5))
        terminal.setCursor(nil)
        terminal.flush()
        let expected = "\u{1B}[3;4H\u{1B}[0;38;2;255;0;0m떡!\u{1B}[?25l"
        XCTAssertTrue(pty.waitForBytes(expected.utf8.count), "only \(pty.byteCount) bytes arrived")
        XCTAssertEqual(pty.recentText, expected, "one move, one style, the wide glyph advancing two columns")
        XCTAssertEqual(terminal.lastFlushBytes, expected.utf8.count)
    }

    @MainActor func testRedrawingTheSameCanvasWritesNothingAndOneChangedCellWritesFewBytes() async throws {
        let pty = try PseudoTerminal(columns: 30, rows: 4)
        let terminal = PTYTerminal(descriptor: pty.clientDescriptor, size: Size(width: 30, height: 4))
        let screen = Screen(backend: terminal, theme: .orange)
        var canvas = screen.makeCanvas()
        canvas.draw("hello 안녕", style: Style(.text), row: 1, in: canvas.bounds)
        screen.render(canvas, cursor: Point(row: 3, column: 0))
        let full = terminal.bytesWritten
        screen.render(canvas, cursor: Point(row: 3, column: 0))
        XCTAssertEqual(terminal.bytesWritten, full, "nothing changed, nothing written")
        canvas.draw("x", style: Style(.text), row: 3, in: canvas.bounds)
        screen.render(canvas, cursor: Point(row: 3, column: 1))
        XCTAssertGreaterThan(full, 100)
        XCTAssertLessThan(terminal.lastFlushBytes, 40, "one cell and the cursor")
        XCTAssertTrue(pty.waitForBytes(terminal.bytesWritten))
        XCTAssertTrue(pty.recentText.hasSuffix("x"), pty.recentText.debugDescription)
    }

    func testMedianAndNearestRankP95() {
        let samples = Samples((1...100).map(Double.init).shuffled())
        XCTAssertEqual(samples.median, 50)
        XCTAssertEqual(samples.p95, 95)
        XCTAssertEqual(Samples([7]).p95, 7)
    }
}
