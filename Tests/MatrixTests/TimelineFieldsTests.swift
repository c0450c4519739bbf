import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Timeline events are decoded from the answer's bytes straight into the fields tteok reads
/// (`TimelineFields`). A hostile server's events of the wrong shape are not shown and cost
/// nothing else: not the other events, not the answer, not the process.
final class TimelineFieldsTests: XCTestCase {
    private func event(_ id: String, _ type: String = "m.room.message", content: String) -> String {
        #"{"event_id":"\#(id)","type":"\#(type)","sender":"@b:x","origin_server_ts":1,"content":\#(content)}"#
    }

    private func sync(_ events: [String]) -> Data {
        Data(#"{"next_batch":"s1","rooms":{"join":{"!r":{"timeline":{"events":[\#(events.joined(separator: ","))]}}}}}"#.utf8)
    }

    func testEventsOfTheWrongShapeAreNotShownAndTheRestAreStored() async throws {
        let deep = String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300)
        let huge = String(repeating: "떡", count: 3_500_000)  // 10.5 MB of UTF-8
        let data = sync([
            event("$1", content: #"{"msgtype":"m.text","body":"first"}"#),
            event("$2", content: #"{"msgtype":"m.text","body":5}"#),
            event("$3", content: #"{"msgtype":"m.image","body":"x","info":{"size":1e400}}"#),
            event("$4", content: #"{"msgtype":"m.text","body":"y","info":{"w":99999999999999999999999}}"#),
            event("$5", content: #""not an object""#),
            event("$6", content: #"{"msgtype":"m.text","body":"deep","x-junk":\#(deep)}"#),
            event("$7", content: #"{"msgtype":"m.text","body":"\#(huge)"}"#),
            event("$8", MatrixCache.reactionType, content: #"{"m.relates_to":["$1","👍"]}"#),
            event("$9", MatrixCache.redactionType, content: #"{"redacts":{"event_id":"$1"}}"#),
            event("$10", content: #"{"msgtype":"m.text","body":"reply","m.relates_to":{"m.in_reply_to":{"event_id":7}}}"#),
            event("$11", content: #"{"msgtype":"m.text","body":"edit","m.new_content":[1,2],"m.relates_to":{"rel_type":"m.replace","event_id":"$1"}}"#),
            #"{"event_id":"$12","type":"m.room.message","sender":"@b:x","origin_server_ts":1e400,"content":{"msgtype":"m.text","body":"when"}}"#,
            event("$13", content: #"{"msgtype":"m.text","body":"last"}"#),
        ])
        let decoded = try JSONDecoder().decode(SyncResponse.self, from: data)
        let timeline = try XCTUnwrap(decoded.rooms?.join?["!r"]?.timeline?.events)
        XCTAssertEqual(timeline.compactMap(\.event_id), (1...11).map { "$\($0)" } + ["$13"], "only the event whose time is no Int64 is dropped")

        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@a:x")
        let outcome = try await cache.apply(decoded)
        XCTAssertEqual(outcome.newEvents["!r"], ["$1", "$6", "$7", "$10", "$13"])
        XCTAssertNil(outcome.changed["!r"], "a reaction, a redaction and an edit of the wrong shape change nothing")
        let stored = try await cache.events(in: "!r", before: nil, limit: 100)
        XCTAssertEqual(stored.map(\.eventID), ["$1", "$6", "$7", "$10", "$13"])
        XCTAssertEqual(stored.first?.content.body, "first")
        XCTAssertEqual(stored.first?.redacted, false)
        XCTAssertNil(stored.first { $0.eventID == "$10" }?.replyTo, "a reply target that is no id is no reply")
    }

    func testNestingDeeperThanTheParserTakesIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let data = sync([event("$1", content: #"{"msgtype":"m.text","body":"x","x-junk":\#(deep)}"#)])
        XCTAssertThrowsError(try JSONDecoder().decode(SyncResponse.self, from: data))
    }

    /// An event built from JSON (decrypted, our own echo) is read through the same fields as one
    /// decoded from the wire.
    func testAnEventBuiltFromJSONHasTheFieldsOfOneDecodedFromTheWire() throws {
        let content = #"{"msgtype":"m.text","body":"edit","format":"org.matrix.custom.html","formatted_body":"<b>edit</b>","#
            + #""m.new_content":{"msgtype":"m.text","body":"new"},"m.relates_to":{"rel_type":"m.replace","event_id":"$1"}}"#
        let wire = try XCTUnwrap(JSONDecoder().decode(SyncResponse.self, from: sync([event("$2", content: content)]))
            .rooms?.join?["!r"]?.timeline?.events?.first)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(content.utf8))
        let built = RoomEvent(event_id: "$2", type: "m.room.message", sender: "@b:x", origin_server_ts: 1, content: json)
        XCTAssertEqual(built.content, wire.content)
        XCTAssertEqual(wire.content.timeline?.newContent?.body, "new")
        XCTAssertEqual(wire.relatesTo?.event_id, "$1")
        let redaction = RoomEvent(event_id: "$3", type: MatrixCache.redactionType, sender: "@b:x", origin_server_ts: 1, content: .object([:]))
        XCTAssertTrue(redaction.isRedacted, "no content at all is what a server hands out for a redacted event")
    }
}
