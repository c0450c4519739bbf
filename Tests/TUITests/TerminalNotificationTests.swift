import ChatCore
import Foundation
import TUI
import XCTest

/// The bell and the desktop-notification escapes: one dialect per terminal, tmux's passthrough
/// inside tmux, and nothing of a hostile message able to end the sequence early.
final class TerminalNotificationTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testEachTerminalGetsItsOwnEscape() {
        let osc777 = TerminalNotification(dialect: .osc777, insideTmux: false)
        XCTAssertEqual(text(osc777.sequence(title: "Bob in 맛집", body: "@dave; lunch?")), "\u{1B}]777;notify;Bob in 맛집;@dave, lunch?\u{1B}\\")
        let osc9 = TerminalNotification(dialect: .osc9, insideTmux: false)
        XCTAssertEqual(text(osc9.sequence(title: "Bob", body: "hi")), "\u{1B}]9;Bob: hi\u{1B}\\")
        let kitty = TerminalNotification(dialect: .kitty, insideTmux: false)
        XCTAssertEqual(text(kitty.sequence(title: "Bob", body: "hi")),
                       "\u{1B}]99;i=tteok:d=0:e=1;Qm9i\u{1B}\\\u{1B}]99;i=tteok:d=1:p=body:e=1;aGk=\u{1B}\\")
    }

    func testInsideTmuxTheEscapeIsWrappedForPassthrough() {
        let wrapped = text(TerminalNotification(dialect: .osc777, insideTmux: true).sequence(title: "B", body: "x"))
        XCTAssertEqual(wrapped, "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;B;x\u{1B}\u{1B}\\\u{1B}\\")
    }

    func testTheEnvironmentPicksTheDialect() {
        XCTAssertEqual(TerminalNotification(environment: ["KITTY_WINDOW_ID": "1"]).dialect, .kitty)
        XCTAssertEqual(TerminalNotification(environment: ["TERM_PROGRAM": "WezTerm"]).dialect, .osc9)
        XCTAssertEqual(TerminalNotification(environment: ["TMUX": "/tmp/tmux-1/default,1,0", "LC_TERMINAL": "iTerm2"]).dialect, .osc9)
        let foot = TerminalNotification(environment: ["TERM": "foot", "TMUX": "/tmp/x,1,0"])
        XCTAssertEqual(foot.dialect, .osc777)
        XCTAssertTrue(foot.insideTmux)
        XCTAssertFalse(TerminalNotification(environment: ["TMUX": ""]).insideTmux)
    }

    /// A message that carries ST, BEL, a new OSC or bidi controls cannot end the notification
    /// and write to the terminal: every control is dropped before the escape is built.
    func testAHostileMessageCannotEscapeTheNotification() {
        let hostile = "a\u{1B}\\\u{1B}]52;c;aGk=\u{07}b\u{9C}c\u{202E}d\ne" + String(repeating: "x", count: 500)
        for dialect in [TerminalNotification.Dialect.osc777, .osc9, .kitty] {
            for tmux in [false, true] {
                let bytes = TerminalNotification(dialect: dialect, insideTmux: tmux).sequence(title: hostile, body: hostile)
                XCTAssertFalse(bytes.contains(0x07), "\(dialect)")
                XCTAssertFalse(text(bytes).unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
                let escapes = bytes.filter { $0 == 0x1B }.count
                let expected = (dialect == .kitty ? 4 : 2) * (tmux ? 2 : 1) + (tmux ? 2 : 0)
                XCTAssertEqual(escapes, expected, "only the escape's own ESCs, \(dialect) tmux \(tmux)")
                XCTAssertLessThan(bytes.count, 1200, "cut short")
            }
        }
        XCTAssertEqual(TerminalNotification.bell, [0x07])
    }
}
