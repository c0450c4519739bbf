import ChatCore
import Foundation
import XCTest
@testable import ViewModels

/// The throttle of the viewer's typing notices: one start when text appears, a renewal at most
/// every `TypingNotice.renewAfter` while keys keep coming, a stop when the input empties or the
/// keys stop for `TypingNotice.idleAfter` — never a notice per keystroke.
final class TypingSignalTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_000_000)

    private func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    func testKeystrokesSendOneStartThenRenewalsThenAStopOnSend() {
        var signal = TypingSignal()
        var sent: [Bool] = []
        var text = ""
        // A key every 0.2 s for 50 s: 250 keystrokes.
        for step in 0..<250 {
            text += "a"
            if let notice = signal.input(text, now: at(Double(step) * 0.2)) { sent.append(notice) }
        }
        XCTAssertEqual(sent, [true, true, true], "a start, then a renewal at 20 s and at 40 s")
        XCTAssertEqual(signal.input("", now: at(50)), false, "sending empties the input: a stop")
        XCTAssertNil(signal.input("", now: at(51)), "nothing more while idle")
    }

    func testASlashCommandOrBlanksAreNotTyping() {
        var signal = TypingSignal()
        XCTAssertNil(signal.input("/jo", now: at(0)))
        XCTAssertNil(signal.input("   ", now: at(1)))
        XCTAssertEqual(signal.input("hi", now: at(2)), true)
        XCTAssertEqual(signal.input("/me", now: at(3)), false, "a message turned into a command stops")
    }

    func testKeysStoppingEndTheNoticeAfterTheIdleTime() {
        var signal = TypingSignal()
        XCTAssertNil(signal.idleDeadline)
        XCTAssertEqual(signal.input("h", now: at(0)), true)
        XCTAssertNil(signal.input("he", now: at(3)))
        XCTAssertNil(signal.input("he", now: at(5)), "a key that changed nothing (a scroll)")
        XCTAssertEqual(signal.idleDeadline, at(3 + TypingNotice.idleAfter), "each key pushes the deadline on")
        XCTAssertNil(signal.stop(ifIdleAt: at(3 + TypingNotice.idleAfter - 0.5)), "not idle yet")
        XCTAssertEqual(signal.stop(ifIdleAt: at(3 + TypingNotice.idleAfter)), false)
        XCTAssertNil(signal.idleDeadline)
        XCTAssertEqual(signal.input("hel", now: at(20)), true, "typing again starts again")
        XCTAssertEqual(signal.stop(), false, "leaving the chat stops at once")
        XCTAssertNil(signal.stop(), "and only once")
    }
}
