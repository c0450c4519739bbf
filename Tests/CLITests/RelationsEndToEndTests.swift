import Foundation
import TestSupport
import XCTest

/// Messages have relations, on the real binary (issue 17): matrix-nio writes a reply with the
/// `> ` fallback, an edit, a reaction, a deleted message, a thread reply, an emote and a notice;
/// `tteok read` and `tteok read --json` show each as nio meant it.
final class RelationsEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var server: URL!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-relations")
        server = try SynapseServer.url()
    }

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        directory = nil
    }

    func testReadShowsWhatNioMeant() async throws {
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--homeserver", server.absoluteString])
        let signup = try mina.run(["signup", "--username", SynapseServer.randomName("mina"), "--password-stdin", "--nickname", "Mina", "--accept-terms"],
                                  stdin: "correct horse battery\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let room = try await peer.user.createRoom(name: SynapseServer.randomName("relations"))
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "Mina joins")
        let ids = try peer.send([
            .text("original text\nsecond line"),                        // 0
            .reply(to: .step(0), "my answer", fallback: true),           // 1
            .text("tpyo"),                                               // 2
            .edit(of: .step(2), "typo fixed"),                           // 3
            .react(to: .step(0), "👍"),                                  // 4
            .text("doomed"),                                             // 5
            .redact(.step(5)),                                           // 6
            .thread(root: .step(0), "threaded"),                         // 7
            .emote("waves"),                                             // 8
            .notice("beep"),                                             // 9
        ], to: room)

        let json = try mina.run(["read", room, "--json"])
        XCTAssertEqual(json.status, 0, "\(json)")
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], json.stdout)
        func row(_ index: Int) -> [String: Any]? { rows.first { $0["id"] as? String == ids[index] } }
        XCTAssertEqual(rows.said.compactMap { $0["id"] as? String }, [ids[0], ids[1], ids[2], ids[5], ids[8], ids[9]],
                       "edits, reactions, redactions and thread replies are no lines: \(json.stdout)")

        let original = try XCTUnwrap(row(0))
        XCTAssertEqual(try canonical(original["reactions"]), #"[{"count":1,"key":"👍","mine":false}]"#)
        XCTAssertEqual(try canonical(original["thread"]), #"{"replies":1,"unread":1}"#, "the homeserver counts the thread reply as new to Mina")
        let reply = try XCTUnwrap(row(1))
        XCTAssertEqual(reply["text"] as? String, "my answer")
        XCTAssertEqual(try canonical(reply["replyTo"]),
                       #"{"available":true,"deleted":false,"id":"\#(ids[0])","nickname":"\#(peer.user.localpart)","text":"original text"}"#)
        XCTAssertEqual(row(2)?["text"] as? String, "typo fixed")
        XCTAssertEqual(row(2)?["edited"] as? Bool, true)
        XCTAssertEqual(row(0)?["edited"] as? Bool, false)
        XCTAssertEqual(row(5)?["deleted"] as? Bool, true)
        XCTAssertEqual(row(5)?["kind"] as? String, "deleted")
        XCTAssertEqual(row(8)?["kind"] as? String, "emote")
        XCTAssertEqual(row(9)?["kind"] as? String, "notice")
        XCTAssertFalse(json.stdout.contains("doomed") || json.stdout.contains("tpyo") || json.stdout.contains("> <"), json.stdout)

        let text = try mina.run(["read", room])
        XCTAssertEqual(text.status, 0, "\(text)")
        let nick = peer.user.localpart
        XCTAssertTrue(text.lines.contains { $0.hasSuffix("second line  👍 1  [1 reply]") }, text.stdout)
        XCTAssertTrue(text.lines.contains { $0.hasSuffix("\(nick): [↱ \(nick): original text] my answer") }, text.stdout)
        XCTAssertTrue(text.lines.contains { $0.hasSuffix("\(nick): typo fixed (edited)") }, text.stdout)
        XCTAssertTrue(text.lines.contains { $0.hasSuffix("\(nick): message deleted") }, text.stdout)
        XCTAssertTrue(text.lines.contains { $0.hasSuffix("\(nick): * waves") }, text.stdout)
    }

    /// `value` as JSON with sorted keys, so a test compares what a script would read.
    private func canonical(_ value: Any?) throws -> String {
        let value = try XCTUnwrap(value)
        return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    /// The interactive client in tmux draws the relations, and applies a deletion and an edit
    /// that arrive while the chat is open.
    func testTheChatDrawsRelationsAndAppliesLiveChanges() async throws {
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--homeserver", server.absoluteString])
        let signup = try mina.run(["signup", "--username", SynapseServer.randomName("mina"), "--password-stdin", "--nickname", "Mina", "--accept-terms"],
                                  stdin: "correct horse battery\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let name = SynapseServer.randomName("relations")
        let room = try await peer.user.createRoom(name: name)
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "Mina joins")
        let nick = peer.user.localpart
        let ids = try peer.send([
            .text("the original"),
            .reply(to: .step(0), "the answer", fallback: true),
            .react(to: .step(0), "👍"),
            .thread(root: .step(0), "hidden in the thread"),
            .emote("waves"),
            .text("soon gone"),
            .text("soon fixed"),
        ], to: room)

        let client = try mina.terminal(["--channel", name], stderr: directory.file("stderr"))
        sessions.append(client)
        let drawn = client.waitForScreen(seconds: 20) { screen in
            let text = screen.joined(separator: "\n")
            return text.contains("↱ \(nick): the original") && text.contains("the answer") && text.contains("👍 1")
                && text.contains("└ 1 reply") && text.contains("* \(nick) waves") && text.contains("soon gone")
        }
        XCTAssertTrue(drawn.shown, drawn.screen.joined(separator: "\n"))
        XCTAssertFalse(drawn.screen.contains { $0.contains("hidden in the thread") || $0.contains("> <") }, drawn.screen.joined(separator: "\n"))

        _ = try peer.send([.redact(.event(ids[5])), .edit(of: .event(ids[6]), "now fixed")], to: room)
        let changed = client.waitForScreen(seconds: 20) { screen in
            let text = screen.joined(separator: "\n")
            return text.contains("message deleted") && text.contains("now fixed (edited)") && !text.contains("soon gone")
        }
        XCTAssertTrue(changed.shown, changed.screen.joined(separator: "\n"))
        try client.keys("C-q")
    }
}
