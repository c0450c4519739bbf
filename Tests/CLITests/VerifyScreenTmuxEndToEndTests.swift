import Foundation
import TestSupport
import XCTest

/// The verification screen in the real interactive client, in tmux, with matrix-nio on the other
/// side (issue 18): `/verify USER` shows the seven emoji with their English and Korean names —
/// the same nio shows; stray keys confirm nothing (the screen opens on Cancel); only → → Enter
/// on "They match" verifies, on both sides. Esc cancels the verification on both sides.
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

    @discardableResult
    private func shown(_ client: TmuxSession, _ what: String, seconds: Double = 60, _ condition: ([String]) -> Bool) -> [String] {
        let seen = client.waitForScreen(seconds: seconds, condition)
        XCTAssertTrue(seen.shown, "never \(what):\n\(seen.screen.joined(separator: "\n"))")
        return seen.screen
    }

    private func has(_ needle: String) -> ([String]) -> Bool { { $0.contains { $0.contains(needle) } } }

    func testVerifyShowsNiosEmojiIgnoresStrayKeysAndConfirmsOnlyOnTheirMatch() async throws {
        let server = try SynapseServer.url()
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        try peer.uploadKeys()
        let client = try mina.terminal([], stderr: directory.file("stderr"))
        session = client
        shown(client, "started", has("2 Channels"))

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
}
