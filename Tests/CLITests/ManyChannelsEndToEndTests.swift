import ChatCore
import Foundation
import TestSupport
import XCTest

/// Issue 14, finding 11: `tteok channels` on a community with a million channels took 65 s and
/// 3.2 GB: it loaded, sorted and counted every channel before printing one. It now streams the
/// list a page at a time. Here 200,000 channels (made in one transaction) and the real binary.
final class ManyChannelsEndToEndTests: XCTestCase {
    private static let count = 200_000
    private var directory: TemporaryDirectory!
    private var store: String { directory.file("community.sqlite").path }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "many-channels")
    }

    override func tearDown() {
        directory = nil
    }

    func testChannelsStreamsTwoHundredThousandChannelsInOrderWithBoundedMemory() throws {
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--store", store])
        let demo = try mina.run(["channels"])
        XCTAssertEqual(demo.status, 0, "creates the community file: \(demo)")
        let started = Date()
        try StoreTampering(path: store).insertChannels(0..<Self.count, name: { $0.isMultiple(of: 2) ? "동네 \($0)" : "Chat-\($0)" },
                                                       columns: [("sort_key", NameOrder.sortKey)])
        print("FIGURE made \(Self.count) channels in \(Int(Date().timeIntervalSince(started) * 1000)) ms")

        for arguments in [["channels", "--region", "마포구"], ["channels", "--region", "마포구", "--json"]] {
            let begun = Date()
            let (result, peak) = try PeakMemory.run(mina.binary, mina.backendArguments + arguments, environment: mina.environment, timeout: 300)
            print("FIGURE tteok \(arguments.joined(separator: " ")) with \(Self.count) channels: \(Int(Date().timeIntervalSince(begun) * 1000)) ms, peak RSS \(peak / 1024) MB")
            XCTAssertEqual(result.status, 0, String(result.stderr.prefix(500)))
            XCTAssertGreaterThan(peak, 0)
            XCTAssertLessThan(peak, 100 * 1024, "\(arguments): peak resident memory \(peak) KB")
            let names: [String]
            if arguments.contains("--json") {
                let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
                XCTAssertEqual(rows.first?["currentRegion"] as? Bool, true)
                names = rows.compactMap { $0["name"] as? String }
            } else {
                names = result.lines.map { $0.components(separatedBy: "  ")[0] }
                XCTAssertEqual(result.lines.first, "마포구  (current region)")
            }
            XCTAssertEqual(names.count, Self.count + demo.lines.count, "every channel, the demo community's too")
            XCTAssertEqual(names.first, "마포구", "the region pinned first")
            let rest = Array(names.dropFirst())
            XCTAssertTrue(zip(rest, rest.dropFirst()).allSatisfy { NameOrder.compare($0, $1) < 0 }, "then by name")
            XCTAssertEqual(rest.prefix(3), ["Chat-1", "Chat-3", "Chat-5"])
        }
    }
}
