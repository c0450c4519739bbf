import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// The chat pane marks who sent an end-to-end encrypted message (issue 18): nothing for a
/// verified device or an unencrypted message, a muted `?` after the nickname for a device never
/// verified, a visible warning when its keys changed since it was verified; an undecryptable
/// message says why. All within the pane, through the sanitiser.
final class ChatTrustPaneTests: XCTestCase {
    private func draw(_ messages: [Message], width: Int = 60, language: Language = .english) -> (Canvas, Region, [String]) {
        CanvasCheck.chat(messages, title: "secret", width: width, height: 12, language: language)
    }

    private func message(_ text: String, _ trust: SenderTrust?, minute: Int) -> Message {
        var message = Fixtures.message(text, nickname: "Joon", at: Fixtures.date(day: 2, hour: 9, minute: minute))
        message.senderTrust = trust
        return message
    }

    func testUnverifiedIsMarkedSubtlyAndChangedKeysVisibly() throws {
        let (canvas, region, shown) = draw([message("plain room", nil, minute: 1), message("from a verified device", .verified, minute: 2),
                                            message("from an unverified device", .unverified, minute: 3),
                                            message("after the keys changed", .changed, minute: 4)])
        let text = shown.joined(separator: "\n")
        XCTAssertTrue(shown.contains { $0.contains("Joon  plain room") }, text)
        XCTAssertTrue(shown.contains { $0.contains("Joon  from a verified device") }, text)
        let unverified = try XCTUnwrap(shown.firstIndex { $0.contains("Joon?  from an unverified device") }, text)
        let mark = region.frame.column + shown[unverified].distance(from: shown[unverified].startIndex, to: shown[unverified].firstIndex(of: "?")!)
        XCTAssertEqual(canvas[region.frame.row + unverified, mark].style.foreground, Style(.muted).foreground, "the ? is muted")
        XCTAssertTrue(shown.contains { $0.contains("Joon (!) keys changed  after the keys changed") }, text)
        let korean = draw([message("키가 바뀜", .changed, minute: 5)], language: .korean).2
        XCTAssertTrue(korean.contains { $0.contains("(!) 키 변경됨") }, korean.joined(separator: "\n"))
    }

    func testAnUndecryptableMessageSaysWhy() throws {
        var withheld = Fixtures.message("", at: Fixtures.date(day: 2, hour: 9, minute: 1))
        withheld.content = .encrypted(reason: "the sender withheld the key (m.unverified: \u{1B}]0;owned\u{07}not verified)")
        let shown = draw([withheld], width: 140).2.joined(separator: " ")
        XCTAssertTrue(shown.contains("encrypted message — cannot be read on this device"), shown)
        XCTAssertTrue(shown.contains("withheld the key"), shown)
        XCTAssertFalse(shown.contains("\u{1B}"), "a reason quoting the sender's words is made inert")
    }
}
