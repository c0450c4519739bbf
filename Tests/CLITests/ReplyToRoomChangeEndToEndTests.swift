import Foundation
import TestSupport
import XCTest

/// Issue 17: a reply to a membership event (Element lets you reply to "Bob joined") quoted the
/// cached line's encoded body, raw JSON, in `read` and the TUI. It is quoted as the change the
/// timeline shows, whether the event is in the cache or fetched from the server for the quote.
final class ReplyToRoomChangeEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-reply-room-change")
    }

    override func tearDown() {
        directory = nil
    }

    /// Shown failing on the old binary: `replyTo.text` was `{"membership":{…}}`.
    func testARepliedToJoinIsQuotedAsTheJoinNotAsItsEncodedLine() async throws {
        let server = try SynapseServer.url()
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let room = try await peer.user.createRoom(name: SynapseServer.randomName("joins"))
        // Enough words after the owner's join that Mina's first read does not cache it: its quote
        // is fetched from the server.
        _ = try peer.send((1...30).map { .text("filler \($0)") }, to: room)
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "Mina joins")
        let members = try peer.events(in: room, limit: 100).filter { $0["type"] as? String == "m.room.member" }
        func join(of user: String) throws -> String {
            try XCTUnwrap(members.first { $0["state_key"] as? String == user }?["event_id"] as? String, "\(user)'s join: \(members)")
        }
        let ids = try peer.send([
            .reply(to: .event(try join(of: minaID)), "welcome!", fallback: true, quoteSender: minaID, quoteBody: "joined the room"),
            .reply(to: .event(try join(of: peer.user.userID)), "I was here first", fallback: false),
        ], to: room)

        // The newest few only: reading further back would cache the owner's join itself.
        let json = try mina.run(["read", room, "--json", "--limit", "5"])
        XCTAssertEqual(json.status, 0, "\(json)")
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], json.stdout)
        func quote(_ index: Int) -> [String: Any] { rows.first { $0["id"] as? String == ids[index] }?["replyTo"] as? [String: Any] ?? [:] }
        XCTAssertEqual(quote(0)["nickname"] as? String, "Mina", json.stdout)
        XCTAssertEqual(quote(0)["text"] as? String, "joined", "the cached join line, quoted as the join")
        XCTAssertEqual(quote(0)["kind"] as? String, "membership")
        XCTAssertEqual(quote(1)["text"] as? String, "joined", "the fetched join, quoted as the join")
        XCTAssertEqual(quote(1)["available"] as? Bool, true)
        XCTAssertEqual(rows.first { $0["id"] as? String == ids[0] }?["text"] as? String, "welcome!", "the fallback is stripped")

        let text = try mina.run(["read", room, "--limit", "50"])
        XCTAssertTrue(text.stdout.contains("[↱ Mina joined] welcome!"), text.stdout)
        XCTAssertFalse(text.stdout.contains("{\"membership\""), "no raw change anywhere:\n\(text.stdout)")
    }
}
