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

    /// The stored sort key orders names byte by byte (SQLite's BINARY collation) exactly as
    /// `compare` does: case, numbers of any length, leading zeros, Hangul, digits against
    /// punctuation on either side of them.
    func testSortKeyBytesOrderAsCompareDoes() {
        let parts = ["", "a", "A", "b", "chat", "Chat-", "-", "/", ":", "0", "00", "007", "7", "9", "10", "099",
                     "123456789012", "2", "동네", "강남구", "é", "Z", " ", "_", "😀"]
        var generator = SystemRandomNumberGenerator()
        var names = parts
        for _ in 0..<3_000 {
            names.append((0..<Int.random(in: 1...4, using: &generator)).map { _ in parts.randomElement(using: &generator)! }.joined())
        }
        for (index, lhs) in names.enumerated() {
            for rhs in names[index...].prefix(40) {
                let expected = NameOrder.compare(lhs, rhs).signum()
                let keys = (Array(NameOrder.sortKey(lhs).utf8), Array(NameOrder.sortKey(rhs).utf8))
                let actual = keys.0 == keys.1 ? 0 : keys.0.lexicographicallyPrecedes(keys.1) ? -1 : 1
                XCTAssertEqual(actual, expected, "\(lhs.debugDescription) vs \(rhs.debugDescription)")
            }
        }
        XCTAssertEqual(NameOrder.sortKey("Chat-9"), "chat-019")
        XCTAssertEqual(NameOrder.sortKey("chat-10"), "chat-0210")
    }
}
