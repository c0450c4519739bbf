import XCTest
import TUI

final class LineEditorTests: XCTestCase {
    func editor(_ text: String, cursor: Int? = nil) -> LineEditor {
        var editor = LineEditor(text: text)
        if let cursor {
            for _ in 0..<(text.count - cursor) { _ = editor.handle(.left) }
        }
        return editor
    }

    func type(_ text: String, into editor: inout LineEditor) {
        for character in text { _ = editor.handle(.character(character)) }
    }

    func testInsertKoreanAndEmojiAtTheCursor() {
        var line = editor("안녕", cursor: 1)
        type("👍🏽", into: &line)
        XCTAssertEqual(line.text, "안👍🏽녕")
        XCTAssertEqual(line.cursor, 2, "a skin-toned emoji is one cluster")
    }

    func testLeftRightMoveByCluster() {
        var line = editor("a👨‍👩‍👧é한")
        XCTAssertEqual(line.cursor, 4)
        XCTAssertEqual(line.handle(.left), .changed)
        XCTAssertEqual(line.handle(.left), .changed)
        XCTAssertEqual(line.cursor, 2)
        XCTAssertEqual(line.handle(.right), .changed)
        XCTAssertEqual(line.cursor, 3)
        XCTAssertEqual(line.handle(.control("b")), .changed)
        XCTAssertEqual(line.handle(.control("f")), .changed)
        XCTAssertEqual(line.cursor, 3)
    }

    func testHomeEndAndCtrlAE() {
        var line = editor("hello 세계")
        XCTAssertEqual(line.handle(.control("a")), .changed)
        XCTAssertEqual(line.cursor, 0)
        XCTAssertEqual(line.handle(.left), .unchanged)
        XCTAssertEqual(line.handle(.control("e")), .changed)
        XCTAssertEqual(line.cursor, 8)
        _ = line.handle(.home)
        XCTAssertEqual(line.cursor, 0)
        _ = line.handle(.end)
        XCTAssertEqual(line.cursor, 8)
    }

    func testBackspaceAndDeleteRemoveWholeClusters() {
        var line = editor("가👨‍👩‍👧나", cursor: 2)
        XCTAssertEqual(line.handle(.backspace), .changed)
        XCTAssertEqual(line.text, "가나")
        XCTAssertEqual(line.handle(.delete), .changed)
        XCTAssertEqual(line.text, "가")
        XCTAssertEqual(line.handle(.delete), .unchanged)
        XCTAssertEqual(line.handle(.control("h")), .changed)
        XCTAssertEqual(line.text, "")
        XCTAssertEqual(line.handle(.backspace), .unchanged)
    }

    func testCtrlWDeletesTheShellWordBeforeTheCursor() {
        var line = editor("say 안녕하세요 world  ")
        XCTAssertEqual(line.handle(.control("w")), .changed)
        XCTAssertEqual(line.text, "say 안녕하세요 ")
        _ = line.handle(.control("w"))
        XCTAssertEqual(line.text, "say ")
    }

    func testCtrlUDeletesToTheStart() {
        var line = editor("지우기 this", cursor: 4)
        XCTAssertEqual(line.handle(.control("u")), .changed)
        XCTAssertEqual(line.text, "this")
        XCTAssertEqual(line.cursor, 0)
    }

    func testAltBFMoveByWord() {
        var line = editor("hi, 친구야 there")
        XCTAssertEqual(line.handle(.alt("b")), .changed)
        XCTAssertEqual(line.cursor, 8)
        _ = line.handle(.alt("b"))
        XCTAssertEqual(line.cursor, 4)
        _ = line.handle(.alt("b"))
        XCTAssertEqual(line.cursor, 0)
        _ = line.handle(.alt("f"))
        XCTAssertEqual(line.cursor, 2)
        _ = line.handle(.named(.right, .control))
        XCTAssertEqual(line.cursor, 7)
        _ = line.handle(.named(.backspace, .alt))
        XCTAssertEqual(line.text, "hi,  there")
    }

    func testHistoryUpDownKeepsTheDraft() {
        var line = LineEditor()
        type("첫째", into: &line)
        XCTAssertEqual(line.handle(.enter), .submit)
        XCTAssertEqual(line.commit(), "첫째")
        type("second", into: &line)
        line.commit()
        type("draft", into: &line)
        XCTAssertEqual(line.handle(.up), .changed)
        XCTAssertEqual(line.text, "second")
        _ = line.handle(.up)
        XCTAssertEqual(line.text, "첫째")
        XCTAssertEqual(line.handle(.up), .unchanged)
        _ = line.handle(.down)
        _ = line.handle(.down)
        XCTAssertEqual(line.text, "draft")
        XCTAssertEqual(line.history, ["첫째", "second"])
    }

    func testPasteInsertsInOnePieceWithoutControls() {
        var line = editor("[]", cursor: 1)
        XCTAssertEqual(line.handle(.paste("붙여\r\n넣기\u{1B}[31m")), .changed)
        XCTAssertEqual(line.text, "[붙여\n넣기[31m]")
        XCTAssertEqual(line.cursor, 10)
    }

    func testKeysThatAreNotEditingAreIgnored() {
        var line = editor("x")
        for key in [Key.escape, .tab, .control("k"), .pageUp, .named(.function(1), [])] {
            XCTAssertEqual(line.handle(key), .ignored)
        }
    }

    func testViewScrollsByDisplayWidthAndReportsTheCursorColumn() {
        var line = editor("안녕하세요 반갑습니다")
        let view = line.view(width: 10)
        XCTAssertLessThanOrEqual(TextLayout.width(view.glyphs), 10)
        XCTAssertLessThan(view.cursorColumn, 10)
        // 21 columns, cursor at the end: scrolled in steps of 5 to start at column 15.
        XCTAssertEqual(TextLayout.string(view.glyphs), "습니다")
        XCTAssertEqual(view.cursorColumn, 6)
        _ = line.handle(.home)
        let start = line.view(width: 10)
        XCTAssertEqual(start.cursorColumn, 0)
        XCTAssertEqual(TextLayout.string(start.glyphs), "안녕하세요")
    }

    func testMaskedViewHidesTheText() {
        let line = editor("비밀pw")
        let view = line.view(width: 20, mask: "•")
        XCTAssertEqual(TextLayout.string(view.glyphs), "••••")
        XCTAssertEqual(view.cursorColumn, 4)
    }
}
