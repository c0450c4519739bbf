@testable import NcursesTerminal
import TUI
import XCTest

/// How the backend turns glyphs and colours into what ncurses takes (no terminal needed).
final class NcursesTerminalCellTests: XCTestCase {
    override func setUp() {
        // wcwidth answers -1 for everything non-ASCII under the C locale, as at program start.
        MainActor.assumeIsolated { NcursesTerminal.chooseUTF8Locale() }
    }

    func pieces(_ text: String) -> [NcursesTerminal.CellPiece] {
        let glyph = DisplayWidth.glyph(for: Character(text))!
        return MainActor.assumeIsolated { NcursesTerminal.cellPieces(glyph) }
    }

    func testOrdinaryGlyphsAreOneCell() {
        XCTAssertEqual(pieces("a"), [.init(scalars: ["a"], width: 1)])
        XCTAssertEqual(pieces("한"), [.init(scalars: ["한"], width: 2)])
        XCTAssertEqual(pieces("😀"), [.init(scalars: ["😀"], width: 2)])
        XCTAssertEqual(pieces("q\u{307}\u{323}"), [.init(scalars: ["q", "\u{323}", "\u{307}"], width: 1)], "marks ride on their base (NFC order)")
    }

    func testAFlagIsTwoOneColumnCells() {
        XCTAssertEqual(pieces("🇰🇷"), [.init(scalars: ["\u{1F1F0}"], width: 1), .init(scalars: ["\u{1F1F7}"], width: 1)])
    }

    func testAGlyphTheCLibraryMeasuresDifferentlyIsReplaced() {
        let unknownToLibc = Glyph(text: "\u{2028}", width: 1)  // libc: -1
        XCTAssertEqual(MainActor.assumeIsolated { NcursesTerminal.cellPieces(unknownToLibc) }, [.init(scalars: ["\u{FFFD}"], width: 1)])
        let claimedWide = Glyph(text: "a", width: 2)
        XCTAssertEqual(MainActor.assumeIsolated { NcursesTerminal.cellPieces(claimedWide) },
                       [.init(scalars: ["\u{FFFD}"], width: 1), .init(scalars: [" "], width: 1)])
    }

    func testColourModesMapRGB() {
        XCTAssertEqual(ColorMode.detect(colorCount: 256, hasRGBFlag: false), .palette256)
        XCTAssertEqual(ColorMode.detect(colorCount: 256, hasRGBFlag: true), .direct)
        XCTAssertEqual(ColorMode.detect(colorCount: 8, hasRGBFlag: false), .basic)
        XCTAssertEqual(ColorMode.detect(colorCount: 0, hasRGBFlag: false), .none)
        let orange = TerminalColor.rgb(0xFF, 0x7A, 0x00)
        XCTAssertEqual(ColorMode.direct.number(for: orange), 0xFF7A00)
        XCTAssertEqual(ColorMode.palette256.number(for: orange), 208, "xterm 208 is #ff8700")
        XCTAssertEqual(ColorMode.palette256.number(for: .rgb(0x8A, 0x8A, 0x8A)), 245, "greys use the grey ramp")
        XCTAssertEqual(ColorMode.basic.number(for: .rgb(0xE5, 0x48, 0x4D)), 1, "red")
        XCTAssertEqual(ColorMode.none.number(for: orange), -1)
        XCTAssertEqual(ColorMode.palette256.number(for: .terminalDefault), -1)
    }
}

/// The single-scalar path of `put` writes exactly what `cellPieces` would, and leaves everything
/// else (several scalars, a width the C library disagrees with) to it.
final class NcursesTerminalSingleCellTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { NcursesTerminal.chooseUTF8Locale() }
    }

    func testASingleCellIsTakenOnlyWhereThePiecesAgree() {
        for text in ["a", "~", "é", "한", "😀", "中", "…", "q\u{307}\u{323}", "🇰🇷", "\u{2028}"] {
            let glyph = DisplayWidth.glyph(for: Character(text))!
            let pieces = MainActor.assumeIsolated { NcursesTerminal.cellPieces(glyph) }
            let single = NcursesTerminal.singleCell(glyph)
            if let single {
                XCTAssertEqual(pieces, [.init(scalars: [single], width: glyph.width)], text)
            } else {
                XCTAssertTrue(pieces.count != 1 || pieces[0].scalars.count != 1 || pieces[0].scalars[0] == "\u{FFFD}", text)
            }
        }
        XCTAssertNil(NcursesTerminal.singleCell(Glyph(text: "a", width: 2)), "a width the glyph claims and libc denies")
        XCTAssertNil(NcursesTerminal.singleCell(Glyph(text: "\u{2028}", width: 1)), "libc: -1")
        XCTAssertNil(NcursesTerminal.singleCell(Glyph(text: "", width: 0)))
    }
}
