import Foundation
import TestSupport
import XCTest

/// Issue 14, finding 11: a 75 MB message put straight into the shared file (as anyone who can
/// write it could) made `tteok read` take 14 s and 325 MB. Reading now takes at most 64 KiB of a
/// body and says how much more there is.
final class HugeMessageEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var store: String { directory.file("community.sqlite").path }
    /// 25 million three-byte Hangul syllables: the 64 KiB cut falls inside one.
    private static let hugeBody = String(repeating: "가", count: 25_000_000)
    private static let hugeBytes = 75_000_000
    /// 64 KiB less the two bytes of the split syllable.
    private static let keptBytes = 65_535

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "huge-message")
    }

    override func tearDown() {
        directory = nil
    }

    private func member(_ name: String) throws -> TteokUser {
        try TteokUser.signedUpMember(name, in: directory, store: store)
    }

    private func read(_ person: TteokUser, _ arguments: [String], line: UInt = #line) throws -> ProcessResult {
        let started = Date()
        let (result, peak) = try PeakMemory.run(person.binary, person.backendArguments + arguments, environment: person.environment, timeout: 30)
        print("FIGURE tteok \(arguments.joined(separator: " ")) with a 75 MB message: \(Int(Date().timeIntervalSince(started) * 1000)) ms, peak RSS \(peak / 1024) MB")
        XCTAssertEqual(result.status, 0, "\(result)", line: line)
        XCTAssertGreaterThan(peak, 0, result.stderr, line: line)
        XCTAssertLessThan(peak, 100 * 1024, "peak resident memory \(peak) KB", line: line)
        return result
    }

    func testReadShowsTheFirst64KiBOfA75MBMessageWithTheRestCounted() throws {
        let mallory = try member("mallory")
        XCTAssertEqual(try mallory.run(["post", "lobby", "before"]).status, 0)
        try StoreTampering(path: store).insertMessage(in: "lobby", from: "mallory@example.com", body: Self.hugeBody)
        XCTAssertEqual(try mallory.run(["post", "lobby", "after"]).status, 0)
        let reader = try member("mina")

        let json = try read(reader, ["read", "lobby", "--json"])
        let messages = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(messages.suffix(3).compactMap { $0["text"] as? String }.map(\.count), [6, Self.keptBytes / 3, 5])
        let huge = messages[messages.count - 2]
        XCTAssertEqual(huge["text"] as? String, String(repeating: "가", count: Self.keptBytes / 3))
        XCTAssertEqual(huge["truncatedBytes"] as? Int, Self.hugeBytes - Self.keptBytes)
        XCTAssertNil(messages.last?["truncatedBytes"], "a whole message has no truncatedBytes")

        let text = try read(reader, ["read", "lobby"])
        let kilobytes = (Self.hugeBytes - Self.keptBytes + 1023) / 1024
        XCTAssertTrue(text.stdout.contains("가가 [… \(kilobytes) KB more]\n"), String(text.stdout.suffix(300)))
        XCTAssertLessThan(text.stdout.utf8.count, 100_000)
    }
}
