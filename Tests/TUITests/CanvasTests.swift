import XCTest
import TUI

final class CanvasTests: XCTestCase {
    func testTextIsClippedToItsRegionAndTruncatedWithAnEllipsis() {
        var canvas = Canvas(size: Size(width: 20, height: 3))
        let (left, right) = canvas.bounds.splitColumns(8)
        canvas.draw("a very long channel name", row: 0, in: left)
        canvas.draw("right", row: 0, in: right)
        XCTAssertEqual(canvas.lines[0], "a very …right")
        XCTAssertEqual(DisplayWidth.of(canvas.text(row: 0)), 20)
    }

    func testClipOverflowCutsWithoutEllipsis() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.draw("abcdefgh", row: 0, in: canvas.bounds, overflow: .clip)
        XCTAssertEqual(canvas.lines, ["abcdef"])
    }

    func testKoreanTruncatesOnGlyphBoundaries() {
        var canvas = Canvas(size: Size(width: 7, height: 1))
        canvas.draw("안녕하세요", row: 0, in: canvas.bounds)
        XCTAssertEqual(canvas.lines, ["안녕하…"])
        XCTAssertTrue(canvas[0, 1].isContinuation)
    }

    func testWideGlyphThatDoesNotFitAtTheRightEdgeBecomesASpace() {
        var canvas = Canvas(size: Size(width: 10, height: 1))
        canvas.draw("|||||||||", row: 0, in: canvas.bounds)
        let region = canvas.bounds.subregion(Rect(row: 0, column: 0, width: 3, height: 1))
        canvas.draw("a한", row: 0, in: region, overflow: .clip)
        XCTAssertEqual(canvas.lines, ["a한||||||"])
        canvas.draw("ab한", row: 0, in: region, overflow: .clip)
        XCTAssertEqual(canvas.lines, ["ab ||||||"], "the wide glyph would cross the region's edge")
        XCTAssertFalse(canvas[0, 3].isContinuation)
    }

    func testOverwritingHalfAWideGlyphBlanksTheOtherHalf() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.draw("한글", row: 0, in: canvas.bounds)
        canvas.draw("x", row: 0, column: 1, in: canvas.bounds)
        XCTAssertEqual(canvas.lines, [" x글"])
        canvas.draw("y", row: 0, column: 2, in: canvas.bounds)
        XCTAssertEqual(canvas.lines, [" xy"])
        for column in 0..<4 { XCTAssertFalse(canvas[0, column].isContinuation) }
    }

    func testRegionsUseLocalCoordinatesAndNeverDrawOutside() {
        var canvas = Canvas(size: Size(width: 10, height: 4))
        let inner = canvas.bounds.subregion(Rect(row: 1, column: 2, width: 4, height: 2))
        canvas.draw("hello", row: 0, in: inner)
        canvas.draw("x", row: 5, in: inner)
        canvas.draw("y", row: 1, column: 9, in: inner)
        XCTAssertEqual(canvas.lines, ["", "  hel…", "", ""])
        let nested = inner.subregion(Rect(row: 1, column: 2, width: 10, height: 10))
        XCTAssertEqual(nested.frame, Rect(row: 2, column: 4, width: 2, height: 1), "clipped to the parent")
    }

    func testHostileTextIsDrawnAsMarkersInReverse() {
        var canvas = Canvas(size: Size(width: 30, height: 1))
        canvas.draw("\u{1B}]0;owned\u{7}\u{202E}x", style: Style(.text), row: 0, in: canvas.bounds)
        XCTAssertEqual(canvas.lines, ["^[]0;owned^G<RLO>x"])
        XCTAssertTrue(canvas[0, 0].style.attributes.contains(.reverse))
        XCTAssertFalse(canvas[0, 2].style.attributes.contains(.reverse))
        for column in 0..<30 {
            XCTAssertFalse(canvas[0, column].glyph.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    func testWrappingByDisplayWidth() {
        XCTAssertEqual(TextLayout.wrappedLines("hello brave new world", width: 11), ["hello brave", "new world"])
        XCTAssertEqual(TextLayout.wrappedLines("안녕하세요반갑습니다", width: 7), ["안녕하", "세요반", "갑습니", "다"])
        XCTAssertEqual(TextLayout.wrappedLines("one\ntwo", width: 10), ["one", "two"])
        XCTAssertEqual(TextLayout.wrappedLines("abcdefghij", width: 4), ["abcd", "efgh", "ij"])
        for line in TextLayout.wrap("😀😀😀 안녕 e\u{301}e\u{301} \u{1B}[31m red", width: 5) {
            XCTAssertLessThanOrEqual(TextLayout.width(line), 5)
        }
    }

    func testDrawWrappedStopsAtTheRegionBottom() {
        var canvas = Canvas(size: Size(width: 4, height: 2))
        let rows = canvas.drawWrapped("aaaa bbbb cccc", in: canvas.bounds)
        XCTAssertEqual(rows, 2)
        XCTAssertEqual(canvas.lines, ["aaaa", "bbbb"])
    }

    func testTruncateString() {
        XCTAssertEqual(TextLayout.truncate("안녕하세요", to: 5), "안녕…")
        XCTAssertEqual(TextLayout.truncate("short", to: 10), "short")
        XCTAssertEqual(TextLayout.truncate("abc", to: 0), "")
    }

    /// Scrolling a rect moves only its cells, wide glyphs whole, and leaves blank rows below.
    func testScrollingARectMovesOnlyItsRowsUpAndBlanksTheBottom() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        for row in 0..<3 { canvas.draw("|떡\(row)|", row: row, in: canvas.bounds) }
        canvas.scrollUp(Rect(row: 0, column: 1, width: 3, height: 3), by: 1)
        XCTAssertEqual(canvas.lines, ["|떡1|", "|떡2|", "|   |"])
        canvas.scrollUp(Rect(row: 0, column: 1, width: 3, height: 3), by: 5)
        XCTAssertEqual(canvas.lines, ["|   |", "|   |", "|   |"])
        XCTAssertEqual(canvas[0, 1], .blank)
    }

    /// Rows move whole, by more than one, with glyphs stored out of line (longer than a string
    /// holds inline) as well as inline: each lands once, the columns beside the rect stay.
    func testScrollingByTwoMovesEveryKindOfGlyphOnce() {
        var canvas = Canvas(size: Size(width: 5, height: 5))
        let long = Glyph(text: "e" + String(repeating: "\u{301}", count: 8), width: 1)
        for row in 0..<5 {
            canvas.put(Glyph(text: "|", width: 1), style: .plain, at: Point(row: row, column: 0), clip: canvas.bounds.frame)
            canvas.put(long, style: Style(.accent), at: Point(row: row, column: 1), clip: canvas.bounds.frame)
            canvas.put(Glyph(text: "\(row)", width: 1), style: .plain, at: Point(row: row, column: 2), clip: canvas.bounds.frame)
            canvas.put(Glyph(text: "떡", width: 2), style: .plain, at: Point(row: row, column: 3), clip: canvas.bounds.frame)
        }
        canvas.scrollUp(Rect(row: 1, column: 1, width: 4, height: 4), by: 2)
        XCTAssertEqual((0..<5).map { canvas[$0, 2].glyph.text }, ["0", "3", "4", " ", " "])
        XCTAssertEqual((0..<5).map { canvas[$0, 1].glyph }, [long, long, long, .space, .space])
        XCTAssertEqual((0..<5).map { canvas[$0, 0].glyph.text }, ["|", "|", "|", "|", "|"], "beside the rect nothing moved")
        XCTAssertTrue(canvas[2, 4].isContinuation, "a wide glyph moves with its second half")
        XCTAssertEqual(canvas[4, 3], .blank)
    }

    /// Glyphs are equal when the same bytes go to the terminal, wherever the strings are kept,
    /// and never merely because Unicode calls them equivalent.
    func testGlyphsAreEqualByTheirBytes() {
        let inline = Glyph(text: "e\u{301}", width: 1)
        let outOfLine = Glyph(text: String(repeating: "\u{301}", count: 9), width: 1)
        XCTAssertEqual(inline, Glyph(text: "e" + "\u{301}", width: 1))
        XCTAssertEqual(outOfLine, Glyph(text: String(repeating: "\u{301}", count: 8) + "\u{301}", width: 1))
        XCTAssertNotEqual(inline, Glyph(text: "\u{E9}", width: 1), "é precomposed is other bytes")
        XCTAssertNotEqual(Glyph(text: "a\u{301}\u{316}", width: 1), Glyph(text: "a\u{316}\u{301}", width: 1), "same length, marks reordered")
        XCTAssertNotEqual(inline, Glyph(text: "e\u{301}", width: 2))
        XCTAssertNotEqual(outOfLine, Glyph(text: String(repeating: "\u{300}", count: 9), width: 1))
    }

    /// Links move up with their cells; one scrolled out of the rect or cut by its side is gone,
    /// one beside the rect stays where it is.
    func testScrollingARectMovesItsLinksWithTheirCells() {
        var canvas = Canvas(size: Size(width: 20, height: 4))
        let rect = Rect(row: 0, column: 0, width: 10, height: 4)
        canvas.link("https://top.example/", row: 0, columns: 0..<5)
        canvas.link("https://low.example/", row: 3, columns: 2..<8)
        canvas.link("https://cut.example/", row: 2, columns: 8..<14)
        canvas.link("https://side.example/", row: 3, columns: 12..<18)
        canvas.scrollUp(rect, by: 1)
        XCTAssertEqual(canvas.hyperlinks.map(\.url), ["https://low.example/", "https://side.example/"])
        XCTAssertEqual(canvas.hyperlinks.map(\.row), [2, 3])
        XCTAssertEqual(canvas.hyperlinks.map(\.columns), [2..<8, 12..<18])
    }
}

