import TestSupport
import TUI
import ViewModels
import XCTest

final class InputBarPaneTests: XCTestCase {
    private func draw(_ state: InputBarState, editor: LineEditor = LineEditor(), focused: Bool = true, width: Int = 40) -> (Canvas, Region, Point?) {
        var canvas = CanvasCheck.sentinel(Size(width: width + 2, height: 4))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: width, height: 2))
        let cursor = InputBarPane(state: state, editor: editor, focused: focused, text: .unfiltered).draw(on: &canvas, in: region)
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        return (canvas, region, cursor)
    }

    func testAMemberSeesTheAccentAndThePlaceholder() {
        let (canvas, region, cursor) = draw(.enabled(placeholder: "Type a message"))
        XCTAssertEqual(CanvasCheck.lines(canvas, region)[1], "› Type a message")
        XCTAssertEqual(canvas[2, 1].style.foreground, .role(.accent))
        XCTAssertEqual(cursor, Point(row: 2, column: 3))
    }

    func testAGuestSeesAGreyedBarWithLogInToChat() {
        let (canvas, region, _) = draw(.disabled(reason: "Log in to chat"))
        XCTAssertEqual(CanvasCheck.lines(canvas, region)[1], "× Log in to chat")
        for column in 1...16 {
            let style = canvas[2, column].style
            XCTAssertEqual(style.foreground, .role(.disabled), "column \(column) is greyed")
            XCTAssertTrue(style.attributes.contains(.dim))
        }
    }

    func testADeniedMemberSeesTheReason() {
        let (canvas, region, _) = draw(.disabled(reason: "Only members of 강남구 can post here."))
        XCTAssertEqual(CanvasCheck.lines(canvas, region)[1], "× Only members of 강남구 can post here.")
    }

    func testTypedKoreanAndEmojiPutTheCursorAfterTheirWidth() {
        var editor = LineEditor()
        for character in "안녕 👋" { _ = editor.handle(.character(character)) }
        let (canvas, region, cursor) = draw(.enabled(placeholder: "Type a message"), editor: editor)
        XCTAssertEqual(CanvasCheck.lines(canvas, region)[1], "› 안녕 👋")
        XCTAssertEqual(cursor, Point(row: 2, column: 1 + 2 + 7))
    }

    func testPastedHostileTextIsInert() {
        var editor = LineEditor()
        _ = editor.handle(.paste("\u{1B}]0;x\u{07}\u{202E}abc"))
        _ = draw(.enabled(placeholder: ""), editor: editor)
    }

    /// Issue 17: what the input answers or edits is on its rule, and a hostile sender's name or
    /// text in it is inert and cut to the bar.
    func testTheRuleSaysWhatTheInputAnswersAndHostileTextInItIsInert() {
        var canvas = CanvasCheck.sentinel(Size(width: 42, height: 4))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: 40, height: 2))
        var pane = InputBarPane(state: .enabled(placeholder: "Type a message"), editor: LineEditor(), focused: true, text: .unfiltered)
        pane.composing = "↱ replying to \u{1B}]0;pwned\u{07}\u{202E}Bob: “" + String(repeating: "long ", count: 20) + "”"
        _ = pane.draw(on: &canvas, in: region)
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        let rule = CanvasCheck.lines(canvas, region)[0]
        XCTAssertTrue(rule.contains("↱ replying to ^[]0;pwned^G<RLO>Bob"), rule)
        XCTAssertTrue(rule.hasPrefix("─ ↱"), rule)
    }
}
