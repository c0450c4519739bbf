import Foundation
import TestSupport
import XCTest

/// Spaces on the real binary (issue 17), built by matrix-nio on Synapse: `tteok channels --json`
/// says which channel is a space and which space lists a room; `tteok post` into a space is
/// refused with the reason and sends nothing; in tmux the list shows the space as a heading
/// over its indented room, and Enter on it says it is no chat instead of opening one.
final class SpacesEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "spaces")
    }

    override func tearDown() {
        session?.close()
        session = nil
        directory = nil
    }

    /// nio's space "0 club …" listing "0 club … room", and a loose room "0 loose …" beside it,
    /// each invited to `invitee` (private, so the shared server's directory does not list them;
    /// the leading 0 sorts them first among its public rooms).
    private func nioSpace(inviting invitee: String, server: URL) async throws -> (peer: NioPeer, space: String, inside: String, loose: String, tag: String) {
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let tag = SynapseServer.randomName("")
        let inside = try await peer.user.createRoom(name: "0 club \(tag) room", public: false)
        let loose = try await peer.user.createRoom(name: "0 loose \(tag)", public: false)
        for room in [inside, loose] { try await peer.user.invite(invitee, to: room) }
        let space = try peer.createSpace(name: "0 club \(tag)", invite: [invitee], children: [inside])
        return (peer, space, inside, loose, tag)
    }

    func testChannelsJSONCarriesTheSpaceAndItsRoomAndAPostIntoTheSpaceIsRefused() async throws {
        let server = try SynapseServer.url()
        let (mina, user) = try await TteokUser.matrixMember(in: directory, server: server)
        let built = try await nioSpace(inviting: user.userID, server: server)
        for room in [built.space, built.inside, built.loose] { try await user.join(room) }

        var rows: [[String: Any]] = []
        let listed = await eventually(seconds: 30) {
            guard let result = try? mina.run(["channels", "--json"]), result.status == 0 else { return false }
            rows = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
            return rows.contains { $0["id"] as? String == built.inside && $0["parent"] as? String == built.space }
        }
        XCTAssertTrue(listed, "the room names its space: \(rows.filter { ($0["name"] as? String)?.hasPrefix("0 ") == true })")
        let ours = rows.filter { [built.space, built.inside, built.loose].contains($0["id"] as? String ?? "") }
        XCTAssertEqual(ours.map { $0["id"] as? String }, [built.space, built.inside, built.loose], "the space, its room under it, then the loose room")
        XCTAssertEqual(ours.map { $0["kind"] as? String }, ["space", "room", "room"])
        XCTAssertNil(ours[0]["parent"])
        XCTAssertNil(ours[2]["parent"])
        let text = try mina.run(["channels"])
        XCTAssertTrue(text.stdout.contains("0 club \(built.tag)  (space)\n  0 club \(built.tag) room\n0 loose \(built.tag)\n"),
                      "the room indented under its space: \(text.stdout)")

        let post = try mina.run(["post", built.space, "into the space"])
        XCTAssertEqual(post.status, 1, "\(post)")
        XCTAssertTrue(post.stderr.contains("This is a space: it groups rooms and is not a chat. Post in one of its rooms."), post.stderr)
        let events = try built.peer.events(in: built.space)
        XCTAssertFalse(events.contains { $0["type"] as? String == "m.room.message" }, "nothing reached the space")
    }

    func testTheListShowsTheSpaceOverItsIndentedRoomAndEnterOnItOpensNoChat() async throws {
        let server = try SynapseServer.url()
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let built = try await nioSpace(inviting: minaID, server: server)
        for room in [built.space, built.inside, built.loose] {
            let accept = try mina.run(["accept", room])
            XCTAssertEqual(accept.status, 0, "\(accept)")
        }
        let client = try mina.terminal([], stderr: directory.file("stderr"))
        session = client
        let grouped = client.waitForScreen { screen in
            guard let heading = screen.firstIndex(where: { $0.contains("▾ 0 club \(built.tag)") }), heading + 2 < screen.count else { return false }
            return screen[heading + 1].contains("    0 club \(built.tag) room") && screen[heading + 2].contains("  0 loose \(built.tag)")
                && !screen[heading + 2].contains("    0 loose")
        }
        XCTAssertTrue(grouped.shown, "the space heads its indented room; the loose room is not indented:\n\(grouped.screen.joined(separator: "\n"))")

        try client.keys("Enter")
        let refused = client.waitForScreen(containing: "is a space: it groups rooms and is not a chat.")
        XCTAssertTrue(refused.shown, "Enter on the space says why it does not open:\n\(refused.screen.joined(separator: "\n"))")
        XCTAssertFalse(refused.screen.contains { $0.contains("Type a message") }, "no chat input opened")
    }
}
