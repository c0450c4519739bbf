import Foundation
import TestSupport
import XCTest

/// Issue 17's table, read off the real binary's screen in tmux: each kind of relation another
/// client writes shows as that client meant it. On Matrix, matrix-nio is the other person; on the
/// embedded community, another member's CLI verbs (`post --reply-to`, `--thread`, `--emote`,
/// `--file`, `react`, `edit`, `delete`). Each row of the table is asserted on the captured screen.
final class RelationTableTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-relations")
    }

    override func tearDown() {
        session?.close()
        session = nil
        directory = nil
    }

    func testEveryRowOfTheTableAsNioSendsIt() async throws {
        let server = try SynapseServer.url()
        let (mina, _) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let nio = peer.user.localpart
        let name = SynapseServer.randomName("relations")
        let room = try await peer.user.createRoom(name: name)
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "joined")
        let client = try mina.terminal(["--channel", name], stderr: directory.file("stderr"), width: 110, height: 70)
        session = client
        XCTAssertTrue(client.waitForScreen(containing: name).shown, "the chat opened")

        _ = try peer.send([
            .text("the original question"),                                           // 0
            .reply(to: .step(0), "answer without fallback", fallback: false),         // 1
            .reply(to: .step(0), "answer with fallback", fallback: true),             // 2
            .text("tpyo here"),                                                       // 3
            .edit(of: .step(3), "typo fixed"),                                        // 4
            .text("react to this"),                                                   // 5
            .react(to: .step(5), "👍"),                                                // 6
            .text("this will vanish"),                                                // 7
            .redact(.step(7)),                                                        // 8
            .text("thread root here"),                                                // 9
            .thread(root: .step(9), "inside the thread"),                             // 10
            .emote("waves"),                                                          // 11
            .notice("a bot notice"),                                                  // 12
            .text("plain body only", html: "<b>bold words</b> and <code>some code</code>"), // 13
            .media(msgtype: "m.file", name: "report.pdf", mimetype: "application/pdf", data: Data(repeating: 7, count: 2048)), // 14
            .sticker(name: "cat.png", mimetype: "image/png", data: TestImages.png(width: 48, height: 24)), // 15
        ], to: room)
        let screen = waitForPreview("[sticker] cat.png", in: client)
        let text = screen.joined(separator: "\n")

        // reply without fallback: the quoted parent above the reply.
        XCTAssertTrue(quoted("the original question", above: "answer without fallback", in: screen), text)
        // reply with fallback: the fallback stripped, the parent quoted by name, not by user id.
        XCTAssertTrue(quoted("the original question", above: "answer with fallback", in: screen), text)
        XCTAssertFalse(text.contains("> <@"), "no raw fallback quote:\n\(text)")
        XCTAssertFalse(screen.contains { $0.contains("↱") && $0.contains("@") }, "the quote names a name:\n\(text)")
        assertSharedRows(screen, sender: nio)
        // The thread's own unread count is the homeserver's (MSC3773), drawn as on the community;
        // reading the room leaves it.
        let counted = client.waitForScreen { self.row(after: "thread root here", in: $0, contains: "└ 1 reply · 1 new") }
        XCTAssertTrue(counted.shown, "the root says its reply is new:\n\(counted.screen.joined(separator: "\n"))")
        XCTAssertFalse(text.contains("* typo fixed"), "the edit's fallback body is not shown:\n\(text)")
        // notice, HTML.
        XCTAssertTrue(text.contains("a bot notice"), text)
        XCTAssertTrue(text.contains("bold words and some code"), "the HTML drawn, not the plain body:\n\(text)")
        XCTAssertFalse(text.contains("plain body only") || text.contains("<b>"), text)
        // The styles tmux's text capture cannot show: the notice in the muted colour, the HTML bold.
        let styled = try client.run(["capture-pane", "-p", "-e"])
        XCTAssertTrue(styled.contains("\u{1B}[1mbold words"), "bold words drawn bold:\n\(styled)")
        XCTAssertNotEqual(sgr(before: "a bot notice", in: styled), sgr(before: "typo fixed", in: styled), "the notice styled apart")

        // The thread opens from its root with → in selection mode.
        let reading = try client.run(["capture-pane", "-p", "-e"])
        try client.keys("Escape", "Up")
        // Selection mode starts on the newest line (the sticker): the root's row as drawn unpicked.
        XCTAssertTrue(waitUntil(seconds: 5) { (try? client.run(["capture-pane", "-p", "-e"])) != reading }, "selection mode drawn")
        let unpicked = try row(showing: "thread root here", in: client)
        try pick("thread root here", in: client, unpicked: unpicked)
        try client.keys("Right")
        let thread = client.waitForScreen(containing: "inside the thread")
        XCTAssertTrue(thread.shown, "the thread's view shows the reply:\n\(thread.screen.joined(separator: "\n"))")
        // Read in its view: back in the room, nothing under the root is new.
        try client.keys("Escape")
        XCTAssertTrue(client.waitForScreen(containing: "pick a message").shown, "left the thread's input")
        try client.keys("Escape")
        let back = client.waitForScreen { screen in
            !screen.contains { $0.contains("Thread ·") } && self.row(after: "thread root here", in: screen, contains: "└ 1 reply")
                && !screen.contains { $0.contains("· 1 new") }
        }
        XCTAssertTrue(back.shown, "the thread was read in its view:\n\(back.screen.joined(separator: "\n"))")
    }

    func testTheSameRowsOnTheEmbeddedCommunity() throws {
        let store = directory.file("community.sqlite").path
        let mina = try TteokUser.signedUpMember("mina", in: directory, store: store)
        let joon = try TteokUser.signedUpMember("joon", in: directory, store: store)
        let client = try mina.terminal(["--channel", "lobby"], stderr: directory.file("stderr"), width: 110, height: 50)
        session = client
        XCTAssertTrue(client.waitForScreen(containing: "Type a message").shown, "the chat opened")

        let question = try posted(joon, ["the original question"])
        _ = try posted(joon, ["--reply-to", question, "an answer"])
        let typo = try posted(joon, ["tpyo here"])
        XCTAssertEqual(try joon.run(["edit", "lobby", typo, "typo fixed"]).status, 0)
        let react = try posted(joon, ["react to this"])
        XCTAssertEqual(try joon.run(["react", "lobby", react, "👍"]).status, 0)
        let vanish = try posted(joon, ["this will vanish"])
        XCTAssertEqual(try joon.run(["delete", "lobby", vanish]).status, 0)
        let root = try posted(joon, ["thread root here"])
        _ = try posted(joon, ["--thread", root, "inside the thread"])
        _ = try posted(joon, ["--emote", "waves"])
        let file = directory.file("report.pdf")
        try Data(repeating: 7, count: 2048).write(to: file)
        _ = try posted(joon, ["--file", file.path])

        let (shown, screen) = client.waitForScreen { $0.contains { $0.contains("[file] report.pdf") } }
        let text = screen.joined(separator: "\n")
        XCTAssertTrue(shown, text)
        XCTAssertTrue(quoted("the original question", above: "an answer", in: screen), text)
        assertSharedRows(screen, sender: "joon")
    }

    // MARK: Reading the screen

    /// The rows both backends have: edit, reaction, deletion, thread reply, emote, file.
    private func assertSharedRows(_ screen: [String], sender: String, file: StaticString = #filePath, line: UInt = #line) {
        let text = screen.joined(separator: "\n")
        // edit: in place, marked, the original gone.
        XCTAssertTrue(text.contains("typo fixed (edited)"), text, file: file, line: line)
        XCTAssertFalse(text.contains("tpyo here"), text, file: file, line: line)
        // reaction: counted under its message.
        XCTAssertTrue(row(after: "react to this", in: screen, contains: "👍 1"), text, file: file, line: line)
        // deletion: a placeholder, the text gone.
        XCTAssertTrue(text.contains("message deleted"), text, file: file, line: line)
        XCTAssertFalse(text.contains("this will vanish"), text, file: file, line: line)
        // thread reply: counted under its root, not a line of the chat.
        XCTAssertTrue(row(after: "thread root here", in: screen, contains: "└ 1 reply"), text, file: file, line: line)
        XCTAssertFalse(text.contains("inside the thread"), text, file: file, line: line)
        // emote, file (name, size and type).
        XCTAssertTrue(text.contains("* \(sender) waves"), text, file: file, line: line)
        XCTAssertTrue(screen.contains { $0.contains("[file] report.pdf") && $0.contains("KB") && $0.contains("application/pdf") }, text,
                      file: file, line: line)
    }

    /// Posts in lobby as `person` and answers the new message's id (from `read --json`).
    private func posted(_ person: TteokUser, _ arguments: [String]) throws -> String {
        let post = try person.run(["post", "lobby"] + arguments)
        XCTAssertEqual(post.status, 0, "\(post)")
        let read = try person.run(["read", "lobby", "--json", "--limit", "1"])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]], "\(read)")
        return try XCTUnwrap(rows.last?["id"] as? String, "\(read)")
    }

    /// Whether the row quoting `parent` (`↱ Name: …`) is among the two rows above `reply`.
    private func quoted(_ parent: String, above reply: String, in screen: [String]) -> Bool {
        guard let index = screen.lastIndex(where: { $0.contains(reply) }) else { return false }
        return screen[max(0, index - 2)..<index].contains { $0.contains("↱") && $0.contains(parent) }
    }

    /// Whether one of the two rows below `message` contains `needle`.
    private func row(after message: String, in screen: [String], contains needle: String) -> Bool {
        guard let index = screen.lastIndex(where: { $0.contains(message) }) else { return false }
        return screen[(index + 1)..<min(screen.count, index + 3)].contains { $0.contains(needle) }
    }

    /// The last SGR sequence before `needle` on its row of an `-e` capture.
    private func sgr(before needle: String, in styled: String) -> String? {
        guard let line = styled.split(separator: "\n").first(where: { $0.contains(needle) }),
              let end = line.range(of: needle)?.lowerBound else { return nil }
        let head = line[..<end]
        guard let start = head.range(of: "\u{1B}[", options: .backwards)?.lowerBound else { return nil }
        return String(head[start...])
    }

    /// Waits for the label and at least four rows of chafa's symbols below it (the preview).
    private func waitForPreview(_ label: String, in client: TmuxSession) -> [String] {
        let (shown, screen) = client.waitForScreen(seconds: 30) { screen in
            guard let start = screen.firstIndex(where: { $0.contains(label) }) else { return false }
            return screen[start...].filter { row in row.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) } }.count >= 4
        }
        XCTAssertTrue(shown, "no preview under \(label):\n\(screen.joined(separator: "\n"))")
        return screen
    }

    /// The row showing `message`, with its styles (`-e`).
    private func row(showing message: String, in client: TmuxSession) throws -> String? {
        try client.run(["capture-pane", "-p", "-e"]).split(separator: "\n").first { $0.contains(message) }.map(String.init)
    }

    /// In selection mode, ↑ until the row showing `message` is drawn picked (its styles differ
    /// from `unpicked`), waiting for each step to be drawn; fails after 30 steps.
    private func pick(_ message: String, in client: TmuxSession, unpicked: String?) throws {
        for _ in 0..<30 {
            let before = try client.run(["capture-pane", "-p", "-e"])
            if try row(showing: message, in: client) != unpicked { return }
            try client.keys("Up")
            _ = waitUntil(seconds: 5) { (try? client.run(["capture-pane", "-p", "-e"])) != before }
        }
        XCTFail("\(message) was never picked")
    }
}
