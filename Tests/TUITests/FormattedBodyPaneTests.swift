import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// A formatted body drawn as styled cells (issue 17): bold, code, links with their target, quotes
/// and lists, through the sanitiser and the word filter, wrapped inside the pane.
final class FormattedBodyPaneTests: XCTestCase {
    private func draw(_ message: Message, text: OutsideText = .unfiltered, width: Int = 40) -> (Canvas, Region, [String]) {
        var canvas = CanvasCheck.sentinel(Size(width: width + 2, height: 22))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: width, height: 20))
        let pane = ChatPane(title: "room", messages: .loaded([Fixtures.line(message)]), paging: .done, scroll: 0, focused: false,
                            transcript: ChatTranscript(strings: UIStrings(.english), text: text))
        _ = pane.draw(on: &canvas, in: region)
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        return (canvas, region, CanvasCheck.lines(canvas, region))
    }

    private func cell(_ needle: String, in shown: [String], _ canvas: Canvas, _ region: Region) throws -> Cell {
        let row = try XCTUnwrap(shown.firstIndex { $0.contains(needle) }, "\(needle) not in \(shown)")
        let offset = DisplayWidth.of(String(shown[row][..<shown[row].range(of: needle)!.lowerBound]))
        return canvas[region.frame.row + row, region.frame.column + offset]
    }

    func testMarksBecomeStylesAndQuotesAndListsShow() throws {
        var message = Fixtures.message("plain fallback", at: Fixtures.date(day: 2, hour: 9, minute: 1))
        message.formatted = HTMLText.formatted(
            "<b>strong</b> <code>let x</code> <a href=\"https://evil.example\">bank.example</a><blockquote>quoted</blockquote><ul><li>item</li></ul>")
        let (canvas, region, shown) = draw(message)
        let text = shown.joined(separator: "\n")
        XCTAssertFalse(text.contains("plain fallback"), "the formatted body is drawn: \(text)")
        XCTAssertTrue(try cell("strong", in: shown, canvas, region).style.attributes.contains(.bold))
        XCTAssertEqual(try cell("let x", in: shown, canvas, region).style.foreground, .role(.accent))
        XCTAssertTrue(try cell("bank.example", in: shown, canvas, region).style.attributes.contains(.underline))
        XCTAssertTrue(text.contains("(https://evil.example)"), "a link's real target shows beside its text: \(text)")
        XCTAssertTrue(shown.contains { $0.contains("│ quoted") }, text)
        XCTAssertTrue(shown.contains { $0.contains("• item") }, text)
    }

    func testHostileRunsAreInertAndAWordSplitByTagsIsStillMasked() throws {
        var message = Fixtures.message("x", at: Fixtures.date(day: 2, hour: 9, minute: 2))
        message.formatted = HTMLText.formatted("<b>a\u{202E}b\u{1B}[31m</b> cru<i>dd</i>y")
        let filtered = OutsideText(filter: WordFilter(words: ["cruddy"]))
        let (_, _, shown) = draw(message, text: filtered)
        let text = shown.joined(separator: "\n")
        XCTAssertFalse(text.contains("\u{202E}") || text.contains("\u{1B}"), text)
        XCTAssertFalse(text.lowercased().contains("cruddy"), "masked across the tag: \(text)")
        XCTAssertTrue(text.contains("******"), text)

        var flood = Fixtures.message("x", at: Fixtures.date(day: 2, hour: 9, minute: 3))
        flood.formatted = HTMLText.formatted(String(repeating: "<b>long<br>", count: 3000))
        let (_, _, lines) = draw(flood)
        XCTAssertTrue(lines.contains { $0.contains("[… the rest of this") }, "cut at the line limit: \(lines)")
    }
}
