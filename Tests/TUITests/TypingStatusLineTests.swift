import ChatCore
import TUI
import XCTest

/// "Alice is typing…" on the status line of an open chat, in English and Korean: at most three
/// names, the rest counted, every name inert.
final class TypingStatusLineTests: XCTestCase {
    private let text = OutsideText.unfiltered

    func testEnglishNamesUpToThreeAndCountsTheRest() {
        let strings = UIStrings(.english)
        XCTAssertNil(strings.typing(.nobody, text))
        XCTAssertEqual(strings.typing(Typists(names: ["Alice"], total: 1), text), "Alice is typing…")
        XCTAssertEqual(strings.typing(Typists(names: ["Alice", "Bob"], total: 2), text), "Alice and Bob are typing…")
        XCTAssertEqual(strings.typing(Typists(names: ["Alice", "Bob", "Carol"], total: 3), text), "Alice, Bob and Carol are typing…")
        XCTAssertEqual(strings.typing(Typists(names: ["Alice", "Bob", "Carol", "Dan"], total: 4), text), "Alice, Bob, Carol and 1 other are typing…")
        XCTAssertEqual(strings.typing(Typists(names: ["Alice", "Bob", "Carol"], total: 10_000), text), "Alice, Bob, Carol and 9997 others are typing…")
        XCTAssertEqual(strings.typing(Typists(names: [], total: 2), text), "2 people are typing…")
    }

    func testKorean() {
        let strings = UIStrings(.korean)
        XCTAssertEqual(strings.typing(Typists(names: ["민아"], total: 1), text), "민아 님이 입력 중…")
        XCTAssertEqual(strings.typing(Typists(names: ["민아", "준"], total: 2), text), "민아, 준 님이 입력 중…")
        XCTAssertEqual(strings.typing(Typists(names: ["민아", "준", "Bob"], total: 5), text), "민아, 준, Bob 외 2명이 입력 중…")
    }

    func testTheStatusLineShowsTypistsInertBeforeTheHints() {
        let strings = UIStrings(.english)
        var pane = StatusLinePane(viewerName: "Mina", connection: .online, notice: nil, hint: "hint", strings: strings, text: text)
        pane.typing = strings.typing(Typists(names: ["\u{1B}]0;pwned\u{07}Eve", "\u{202E}evil"], total: 2), text)
        var canvas = Canvas(size: Size(width: 90, height: 1))
        pane.draw(on: &canvas, in: canvas.bounds)
        XCTAssertTrue(canvas.lines[0].hasPrefix(" Mina · online · "), canvas.lines[0])
        XCTAssertTrue(canvas.lines[0].contains("are typing… · hint"), canvas.lines[0])
        XCTAssertFalse(canvas.lines[0].unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, canvas.lines[0])
    }
}
