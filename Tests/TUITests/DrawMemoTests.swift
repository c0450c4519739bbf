import ChatCore
@testable import TUI
import XCTest

/// The memos that spare a frame from re-segmenting and re-sanitising the same strings must not
/// change what is drawn: the same text in two styles, with and without control markers, and
/// strings too long to be kept.
final class DrawMemoTests: XCTestCase {
    func testTheSameTextDrawsAlikeInEachSpansOwnStyleWithMarkersStyledAsMarkers() {
        let text = "떡\u{1B}[2J볶이 🍢"
        let plain = Span(text, Style(.text))
        let bold = Span(text, Style(.nickname, on: nil, .bold))
        for _ in 0..<2 {
            let first = Canvas.styledGlyphs(plain), second = Canvas.styledGlyphs(bold)
            XCTAssertEqual(first.map(\.0), second.map(\.0))
            XCTAssertEqual(first.map(\.0.text).joined(), "떡^[[2J볶이 🍢")
            XCTAssertEqual(Set(first.map(\.1)), [Style(.text), Style(.text).marker])
            XCTAssertEqual(Set(second.map(\.1)), [bold.style, bold.style.marker])
        }
    }

    func testLongStringsAndAFullMemoStillDrawCorrectly() {
        let long = String(repeating: "가", count: GlyphMemo.longest)
        XCTAssertEqual(Canvas.styledGlyphs(Span(long)).count, GlyphMemo.longest)
        for index in 0...(GlyphMemo.capacity + 10) {
            XCTAssertEqual(Canvas.styledGlyphs(Span("row \(index)")).count, "row \(index)".count)
        }
        let text = OutsideText(filter: WordFilter(words: ["badword"]))
        for _ in 0..<2 { XCTAssertEqual(text.line("a badword\u{202E}"), text.line("a badword\u{202E}")) }
        XCTAssertFalse(text.line("a badword").contains("badword"))
    }
}
