import Foundation
import TestSupport
import XCTest

/// tteok adds relations and another client reads them as meant (issue 17): `tteok post
/// --reply-to`, `--emote`, `tteok edit`, `tteok react` and `tteok delete` on the real binary,
/// read back by matrix-nio from the server. Editing or deleting someone else's message is refused.
final class RelationsSendingEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var server: URL!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-relations-send")
        server = try SynapseServer.url()
    }

    override func tearDown() {
        directory = nil
    }

    private func id(_ result: ProcessResult) throws -> String {
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
        return try XCTUnwrap(rows.first?["id"] as? String, "\(result)")
    }

    func testWhatTteokSendsNioReadsAsTheSameRelation() async throws {
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--homeserver", server.absoluteString])
        let signup = try mina.run(["signup", "--username", SynapseServer.randomName("mina"), "--password-stdin", "--nickname", "Mina", "--accept-terms"],
                                  stdin: "correct horse battery\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let room = try await peer.user.createRoom(name: SynapseServer.randomName("relations"))
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "Mina joins")
        let theirs = try peer.send([.text("from nio")], to: room)[0]

        let mine = try id(try mina.run(["post", room, "hello", "nio", "--json"]))
        let reply = try mina.run(["post", room, "--reply-to", theirs, "my", "reply"])
        XCTAssertEqual(reply.status, 0, "\(reply)")
        XCTAssertEqual(try mina.run(["post", room, "--emote", "waves"]).status, 0)
        let edit = try mina.run(["edit", room, mine, "hello nio, edited"])
        XCTAssertEqual(edit.status, 0, "\(edit)")
        for _ in 0..<2 {
            let react = try mina.run(["react", room, theirs, "👍"])
            XCTAssertEqual(react.status, 0, "\(react)")
        }
        XCTAssertEqual(try mina.run(["react", room, theirs, "🙈"]).status, 0)
        let removed = try mina.run(["react", "--remove", room, theirs, "🙈"])
        XCTAssertEqual(removed.status, 0, "\(removed)")
        XCTAssertFalse(try mina.run(["read", room, "--json"]).stdout.contains("🙈"), "taken back at once in tteok's own view")
        let doomed = try id(try mina.run(["post", room, "to be deleted", "--json"]))
        let delete = try mina.run(["delete", room, doomed])
        XCTAssertEqual(delete.status, 0, "\(delete)")

        let notMineToEdit = try mina.run(["edit", room, theirs, "forged"])
        XCTAssertNotEqual(notMineToEdit.status, 0)
        XCTAssertTrue(notMineToEdit.stderr.contains("Only its sender can edit a message."), notMineToEdit.stderr)
        let notMineToDelete = try mina.run(["delete", room, theirs])
        XCTAssertNotEqual(notMineToDelete.status, 0)
        XCTAssertTrue(notMineToDelete.stderr.contains("Only its sender or a moderator can delete a message."), notMineToDelete.stderr)

        let events = try peer.events(in: room)
        func content(_ event: [String: Any]) -> [String: Any] { event["content"] as? [String: Any] ?? [:] }
        func relation(_ event: [String: Any]) -> [String: Any] { content(event)["m.relates_to"] as? [String: Any] ?? [:] }
        let fromMina = events.filter { ($0["sender"] as? String) != peer.user.userID }
        let original = try XCTUnwrap(fromMina.first { content($0)["body"] as? String == "hello nio" })
        let replyEvent = try XCTUnwrap(fromMina.first { content($0)["body"] as? String == "my reply" }, "\(events)")
        XCTAssertEqual((relation(replyEvent)["m.in_reply_to"] as? [String: Any])?["event_id"] as? String, theirs)
        XCTAssertTrue(fromMina.contains { content($0)["msgtype"] as? String == "m.emote" && content($0)["body"] as? String == "waves" })
        let editEvent = try XCTUnwrap(fromMina.first { relation($0)["rel_type"] as? String == "m.replace" }, "\(events)")
        XCTAssertEqual(relation(editEvent)["event_id"] as? String, original["event_id"] as? String)
        XCTAssertEqual((content(editEvent)["m.new_content"] as? [String: Any])?["body"] as? String, "hello nio, edited")
        let reactions = fromMina.filter { $0["type"] as? String == "m.reaction" && relation($0)["key"] as? String != nil }
        XCTAssertEqual(reactions.count, 1, "reacting twice with one emoji sends one reaction; the one taken back is redacted: \(fromMina)")
        XCTAssertEqual(reactions.first.map(relation)?["key"] as? String, "👍")
        XCTAssertEqual(reactions.first.map(relation)?["event_id"] as? String, theirs)
        XCTAssertEqual(fromMina.filter { $0["type"] as? String == "m.room.redaction" }.count, 2, "the reaction taken back and the message deleted")
        XCTAssertFalse(events.contains { content($0)["body"] as? String == "to be deleted" }, "the server redacted it: \(events)")
        XCTAssertFalse(events.contains { ($0["content"] as? [String: Any])?["body"] as? String == "forged" })

        // And tteok reads its own relations back the same way.
        let json = try mina.run(["read", room, "--json"])
        XCTAssertTrue(json.stdout.contains("\"edited\" : true") || json.stdout.contains("\"edited\":true"), json.stdout)
    }

    /// The same commands on the embedded community, read back by `tteok read --json`.
    func testTheEmbeddedCommunityKeepsTheSameRelations() throws {
        let store = directory.file("community.sqlite").path
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--store", store])
        let joon = try TteokUser(home: directory.file("home-joon"), backendArguments: ["--store", store])
        for (person, email, nickname) in [(mina, "mina@example.com", "Mina"), (joon, "joon@example.com", "Joon")] {
            let signup = try person.run(["signup", "--email", email, "--password-stdin", "--nickname", nickname, "--accept-terms"],
                                        stdin: "correct horse\n")
            XCTAssertEqual(signup.status, 0, "\(signup)")
        }
        let theirs = try id(try joon.run(["post", "lobby", "hello", "mina", "--json"]))
        let mine = try id(try mina.run(["post", "lobby", "--reply-to", theirs, "hi", "joon", "--json"]))
        XCTAssertEqual(try mina.run(["post", "lobby", "--emote", "waves"]).status, 0)
        XCTAssertEqual(try mina.run(["edit", "lobby", mine, "hi joon!"]).status, 0)
        XCTAssertEqual(try mina.run(["react", "lobby", theirs, "👍"]).status, 0)
        XCTAssertEqual(try joon.run(["react", "lobby", theirs, "🙈"]).status, 0)
        XCTAssertEqual(try mina.run(["react", "lobby", theirs, "🙈"]).status, 0)
        let removed = try mina.run(["react", "--remove", "lobby", theirs, "🙈"])
        XCTAssertEqual(removed.status, 0, "\(removed)")
        let doomed = try id(try mina.run(["post", "lobby", "oops", "--json"]))
        XCTAssertEqual(try mina.run(["delete", "lobby", doomed]).status, 0)
        let refused = try mina.run(["edit", "lobby", theirs, "forged"])
        XCTAssertEqual(refused.status, 1, "\(refused)")
        XCTAssertTrue(refused.stderr.contains("Only its sender can edit a message."), refused.stderr)

        let json = try joon.run(["read", "lobby", "--json"])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        func row(_ id: String) -> [String: Any]? { rows.first { $0["id"] as? String == id } }
        XCTAssertEqual((row(theirs)?["reactions"] as? [[String: Any]])?.first?["key"] as? String, "👍")
        let monkey = (row(theirs)?["reactions"] as? [[String: Any]])?.first { $0["key"] as? String == "🙈" }
        XCTAssertEqual(monkey?["count"] as? Int, 1, "only Mina's own reaction was taken back: \(json.stdout)")
        XCTAssertEqual(monkey?["mine"] as? Bool, true, "Joon's stays")
        XCTAssertEqual(row(mine)?["text"] as? String, "hi joon!")
        XCTAssertEqual(row(mine)?["edited"] as? Bool, true)
        XCTAssertEqual((row(mine)?["replyTo"] as? [String: Any])?["text"] as? String, "hello mina")
        XCTAssertEqual(row(doomed)?["deleted"] as? Bool, true)
        XCTAssertTrue(rows.contains { $0["kind"] as? String == "emote" && $0["text"] as? String == "* waves" }, json.stdout)
        XCTAssertFalse(json.stdout.contains("oops"), json.stdout)
    }
}
