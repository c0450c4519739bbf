import Foundation
import JSONScan
import MatrixCrypto
import TestSupport
import XCTest
@testable import Matrix

/// The hand-written reader of sliding-sync answers (`SlidingSyncReader`) gives what JSONDecoder
/// and `Decodable` gave, on Synapse's real answers and on those answers broken at random (seeded),
/// and refuses hostile or malformed answers with a clear error.
final class SlidingSyncReaderTests: XCTestCase {
    /// The reference: the answer through JSONDecoder, as `MatrixClient.call` decodes (nil: refused).
    private func decoded(_ data: Data) -> SlidingSyncResponse? {
        try? JSONDecoder().decode(SlidingSyncResponse.self, from: LoneSurrogates.repaired(data))
    }

    private func read(_ data: Data) -> Result<SlidingSyncResponse, JSONScanError> {
        Result { () throws(JSONScanError) in try SlidingSyncReader.read(data) }
    }

    private func read(_ text: String) -> Result<SlidingSyncResponse, JSONScanError> { read(Data(text.utf8)) }

    /// A real window of an account in a room with every kind of event the timeline reads (formatted
    /// replies, edits, attachments, places, reactions, stickers, redactions, contents of the wrong
    /// shape another client could send), an invitation, receipts and account data.
    private func realWindow() async throws -> Data {
        let server = try SynapseServer.url()
        let user = try await SynapseUser.register(on: server)
        let other = try await SynapseUser.register(on: server)
        let room = try await user.createRoom(name: SynapseServer.randomName("reader"))
        try await other.join(room)
        let first = try await other.send("plain 떡 😀", to: room)
        for content: [String: Any] in [
            ["msgtype": "m.text", "body": "> reply\n\nanswer", "format": "org.matrix.custom.html", "formatted_body": "<b>answer</b>",
             "m.relates_to": ["m.in_reply_to": ["event_id": first]], "m.mentions": ["user_ids": [user.userID]]],
            ["msgtype": "m.text", "body": "* edited", "m.new_content": ["msgtype": "m.text", "body": "edited"],
             "m.relates_to": ["rel_type": "m.replace", "event_id": first]],
            ["msgtype": "m.image", "body": "cat.png", "url": "mxc://x/y", "info": ["mimetype": "image/png", "size": 1234, "w": 10, "h": 20]],
            ["msgtype": "m.location", "body": "here", "geo_uri": "geo:1,2"],
            ["msgtype": "m.image", "body": "big", "info": ["size": "big", "w": "wide"]], ["msgtype": "m.text", "body": "b", "url": 5, "m.relates_to": "no"],
        ] {
            _ = try await other.sendMessage(content, to: room)
        }
        try await other.react("👍", to: first, in: room)
        let client = MatrixClient(homeserver: server, transport: CurlTransport(), accessToken: other.accessToken)
        for (type, content) in [("m.sticker", JSONValue.object(["body": .string("s"), "url": .string("mxc://x/s")])),
                                ("m.room.redaction", .object(["redacts": .string(first)])), ("m.sticker", .object(["body": .bool(true), "info": .array([])]))] {
            let endpoint = try Endpoint(method: .put, segments: ["_matrix", "client", "v3", "rooms", room, "send", type, UUID().uuidString])
                .with(json: content)
            _ = try await client.perform(endpoint)
        }
        try await user.setState("m.room.topic", ["topic": "topic"], in: room)
        try await user.markRead(first, in: room)
        try await user.setFullyRead(first, in: room)
        let invitation = try await other.createRoom(name: SynapseServer.randomName("invite"), public: false)
        try await other.invite(user.userID, to: invitation)
        let reader = MatrixClient(homeserver: server, transport: CurlTransport(), accessToken: user.accessToken)
        return try await reader.perform(MatrixClient.slidingSyncEndpoint(SlidingSyncRequest.window(60)))
    }

    func testRealAnswersAndRandomBreakagesOfThemReadAsJSONDecoderReadsThem() async throws {
        let data = try await realWindow()
        let reference = try XCTUnwrap(decoded(data))
        XCTAssertEqual(try read(data).get(), reference)
        let room = try XCTUnwrap(reference.rooms?.values.values.first { $0.timeline?.count ?? 0 > 5 })
        let timeline = try XCTUnwrap(room.timeline)
        XCTAssertTrue(timeline.contains { $0.content.timeline?.message?.info?.size == 1234 }, "the attachment was read")
        XCTAssertTrue(timeline.contains { $0.content.timeline?.newContent?.body == "edited" }, "the edit was read")
        XCTAssertEqual(reference.rooms?.values.values.filter { $0.invite_state != nil }.count, 1, "the invitation was read")

        // Any value of the answer replaced by one of another shape: the same values, or both refuse.
        let tree = try JSONSerialization.jsonObject(with: data)
        var random = SeededGenerator(seed: 20)
        let replacements: [Any] = [NSNull(), 7, 2.5, "s", true, [Any](), [String: Any](), ["type": 1], [[1]], ["type": "t", "sender": "@a:b", "content": [:]]]
        var agreed = 0
        for _ in 0..<400 {
            var paths: [[Any]] = []
            collectPaths(tree, [], into: &paths)
            let path = paths[Int(random.next() % UInt64(paths.count))]
            let replacement = replacements[Int(random.next() % UInt64(replacements.count))]
            let broken = try JSONSerialization.data(withJSONObject: replacing(tree, at: path[...], with: replacement))
            let expected = decoded(broken)
            XCTAssertEqual(try? read(broken).get(), expected, "at \(path) with \(replacement)")
            if expected != nil { agreed += 1 }
        }
        XCTAssertGreaterThan(agreed, 100, "most breakages cost an event or a room, not the answer")

        // Cut anywhere: refused as JSON that ends too soon, never read in part.
        for _ in 0..<200 {
            let cut = data.prefix(Int(random.next() % UInt64(data.count)))
            guard case .failure(let error) = read(cut) else { return XCTFail("a cut answer was read") }
            XCTAssertEqual(error.kind, .syntax, "\(error)")
        }
    }

    private func collectPaths(_ value: Any, _ path: [Any], into paths: inout [[Any]]) {
        if !path.isEmpty { paths.append(path) }
        if let object = value as? [String: Any] {
            for (key, member) in object { collectPaths(member, path + [key], into: &paths) }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() { collectPaths(element, path + [index], into: &paths) }
        }
    }

    private func replacing(_ value: Any, at path: ArraySlice<Any>, with replacement: Any) -> Any {
        guard let step = path.first else { return replacement }
        if var object = value as? [String: Any], let key = step as? String {
            object[key] = replacing(object[key] as Any, at: path.dropFirst(), with: replacement)
            return object
        }
        if var array = value as? [Any], let index = step as? Int {
            array[index] = replacing(array[index], at: path.dropFirst(), with: replacement)
            return array
        }
        return value
    }

    /// The request written by hand is the request JSONEncoder wrote.
    func testTheWindowRequestIsWhatJSONEncoderWrote() throws {
        for size in [1, 60, 260] {
            let request = SlidingSyncRequest.window(size)
            let byHand = try JSONSerialization.jsonObject(with: CanonicalJSON.data(request.json)) as? NSDictionary
            let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as? NSDictionary
            XCTAssertEqual(byHand, encoded)
            XCTAssertNotNil(byHand?["lists"])
        }
    }

    /// An answer of one room whose timeline holds `events` (JSON texts).
    private func answer(_ events: [String], pos: String = #""pos":"1""#) -> String {
        #"{\#(pos),"lists":{"window":{"count":1}},"rooms":{"!r:x":{"timeline":[\#(events.joined(separator: ","))]}}}"#
    }

    private let message = #"{"type":"m.room.message","sender":"@a:x","event_id":"$1","content":{"msgtype":"m.text","body":"kept"}}"#

    private func timeline(_ result: Result<SlidingSyncResponse, JSONScanError>) -> [String] {
        ((try? result.get())?.rooms?.values["!r:x"]?.timeline ?? []).map { $0.content.timeline?.message?.body ?? $0.type }
    }

    func testHostileAnswersAreRefusedOrCostOnlyTheEventThatHoldsThem() throws {
        // Deep nesting in a content: the whole answer, as JSONDecoder, with where and why.
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        guard case .failure(let error) = read(answer([#"{"type":"m.x","sender":"@a:x","content":{"a":\#(deep)}}"#, message])) else {
            return XCTFail("a document nested 600 deep was read")
        }
        XCTAssertEqual(error.kind, .syntax)
        XCTAssertTrue(error.description.contains("nested deeper than 512 levels"), error.description)
        XCTAssertNil(decoded(Data(answer([#"{"type":"m.x","sender":"@a:x","content":{"a":\#(deep)}}"#]).utf8)))

        // A lone surrogate: the replacement character, as `LoneSurrogates` gives JSONDecoder.
        let lone = answer([#"{"type":"m.room.message","sender":"@a:x","content":{"msgtype":"m.text","body":"a\ud800b"}}"#])
        XCTAssertEqual(timeline(read(lone)), ["a\u{FFFD}b"])
        XCTAssertEqual(try read(lone).get(), decoded(Data(lone.utf8)))

        // The same values as JSONDecoder where both read: wrong types, huge numbers, null parts.
        for events in [
            [#"{"type":"m.room.message","sender":"@a:x","origin_server_ts":1e400,"content":{}}"#, message],
            [#"{"type":"m.room.power_levels","sender":"@a:x","state_key":"","content":{"users":{"@a:x":1e999}}}"#, message],
            [#"{"type":"m.room.message","sender":"@a:x","origin_server_ts":99999999999999999999,"content":{}}"#, message],
            [#"{"type":"m.room.message","sender":"@a:x","content":{"msgtype":"m.text","body":"b","info":{"size":3.0}}}"#, message],
            [#"{"type":"m.room.message","sender":null,"content":{}}"#, #"{"type":"m.reaction","sender":"@a:x"}"#, message],
            [#"{"type":"m.room.message","sender":"@a:x","content":null,"unsigned":{"prev_content":null}}"#, "7", "null", message],
        ] {
            let text = answer(events)
            XCTAssertEqual(try read(text).get(), decoded(Data(text.utf8)), text)
            XCTAssertEqual(timeline(read(text)).last, "kept", text)
        }
        XCTAssertEqual(timeline(read(answer([#"{"type":"m.room.message","sender":"@a:x","origin_server_ts":1e400,"content":{}}"#, message]))),
                       ["kept"], "an event with a timestamp no Int64 holds is dropped")

        // A key twice where it is read: the event is dropped (JSONDecoder took the first); in
        // the answer's own fields, the answer is refused.
        let twice = answer([#"{"type":"m.room.message","type":"m.room.redaction","sender":"@a:x","content":{}}"#,
                            #"{"type":"m.room.member","sender":"@a:x","state_key":"@a:x","content":{"membership":"join","membership":"leave"}}"#, message])
        XCTAssertEqual(timeline(read(twice)), ["kept"])
        guard case .failure(let refusal) = read(answer([message], pos: #""pos":"1","pos":"2""#)) else { return XCTFail("two positions were read") }
        XCTAssertEqual(refusal.reason, #"the key "pos" twice"#)

        // Not JSON, or not the answer's shape: refused whole, as JSONDecoder refuses it.
        for text in ["", "[]", #"{"lists":{}}"#, #"{"pos":5}"#, #"{"pos":"1","rooms":[]}"#, #"{"pos":"1","lists":{"w":{"count":"3"}}}"#,
                     #"{"pos":"1"} {}"#, #"{"pos":"1","extensions":{"account_data":{"global":[{"type":5,"content":{}}]}}}"#] {
            XCTAssertThrowsError(try read(text).get(), text)
            XCTAssertNil(decoded(Data(text.utf8)), text)
        }
        XCTAssertThrowsError(try read(Data([0x7B, 0x22, 0x70, 0x6F, 0x73, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])).get(), "invalid UTF-8")
    }
}
