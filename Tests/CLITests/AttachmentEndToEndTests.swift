import Foundation
import TestSupport
import XCTest

/// Attachments on the real binary (issue 17): `tteok post --file` on the embedded community, and
/// what matrix-nio sends on Synapse (`m.file`, `m.video`, `m.audio`, `m.sticker`, `m.location`);
/// `tteok read --json` carries each one's `kind` and `attachment` (or `location`).
final class AttachmentEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-files")
    }

    override func tearDown() {
        directory = nil
    }

    private func rows(_ person: TteokUser, _ channel: String) throws -> [[String: Any]] {
        let result = try person.run(["read", channel, "--limit", "50", "--json"])
        XCTAssertEqual(result.status, 0, "\(result)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stdout)
    }

    func testPostFileOnTheEmbeddedCommunity() throws {
        let store = directory.file("community.sqlite").path
        let mina = try TteokUser.signedUpMember("mina", in: directory, store: store)
        let pdf = directory.file("minutes.pdf")
        try Data("%PDF-1.4 minutes".utf8).write(to: pdf)
        let clip = directory.file("clip.mp4")
        try Data(repeating: 9, count: 2048).write(to: clip)
        XCTAssertEqual(try mina.run(["post", "--file", pdf.path, "lobby"]).status, 0)
        XCTAssertEqual(try mina.run(["post", "lobby", "--file", clip.path]).status, 0)
        let refused = try mina.run(["post", "--file", pdf.path, "lobby", "and text"])
        XCTAssertNotEqual(refused.status, 0, "an attachment goes alone")
        XCTAssertTrue(refused.stderr.contains("give either TEXT or --file"), refused.stderr)
        XCTAssertNotEqual(try mina.run(["post", "--file", "/dev/zero", "lobby"]).status, 0, "not a regular file")

        let files = try rows(mina, "lobby").filter { $0["attachment"] != nil }
        XCTAssertEqual(files.map { $0["kind"] as? String }, ["file", "video"])
        XCTAssertEqual(files.map { $0["text"] as? String }, ["[file] minutes.pdf", "[video] clip.mp4"])
        let attachments = files.compactMap { $0["attachment"] as? [String: Any] }
        XCTAssertEqual(attachments.map { $0["name"] as? String }, ["minutes.pdf", "clip.mp4"])
        XCTAssertEqual(attachments.map { $0["size"] as? Int }, [16, 2048])
        XCTAssertEqual(attachments.map { $0["mimetype"] as? String }, ["application/pdf", "video/mp4"])
    }

    func testReadShowsTheAttachmentsNioSent() async throws {
        let server = try SynapseServer.url()
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--homeserver", server.absoluteString])
        let signup = try mina.run(["signup", "--username", SynapseServer.randomName("mina"), "--password-stdin", "--nickname", "Mina", "--accept-terms"],
                                  stdin: "correct horse battery\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let room = try await peer.user.createRoom(name: SynapseServer.randomName("files"))
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "Mina joins")
        let png = TestImages.png(width: 4, height: 4)
        let ids = try peer.send([
            .media(msgtype: "m.file", name: "report.pdf", mimetype: "application/pdf", data: Data("pdf".utf8)),
            .media(msgtype: "m.video", name: "clip.mp4", mimetype: "video/mp4", data: Data(repeating: 1, count: 100)),
            .media(msgtype: "m.audio", name: "voice.ogg", mimetype: "audio/ogg", data: Data(repeating: 2, count: 10)),
            .sticker(name: "wave", mimetype: "image/png", data: png),
            .location("Namsan", geoURI: "geo:37.5512,126.9882"),
        ], to: room)

        let read = try rows(mina, room)
        func row(_ index: Int) -> [String: Any]? { read.first { $0["id"] as? String == ids[index] } }
        XCTAssertEqual((0..<5).map { row($0)?["kind"] as? String }, ["file", "video", "audio", "sticker", "location"])
        XCTAssertEqual((0..<4).map { (row($0)?["attachment"] as? [String: Any])?["name"] as? String },
                       ["report.pdf", "clip.mp4", "voice.ogg", "wave"])
        XCTAssertEqual((0..<4).map { (row($0)?["attachment"] as? [String: Any])?["size"] as? Int }, [3, 100, 10, png.count])
        XCTAssertEqual((row(1)?["attachment"] as? [String: Any])?["mimetype"] as? String, "video/mp4")
        let place = row(4)?["location"] as? [String: Any]
        XCTAssertEqual(place?["geo"] as? String, "geo:37.5512,126.9882")
        XCTAssertEqual(place?["latitude"] as? Double, 37.5512)
        XCTAssertEqual(row(4)?["text"] as? String, "[location] Namsan geo:37.5512,126.9882")

        let text = try mina.run(["read", room])
        XCTAssertTrue(text.lines.contains { $0.hasSuffix(": [video] clip.mp4") }, text.stdout)
    }
}
