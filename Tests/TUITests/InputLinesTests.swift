import TUI
import XCTest

/// Alt-Enter and Ctrl-J put a newline in the input; the input shows as several rows, wrapped and
/// broken at newlines, scrolled to the cursor.
final class InputLinesTests: XCTestCase {
    private func typed(_ keys: [Key]) -> LineEditor {
        var editor = LineEditor()
        editor.allowsNewlines = true
        for key in keys { _ = editor.handle(key) }
        return editor
    }

    private func text(_ view: LinesView) -> [String] { view.rows.map { $0.map(\.text).joined() } }

    func testAltEnterAndCtrlJInsertANewlineAndEnterStillSubmits() {
        var editor = typed([.character("a"), .named(.enter, .alt), .character("b"), .control("j"), .character("c")])
        XCTAssertEqual(editor.text, "a\nb\nc")
        XCTAssertEqual(editor.handle(.enter), .submit)
        XCTAssertEqual(KeyMap.name(of: .named(.enter, .alt)), "Alt-Enter")
        var field = LineEditor(text: "pw")
        XCTAssertEqual(field.handle(.control("j")), .submit, "in a form's field Ctrl-J is Enter")
        XCTAssertEqual(field.handle(.named(.enter, .alt)), .ignored)
        XCTAssertEqual(field.text, "pw")
        XCTAssertEqual(KeyMap.name(of: .control("j")), "Ctrl-J")
    }

    func testRowsWrapAtTheWidthAndBreakAtNewlines() {
        let editor = LineEditor(text: "abcdef\n떡볶이맛\n")
        let view = editor.lines(width: 4, limit: 10)
        XCTAssertEqual(text(view), ["abcd", "ef", "떡볶", "이맛", ""])
        XCTAssertEqual(view.cursor, Point(row: 4, column: 0))
        XCTAssertEqual(editor.rowCount(width: 4), 5)
        XCTAssertEqual(LineEditor(text: "").rowCount(width: 4), 1)
        // Counted no further than asked, the same up to there.
        XCTAssertEqual(editor.rowCount(width: 4, atMost: 3), 3)
        XCTAssertEqual(editor.rowCount(width: 4, atMost: 5), 5)
        XCTAssertEqual(editor.rowCount(width: 4, atMost: 9), 5)
        XCTAssertEqual(LineEditor(text: "abcd").rowCount(width: 4, atMost: 4), 2, "a full row: the cursor starts the next")
        XCTAssertEqual(LineEditor(text: "abcd").lines(width: 4, limit: 3).cursor, Point(row: 1, column: 0), "a full row: the cursor starts the next")
    }

    func testOnlyTheRowsAroundTheCursorShow() {
        var editor = LineEditor(text: "1\n2\n3\n4\n5")
        XCTAssertEqual(text(editor.lines(width: 10, limit: 3)), ["3", "4", "5"])
        _ = editor.handle(.control("a"))
        let top = editor.lines(width: 10, limit: 3)
        XCTAssertEqual(text(top), ["1", "2", "3"])
        XCTAssertEqual(top.cursor, Point(row: 0, column: 0))
    }
}
