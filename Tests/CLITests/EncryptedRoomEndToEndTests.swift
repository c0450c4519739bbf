import Foundation
import TestSupport
import XCTest

/// Encrypted rooms on the real binary (issue 14, finding 7): matrix-nio with real Megolm makes an
/// encrypted room, invites a tteok account and writes into it. `tteok read` shows placeholders
/// (text and `--json`) for what was written before its device existed; `tteok post` and Enter in
/// the interactive client (English and Korean) send encrypted — nio decrypts it, the server
/// holds no plaintext of it — and an image is refused (attachments are not encrypted yet).
final class EncryptedRoomEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var server: URL!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-encrypted")
        server = try SynapseServer.url()
    }

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        directory = nil
    }

    private static let placeholder = "encrypted message — cannot be read on this device"

    /// Mina (signed up through tteok) and an encrypted room nio made, invited her to and wrote
    /// `texts` into. Mina has not touched the room yet.
    private func minaInvitedToEncryptedRoom(texts: [String]) async throws -> (mina: TteokUser, minaID: String, peer: NioPeer, room: String, name: String) {
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        // tteok publishes a device's keys (issue 18): for texts nobody shared a key with, Mina
        // logs out (the server deletes that device) and logs in again after nio has written.
        XCTAssertEqual(try mina.run(["logout"]).status, 0)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let name = SynapseServer.randomName("secret")
        let room = try peer.createEncryptedRoom(name: name, invite: [minaID], texts: texts).room
        let login = try mina.run(["login", "--username", minaID, "--password-stdin"], stdin: "correct horse battery\n")
        XCTAssertEqual(login.status, 0, "\(login)")
        return (mina, minaID, peer, room, name)
    }

    func testReadShowsPlaceholdersAndPostIsDeliveredEncryptedToNio() async throws {
        let (mina, minaID, peer, room, _) = try await minaInvitedToEncryptedRoom(texts: ["secret one", "secret two"])

        // The first thing Mina does is post, naming the room by id: the cache has never seen it.
        let post = try mina.run(["post", room, "posted", "encrypted"])
        XCTAssertEqual(post.status, 0, "\(post)")

        let read = try mina.run(["read", room])
        XCTAssertEqual(read.status, 0, "\(read)")
        XCTAssertEqual(read.lines.filter { $0.contains(Self.placeholder) }.count, 2, read.stdout)
        XCTAssertFalse(read.stdout.contains("secret one") || read.stdout.contains("secret two") || read.stdout.contains("No messages"), read.stdout)
        XCTAssertTrue(read.stdout.contains("posted encrypted"), "tteok reads its own message: \(read.stdout)")
        let json = try mina.run(["read", room, "--json"])
        let all = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        let rows = all.said
        XCTAssertEqual(rows.map { $0["kind"] as? String }, ["encrypted", "encrypted", "text"], json.stdout)
        XCTAssertEqual(all.last?["kind"] as? String, "text", "Mina joined before she posted")
        XCTAssertEqual(all.changes.last?["senderId"] as? String, minaID, "her join is the last change")
        XCTAssertEqual(rows.prefix(2).map { $0["text"] as? String }, [Self.placeholder, Self.placeholder])

        // Now that the room is cached as encrypted: lines from standard input go out encrypted too.
        let again = try mina.run(["post", room], stdin: "line one\nline two\n")
        XCTAssertEqual(again.status, 0, "\(again)")
        let picture = directory.file("leak.png")
        try TestImages.png(width: 4, height: 4).write(to: picture)
        let image = try mina.run(["post", "--image", picture.path, room])
        XCTAssertEqual(image.status, 0, "an image goes encrypted: \(image)")

        let stored = try await peer.user.storedTexts(in: room).filter { $0.sender == minaID }
        XCTAssertEqual(stored.map(\.body), [], "the homeserver holds no plaintext from tteok")
        let decrypted = try peer.read(room, live: false).texts
        XCTAssertTrue(decrypted.contains("posted encrypted"), "nio decrypts what tteok posted: \(decrypted)")
        XCTAssertTrue(decrypted.contains { $0.contains("line one") }, "nio decrypts what tteok posted: \(decrypted)")
    }

    func testTheInteractiveClientSendsEncryptedOnEnter() async throws {
        let (mina, minaID, peer, room, name) = try await minaInvitedToEncryptedRoom(texts: ["secret one"])
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "joined")

        // The placeholder wraps in a 100-column terminal: its first words are enough.
        for (language, placeholder) in [("en", "encrypted message — cannot be read"), ("ko", "암호화된 메시지 — 이 기기에서는")] {
            let client = try terminal(mina, ["--lang", language, "--channel", name])
            let screen = client.waitForScreen { screen in screen.contains { $0.contains(placeholder) } }
            XCTAssertTrue(screen.shown, "never showed the placeholder (\(language)):\n\(screen.screen.joined(separator: "\n"))")
            try client.type("typed in \(language)")
            try client.keys("Enter")
            var decrypted: [String] = []
            let arrived = await eventually(seconds: 60) {
                decrypted = (try? peer.read(room, live: false).texts) ?? []
                return decrypted.contains("typed in \(language)")
            }
            XCTAssertTrue(arrived, "nio never decrypted what was typed (\(language)): \(decrypted)")
            try client.keys("C-q")
            client.close()
        }
        let stored = try await peer.user.storedTexts(in: room).filter { $0.sender == minaID }
        XCTAssertEqual(stored.map(\.body), [], "the homeserver holds no plaintext from tteok")
    }

    /// Issue 18: what nio writes after Mina's device keys are on the server, `tteok read` shows
    /// as plain text — in this run, and in later runs (new processes, the same HOME) from the
    /// cache and from the server — while what was written before stays a placeholder.
    func testReadShowsThePlaintextOfWhatWasSentAfterTheDeviceExisted() async throws {
        let (mina, _, peer, room, _) = try await minaInvitedToEncryptedRoom(texts: ["before her device"])
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "joined; the device's keys are published before the first sync")
        _ = try peer.sendEncrypted(["after her device", "떡볶이 먹자 🌶️"], to: room)

        let read = try mina.run(["read", room])
        XCTAssertEqual(read.status, 0, "\(read)")
        let said = read.saidLines
        XCTAssertEqual(said.count, 3, read.stdout)
        XCTAssertTrue(said.first?.contains(Self.placeholder) == true, read.stdout)
        XCTAssertTrue(said[1].hasSuffix(": after her device") && said[2].hasSuffix(": 떡볶이 먹자 🌶️"), read.stdout)
        XCTAssertTrue(read.changeLines.last?.hasSuffix(" joined") == true, "Mina's join shows as a change: \(read.stdout)")

        _ = try peer.sendEncrypted(["in a later run"], to: room)
        let json = try mina.run(["read", room, "--json"])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)").said
        XCTAssertEqual(rows.map { $0["kind"] as? String }, ["encrypted", "text", "text", "text"], json.stdout)
        XCTAssertEqual(rows.dropFirst().map { $0["text"] as? String }, ["after her device", "떡볶이 먹자 🌶️", "in a later run"])
        XCTAssertEqual(rows.map { $0["senderTrust"] as? String }, [nil, "unverified", "unverified", "unverified"],
                       "decrypted messages carry their device's trust (nio's is not verified): \(json.stdout)")
        XCTAssertEqual(rows.first?["undecryptableReason"] as? String, "the key for it has not arrived (yet)", "the placeholder says why")
        XCTAssertTrue(said.first?.hasSuffix("(the key for it has not arrived (yet))") == true, read.stdout)
        let cryptoFiles = try FileManager.default.subpathsOfDirectory(atPath: mina.home.path).filter { $0.contains(".crypto") }
        XCTAssertTrue(cryptoFiles.contains { $0.hasSuffix(".crypto.sqlite") } && cryptoFiles.contains { $0.hasSuffix(".crypto-key") }, "\(cryptoFiles)")
        for name in cryptoFiles {
            let mode = try FileManager.default.attributesOfItem(atPath: mina.home.appendingPathComponent(name).path)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600, name)
        }
    }

    private func terminal(_ person: TteokUser, _ arguments: [String]) throws -> TmuxSession {
        let session = try person.terminal(arguments, stderr: directory.file("stderr-\(sessions.count)"))
        sessions.append(session)
        return session
    }
}
