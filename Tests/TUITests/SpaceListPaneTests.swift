import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// Spaces in the drawn channel list (issue 17): a space is a bold `▾` heading, the rooms it
/// groups are indented two columns a level under it, and a chain deeper than the cap stays
/// inside the pane, however narrow.
final class SpaceListPaneTests: XCTestCase {
    private func rows(_ channels: [Channel]) -> [ChannelRow] {
        let (ordered, pinned) = ChannelOrdering.ordered(channels, region: nil)
        let byID = Dictionary(uniqueKeysWithValues: ordered.map { ($0.id, $0) })
        return ordered.map {
            ChannelRow(channel: $0, badge: .hidden, isCurrentRegion: $0.id == pinned, depth: ChannelNesting.depth(of: $0, in: byID))
        }
    }

    private func draw(_ rows: [ChannelRow], width: Int = 30, height: Int = 10) -> (Canvas, Region) {
        var canvas = CanvasCheck.sentinel(Size(width: width + 4, height: height + 2))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 2, width: width, height: height))
        let pane = ChannelListPane(rows: .loaded(rows), selected: rows.count - 1, focused: true, banner: nil, strings: UIStrings(.english), text: .unfiltered)
        pane.draw(on: &canvas, in: region)
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        return (canvas, region)
    }

    private func room(_ name: String, in parent: String? = nil) -> Channel {
        Channel(id: ChannelID(name), name: name, kind: .room(canPost: true), parent: parent.map { ChannelID($0) })
    }

    private func space(_ name: String, in parent: String? = nil) -> Channel {
        Channel(id: ChannelID(name), name: name, kind: .space, parent: parent.map { ChannelID($0) })
    }

    func testASpaceIsABoldHeadingOverItsIndentedRooms() {
        let (canvas, region) = draw(rows([room("alone"), space("떡집"), room("fans", in: "떡집"), space("deep", in: "떡집"), room("inner", in: "deep")]))
        let lines = CanvasCheck.lines(canvas, region)
        XCTAssertEqual(Array(lines[1...5]), ["  alone", "  ▾ 떡집", "    ▾ deep", "      inner", "▸   fans"])
        let heading = canvas[region.frame.row + 2, region.frame.column + 4]
        XCTAssertEqual(heading.glyph.text, "떡")
        XCTAssertTrue(heading.style.attributes.contains(.bold), "the space's name is bold")
        XCTAssertFalse(canvas[region.frame.row + 1, region.frame.column + 2].style.attributes.contains(.bold), "a room's is not")
    }

    func testAChainDeeperThanTheCapIsIndentedAtMostTheCapInsideANarrowPane() {
        let chain = (0..<12).map { space("s\($0)", in: $0 == 0 ? nil : "s\($0 - 1)") }
        let (canvas, region) = draw(rows(chain), width: 10, height: 13)
        let lines = CanvasCheck.lines(canvas, region)
        XCTAssertEqual(lines[2], "    ▾ s1", "one level: two columns")
        XCTAssertEqual(lines[12], "▸    ▾ s…", "past the cap, and in a narrow pane the indent takes at most half the name's room")
    }
}
