import ChatCore
import XCTest

/// A body read in part is cut back to a whole scalar, and the rest is counted exactly.
final class ReadingCapTests: XCTestCase {
    func testACutNeverSplitsAScalarAndCountsWhatIsLeftOut() {
        for (unit, size) in [("a", 1), ("é", 2), ("가", 3), ("🍢", 4)] {
            let body = String(repeating: unit, count: ReadingCap.bytes / size + 5)
            let total = body.utf8.count
            for cut in (ReadingCap.bytes - 4)...ReadingCap.bytes {
                let result = ReadingCap.text(from: Array(body.utf8.prefix(cut)), totalBytes: total)
                let kept = cut / size * size
                XCTAssertEqual(result.text, String(repeating: unit, count: cut / size), "\(unit) cut at \(cut)")
                XCTAssertEqual(result.omittedBytes, total - kept, "\(unit) cut at \(cut)")
            }
        }
    }

    func testAWholeBodyIsKeptAsIs() {
        XCTAssertEqual(ReadingCap.text(from: Array("떡볶이".utf8), totalBytes: 9).text, "떡볶이")
        XCTAssertEqual(ReadingCap.text(from: Array("떡볶이".utf8), totalBytes: 9).omittedBytes, 0)
        XCTAssertEqual(ReadingCap.text("짧은 글").omittedBytes, 0)
        let long = String(repeating: "가", count: 30_000)
        XCTAssertEqual(ReadingCap.text(long).text.count, ReadingCap.bytes / 3)
        XCTAssertEqual(ReadingCap.text(long).omittedBytes, 90_000 - ReadingCap.bytes / 3 * 3)
        XCTAssertEqual(ReadingCap.kilobytes(1), 1)
        XCTAssertEqual(ReadingCap.kilobytes(2048), 2)
    }
}
