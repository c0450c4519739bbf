import Foundation
import TestSupport
import XCTest

/// `/encrypt` in the real interactive client, in tmux, on Synapse with matrix-nio reading (issue
/// 18): it asks first, naming the room, and the question opens on Cancel (Enter keeps the room
/// plaintext); a member the room does not allow to change its settings gets the server's refusal
/// in words; once allowed and confirmed, what Mina types leaves as Megolm ciphertext that nio
/// decrypts and the server never holds as text.
final class EncryptCommandTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-encrypt")
    }

    override func tearDown() {
        session?.close()
        session = nil
        directory = nil
    }

    private func shown(_ client: TmuxSession, _ what: String, _ condition: ([String]) -> Bool) {
        let seen = client.waitForScreen(condition)
        XCTAssertTrue(seen.shown, "never \(what):\n\(seen.screen.joined(separator: "\n"))")
    }

    private func askToEncrypt(_ client: TmuxSession, _ room: String) throws {
        try client.type("/encrypt")
        try client.keys("Enter")
        shown(client, "asked, naming the room") { $0.contains { $0.contains("Turn on end-to-end encryption in \(room)?") } }
    }

    func testEncryptAsksFirstNeedsThePowerAndThenOnlyCiphertextLeaves() async throws {
        let server = try SynapseServer.url()
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let owner = try await SynapseUser.register(on: server)
        let name = SynapseServer.randomName("hush")
        let room = try await owner.createRoom(name: name, public: true)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        try peer.uploadKeys()
        try await peer.user.join(room)
        XCTAssertEqual(try mina.run(["post", room, "plain before"]).status, 0)
        let client = try mina.terminal(["--channel", name], stderr: directory.file("stderr"))
        session = client
        shown(client, "opened the room") { $0.contains { $0.contains("plain before") } }

        // The question opens on Cancel: Enter leaves the room as it was.
        try askToEncrypt(client, name)
        try client.keys("Enter")
        shown(client, "closed the question") { !$0.contains { $0.contains("Turn on end-to-end encryption") } }
        try client.type("still plain")
        try client.keys("Enter")
        let stillPlain = await eventually(seconds: 20) { (try? await owner.storedTexts(in: room).map(\.body).contains("still plain")) == true }
        XCTAssertTrue(stillPlain, "after Cancel the room stayed plaintext")

        // Mina may not change the room's settings: the server refuses, and she is told.
        try askToEncrypt(client, name)
        try client.keys("Right", "Enter")
        shown(client, "said the server refused") { $0.contains { $0.contains("allowed to change") } }
        try client.keys("Enter")

        // (The room's creator is above power levels in this room version: not listed.)
        try await owner.setState("m.room.power_levels", [
            "users": [minaID: 100], "users_default": 0, "events_default": 0, "state_default": 50,
            "ban": 50, "kick": 50, "redact": 50, "invite": 0, "events": [String: Int](),
        ], in: room)
        try askToEncrypt(client, name)
        try client.keys("Right", "Enter")
        shown(client, "said encryption is on") { $0.contains { $0.contains("End-to-end encryption is on in \(name)") } }
        try client.type("secret after")
        try client.keys("Enter")

        var read: [String] = []
        let decrypted = await eventually(seconds: 60) {
            read = (try? peer.read(room, live: false).texts) ?? []
            return read.contains("secret after")
        }
        XCTAssertTrue(decrypted, "nio decrypts what Mina sent after /encrypt: \(read)")
        let stored = try await owner.storedTexts(in: room).map(\.body)
        XCTAssertTrue(stored.contains("plain before"), "\(stored)")
        XCTAssertFalse(stored.contains("secret after"), "the server never held it as text: \(stored)")
    }
}
