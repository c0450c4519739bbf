import XCTest
import ChatCore

final class InertTextTests: XCTestCase {
    /// True when no scalar of `text` is one a terminal would act on.
    func assertInert(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            XCTAssertFalse(value < 0x20 || (0x7F...0x9F).contains(value), "control U+\(String(value, radix: 16)) left in \(text.debugDescription)", file: file, line: line)
            XCTAssertNil(InertText.replacement(for: scalar), "unsafe U+\(String(value, radix: 16)) left", file: file, line: line)
        }
    }

    func testEveryC0ControlBecomesCaretNotation() {
        XCTAssertEqual(InertText.sanitize("a\u{0}b"), "a^@b")
        XCTAssertEqual(InertText.sanitize("\u{7}"), "^G")
        XCTAssertEqual(InertText.sanitize("\u{1B}"), "^[")
        XCTAssertEqual(InertText.sanitize("\u{1F}"), "^_")
        for value in UInt8(0)...0x1F where value != 0x09 && value != 0x0A && value != 0x0D {
            let shown = InertText.sanitize(String(UnicodeScalar(value)))
            XCTAssertEqual(shown, "^" + String(UnicodeScalar(value + 0x40)))
            assertInert(shown)
        }
    }

    func testDeleteAndC1ControlsAreVisible() {
        XCTAssertEqual(InertText.sanitize("\u{7F}"), "^?")
        XCTAssertEqual(InertText.sanitize("\u{9B}31m"), "^[[31m", "C1 CSI shows as its 7-bit form")
        XCTAssertEqual(InertText.sanitize("\u{85}"), "^[E", "NEL is a C1 control, not a line break")
        for value in UInt32(0x80)...0x9F {
            assertInert(InertText.sanitize(String(UnicodeScalar(value)!)))
        }
    }

    func testEscapeSequencesAreShownNotEmitted() {
        XCTAssertEqual(InertText.sanitize("\u{1B}[2J\u{1B}[31mred"), "^[[2J^[[31mred")
        XCTAssertEqual(InertText.sanitize("\u{1B}]0;pwned\u{7}"), "^[]0;pwned^G", "OSC title set")
        XCTAssertEqual(InertText.sanitize("\u{1B}]52;c;ZXZpbA==\u{1B}\\"), "^[]52;c;ZXZpbA==^[\\", "OSC 52 clipboard")
        XCTAssertEqual(InertText.sanitize("\u{1B}P+q544e\u{1B}\\"), "^[P+q544e^[\\", "DCS")
        XCTAssertEqual(InertText.sanitize("\u{90}q\u{9C}"), "^[Pq^[\\", "8-bit DCS … ST")
    }

    func testBidiControlsBecomeNamedMarkers() {
        XCTAssertEqual(InertText.sanitize("abc\u{202E}fdp.exe"), "abc<RLO>fdp.exe")
        let all: [(UInt32, String)] = [
            (0x202A, "<LRE>"), (0x202B, "<RLE>"), (0x202C, "<PDF>"), (0x202D, "<LRO>"), (0x202E, "<RLO>"),
            (0x2066, "<LRI>"), (0x2067, "<RLI>"), (0x2068, "<FSI>"), (0x2069, "<PDI>"),
            (0x200E, "<LRM>"), (0x200F, "<RLM>"), (0x061C, "<ALM>"),
        ]
        for (value, marker) in all {
            XCTAssertEqual(InertText.sanitize(String(UnicodeScalar(value)!)), marker)
        }
    }

    func testLineBreaksAndTabsFollowTheLayout() {
        XCTAssertEqual(InertText.sanitize("a\nb\r\nc\rd\u{2028}e", layout: .singleLine), "a⏎b⏎c⏎d⏎e")
        XCTAssertEqual(InertText.sanitize("a\tb", layout: .singleLine), "a⇥b")
        XCTAssertEqual(InertText.sanitize("a\nb\r\nc\rd\u{2029}e", layout: .multiLine), "a\nb\nc\nd\ne")
        XCTAssertEqual(InertText.sanitize("a\tb", layout: .multiLine), "a    b")
        XCTAssertEqual(InertText.lines("one\n\u{1B}[1mtwo\n"), ["one", "^[[1mtwo", ""])
        XCTAssertEqual(InertText.lines(""), [""])
    }

    func testNoncharactersAndInvalidUTF8AreReplaced() {
        var text = "a"
        for value: UInt32 in [0xFFFF, 0xFDD0, 0x10FFFE] { text.unicodeScalars.append(UnicodeScalar(value)!) }
        XCTAssertEqual(InertText.sanitize(text), "a\u{FFFD}\u{FFFD}\u{FFFD}")
        XCTAssertEqual(InertText.decode([0x61, 0xFF, 0xC3, 0x28, 0x1B, 0x62]), "a\u{FFFD}\u{FFFD}(^[b")
    }

    func testSafeTextIsUnchangedAndSanitisingIsIdempotent() {
        let safe = "안녕하세요 👨‍👩‍👧 e\u{301} 中文 ^[ <RLO>"
        XCTAssertEqual(InertText.sanitize(safe), safe)
        XCTAssertTrue(InertText.isInert(safe))
        let hostile = "\u{1B}]0;x\u{7}\u{9B}\u{202E}\n\t\u{0}"
        for layout in [InertText.Layout.singleLine, .multiLine] {
            let once = InertText.sanitize(hostile, layout: layout)
            XCTAssertEqual(InertText.sanitize(once, layout: layout), once)
        }
    }

    func testPiecesSeparateMarkersFromText() {
        XCTAssertEqual(InertText.pieces("hi\u{1B}[0m there"), [.text("hi"), .marker("^["), .text("[0m there")])
        XCTAssertEqual(InertText.pieces("plain"), [.text("plain")])
    }

    func testEveryScalarUpToU2FFFAndRandomBytesComeOutInert() {
        var everything = ""
        for value in UInt32(0)...0x2FFF { if let scalar = UnicodeScalar(value) { everything.unicodeScalars.append(scalar) } }
        assertInert(InertText.sanitize(everything))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
            assertInert(InertText.decode(bytes))
        }
    }
}
