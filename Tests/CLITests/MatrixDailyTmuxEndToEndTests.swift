import Foundation
import TestSupport
import XCTest

/// Issue 19 on Matrix in the real binary, in tmux, against the real Synapse: Tab completion of
/// members sent as Matrix mentions (read back by matrix-nio), and Ctrl-R search in Korean and
/// English.
final class MatrixDailyTmuxEndToEndTests: XCTestCase {
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

    /// `B` + Tab gives `Bob: `, `ㅁㅅ` + Tab gives `민수: ` (a Korean display name from its
    /// initial consonants) and `So` + Tab `Sora: ` (a member who joined and never wrote), and what
    /// is sent addresses them as Matrix mentions: matrix-nio, the other client, reads each
    /// message's `m.mentions` with the member's id and a pill to it.
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
        let sora = try await SynapseUser.register(on: server)
        try await sora.setDisplayName("Sora")
        try await sora.join(room)
        try await peer.user.send("hello from bob", to: room)
        try await minsu.send("안녕하세요", to: room)
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "joined")
        let client = try mina.terminal(["--channel", name], stderr: directory.file("stderr"))
        session = client
        XCTAssertTrue(client.waitForScreen(containing: "안녕하세요").shown, "the chat opened with both messages")

        for (typed, completed, text) in [("B", "Bob:", "lunch?"), ("ㅁㅅ", "민수:", "점심 먹었어요?"), ("So", "Sora:", "오랜만이에요")] {
            try client.type(typed)
            try client.keys("Tab")
            let shown = client.waitForScreen { screen in screen.last { $0.contains("› ") }?.hasSuffix("› \(completed)") == true }
            XCTAssertTrue(shown.shown, "\(typed) + Tab gives \(completed):\n\(shown.screen.joined(separator: "\n"))")
            try client.type(text)
            try client.keys("Enter")
            XCTAssertTrue(client.waitForScreen(containing: "\(completed) \(text)").shown, "sent")
        }

        for (body, member) in [("Bob: lunch?", peer.user.userID), ("민수: 점심 먹었어요?", minsu.userID), ("Sora: 오랜만이에요", sora.userID)] {
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

    /// Ctrl-R in a room finds a two-syllable Korean word inside a longer one (맛집 in 맛집을) and
    /// English inside a word in any case (arke in MARKET); Enter jumps to the message, picked.
    func testCtrlRFindsKoreanAndEnglishInARoom() async throws {
        let server = try SynapseServer.url()
        let (mina, _) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let owner = try await SynapseUser.register(on: server)
        let name = SynapseServer.randomName("search")
        let room = try await owner.createRoom(name: name)
        try await owner.send("오늘 맛집을 찾았다", to: room)
        try await owner.send("Tonight at the MARKET", to: room)
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "joined")
        let client = try mina.terminal(["--channel", name], stderr: directory.file("stderr"))
        session = client
        XCTAssertTrue(client.waitForScreen(containing: "Tonight at the MARKET").shown, "the chat opened")

        for (query, found) in [("맛집", "오늘 맛집을 찾았다"), ("arke", "Tonight at the MARKET")] {
            try client.keys("C-r")
            XCTAssertTrue(client.waitForScreen(containing: "Search in").shown, "Ctrl-R opened the search")
            try client.type(query)
            try client.keys("Enter")
            // A hit is "▸ ROOM · SENDER …" over its snippet.
            let results = client.waitForScreen { screen in
                screen.contains { $0.contains("▸ ") && $0.contains(owner.localpart) } && screen.contains { $0.contains(found) }
            }
            XCTAssertTrue(results.shown, "\(query) finds \(found):\n\(results.screen.joined(separator: "\n"))")
            try client.keys("Enter")
            let picked = client.waitForScreen { screen in !screen.contains { $0.contains("Search in") } && screen.contains { $0.contains("selecting") } }
            XCTAssertTrue(picked.shown, "Enter jumped to the message, picked:\n\(picked.screen.joined(separator: "\n"))")
            try client.keys("Escape")
            XCTAssertTrue(client.waitForScreen { !$0.contains { $0.contains("selecting") } }.shown)
        }
    }
}

