import Foundation
import TestSupport
import XCTest

/// Tab completion on Matrix in the real binary, in tmux, against the real Synapse (issue 19):
/// `B` + Tab gives `Bob: ` and `ㅁㅅ` + Tab gives `민수: ` (a Korean display name from its initial
/// consonants), and what is sent addresses them as Matrix mentions — matrix-nio, the other
/// client, reads each message's `m.mentions` with the member's id and a pill linking to it.
final class MatrixCompletionTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-mentions")
    }

    override func tearDown() {
        session?.close()
        session = nil
        directory = nil
    }

    func testTabCompletesMembersAndTheMessageMentionsThem() async throws {
        let server = try SynapseServer.url()
        let (mina, _) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        try await peer.user.setDisplayName("Bob")
        let minsu = try await SynapseUser.register(on: server)
        try await minsu.setDisplayName("민수")
        let name = SynapseServer.randomName("mentions")
        let room = try await peer.user.createRoom(name: name)
        try await minsu.join(room)
        try await peer.user.send("hello from bob", to: room)
        try await minsu.send("안녕하세요", to: room)
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "joined")
        let client = try mina.terminal(["--channel", name], stderr: directory.file("stderr"))
        session = client
        XCTAssertTrue(client.waitForScreen(containing: "안녕하세요").shown, "the chat opened with both messages")

        for (typed, completed, text) in [("B", "Bob:", "lunch?"), ("ㅁㅅ", "민수:", "점심 먹었어요?")] {
            try client.type(typed)
            try client.keys("Tab")
            let shown = client.waitForScreen { screen in screen.last { $0.contains("› ") }?.hasSuffix("› \(completed)") == true }
            XCTAssertTrue(shown.shown, "\(typed) + Tab gives \(completed):\n\(shown.screen.joined(separator: "\n"))")
            try client.type(text)
            try client.keys("Enter")
            XCTAssertTrue(client.waitForScreen(containing: "\(completed) \(text)").shown, "sent")
        }

        for (body, member) in [("Bob: lunch?", peer.user.userID), ("민수: 점심 먹었어요?", minsu.userID)] {
            var content: [String: Any] = [:]
            let read = waitUntil(seconds: 30) {
                let events = (try? peer.events(in: room, limit: 20)) ?? []
                content = events.compactMap { $0["content"] as? [String: Any] }.last { $0["body"] as? String == body } ?? [:]
                return !content.isEmpty
            }
            XCTAssertTrue(read, "nio never read \(body)")
            let mentions = content["m.mentions"] as? [String: Any]
            XCTAssertEqual(mentions?["user_ids"] as? [String], [member], "\(body): \(content)")
            XCTAssertEqual(content["format"] as? String, "org.matrix.custom.html")
            let html = content["formatted_body"] as? String ?? ""
            XCTAssertTrue(html.hasPrefix("<a href=\"https://matrix.to/#/\(member)\">"), "a pill to \(member): \(html)")
        }
    }
}
