import Foundation
import TestSupport
import XCTest

/// Typing notices in the real interactive client, in tmux, with matrix-nio as the other person
/// (issue 17): nio's typing shows on the chat's status line and goes when nio stops; what Mina
/// types in the input nio reads as typing, and sending ends it.
final class TypingTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-typing")
    }

    override func tearDown() {
        session?.close()
        session = nil
        directory = nil
    }

    func testTypingShowsBothWays() async throws {
        let server = try SynapseServer.url()
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let name = SynapseServer.randomName("typing")
        let room = try await peer.user.createRoom(name: name)
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "joined")
        let client = try mina.terminal(["--channel", name], stderr: directory.file("stderr"))
        session = client
        XCTAssertTrue(client.waitForScreen(containing: name).shown, "the chat opened")

        try peer.type(true, in: room)
        let typing = "\(peer.user.localpart) is typing…"
        let shown = client.waitForScreen(containing: typing)
        XCTAssertTrue(shown.shown, "the status line says nio types:\n\(shown.screen.joined(separator: "\n"))")
        try peer.type(false, in: room)
        let gone = client.waitForScreen { screen in !screen.contains { $0.contains(typing) } }
        XCTAssertTrue(gone.shown, "and stops saying so:\n\(gone.screen.joined(separator: "\n"))")

        try client.type("hel")
        let started = try peer.waitForTyping(of: minaID, in: room)
        XCTAssertTrue(started.seen, "nio reads Mina typing: \(started.typists)")
        try client.type("lo")
        try client.keys("Enter")
        let stopped = try peer.waitForTyping(of: minaID, in: room, typing: false)
        XCTAssertTrue(stopped.seen, "sending ended Mina's typing for nio: \(stopped.typists)")
        XCTAssertTrue(client.waitForScreen(containing: "hello").shown, "and the message went")
    }
}
