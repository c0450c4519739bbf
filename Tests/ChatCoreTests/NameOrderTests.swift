import ChatCore
import XCTest

/// NameOrder replaced Foundation's `localizedStandardCompare` (ICU's collator: megabytes of
/// resident memory for one sort); these pin the order the channel list had with it.
final class NameOrderTests: XCTestCase {
    func testDigitsCompareAsNumbers() {
        let names = ["chat-10", "chat-9", "chat-100", "chat-09", "chat-1"]
        XCTAssertEqual(names.sorted(by: NameOrder.ascending), ["chat-1", "chat-9", "chat-09", "chat-10", "chat-100"])
    }

    func testCaseIsIgnoredAndLatinComesBeforeHangul() {
        let names = ["마포구", "Lobby", "help", "강남구", "HELP2", "종로구"]
        XCTAssertEqual(names.sorted(by: NameOrder.ascending), ["help", "HELP2", "Lobby", "강남구", "마포구", "종로구"])
        XCTAssertEqual(NameOrder.compare("Lobby", "lobby"), 0)
    }

    func testPrefixSortsFirstAndHugeNumbersDoNotOverflow() {
        XCTAssertTrue(NameOrder.ascending("room", "room2"))
        XCTAssertFalse(NameOrder.ascending("room2", "room"))
        XCTAssertTrue(NameOrder.ascending("r99999999999999999999998", "r99999999999999999999999"))
        XCTAssertEqual(NameOrder.compare("", ""), 0)
    }
}
