import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The cache's record of encrypted rooms, on a real SQLite file: once encrypted, always
/// encrypted; an encrypted event is a placeholder; nobody can fake either with plaintext.
final class EncryptedRoomCacheTests: XCTestCase {
    private func cache() throws -> (MatrixCache, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@a:x"), directory)
    }

    private func event(_ id: String, _ type: String, stateKey: String? = nil, _ content: [String: JSONValue]) -> RoomEvent {
        RoomEvent(event_id: id, type: type, sender: "@b:x", origin_server_ts: 1, content: .object(content), state_key: stateKey)
    }

    private func sync(_ batch: String, state: [RoomEvent] = [], timeline: [RoomEvent]) -> SyncResponse {
        SyncResponse(next_batch: batch, rooms: .init(join: ["!r": JoinedRoom(state: .init(events: state), timeline: .init(events: timeline))]))
    }

    func testEncryptionStaysOnWhateverALaterStateEventSays() async throws {
        let (cache, directory) = try cache()
        _ = try await cache.apply(sync("s1", timeline: [event("$1", "m.room.message", ["msgtype": .string("m.text"), "body": .string("plain")])]))
        var room = try await cache.room("!r")
        XCTAssertEqual(room?.encrypted, false)

        let on = event("$2", "m.room.encryption", stateKey: "", ["algorithm": .string("m.megolm.v1.aes-sha2")])
        _ = try await cache.apply(sync("s2", timeline: [on]))
        room = try await cache.room("!r")
        XCTAssertEqual(room?.encrypted, true, "a state event in the timeline turns it on")

        let empty = event("$3", "m.room.encryption", stateKey: "", [:])
        _ = try await cache.apply(sync("s3", state: [empty], timeline: []))
        room = try await cache.room("!r")
        XCTAssertEqual(room?.encrypted, true, "a later event without an algorithm does not turn it off")
        let reopened = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: "@a:x")
        let again = try await reopened.room("!r")
        XCTAssertEqual(again?.encrypted, true, "kept in the file")
    }

    func testEncryptedEventsArePlaceholdersAndPlaintextCannotPoseAsOne() async throws {
        let (cache, _) = try cache()
        let encrypted = event("$1", "m.room.encrypted", ["algorithm": .string("m.megolm.v1.aes-sha2"), "ciphertext": .string("AwgA")])
        let posing = event("$2", "m.room.message", ["msgtype": .string(MatrixCache.encryptedMsgtype), "body": .string("I look encrypted")])
        _ = try await cache.apply(sync("s1", timeline: [encrypted, posing]))
        let messages = try await cache.events(in: "!r", before: nil, limit: 10).map { DomainMapping.message($0) }
        XCTAssertEqual(messages.map(\.content), [.encrypted(), .text("I look encrypted")])
        let room = try await cache.room("!r")
        XCTAssertEqual(room?.encrypted, false, "an encrypted event alone (anyone can send one) does not lock the room")
    }

    func testAnInvitedRoomsStrippedStateMarksItEncrypted() async throws {
        let (cache, _) = try cache()
        let invite = InvitedRoom(invite_state: .init(events: [
            StrippedEvent(type: "m.room.encryption", sender: "@b:x", state_key: "", content: .object(["algorithm": .string("m.megolm.v1.aes-sha2")])),
        ]))
        _ = try await cache.apply(SyncResponse(next_batch: "s1", rooms: .init(invite: ["!i": invite])))
        let room = try await cache.room("!i")
        XCTAssertEqual(room?.encrypted, true)
    }
}
