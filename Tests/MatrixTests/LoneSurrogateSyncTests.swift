import ChatCore
import Foundation
import XCTest
@testable import Matrix

/// Regression: one event whose JSON spelled a lone surrogate (`\ud800`) made Foundation refuse the
/// whole `/sync` answer, so every other room's news in it was lost (and the same batch was asked
/// for again, and refused again). Only the bad string may suffer: it is repaired to U+FFFD.
final class LoneSurrogateSyncTests: XCTestCase {
    /// A sync with two rooms; the first room's first message carries `bad` inside its body.
    private func sync(bad: String) -> String {
        #"""
        {"next_batch":"s2","rooms":{"join":{
          "!a:x":{"timeline":{"events":[
            {"event_id":"$1","type":"m.room.message","sender":"@m:x","origin_server_ts":1,"content":{"msgtype":"m.text","body":"before \#(bad) after"}},
            {"event_id":"$2","type":"m.room.message","sender":"@m:x","origin_server_ts":2,"content":{"msgtype":"m.text","body":"next \ud83d\ude00 \\ud800 ok"}}]}},
          "!b:x":{"timeline":{"events":[
            {"event_id":"$3","type":"m.room.message","sender":"@n:x","origin_server_ts":3,"content":{"msgtype":"m.text","body":"other room"}}]}}}}}
        """#
    }

    private func bodies(_ sync: SyncResponse, _ room: String) -> [String] {
        (sync.rooms?.join?[room]?.timeline?.events ?? []).compactMap { $0.content.timeline?.message?.body }
    }

    func testTheWholeSyncIsDeliveredWithOnlyTheBadStringRepaired() async throws {
        for (bad, shown) in [(#"\ud800"#, "\u{FFFD}"), (#"\uDFFF"#, "\u{FFFD}"), (#"\udbff\u0041"#, "\u{FFFD}A"),
                             (#"\ud800\ud800\udc00"#, "\u{FFFD}\u{10000}"), (#"\udc00\ud800"#, "\u{FFFD}\u{FFFD}")] {
            let transport = ScriptedTransport([.init(status: 200, body: sync(bad: bad))])
            let client = MatrixClient(homeserver: URL(string: "http://127.0.0.1:9")!, transport: transport, accessToken: "t")
            let answer = try await client.sync(since: nil, timeout: 0)
            XCTAssertEqual(answer.next_batch, "s2", bad)
            XCTAssertEqual(bodies(answer, "!a:x"), ["before \(shown) after", "next 😀 \\ud800 ok"], bad)
            XCTAssertEqual(bodies(answer, "!b:x"), ["other room"], "the other room is delivered too (\(bad))")
        }
    }

    func testProperPairsAndEscapedBackslashesAreLeftAlone() {
        for json in [#"{"a":"\ud83d\ude00"}"#, #"{"a":"\\ud800"}"#, #"{"a":"\\\\"}"#, #"{"a":"\u0041\uFFFD"}"#, #"{"a":"x\"#, #"\ud8"#] {
            let data = Data(json.utf8)
            XCTAssertEqual(LoneSurrogates.repaired(data), data, json)
        }
    }

    func testRepairIsInPlaceAndIdempotent() {
        let data = Data(#"["\ud800", "\\", "\udfff\ud83d\ude00\ud83d"]"#.utf8)
        let once = LoneSurrogates.repaired(data)
        XCTAssertEqual(String(decoding: once, as: UTF8.self), #"["\uFFFD", "\\", "\uFFFD\ud83d\ude00\uFFFD"]"#)
        XCTAssertEqual(LoneSurrogates.repaired(once), once)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: once) as? [String], ["\u{FFFD}", "\\", "\u{FFFD}😀\u{FFFD}"])
    }

    /// Error bodies go through the same repair: a server error quoting the bad text stays readable.
    func testAnErrorBodyWithALoneSurrogateStillMapsToItsCode() {
        let body = Data(#"{"errcode":"M_BAD_JSON","error":"bad \ud800 text"}"#.utf8)
        let failure = MatrixClient.failure(status: 400, body: body, endpoint: Endpoint.client(.get, "sync"))
        guard case .api(400, "M_BAD_JSON", let message, _) = failure else { return XCTFail("got \(failure)") }
        XCTAssertEqual(message, "bad \u{FFFD} text")
    }
}
