import Foundation
import TestSupport
import XCTest

/// Invitations in the real interactive client, in tmux, with matrix-nio inviting (issue 17): the
/// status line says when one arrives, the tab bar counts them, the Direct tab lists them with who
/// invited; `x` declines and Enter accepts, each only after a question that opens on Cancel — a
/// stranger's request to talk is never joined by itself.
final class InvitationsTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-invites")
    }

    override func tearDown() {
        session?.close()
        session = nil
        directory = nil
    }

    func testAnInvitationAndARequestAreAnsweredFromTheDirectTabAfterAQuestion() async throws {
        let server = try SynapseServer.url()
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let inviter = peer.user.localpart
        let client = try mina.terminal([], stderr: directory.file("stderr"))
        session = client
        XCTAssertTrue(client.waitForScreen(containing: "2 Channels").shown, "the client started")

        let party = try peer.createEncryptedRoom(name: SynapseServer.randomName("aparty"), invite: [minaID]).room
        let arrived = client.waitForScreen { $0.contains { $0.contains("\(inviter) invited you to aparty") } && $0.contains { $0.contains("Direct ✉1") } }
        XCTAssertTrue(arrived.shown, "the status line and the tab bar tell:\n\(arrived.screen.joined(separator: "\n"))")
        let request = try peer.createEncryptedRoom(name: SynapseServer.randomName("zrequest"), invite: [minaID], direct: true).room
        let asked = client.waitForScreen { $0.contains { $0.contains("\(inviter) wants to talk with you") } && $0.contains { $0.contains("Direct ✉2") } }
        XCTAssertTrue(asked.shown, "a stranger's request to talk:\n\(asked.screen.joined(separator: "\n"))")
        let waiting = try await peer.user.membership(of: minaID, in: request)
        XCTAssertEqual(waiting, "invite", "a stranger's request is never joined by itself")

        try client.keys("3")
        let listed = client.waitForScreen { screen in
            screen.contains { $0.contains("▸ ✉ aparty") && $0.contains("invited by \(inviter)") } && screen.contains { $0.contains("✉ request to talk") }
        }
        XCTAssertTrue(listed.shown, "both listed with who invited:\n\(listed.screen.joined(separator: "\n"))")

        // x asks; the question opens on Cancel, so Enter declines nothing.
        try client.keys("x")
        let question = client.waitForScreen(containing: "Decline \(inviter)'s invitation to")
        XCTAssertTrue(question.shown, question.screen.joined(separator: "\n"))
        try client.keys("Enter")
        let kept = client.waitForScreen { screen in !screen.contains { $0.contains("Decline ") } && screen.contains { $0.contains("▸ ✉ aparty") } }
        XCTAssertTrue(kept.shown, "Cancel kept the invitation:\n\(kept.screen.joined(separator: "\n"))")
        let stillInvited = try await peer.user.membership(of: minaID, in: party)
        XCTAssertEqual(stillInvited, "invite")

        try client.keys("x")
        XCTAssertTrue(client.waitForScreen(containing: "Decline \(inviter)'s invitation to").shown)
        try client.keys("Right", "Enter")
        let declined = client.waitForScreen { screen in !screen.contains { $0.contains("aparty") } && screen.contains { $0.contains("▸ ✉ request to talk") } }
        XCTAssertTrue(declined.shown, "declined and gone:\n\(declined.screen.joined(separator: "\n"))")
        let left = await eventually(seconds: 20) { (try? await peer.user.membership(of: minaID, in: party)) == "leave" }
        XCTAssertTrue(left, "the server has Mina out of the room")

        try client.keys("Enter")
        XCTAssertTrue(client.waitForScreen(containing: "Talk with \(inviter)? (accepts the request)").shown)
        try client.keys("Right", "Enter")
        let opened = client.waitForScreen { $0.contains { $0.contains("→ Mina joined") } }
        XCTAssertTrue(opened.shown, "accepting opened the conversation:\n\(opened.screen.joined(separator: "\n"))")
        let joined = try await peer.user.membership(of: minaID, in: request)
        XCTAssertEqual(joined, "join")
    }
}
