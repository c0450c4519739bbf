import Foundation
import TestSupport
import XCTest

/// Threads on the real binary (issue 17): `tteok read --thread ID [--json]` prints the root and
/// its replies, `tteok post --thread ID TEXT` posts in it, and `read --json` carries `thread` —
/// on Matrix with matrix-nio writing `m.thread`, and on the embedded community.
final class ThreadEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-threads")
    }

    override func tearDown() {
        directory = nil
    }

    private func rows(_ result: ProcessResult) throws -> [[String: Any]] {
        XCTAssertEqual(result.status, 0, "\(result)")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
    }

    func testMatrixThreadsReadAndPostedFromTheCommandLine() async throws {
        let server = try SynapseServer.url()
        let (mina, _) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let room = try await peer.user.createRoom(name: SynapseServer.randomName("threads"))
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "Mina joins")
        let ids = try peer.send([.text("the root"), .thread(root: .step(0), "nio in the thread"), .text("the room goes on")], to: room)

        let posted = try rows(try mina.run(["post", room, "--thread", ids[1], "Mina", "in", "the", "thread", "--json"]))
        XCTAssertEqual((posted.first?["thread"] as? [String: Any])?["root"] as? String, ids[0], "a reply named means its thread")

        let chat = try rows(try mina.run(["read", room, "--json"]))
        XCTAssertEqual(chat.said.compactMap { $0["text"] as? String }.filter { $0.contains("thread") }, [], "no thread reply in the room")
        let root = try XCTUnwrap(chat.first { $0["id"] as? String == ids[0] })
        XCTAssertEqual((root["thread"] as? [String: Any])?["replies"] as? Int, 2)
        let text = try mina.run(["read", room])
        XCTAssertTrue(text.stdout.contains("the root  [2 replies]"), text.stdout)

        let thread = try rows(try mina.run(["read", room, "--thread", ids[0], "--json"]))
        XCTAssertEqual(thread.compactMap { $0["text"] as? String }, ["the root", "nio in the thread", "Mina in the thread"])
        XCTAssertEqual(thread.dropFirst().compactMap { ($0["thread"] as? [String: Any])?["root"] as? String }, [ids[0], ids[0]])

        let events = try peer.events(in: room)
        let mine = try XCTUnwrap(events.first { ($0["content"] as? [String: Any])?["body"] as? String == "Mina in the thread" }, "\(events)")
        let relation = (mine["content"] as? [String: Any])?["m.relates_to"] as? [String: Any]
        XCTAssertEqual(relation?["rel_type"] as? String, "m.thread")
        XCTAssertEqual(relation?["event_id"] as? String, ids[0])

        // An action in the thread: nio reads an m.emote in the same thread.
        let acted = try mina.run(["post", room, "--thread", ids[0], "--emote", "waves"])
        XCTAssertEqual(acted.status, 0, "\(acted)")
        let emote = try XCTUnwrap(try peer.events(in: room).first { ($0["content"] as? [String: Any])?["body"] as? String == "waves" })
        let content = emote["content"] as? [String: Any]
        XCTAssertEqual(content?["msgtype"] as? String, "m.emote")
        XCTAssertEqual((content?["m.relates_to"] as? [String: Any])?["rel_type"] as? String, "m.thread")
        XCTAssertEqual((content?["m.relates_to"] as? [String: Any])?["event_id"] as? String, ids[0])

        let refused = try mina.run(["post", room, "--reply-to", ids[0], "--emote", "waves"])
        XCTAssertEqual(refused.status, 2, "\(refused)")
        XCTAssertTrue(refused.stderr.contains("give one of --reply-to, --thread or --emote"), refused.stderr)
    }

    func testEmbeddedCommunityThreadsFromTheCommandLine() throws {
        let store = directory.file("community.sqlite").path
        let mina = try TteokUser.signedUpMember("mina", in: directory, store: store)
        let joon = try TteokUser.signedUpMember("joon", in: directory, store: store)
        let root = try XCTUnwrap(try rows(try joon.run(["post", "lobby", "anyone", "for", "떡볶이?", "--json"])).first?["id"] as? String)
        XCTAssertEqual(try mina.run(["post", "lobby", "--thread", root, "me!"]).status, 0)
        XCTAssertEqual(try joon.run(["post", "lobby", "--thread", root, "six o'clock"]).status, 0)

        let chat = try rows(try mina.run(["read", "lobby", "--json"]))
        XCTAssertFalse(chat.contains { $0["text"] as? String == "me!" }, "no thread reply in the chat")
        XCTAssertEqual((chat.first { $0["id"] as? String == root }?["thread"] as? [String: Any])?["replies"] as? Int, 2)
        let thread = try rows(try mina.run(["read", "lobby", "--thread", root, "--json"]))
        XCTAssertEqual(thread.compactMap { $0["text"] as? String }, ["anyone for 떡볶이?", "me!", "six o'clock"])
        let missing = try mina.run(["read", "lobby", "--thread", "987654"])
        XCTAssertNotEqual(missing.status, 0, "\(missing)")
    }
}
