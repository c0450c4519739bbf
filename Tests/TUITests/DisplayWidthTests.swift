import XCTest
import TUI

final class DisplayWidthTests: XCTestCase {
    func glyph(_ text: String) -> Glyph? {
        DisplayWidth.glyph(for: Character(text))
    }

    func testPrintableASCIIIsOneColumnEach() {
        XCTAssertEqual(DisplayWidth.of("hello, world!"), 13)
        for value in UInt8(0x20)...0x7E {
            XCTAssertEqual(DisplayWidth.of(Character(UnicodeScalar(value))), 1)
        }
    }

    func testHangulIsTwoColumnsPrecomposedOrConjoining() {
        XCTAssertEqual(DisplayWidth.of("안녕하세요"), 10)
        let conjoining = "\u{1112}\u{1161}\u{11AB}"  // ᄒ ᅡ ᆫ
        XCTAssertEqual(DisplayWidth.of(conjoining), 2)
        XCTAssertEqual(glyph(conjoining), Glyph(text: "한", width: 2), "jamo are composed before they reach a cell")
        XCTAssertEqual(DisplayWidth.of("\u{3131}"), 2, "compatibility jamo ㄱ")
    }

    func testCJKAndFullwidthAreTwoColumns() {
        XCTAssertEqual(DisplayWidth.of("中文"), 4)
        XCTAssertEqual(DisplayWidth.of("日本語"), 6)
        XCTAssertEqual(DisplayWidth.of("ＡＢ"), 4)
        XCTAssertEqual(DisplayWidth.of("±"), 1, "ambiguous width is narrow")
    }

    func testEmojiPresentationIsTwoColumns() {
        XCTAssertEqual(DisplayWidth.of("😀"), 2)
        XCTAssertEqual(DisplayWidth.of("🍜🍢"), 4)
    }

    func testZWJSequenceIsShownAsItsFirstEmoji() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        XCTAssertEqual(DisplayWidth.of(family), 2)
        XCTAssertEqual(glyph(family), Glyph(text: "👨", width: 2))
        XCTAssertEqual(glyph("🏳\u{FE0F}\u{200D}🌈"), Glyph(text: "🏳", width: 1), "text-presentation base stays narrow, as tmux shows it")
    }

    func testFlagsAreTwoColumnsAndALoneRegionalIndicatorOne() {
        XCTAssertEqual(DisplayWidth.of("🇰🇷"), 2)
        XCTAssertEqual(glyph("🇰🇷")?.text, "🇰🇷")
        XCTAssertEqual(DisplayWidth.of("🇰🇷🇯🇵"), 4)
        XCTAssertEqual(DisplayWidth.of("\u{1F1F0}"), 1)
        XCTAssertEqual(glyph("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"), Glyph(text: "🏴", width: 2), "tag sequence keeps its base")
    }

    func testSkinToneModifierIsDropped() {
        XCTAssertEqual(DisplayWidth.of("👍🏽"), 2)
        XCTAssertEqual(glyph("👍🏽"), Glyph(text: "👍", width: 2))
        XCTAssertEqual(DisplayWidth.of("🏽"), 2, "a modifier on its own is an emoji")
    }

    func testVariationSelector16IsDroppedAndTheBaseKeepsItsWidth() {
        XCTAssertEqual(glyph("❤\u{FE0F}"), Glyph(text: "❤", width: 1))
        XCTAssertEqual(glyph("1\u{FE0F}\u{20E3}"), Glyph(text: "1\u{20E3}", width: 1), "keycap")
        XCTAssertEqual(glyph("☺\u{FE0E}"), Glyph(text: "☺", width: 1))
    }

    func testCombiningMarksAreZeroColumns() {
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(glyph("e\u{301}")?.text, "é", "composed when a precomposed form exists")
        XCTAssertEqual(DisplayWidth.of("q\u{307}\u{323}"), 1)
        XCTAssertNil(glyph("\u{301}"), "a lone mark takes no column")
        XCTAssertEqual(DisplayWidth.of("a\u{200B}b"), 2, "zero-width space")
    }

    func testCombiningFloodIsCutToWhatACellHolds() {
        let zalgo = "Z" + String(repeating: "\u{336}\u{301}", count: 500)
        let cell = glyph(zalgo)
        XCTAssertEqual(cell?.width, 1)
        XCTAssertEqual(cell?.text.unicodeScalars.count, DisplayWidth.maxScalarsPerCell)
    }

    func testControlsCountAsTheirVisibleSymbol() {
        XCTAssertEqual(DisplayWidth.of("\u{1B}[0m"), 5, "^[[0m")
        XCTAssertEqual(DisplayWidth.of("a\u{202E}b"), 7, "a<RLO>b")
        XCTAssertEqual(glyph("\u{1B}"), Glyph(text: "\u{FFFD}", width: 1), "a raw control never becomes a cell")
    }

    func testNoGlyphIsWiderThanTwoColumns() {
        let devanagari = "क" + String(repeating: "\u{93E}", count: 10)  // spacing marks
        XCTAssertLessThanOrEqual(glyph(devanagari)?.width ?? 0, 2)
    }

    func testTableMatchesTheUnicodeVersionItClaims() {
        XCTAssertEqual(DisplayWidth.tableUnicodeVersion, "14.0.0")
        XCTAssertEqual(DisplayWidth.of(UnicodeScalar(0x1FAE0)!), 2, "melting face, new in Unicode 14")
    }
}
