import XCTest
import TUI
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
}
