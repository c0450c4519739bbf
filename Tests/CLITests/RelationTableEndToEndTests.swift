import Foundation
import TestSupport
import XCTest

/// Issue 17's table, measured on the real binary: matrix-nio on Synapse sends every row about
/// messages (replies with and without the fallback, an edit, a reaction, a deletion, a thread
/// reply, an emote, a notice, formatted text, a file, a video, a sound, a sticker, a place, and an
/// encrypted file), and `tteok read --json` must show each as nio meant it.
final class RelationTableEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-relation-table")
    }

    override func tearDown() {
        directory = nil
    }

    func testEveryRowOfTheTableReadsAsMeant() async throws {
        let server = try SynapseServer.url()
        let (mina, _) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let room = try await peer.user.createRoom(name: SynapseServer.randomName("table"))
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "Mina joins")
        let picture = TestImages.png(width: 2, height: 2)
        let ids = try peer.send([
            .text("the original\nsecond line"),                                                  // 0
            .reply(to: .step(0), "reply without fallback", fallback: false),                     // 1
            .reply(to: .step(0), "reply with fallback", fallback: true),                         // 2
            .text("tpyo"),                                                                       // 3
            .edit(of: .step(3), "typo fixed"),                                                   // 4
            .react(to: .step(0), "👍"),                                                          // 5
            .text("doomed"),                                                                     // 6
            .redact(.step(6)),                                                                   // 7
            .thread(root: .step(0), "in the thread"),                                            // 8
            .emote("waves"),                                                                     // 9
            .notice("a bot speaks"),                                                             // 10
            .text("**bold**", html: "<strong>bold</strong>"),                                    // 11
            .media(msgtype: "m.file", name: "notes.pdf", mimetype: "application/pdf", data: Data("%PDF".utf8)),   // 12
            .media(msgtype: "m.video", name: "clip.mp4", mimetype: "video/mp4", data: Data("mp4".utf8)),          // 13
            .media(msgtype: "m.audio", name: "song.ogg", mimetype: "audio/ogg", data: Data("ogg".utf8)),          // 14
            .sticker(name: "cat.png", mimetype: "image/png", data: picture),                     // 15
            .location("Seoul Station", geoURI: "geo:37.5547,126.9707"),                          // 16
            .captioned(msgtype: "m.file", name: "plan.txt", caption: "read this", mimetype: "text/plain", data: Data("plan".utf8)), // 17
        ], to: room)

        let json = try mina.run(["read", room, "--json", "--limit", "50"])
        XCTAssertEqual(json.status, 0, "\(json)")
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], json.stdout)
        func row(_ index: Int) -> [String: Any] { rows.first { $0["id"] as? String == ids[index] } ?? [:] }
        func field(_ index: Int, _ key: String) -> [String: Any] { row(index)[key] as? [String: Any] ?? [:] }

        XCTAssertEqual(field(1, "replyTo")["text"] as? String, "the original", "reply without fallback: quoted parent")
        XCTAssertEqual(row(2)["text"] as? String, "reply with fallback", "fallback stripped")
        XCTAssertEqual(field(2, "replyTo")["nickname"] as? String, peer.user.localpart)
        XCTAssertEqual(row(3)["text"] as? String, "typo fixed")
        XCTAssertEqual(row(3)["edited"] as? Bool, true)
        XCTAssertEqual((row(0)["reactions"] as? [[String: Any]])?.first?["key"] as? String, "👍")
        XCTAssertEqual(row(6)["deleted"] as? Bool, true)
        XCTAssertTrue(row(8).isEmpty, "the thread reply is not in the room")
        XCTAssertEqual(field(0, "thread")["replies"] as? Int, 1)
        XCTAssertEqual(row(9)["kind"] as? String, "emote")
        XCTAssertEqual(row(10)["kind"] as? String, "notice")
        XCTAssertEqual(row(11)["text"] as? String, "**bold**", "scripts get the plain body; the TUI draws the HTML")
        XCTAssertEqual(row(12)["kind"] as? String, "file")
        XCTAssertEqual(field(12, "attachment")["name"] as? String, "notes.pdf")
        XCTAssertEqual(row(13)["kind"] as? String, "video")
        XCTAssertEqual(row(14)["kind"] as? String, "audio")
        XCTAssertEqual(row(15)["kind"] as? String, "sticker")
        XCTAssertEqual(field(16, "location")["geo"] as? String, "geo:37.5547,126.9707")
        XCTAssertEqual(field(17, "attachment")["caption"] as? String, "read this")
        XCTAssertEqual(field(17, "attachment")["name"] as? String, "plan.txt")

        let thread = try mina.run(["read", room, "--thread", ids[0], "--json"])
        let threadRows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(thread.stdout.utf8)) as? [[String: Any]], thread.stdout)
        XCTAssertEqual(threadRows.compactMap { $0["id"] as? String }, [ids[0], ids[8]], "the thread view: root, then its reply")
    }
}
