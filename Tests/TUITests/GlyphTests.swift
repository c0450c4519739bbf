@testable import TUI
import XCTest

/// A glyph keeps its bytes in itself (a cell is plain data); a text too long for that is kept
/// once in a table. Either way it gives back exactly the text it was made of.
final class GlyphTests: XCTestCase {
    func testTextComesBackByteForByteInlineAndOutOfLine() {
        let texts = ["", " ", "a", "떡", "😀", "🇰🇷", "e\u{301}", "q\u{323}\u{307}\u{301}\u{300}",
                     String(repeating: "가", count: 8), String(repeating: "가", count: 9), String(repeating: "\u{301}", count: 40),
                     "\u{FFFD}", "\u{10FFFF}"]
        for text in texts {
            let glyph = Glyph(text: text, width: 1)
            XCTAssertEqual(Array(glyph.text.utf8), Array(text.utf8), text)
            XCTAssertEqual(glyph.width, 1)
        }
        XCTAssertEqual(Glyph(text: "떡", width: 2).width, 2)
        XCTAssertEqual(Glyph(text: "", width: 0).width, 0)
    }

    /// Glyphs back to text (a span's text) gives each glyph's bytes in order, inline or not; and a
    /// glyph made from one scalar is the glyph made from its text.
    func testGlyphsJoinBackToTheirTextAndScalarGlyphsMatch() {
        let texts = ["", " ", "a", "떡", "😀", "🇰🇷", "e\u{301}", String(repeating: "가", count: 9), String(repeating: "\u{301}", count: 40), "\u{10FFFF}"]
        for count in [0, 1, 2, 7, 40] {
            let glyphs = (0..<count).map { Glyph(text: texts[$0 % texts.count], width: 1) }
            XCTAssertEqual(Array(TextLayout.string(glyphs).utf8), Array(glyphs.map(\.text).joined().utf8))
            XCTAssertEqual(Array(TextLayout.string(Array(glyphs.prefix(6))).utf8), Array(texts.prefix(min(count, 6)).joined().utf8))
        }
        for scalar in ["a", "~", "떡", "힣", "😀", "\u{10FFFF}"].map({ $0.unicodeScalars.first! }) {
            XCTAssertEqual(Glyph(scalar: scalar, width: 2), Glyph(text: String(scalar), width: 2))
        }
    }

    /// 24 bytes inline, 25 out of line: both sides of the edge are equal only to themselves.
    func testTheInlineEdgeKeepsGlyphsApart() {
        let inline = Glyph(text: String(repeating: "가", count: 8), width: 2)  // 24 bytes
        let outOfLine = Glyph(text: String(repeating: "가", count: 8) + "a", width: 2)  // 25 bytes
        XCTAssertEqual(inline, Glyph(text: String(repeating: "가", count: 8), width: 2))
        XCTAssertEqual(outOfLine, Glyph(text: String(repeating: "가", count: 8) + "a", width: 2))
        XCTAssertNotEqual(inline, outOfLine)
        XCTAssertNotEqual(outOfLine, Glyph(text: String(repeating: "가", count: 8) + "b", width: 2))
        XCTAssertEqual(Set([inline, outOfLine, Glyph(text: String(repeating: "가", count: 8), width: 2)]).count, 2)
    }

    /// Equal glyphs hash alike; a NUL byte in the text is not the padding after it.
    func testPaddingIsNotText() {
        let withNul = Glyph(text: "a\u{0}", width: 1)
        XCTAssertNotEqual(withNul, Glyph(text: "a", width: 1))
        XCTAssertEqual(Array(withNul.text.utf8), [0x61, 0])
        XCTAssertEqual(Glyph(text: "ab", width: 1).hashValue, Glyph(text: "a" + "b", width: 1).hashValue)
    }

    func testOnlyScalarIsReadFromTheBytes() {
        XCTAssertEqual(Glyph(text: "a", width: 1).onlyScalar, "a")
        XCTAssertEqual(Glyph(text: "é", width: 1).onlyScalar, "é")
        XCTAssertEqual(Glyph(text: "떡", width: 2).onlyScalar, "떡")
        XCTAssertEqual(Glyph(text: "😀", width: 2).onlyScalar, "😀")
        XCTAssertEqual(Glyph(text: "\u{10FFFF}", width: 1).onlyScalar, "\u{10FFFF}")
        XCTAssertNil(Glyph(text: "e\u{301}", width: 1).onlyScalar)
        XCTAssertNil(Glyph(text: "🇰🇷", width: 2).onlyScalar)
        XCTAssertNil(Glyph(text: "ab", width: 1).onlyScalar)
        XCTAssertNil(Glyph(text: "", width: 0).onlyScalar)
    }
}
