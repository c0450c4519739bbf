@testable import NcursesTerminal
import TUI
import XCTest

/// The bytes the ncurses backend writes for an OSC 8 hyperlink: cursor and attributes saved and
/// restored around it, the glyphs in their colours, and nothing at all for an address with a
/// byte that could end or start an escape (the last check before the terminal).
final class HyperlinkBytesTests: XCTestCase {
    private let cells = "ab".map { HyperlinkCell(glyph: Glyph(text: String($0), width: 1), style: ResolvedStyle(foreground: .rgb(255, 0, 0), attributes: .underline)) }

    func testALinkIsWrittenWithinSaveAndRestore() throws {
        let bytes = try XCTUnwrap(NcursesTerminal.hyperlinkBytes("https://a.example/x", cells: cells, at: Point(row: 2, column: 4), mode: .direct))
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self),
                       "\u{1B}7\u{1B}[3;5H\u{1B}]8;;https://a.example/x\u{1B}\\\u{1B}[0;4;38;2;255;0;0mab\u{1B}]8;;\u{1B}\\\u{1B}8")
    }

    func testAnAddressWithAnyControlOrNonASCIIByteWritesNothing() {
        for hostile in ["https://a.example/\u{1B}\\", "https://a.example/\u{07}", "https://a.example/\u{9C}", "https://a.example/\u{9D}",
                        "https://a.example/ x", "https://a.example/\u{7F}", "https://a.example/한", ""] {
            XCTAssertNil(NcursesTerminal.hyperlinkBytes(hostile, cells: cells, at: Point(row: 0, column: 0), mode: .direct), hostile.debugDescription)
        }
    }

    func testColoursFollowTheTerminalsMode() {
        let style = ResolvedStyle(foreground: .rgb(255, 0, 0), background: .terminalDefault, attributes: [.bold])
        XCTAssertEqual(NcursesTerminal.sgr(style, mode: .palette256), "\u{1B}[0;1;38;5;196m")
        XCTAssertEqual(NcursesTerminal.sgr(style, mode: .none), "\u{1B}[0;1m")
    }
}
