import Foundation
import TestSupport
import XCTest

/// Membership and room changes on the real binary (issue 17): `tteok read --json` gives each its
/// own kind (`membership` with who and why, `roomName`, `topic`), apart from what people said.
final class RoomChangeEndToEndTests: XCTestCase {
    func testReadJSONCarriesMembershipAndRoomChangesWithTheirKinds() async throws {
        let directory = try TemporaryDirectory(prefix: "cli-roomchange")
        let server = try SynapseServer.url()
        let (mina, user) = try await TteokUser.matrixMember(in: directory, server: server)
        let owner = try await SynapseUser.register(on: server)
        let carol = try await SynapseUser.register(on: server)
        try await carol.setDisplayName("Carol")
        let room = try await owner.createRoom(name: "life \(SynapseServer.randomName())")
        try await owner.invite(user.userID, to: room)
        let listed = await eventually(seconds: 20) { (try? mina.run(["invites", "--json"]))?.stdout.contains(room) == true }
        XCTAssertTrue(listed, "the invitation arrived")
        XCTAssertEqual(try mina.run(["accept", room]).status, 0)
        try await carol.join(room)
        try await owner.remove(carol.userID, from: room, ban: false, reason: "spam\u{1B}[2J")
        try await owner.setState("m.room.topic", ["topic": "tteok only"], in: room)
        try await owner.send("said", to: room)

        var rows: [[String: Any]] = []
        let read = await eventually(seconds: 20) {
            guard let result = try? mina.run(["read", room, "--json"]), result.status == 0 else { return false }
            rows = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
            return rows.last?["text"] as? String == "said"
        }
        XCTAssertTrue(read, "\(rows)")
        let tail = rows.suffix(5)
        XCTAssertEqual(tail.compactMap { $0["kind"] as? String }, ["membership", "membership", "membership", "topic", "text"])
        let memberships = tail.compactMap { $0["membership"] as? [String: Any] }
        XCTAssertEqual(memberships.compactMap { $0["action"] as? String }, ["joined", "joined", "kicked"])
        XCTAssertEqual(memberships.compactMap { $0["targetId"] as? String }, [user.userID, carol.userID, carol.userID])
        XCTAssertEqual(memberships.last?["targetNickname"] as? String, "Carol")
        XCTAssertEqual(memberships.last?["reason"] as? String, "spam\u{1B}[2J", "JSON carries the reason as sent (escaped by JSON)")
        XCTAssertEqual(tail.last?["membership"] as? [String: Any] == nil, true, "a message has no membership record")

        let plain = try mina.run(["read", room])
        XCTAssertTrue(plain.changeLines.contains { $0.hasSuffix("  → Carol joined") }, plain.stdout)
        XCTAssertTrue(plain.changeLines.contains { $0.contains("removed Carol (spam") }, plain.stdout)
        XCTAssertTrue(plain.saidLines.last?.hasSuffix(": said") == true, plain.stdout)
        XCTAssertFalse(plain.stdout.contains("\u{1B}"), "a reason's escape reaches no terminal: \(plain.stdout.debugDescription)")
    }
}
