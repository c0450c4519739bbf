import ChatCore
import CommunityClient
import CommunityProtocol
import Foundation
import Glibc
import TestSupport
import XCTest

/// Clients that send what no tteok sends, or stop reading: each is answered with a clear error
/// or dropped, and never holds up anyone else.
final class HostileClientTests: XCTestCase {
    func testAFourGigabyteFrameIsRefusedAndTheServiceGoesOn() async throws {
        let harness = try ServiceHarness()
        let raw = try harness.rawConnection()
        defer { close(raw.descriptor) }
        XCTAssertTrue(raw.write(Data([0xFF, 0xFF, 0xFF, 0xFF])))
        let answer = try XCTUnwrap(raw.read(ServerFrame.self))
        guard case .response(_, .failure(let error)) = answer.body else { return XCTFail("\(answer)") }
        XCTAssertTrue(error.message.contains("over the limit"), error.message)
        XCTAssertNil(try raw.readPayload(), "the connection ends after a bad frame")
        let alice = try await harness.member("alice")
        let viewer = await alice.viewer()
        XCTAssertEqual(viewer.account?.nickname, "alice")
    }

    func testGarbageAndAnotherVersionGetClearErrors() throws {
        let harness = try ServiceHarness()
        for (payload, expected) in [("{not json", "malformed"), (#"{"v":99,"id":1,"request":{"viewer":{}}}"#, "wire version 99")] {
            let raw = try harness.rawConnection()
            defer { close(raw.descriptor) }
            var length = UInt32(payload.utf8.count).bigEndian
            var frame = Data(bytes: &length, count: 4)
            frame.append(Data(payload.utf8))
            XCTAssertTrue(raw.write(frame))
            let answer = try XCTUnwrap(raw.read(ServerFrame.self))
            guard case .response(_, .failure(let error)) = answer.body else { return XCTFail("\(answer)") }
            XCTAssertTrue(error.message.contains(expected), error.message)
        }
    }

    func testARequestFloodIsToldToSlowDown() throws {
        let harness = try ServiceHarness()
        let raw = try harness.rawConnection()
        defer { close(raw.descriptor) }
        var limited = 0
        for id in 1...1_000 {
            XCTAssertTrue(raw.write(try FrameCodec.encode(ClientFrame(id: UInt64(id), request: .viewer))))
            guard case .response(_, let response)? = try raw.read(ServerFrame.self)?.body else { return XCTFail("no answer") }
            if case .failure(.rateLimited) = response { limited += 1 }
        }
        XCTAssertGreaterThan(limited, 0, "1000 requests at once were all served")
    }

    /// One subscriber stops reading while another member posts large messages: the poster's
    /// posts stay fast (p99 ≤ 100 ms) and the stuck client is dropped once its queue is full.
    func testAClientThatStopsReadingHoldsUpNobodyAndIsDropped() async throws {
        let harness = try ServiceHarness()
        let stuck = try harness.rawConnection()
        defer { close(stuck.descriptor) }
        XCTAssertTrue(stuck.write(try FrameCodec.encode(ClientFrame(id: 1, request: .subscribe))))
        XCTAssertTrue(waitUntil { harness.service.connectionCount == 1 })
        let poster = try await harness.member("poster")
        let lobby = try await poster.channel(named: "마포구").id
        let text = String(repeating: "떡", count: 5_000)
        var durations: [Double] = []
        for index in 0..<2_000 where harness.service.connectionCount > 1 {
            let start = Date()
            _ = try await poster.send("\(index) \(text)", to: lobby)
            durations.append(Date().timeIntervalSince(start))
        }
        XCTAssertEqual(harness.service.connectionCount, 1, "the stuck client was not dropped after 2000 large posts")
        let p99 = durations.sorted()[durations.count * 99 / 100]
        XCTAssertLessThanOrEqual(p99, 0.1, "p99 of a post while a peer is stuck: \(Int(p99 * 1000)) ms")
        print("stuck-peer posts: \(durations.count), p99 \(String(format: "%.1f", p99 * 1000)) ms")
    }
}
