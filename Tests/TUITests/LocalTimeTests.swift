import Foundation
import TUI
import XCTest

/// LocalTime replaced `Calendar.current` in the transcript (ICU's time-zone and calendar data
/// were megabytes of resident memory); these pin its figures and padding.
final class LocalTimeTests: XCTestCase {
    func testFixedZoneGivesTheWallClock() {
        // 2026-12-02 23:59:30 UTC is 2026-12-03 08:59 in Seoul (UTC+9).
        let date = Date(timeIntervalSince1970: 1_796_255_970)
        let utc = LocalTime(date, zone: .fixed(secondsEastOfUTC: 0))
        XCTAssertEqual([utc.dateText, utc.timeText], ["2026-12-02", "23:59"])
        let seoul = LocalTime(date, zone: .fixed(secondsEastOfUTC: 9 * 3600))
        XCTAssertEqual([seoul.dateText, seoul.timeText], ["2026-12-03", "08:59"])
        XCTAssertNotEqual(utc.dayNumber, seoul.dayNumber)
    }

    func testSmallFiguresArePadded() {
        let date = Date(timeIntervalSince1970: 3_600 + 5 * 60)  // 1970-01-01 01:05 UTC
        let time = LocalTime(date, zone: .fixed(secondsEastOfUTC: 0))
        XCTAssertEqual([time.dateText, time.timeText], ["1970-01-01", "01:05"])
    }

    func testSystemZoneAgreesWithTheCLibrary() {
        let date = Date(timeIntervalSince1970: 1_796_255_970)
        var seconds = time_t(1_796_255_970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        XCTAssertEqual(LocalTime(date).hour, Int(parts.tm_hour))
        XCTAssertEqual(LocalTime(date).day, Int(parts.tm_mday))
    }
}
