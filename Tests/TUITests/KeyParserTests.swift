import XCTest
import TUI

final class KeyParserTests: XCTestCase {
    func parse(_ text: String) -> [Key] {
        var parser = KeyParser()
        return parser.feed(Array(text.utf8)) + parser.flush()
    }

    func testPrintableControlAndEditingBytes() {
        XCTAssertEqual(parse("aZ ~"), [.character("a"), .character("Z"), .character(" "), .character("~")])
        XCTAssertEqual(parse("\r\n\t\u{7F}\u{8}"), [.enter, .control("j"), .tab, .backspace, .backspace], "Ctrl-J is LF, Enter CR")
        XCTAssertEqual(parse("\u{1}\u{5}\u{17}\u{15}\u{B}"), [.control("a"), .control("e"), .control("w"), .control("u"), .control("k")])
        XCTAssertEqual(parse("\u{0}"), [.control(" ")])
    }

    func testKoreanAndEmojiUTF8() {
        XCTAssertEqual(parse("한글"), [.character("한"), .character("글")])
        XCTAssertEqual(parse("😀"), [.character("😀")])
    }

    func testUTF8SplitAcrossReads() {
        var parser = KeyParser()
        let bytes = Array("한😀".utf8)
        var keys: [Key] = []
        for byte in bytes {
            keys += parser.feed([byte])
        }
        XCTAssertEqual(keys, [.character("한"), .character("😀")])
        XCTAssertFalse(parser.hasPending)
    }

    func testArrowsHomeEndPagesDeleteAndFunctionKeys() {
        XCTAssertEqual(parse("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"), [.up, .down, .right, .left])
        XCTAssertEqual(parse("\u{1B}OA\u{1B}OD"), [.up, .left], "application cursor mode")
        XCTAssertEqual(parse("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~"), [.home, .end, .home, .end, .home, .end])
        XCTAssertEqual(parse("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[2~"), [.pageUp, .pageDown, .delete, .named(.insert, [])])
        XCTAssertEqual(parse("\u{1B}OP\u{1B}[15~\u{1B}[24~"), [.named(.function(1), []), .named(.function(5), []), .named(.function(12), [])])
        XCTAssertEqual(parse("\u{1B}[1;5C\u{1B}[1;3D\u{1B}[Z"), [.named(.right, .control), .named(.left, .alt), .backTab])
    }

    func testAltKeys() {
        XCTAssertEqual(parse("\u{1B}b\u{1B}f"), [.alt("b"), .alt("f")])
        XCTAssertEqual(parse("\u{1B}\u{7F}"), [.named(.backspace, .alt)])
        XCTAssertEqual(parse("\u{1B}한"), [.alt("한")])
    }

    func testLoneEscapeWaitsForTheCallersTimeout() {
        var parser = KeyParser()
        XCTAssertEqual(parser.feed([0x1B]), [])
        XCTAssertTrue(parser.hasPending)
        XCTAssertEqual(parser.flush(), [.escape])
        XCTAssertFalse(parser.hasPending)
        XCTAssertEqual(parser.feed([0x1B, 0x1B]), [.escape])
        XCTAssertEqual(parser.flush(), [.escape])
    }

    func testEscapeSequenceSplitAcrossReads() {
        var parser = KeyParser()
        XCTAssertEqual(parser.feed([0x1B]), [])
        XCTAssertEqual(parser.feed(Array("[1;".utf8)), [])
        XCTAssertEqual(parser.feed(Array("5A".utf8)), [.named(.up, .control)])
    }

    func testBracketedPasteIsOneEventWhateverItHolds() {
        let body = "line 1\r\n안녕 😀\u{1B}[A\u{1B}]0;t\u{7}"
        XCTAssertEqual(parse("x\u{1B}[200~" + body + "\u{1B}[201~y"), [.character("x"), .paste(body), .character("y")])
    }

    func testPasteSplitAcrossReadsIncludingTheEndMarker() {
        var parser = KeyParser()
        let bytes = Array("\u{1B}[200~한글 paste\u{1B}[201~!".utf8)
        var keys: [Key] = []
        for chunk in stride(from: 0, to: bytes.count, by: 3) {
            keys += parser.feed(bytes[chunk..<min(chunk + 3, bytes.count)])
            if parser.isInPaste { XCTAssertFalse(parser.hasPending) }
        }
        XCTAssertEqual(keys, [.paste("한글 paste"), .character("!")])
    }

    func testMouseClicksAndTheWheelAreKeysOtherReportsAndUnknownSequencesAreDropped() {
        XCTAssertEqual(parse("\u{1B}[<0;10;5M\u{1B}[<0;10;5ma"), [.mouse(MouseEvent(.press, at: Point(row: 4, column: 9))), .character("a")],
                       "a left click, its release dropped")
        XCTAssertEqual(parse("\u{1B}[<64;1;1M\u{1B}[<65;80;24M\u{1B}[<69;2;2M"), [
            .mouse(MouseEvent(.wheelUp, at: Point(row: 0, column: 0))), .mouse(MouseEvent(.wheelDown, at: Point(row: 23, column: 79))),
            .mouse(MouseEvent(.wheelDown, at: Point(row: 1, column: 1))),
        ], "the wheel, with Shift/Alt/Ctrl bits ignored")
        XCTAssertEqual(parse("\u{1B}[<2;3;3M\u{1B}[<32;3;3M\u{1B}[<0;0;3M\u{1B}[<0;99999;1M\u{1B}[<0;;1M\u{1B}[<0;1Mb"), [.character("b")],
                       "right button, motion, zero, huge, garbage and short reports are dropped")
        XCTAssertEqual(parse("\u{1B}[M !!b"), [.character("b")], "X10 mouse with three raw bytes")
        XCTAssertEqual(parse("\u{1B}[99~\u{1B}[Ic"), [.character("c")])
    }

    func testInvalidUTF8BecomesReplacementCharacters() {
        var parser = KeyParser()
        XCTAssertEqual(parser.feed([0xFF, 0x61, 0xC3, 0x28, 0xED, 0xA0, 0x80]), [
            .character("\u{FFFD}"), .character("a"), .character("\u{FFFD}"), .character("("),
            .character("\u{FFFD}"), .character("\u{FFFD}"), .character("\u{FFFD}"),
        ])
        XCTAssertEqual(parser.feed([0xE2, 0x82]), [])
        XCTAssertEqual(parser.flush(), [.character("\u{FFFD}"), .character("\u{FFFD}")])
    }

    /// Random bytes, fed in random chunks, never crash the parser and never leave it stuck.
    func testRandomGarbageNeverCrashesOrSticks() {
        var generator = SystemRandomNumberGenerator()
        var parser = KeyParser()
        let alphabet: [UInt8] = [0x1B, 0x5B, 0x4F, 0x3B, 0x7E, 0x32, 0x30, 0x31, 0x4D, 0x3C, 0xE2, 0x82, 0xAC, 0xFF, 0x41, 0x0D]
        for _ in 0..<2000 {
            let count = Int.random(in: 1...12, using: &generator)
            let chunk = (0..<count).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            _ = parser.feed(chunk)
        }
        _ = parser.feed(Array("\u{1B}[201~".utf8))
        _ = parser.flush()
        XCTAssertFalse(parser.hasPending)
        XCTAssertEqual(parser.feed(Array("ok".utf8)), [.character("o"), .character("k")])
    }
}
