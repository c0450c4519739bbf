import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

final class ChannelListPaneTests: XCTestCase {
    let strings = UIStrings(.english)

    private func draw(_ rows: [ChannelRow], selected: Int = 0, width: Int = 30, height: Int = 10, text: OutsideText = .unfiltered) -> (Canvas, Region, ChannelListPane.Report) {
        var canvas = CanvasCheck.sentinel(Size(width: width + 4, height: height + 2))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 2, width: width, height: height))
        let pane = ChannelListPane(rows: .loaded(rows), selected: selected, focused: true, banner: nil, strings: strings, text: text)
        let report = pane.draw(on: &canvas, in: region)
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        return (canvas, region, report)
    }

    func testBadgesShowTenPlusANumberNothingOrError() {
        let (canvas, region, _) = draw([
            Fixtures.row("busy", badge: .tenPlus), Fixtures.row("some", badge: .count(3)),
            Fixtures.row("quiet", badge: .hidden), Fixtures.row("broken", badge: .error),
        ])
        let lines = CanvasCheck.lines(canvas, region)
        XCTAssertTrue(lines[1].hasSuffix(" 10+"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix(" 3"), lines[2])
        XCTAssertEqual(lines[3], "  quiet", "no badge at 0")
        XCTAssertTrue(lines[4].hasSuffix(" Error"), lines[4])
    }

    func testCurrentRegionTagOnlyOnThePinnedRowInTheAccent() {
        let (canvas, region, _) = draw([Fixtures.row("마포구", badge: .count(2), region: true), Fixtures.row("lobby", badge: .hidden)], selected: 1)
        let lines = CanvasCheck.lines(canvas, region)
        XCTAssertTrue(lines[1].contains("마포구 current region"), lines[1])
        XCTAssertFalse(lines[2].contains("current region"))
        let tagColumn = region.frame.column + 2 + 7  // "마포구" is 6 columns, then a space
        XCTAssertEqual(canvas[region.frame.row + 1, tagColumn].glyph.text, "c")
        XCTAssertEqual(canvas[region.frame.row + 1, tagColumn].style.foreground, .role(.accent))
    }

    func testKoreanAndEmojiNamesAreTruncatedByDisplayWidthBesideTheBadge() {
        let (canvas, region, _) = draw([Fixtures.row("떡볶이를 사랑하는 사람들의 아주 긴 채널 🍢🍢", badge: .tenPlus)], width: 24)
        let line = CanvasCheck.lines(canvas, region)[1]
        XCTAssertTrue(line.contains("…"), line)
        XCTAssertTrue(line.hasSuffix(" 10+"), line)
        XCTAssertEqual(DisplayWidth.of(line), 22, "the badge ends two columns from the edge: its padding and one free column")
    }

    func testHostileChannelNamesAreInert() {
        _ = draw(HostileText.samples.map { Fixtures.row($0, badge: .count(1)) }, width: 40, height: 12)
    }

    func testRowsStillLoadingTheirCountAreReported() {
        let (_, _, report) = draw([Fixtures.row("a", badge: .loading), Fixtures.row("b", badge: .count(1))])
        XCTAssertEqual(report.loadingBadges, [ChannelID("a")])
    }

    func testTheSelectionStaysInViewInALongList() {
        let rows = (0..<30).map { Fixtures.row(String(format: "channel-%02d", $0), badge: .hidden) }
        let (canvas, region, _) = draw(rows, selected: 25, height: 6)
        XCTAssertTrue(CanvasCheck.lines(canvas, region).contains("▸ channel-25"))
    }

    func testTheWordFilterMasksNames() {
        let text = OutsideText(filter: WordFilter(words: ["badword"]))
        let (canvas, region, _) = draw([Fixtures.row("a badword here", badge: .hidden)], text: text)
        XCTAssertEqual(CanvasCheck.lines(canvas, region)[1], "▸ a ******* here")
    }
}
