import Foundation
import XCTest
@testable import Matrix

/// The cache's power levels are decoded once per distinct text, and whatever a hostile server put
/// in `m.room.power_levels` fails safely: no crash, no levels (the server still decides), and the
/// memo never grows past its byte limit.
final class PowerLevelsMemoTests: XCTestCase {
    func testTheSameTextGivesTheSameLevels() throws {
        let text = Data(#"{"users":{"@mod:x":50,"@memo-\#(UUID().uuidString):x":100},"events":{"m.room.message":10},"users_default":0}"#.utf8)
        let first = try XCTUnwrap(PowerLevelsMemo.content(of: text))
        XCTAssertEqual(PowerLevelsMemo.content(of: text), first)
        XCTAssertTrue(first.canRedactOthers("@mod:x"))
        XCTAssertFalse(first.canSendMessages("@someone:x"))
    }

    func testWrongTypesHugeNumbersAndDeepNestingGiveNoLevels() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let hostile = [
            #"{"users":{"@a:x":"100"}}"#,
            #"{"users":["@a:x"]}"#,
            #"{"users_default":1e400}"#,
            #"{"users":{"@a:x":99999999999999999999999999}}"#,
            #"{"events_default":1.5}"#,
            #"{"users":{"@a:x":100},"events":\#(deep)}"#,
            #"{"users":"#,
            #"[]"#,
        ]
        for text in hostile {
            XCTAssertNil(PowerLevelsMemo.content(of: Data(text.utf8)), String(text.prefix(80)))
            // Asked again, the remembered answer is the same.
            XCTAssertNil(PowerLevelsMemo.content(of: Data(text.utf8)), String(text.prefix(80)))
        }
    }

    func testTheMemoStaysWithinItsByteLimit() {
        let padding = String(repeating: "x", count: 60_000)
        for index in 0..<40 {
            let text = Data(#"{"users":{"@\#(padding)\#(index):x":100}}"#.utf8)
            XCTAssertNotNil(PowerLevelsMemo.content(of: text))
        }
        XCTAssertLessThanOrEqual(PowerLevelsMemo.count * 60_000, PowerLevelsMemo.byteLimit, "the memo started again when full")
        let huge = Data(#"{"users":{"@\#(String(repeating: "y", count: PowerLevelsMemo.byteLimit)):x":100}}"#.utf8)
        XCTAssertNotNil(PowerLevelsMemo.content(of: huge), "a text over the limit is still read, just not kept")
        XCTAssertLessThanOrEqual(PowerLevelsMemo.count, 17)
    }
}
