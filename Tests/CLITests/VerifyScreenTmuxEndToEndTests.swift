import Foundation
import TestSupport
import XCTest

/// The verification screen in the real interactive client, in tmux, with matrix-nio on the other
/// side (issue 18): `/verify USER` shows the seven emoji with their English and Korean names —
/// the same nio shows; stray keys confirm nothing (the screen opens on Cancel); only → → Enter
/// on "They match" verifies, on both sides. Esc cancels the verification on both sides. Another
/// device's request is put to the person as a question that stray keys never accept; `/verify`
/// takes a member's nickname; a signature the server refuses to take is told as an alert over the
/// verification screen, not hidden under it.
final class VerifyScreenTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-verify")
    }

    override func tearDown() {
        session?.close()
        session = nil
        directory = nil
    }

    /// Mina's interactive client, started, her user id, and nio as another person with keys.
    private func minaAndNio() async throws -> (TmuxSession, String, NioPeer) {
        let server = try SynapseServer.url()
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        try peer.uploadKeys()
        let client = try mina.terminal([], stderr: directory.file("stderr"))
        session = client
        shown(client, "started", has("2 Channels"))
        return (client, minaID, peer)
    }

    /// With the emoji on screen: confirms "They match", then checks that tteok says verified,
    /// that nio verified too, and that every emoji nio compared is on tteok's screen.
    private func confirmMatchingEmoji(_ client: TmuxSession, _ nio: NioVerification, _ peer: NioPeer) throws {
        let comparing = shown(client, "the emoji to compare", has("[ They match ]")).joined(separator: "\n")
        try client.keys("Right", "Right", "Enter")
        shown(client, "verified", has("Verified: \(peer.user.userID)"))
        let outcome = try XCTUnwrap(nio.outcome(), "nio gave no outcome")
        XCTAssertEqual(outcome["result"] as? String, "verified", "nio: \(outcome)")
        let plain = { (text: String) in text.replacingOccurrences(of: "\u{FE0F}", with: "") }
        for symbol in try XCTUnwrap(nio.emoji) { XCTAssertTrue(plain(comparing).contains(plain(symbol)), "nio's \(symbol) on tteok's screen") }
    }

    func testVerifyShowsNiosEmojiIgnoresStrayKeysAndConfirmsOnlyOnTheirMatch() async throws {
        let (client, minaID, peer) = try await minaAndNio()

        let nio = try peer.verify(.accept, otherUser: minaID)
        try client.type("/verify \(peer.user.userID)")
        try client.keys("Enter")
        let comparing = shown(client, "the emoji to compare", has("[ They match ]")).joined(separator: "\n")
        let named = comparing.split(separator: "\n").filter { line in
            guard let dot = line.range(of: " · ") else { return false }
            return line[..<dot.lowerBound].contains { $0.isLetter && $0.isASCII }
                && line[dot.upperBound...].unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
        }
        XCTAssertEqual(named.count, 7, "seven emoji, each with its English and Korean name:\n\(comparing)")

        // Stray keys: letters, digits and space do nothing; the highlight stays on Cancel.
        try client.type("yes 1")
        try await Task.sleep(for: .seconds(2))  // give stray keys a chance to act (they must not)
        let after = try client.capture()
        XCTAssertTrue(after.contains { $0.contains("[ They match ]") }, "still comparing:\n\(after.joined(separator: "\n"))")
        XCTAssertFalse(after.contains { $0.contains("Verified") }, "nothing confirmed by stray keys")

        try client.keys("Right", "Right", "Enter")
        shown(client, "verified", has("Verified: \(peer.user.userID)"))
        let outcome = try XCTUnwrap(nio.outcome(), "nio gave no outcome")
        XCTAssertEqual(outcome["result"] as? String, "verified", "nio: \(outcome)")
        let emoji = try XCTUnwrap(nio.emoji)
        XCTAssertEqual(emoji.count, 7)
        // Compared without the emoji presentation selector (U+FE0F), which a terminal may drop from ❤️.
        let plain = { (text: String) in text.replacingOccurrences(of: "\u{FE0F}", with: "") }
        for symbol in emoji { XCTAssertTrue(plain(comparing).contains(plain(symbol)), "nio's \(symbol) on tteok's screen:\n\(comparing)") }
        try client.keys("Enter")
        shown(client, "closed the screen", seconds: 10) { !$0.contains { $0.contains("[ Close ]") } }

        // Esc while comparing cancels on both sides.
        let second = try peer.verify(.accept, otherUser: minaID)
        try client.type("/verify \(peer.user.userID)")
        try client.keys("Enter")
        shown(client, "the emoji again", has("[ They match ]"))
        try client.keys("Escape")
        shown(client, "said it was cancelled", has("cancelled"))
        let cancelled = try XCTUnwrap(second.outcome(), "nio gave no outcome")
        XCTAssertEqual(cancelled["result"] as? String, "canceled", "nio: \(cancelled)")
    }

    func testAnotherDevicesRequestIsAskedFirstStrayKeysNeverAcceptAndEscDeclines() async throws {
        let (client, minaID, peer) = try await minaAndNio()

        let nio = try peer.verify(.start, otherUser: minaID)
        shown(client, "the request put to the person", has("[ Compare emoji ]"))
        // Stray keys: letters, digits and space answer nothing; the question stays on Cancel.
        try client.type("yes 1")
        try await Task.sleep(for: .seconds(2))  // give stray keys a chance to act (they must not)
        let after = try client.capture()
        XCTAssertTrue(after.contains { $0.contains("[ Compare emoji ]") }, "still asking:\n\(after.joined(separator: "\n"))")
        XCTAssertFalse(after.contains { $0.contains("They match") }, "nothing accepted by stray keys")

        try client.keys("Right", "Enter")
        try confirmMatchingEmoji(client, nio, peer)
        try client.keys("Enter")
        shown(client, "closed the screen", seconds: 10) { !$0.contains { $0.contains("[ Close ]") } }

        // Esc on the question declines: nio hears the person's cancel, and no screen opens.
        let second = try peer.verify(.start, otherUser: minaID)
        shown(client, "the second request", has("[ Compare emoji ]"))
        try client.keys("Escape")
        let declined = try XCTUnwrap(second.outcome(), "nio gave no outcome")
        XCTAssertEqual(declined["result"] as? String, "canceled", "nio: \(declined)")
        XCTAssertEqual(declined["code"] as? String, "m.user", "nio: \(declined)")
        let screen = try client.capture()
        XCTAssertFalse(screen.contains { $0.contains("[ Compare emoji ]") || $0.contains("They match") }, screen.joined(separator: "\n"))
    }

    /// `/verify` alone in a direct conversation asks its person there (in-room, as Element does):
    /// the peer answers in the room, both verify with the same emoji, and the transcript shows the
    /// request as one line and no step.
    func testVerifyInADirectConversationAsksInTheConversation() async throws {
        let (client, minaID, peer) = try await minaAndNio()
        let room = try peer.createEncryptedRoom(name: SynapseServer.randomName("verifyhere"), invite: [minaID], direct: true).room
        shown(client, "the request to talk", has("wants to talk with you"))
        try client.keys("3")
        shown(client, "the Direct tab", has("✉ request to talk"))
        try client.keys("Enter")
        shown(client, "the question", has("(accepts the request)"))
        try client.keys("Right", "Enter")
        shown(client, "the conversation", has("→ Mina joined"))

        let nio = try peer.verifyInRoom(.accept, room: room)
        XCTAssertTrue(nio.waitUntilListening(), "nio never listened")
        try client.type("/verify")
        try client.keys("Enter")
        try confirmMatchingEmoji(client, nio, peer)
        try client.keys("Enter")
        let transcript = shown(client, "the request as a line", seconds: 20) { screen in
            !screen.contains { $0.contains("[ Close ]") } && screen.contains { $0.contains("wants to verify by emoji") }
        }
        XCTAssertEqual(transcript.filter { $0.contains("wants to verify by emoji") }.count, 1, transcript.joined(separator: "\n"))
        XCTAssertFalse(transcript.contains { $0.contains("m.key.verification") || $0.contains("verification request") }, transcript.joined(separator: "\n"))
    }

    func testVerifyTakesAMembersNickname() async throws {
        let (client, minaID, peer) = try await minaAndNio()
        let nickname = "Hanbyeol\(Int.random(in: 1000...9999))"
        try await peer.user.setDisplayName(nickname)
        // In a public room, so the user directory lists them for everyone.
        _ = try await peer.user.createRoom(name: "lobby \(nickname)")
        let onlooker = try await SynapseUser.register(on: peer.user.server)
        let deadline = Date().addingTimeInterval(30)
        while try await !onlooker.searchDirectory(nickname).contains(peer.user.userID), Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
        }

        try client.type("/verify NoSuchPerson\(nickname)")
        try client.keys("Enter")
        shown(client, "no such member", has("No member found"))
        try client.keys("Enter")

        let nio = try peer.verify(.accept, otherUser: minaID)
        try client.type("/verify \(nickname)")
        try client.keys("Enter")
        shown(client, "the emoji to compare", has("[ They match ]"))
        try client.keys("Right", "Right", "Enter")
        shown(client, "verified", has("Verified: \(peer.user.userID)"))
        XCTAssertEqual(nio.outcome()?["result"] as? String, "verified")
    }

    func testASignatureTheServerRefusesIsAnAlertOverTheVerificationScreen() async throws {
        let server = try SynapseServer.url()
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        let user = try await SynapseUser.register(on: server, password: "correct horse battery")
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--homeserver", proxy.url.absoluteString])
        let login = try mina.run(["login", "--username", user.localpart, "--password-stdin"], stdin: user.password + "\n")
        XCTAssertEqual(login.status, 0, "\(login)")
        XCTAssertEqual(try mina.run(["terms", "accept"]).status, 0)
        let crossSigning = try mina.run(["cross-signing", "--password-stdin"], stdin: user.password + "\n")
        XCTAssertEqual(crossSigning.status, 0, "\(crossSigning)")
        let phone = NioPeer(user: user, store: directory.file("phone"), deviceID: "PHONE")
        try phone.uploadKeys()
        let client = try mina.terminal([], stderr: directory.file("stderr"))
        session = client
        shown(client, "started", has("2 Channels"))

        let nio = try phone.verify(.accept, otherUser: user.userID)
        proxy.set(.status(500), matching: "/keys/signatures/upload")
        try client.type("/verify")
        try client.keys("Enter")
        shown(client, "the emoji to compare", has("[ They match ]"))
        try client.keys("Right", "Right", "Enter")
        XCTAssertEqual(nio.outcome()?["result"] as? String, "verified")
        shown(client, "the refused signature as an alert", has("signature that shows it"))
        // The alert takes Enter first; the verification screen is still there under it.
        try client.keys("Enter")
        let under = shown(client, "the screen under the alert", seconds: 10) { screen in
            !screen.contains { $0.contains("signature that shows it") } && screen.contains { $0.contains("[ Close ]") }
        }
        XCTAssertTrue(under.contains { $0.contains("Verified: \(user.userID)") }, under.joined(separator: "\n"))
    }
}
