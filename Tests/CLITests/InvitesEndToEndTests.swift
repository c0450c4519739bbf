import Foundation
import TestSupport
import XCTest

/// Invitations on the real binary (issue 17): `tteok invites [--json]` lists them with who
/// invited (another client's words printed inert), `tteok accept` joins, `tteok decline` leaves.
final class InvitesEndToEndTests: XCTestCase {
    func testInvitesAreListedThenAcceptedAndDeclined() async throws {
        let directory = try TemporaryDirectory(prefix: "cli-invites")
        let server = try SynapseServer.url()
        let (mina, user) = try await TteokUser.matrixMember(in: directory, server: server)
        let owner = try await SynapseUser.register(on: server)
        try await owner.setDisplayName("Owner\u{1B}]0;title\u{07}")
        let kept = try await owner.createRoom(name: "kept \(SynapseServer.randomName())", public: false)
        let refused = try await owner.createRoom(name: "refused\u{1B}[2J \(SynapseServer.randomName())", public: false)
        try await owner.send("hello invitee", to: kept)
        try await owner.invite(user.userID, to: kept)
        try await owner.invite(user.userID, to: refused)

        var rows: [[String: Any]] = []
        let listed = await eventually(seconds: 20) {
            guard let result = try? mina.run(["invites", "--json"]), result.status == 0 else { return false }
            rows = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
            return rows.count == 2
        }
        XCTAssertTrue(listed, "both invitations listed: \(rows)")
        XCTAssertEqual(Set(rows.compactMap { $0["id"] as? String }), [kept, refused])
        XCTAssertEqual(Set(rows.compactMap { $0["inviterID"] as? String }), [owner.userID])
        XCTAssertEqual(Set(rows.compactMap { $0["kind"] as? String }), ["room"])

        let text = try mina.run(["invites"])
        XCTAssertEqual(text.status, 0, "\(text)")
        XCTAssertTrue(text.stdout.contains("invited by Owner"), text.stdout)
        XCTAssertFalse(text.stdout.contains("\u{1B}"), "no escape from a room name or display name reaches the terminal: \(text.stdout.debugDescription)")

        let accept = try mina.run(["accept", kept])
        XCTAssertEqual(accept.status, 0, "\(accept)")
        let decline = try mina.run(["decline", refused])
        XCTAssertEqual(decline.status, 0, "\(decline)")
        let keptMembership = try await owner.membership(of: user.userID, in: kept)
        let refusedMembership = try await owner.membership(of: user.userID, in: refused)
        XCTAssertEqual(keptMembership, "join")
        XCTAssertEqual(refusedMembership, "leave")
        let read = try mina.run(["read", kept])
        XCTAssertTrue(read.stdout.contains("hello invitee"), "\(read)")
        let none = try mina.run(["invites", "--json"])
        let noneLeft = try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [Any]
        XCTAssertEqual(noneLeft?.count, 0, none.stdout)
        let again = try mina.run(["accept", refused])
        XCTAssertNotEqual(again.status, 0, "a declined invitation cannot be accepted: \(again)")
        XCTAssertFalse(again.stderr.isEmpty)
    }
}
