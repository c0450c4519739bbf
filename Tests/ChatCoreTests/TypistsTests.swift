import ChatCore
import Foundation
import XCTest

/// Who is typing is bounded whatever a server or peer claims: three names of forty characters at
/// most, the rest a count — from the initialiser and from a service's frame alike.
final class TypistsTests: XCTestCase {
    func testAFloodKeepsThreeShortNamesAndCountsTheRest() {
        let huge = String(repeating: "가", count: 1_000_000)
        let typists = Typists(names: [huge] + (1...9_999).map { "user\($0)" }, total: 10_000)
        XCTAssertEqual(typists.names.count, Typists.namedAtMost)
        XCTAssertEqual(typists.names[0].count, Typists.nameLength)
        XCTAssertEqual(typists.names[1], "user1")
        XCTAssertEqual(typists.others, 9_997)
    }

    func testATotalBelowTheNamesNeverCountsNegative() {
        let typists = Typists(names: ["a", "b"], total: 0)
        XCTAssertEqual(typists.names, ["a", "b"])
        XCTAssertEqual(typists.others, 0)
        XCTAssertTrue(Typists.nobody.isEmpty)
        XCTAssertFalse(typists.isEmpty)
    }

    /// A hostile service's frame: ten thousand long names and an absurd count.
    func testAHostileFrameIsCutDownWhenDecoded() throws {
        let long = String(repeating: "x", count: 1_000)  // 10 MB a frame: under the 16 MiB limit
        let names = (0..<10_000).map { "\"\(long)\($0)\"" }.joined(separator: ",")
        for others in ["-5", "9223372036854775807", "12"] {
            let json = #"{"names":[\#(names)],"others":\#(others)}"#
            let typists = try JSONDecoder().decode(Typists.self, from: Data(json.utf8))
            XCTAssertEqual(typists.names.count, 3, others)
            XCTAssertTrue(typists.names.allSatisfy { $0.count == Typists.nameLength }, others)
            XCTAssertLessThanOrEqual(typists.others, Int(Int32.max), others)
            XCTAssertGreaterThanOrEqual(typists.others, 0, others)
        }
        let round = try JSONDecoder().decode(Typists.self, from: JSONEncoder().encode(Typists(names: ["민아", "Bob"], total: 7)))
        XCTAssertEqual(round, Typists(names: ["민아", "Bob"], total: 7))
    }

    func testTheConfigTurnsSendingOff() {
        XCTAssertTrue(UserConfig(parsing: "").daily.sendsTyping)
        XCTAssertFalse(UserConfig(parsing: "typing = off\n").daily.sendsTyping)
        XCTAssertTrue(UserConfig(parsing: "typing = off\ntyping = on\n").daily.sendsTyping)
        XCTAssertFalse(UserConfig(parsing: "typing = off\ntyping = maybe\n").daily.sendsTyping, "an unknown value keeps the setting")
    }
}
