import ChatCore
import Foundation
import TUI
import XCTest

/// Times in lists, the configured time format, numbered links and `/open`'s refusals.
final class DailyTextTests: XCTestCase {
    private let seoul = LocalTime.Zone.fixed(secondsEastOfUTC: 9 * 3600)

    func testAMessageFromBeforeTodayShowsItsDateInLists() {
        let now = Date(timeIntervalSince1970: 1_796_397_600)  // 2026-12-05 00:20 in Seoul
        let format = TimeFormat(zone: seoul)
        XCTAssertEqual(format.listLabel(now.addingTimeInterval(-600), now: now), "00:10")
        XCTAssertEqual(format.listLabel(now.addingTimeInterval(-3 * 86_400), now: now), "2026-12-02")
        XCTAssertEqual(format.listLabel(now.addingTimeInterval(-3600), now: now), "2026-12-04", "yesterday late evening")
    }

    func testTheTimeFormatIsConfigurable() {
        let date = Date(timeIntervalSince1970: 1_796_448_000)  // 14:20 in Seoul
        XCTAssertEqual(TimeFormat(zone: seoul).time(date), "14:20")
        XCTAssertEqual(TimeFormat(pattern: "%I:%M %p", zone: seoul).time(date), "02:20 PM")
        XCTAssertEqual(TimeFormat(pattern: "%H:%M:%S", zone: seoul).time(date), "14:20:00")
        XCTAssertEqual(TimeFormat(pattern: "", zone: seoul).time(date), "14:20", "a pattern that gives nothing falls back")
        XCTAssertEqual(TimeFormat(pattern: "\u{1B}[2J%H", zone: seoul).time(date), "^[[2J14", "a pattern's controls are made inert")
    }

    func testLinksAreNumberedNewestFirst() {
        let old = Message(id: MessageID("1"), channelID: ChannelID("c"), senderID: UserID("u"), senderNickname: "u", sentAt: Date(),
                          content: .text("https://a.example and https://b.example"))
        var new = old
        new.content = .text("see https://c.example.")
        XCTAssertEqual(LinkOpener.numbered([old, new]), ["https://c.example", "https://b.example", "https://a.example"])
    }

    func testOpenRefusesAnythingButTheWeb() {
        for url in ["file:///etc/passwd", "javascript:alert(1)", "smb://host/share", "https://a.example/\u{1B}x"] {
            guard case .failure(.notWeb) = LinkOpener.open(url, with: ["/bin/true"]) else { return XCTFail(url) }
        }
        guard case .failure(.noOpener) = LinkOpener.open("https://a.example", with: ["no-such-opener-tteok"], path: "/nonexistent") else {
            return XCTFail("a missing opener is said")
        }
        guard case .success = LinkOpener.open("https://a.example", with: ["/bin/true"]) else { return XCTFail("http opens") }
    }
}
