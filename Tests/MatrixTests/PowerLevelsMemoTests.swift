import Foundation
import Storage
import TestSupport
import XCTest
@testable import Matrix

/// The cache's power levels are decoded once per distinct text, and whatever a hostile server put
/// in `m.room.power_levels` fails safely: no crash, no levels (the server still decides), and the
/// memo never grows past its byte limit.
final class PowerLevelsMemoTests: XCTestCase {
    func testTheSameTextGivesTheSameLevels() throws {
        let text = Data(#"{"users":{"@mod:x":50,"@memo-\#(UUID().uuidString):x":100},"events":{"m.room.message":10},"users_default":0}"#.utf8)
        let first = try XCTUnwrap(PowerLevelsMemo.content(of: text))
        XCTAssertEqual(PowerLevelsMemo.content(of: text), first)
        XCTAssertTrue(first.canRedactOthers("@mod:x"))
        XCTAssertFalse(first.canSendMessages("@someone:x"))
    }

    func testWrongTypesHugeNumbersAndDeepNestingGiveNoLevels() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let hostile = [
            #"{"users":{"@a:x":"100"}}"#,
            #"{"users":["@a:x"]}"#,
            #"{"users_default":1e400}"#,
            #"{"users":{"@a:x":99999999999999999999999999}}"#,
            #"{"events_default":1.5}"#,
            #"{"users":{"@a:x":100},"events":\#(deep)}"#,
            #"{"users":"#,
            #"[]"#,
        ]
        for text in hostile {
            XCTAssertNil(PowerLevelsMemo.content(of: Data(text.utf8)), String(text.prefix(80)))
            // Asked again, the remembered answer is the same.
            XCTAssertNil(PowerLevelsMemo.content(of: Data(text.utf8)), String(text.prefix(80)))
        }
    }

    /// What the cache's write holds for the text it stores is what decoding that text gives,
    /// for well-formed levels and a hostile server's alike (the reads after the write take it).
    func testWhatTheWriteHoldsIsWhatTheStoredTextDecodesTo() throws {
        let contents = [
            #"{"users":{"@mod:x":50,"@a:x":100},"events":{"m.room.message":10},"users_default":0,"redact":50}"#,
            #"{"users":{"@a:x":"100"}}"#, #"{"users":{"@a:x":null}}"#, #"{"users":["@a:x"]}"#, #"{"users_default":1.5}"#,
            #"{"users":{"@a:x":1e30}}"#, #"{"users":{"@a:x":50.0},"events_default":-7}"#, #"{"events":{"m.room.message":true}}"#,
            #"{"users":null,"users_default":null,"redact":null,"extra":{"deep":[1,{"x":null}]}}"#, #"{}"#, #"[]"#, "null", #""text""#,
        ]
        for (index, text) in contents.enumerated() {
            // A text no other test holds: the marker makes it distinct in the shared memo.
            var json = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            if case .object(var fields) = json { fields["marker \(UUID().uuidString)"] = .number(Double(index)); json = .object(fields) }
            let stored = try PowerLevelsMemo.storedText(of: json)
            let reference = try? JSONDecoder().decode(PowerLevelsContent.self, from: Data(stored.utf8))
            XCTAssertEqual(PowerLevelsMemo.content(of: Data(stored.utf8)), reference, text)
            XCTAssertEqual(json.decode(as: PowerLevelsContent.self), reference, text)
        }
    }

    func testTheMemoStaysWithinItsByteLimit() {
        let padding = String(repeating: "x", count: 60_000)
        for index in 0..<40 {
            let text = Data(#"{"users":{"@\#(padding)\#(index):x":100}}"#.utf8)
            XCTAssertNotNil(PowerLevelsMemo.content(of: text))
        }
        XCTAssertLessThanOrEqual(PowerLevelsMemo.count * 60_000, PowerLevelsMemo.byteLimit, "the memo started again when full")
        let huge = Data(#"{"users":{"@\#(String(repeating: "y", count: PowerLevelsMemo.byteLimit)):x":100}}"#.utf8)
        XCTAssertNotNil(PowerLevelsMemo.content(of: huge), "a text over the limit is still read, just not kept")
        XCTAssertLessThanOrEqual(PowerLevelsMemo.count, 17)
    }
}

/// The same power levels are the same cached text in every process: a dictionary's order differs
/// from one process to the next, and re-encoding it rewrote the row and reported the rooms
/// changed (which reads the whole channel list again) for levels that had not changed.
final class PowerLevelsTextTests: XCTestCase {
    func testLevelsWrittenByAnotherProcessAreNoChange() async throws {
        let users = Dictionary(uniqueKeysWithValues: (0..<12).map { ("@user\($0):x", JSONValue.number(Double($0 * 10))) })
        let levels = JSONValue.object(["users": .object(users), "users_default": .number(0), "redact": .number(50),
                                       "events": .object(["m.room.message": .number(0), "m.room.name": .number(50)]),
                                       "state_default": .number(50), "ban": .number(50), "kick": .number(50)])
        let event = RoomEvent(event_id: "$p", type: "m.room.power_levels", sender: "@a:x", origin_server_ts: 1, content: levels, state_key: "")
        let sync = SyncResponse(next_batch: "s1", rooms: .init(join: ["!r": JoinedRoom(state: EventList(events: [event]))]))
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@a:x")
        _ = try await cache.apply(sync)
        // What another process wrote for the same levels: its keys in another order than this one's.
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        let written = String(decoding: try sorted.encode(levels), as: UTF8.self)
        try await cache.database.write { _ = try $0.run("UPDATE rooms SET power_levels = ? WHERE room_id = '!r'", [.text(written)]) }
        let again = try await cache.apply(SyncResponse(next_batch: "s2", rooms: .init(join: ["!r": JoinedRoom(state: EventList(events: [event]))])))
        XCTAssertFalse(again.roomsChanged, "the same levels again changed the listing")
        let room = try await cache.room("!r")
        XCTAssertEqual(room?.powerLevels?.users?["@user3:x"], 30)
    }

    /// The text is canonical JSON where it can be, the encoder's where it cannot (a hostile
    /// server's fractions and huge numbers); either way it reads back as the levels that were
    /// sent, and the same levels are the same text.
    func testTheTextReadsBackAsTheLevelsSent() throws {
        let contents = [
            #"{"users":{"@b:x":50,"@a:x":100,"@é:x":1},"events":{"m.room.message":10},"users_default":0,"redact":50}"#,
            #"{"users":{"@a:x":1.5},"ban":1e300,"kick":-9007199254740993,"x":["\/","\u0000\"",null,true]}"#,
            #"{"users":{"@a:x":"100"},"events":[]}"#, #"{}"#, #"[1,2]"#, #""text""#, "null",
        ]
        for text in contents {
            let levels = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            let written = try MatrixCache.jsonText(levels)
            XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: Data(written.utf8)), levels, text)
            XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: Data(written.utf8)).decode(as: PowerLevelsContent.self),
                           levels.decode(as: PowerLevelsContent.self), text)
            // Rebuilt, so its dictionaries' order is this process's again: the same text.
            let rebuilt = try JSONDecoder().decode(JSONValue.self, from: Data(written.utf8))
            XCTAssertEqual(try MatrixCache.jsonText(rebuilt), written, text)
        }
        XCTAssertEqual(try MatrixCache.jsonText(JSONDecoder().decode(JSONValue.self, from: Data(contents[0].utf8))),
                       #"{"events":{"m.room.message":10},"redact":50,"users":{"@a:x":100,"@b:x":50,"@é:x":1},"users_default":0}"#)
    }
}
