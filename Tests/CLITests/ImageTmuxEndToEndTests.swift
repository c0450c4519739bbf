import Foundation
import TestSupport
import XCTest

/// Images in the real interactive client, each person in their own tmux terminal with their own
/// `HOME`: a member sends an image with `/image`, another terminal shows its preview; bad files
/// are refused and the client goes on; with `--homeserver`, an image sent by another Matrix
/// client shows too.
final class ImageTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var sessions: [TmuxSession] = []
    private var store: String { directory.file("community.sqlite").path }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-images")
    }

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        directory = nil
    }

    // MARK: Fixtures

    private func member(_ name: String, backend: [String]) throws -> TteokUser {
        try TteokUser(home: directory.file("home-\(name)"), backendArguments: backend)
    }

    /// Starts `tteok <backend> <arguments>` for `person` in a terminal of its own.
    private func terminal(_ person: TteokUser, _ arguments: [String], width: Int = 100, height: Int = 32) throws -> TmuxSession {
        let session = try person.terminal(arguments, stderr: directory.file("stderr-\(sessions.count)"), width: width, height: height)
        sessions.append(session)
        return session
    }

    /// Waits until the terminal shows `needle`; fails with the screen otherwise.
    @discardableResult
    private func waitFor(_ needle: String, in session: TmuxSession, seconds: Double = 20, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        var screen: [String] = []
        let shown = waitUntil(seconds: seconds) {
            screen = (try? session.capture()) ?? []
            return screen.contains { $0.contains(needle) }
        }
        XCTAssertTrue(shown, "never showed \(needle):\n\(screen.joined(separator: "\n"))", file: file, line: line)
        return screen
    }

    /// Rows from the image's label down that hold chafa's block and border symbols: the preview
    /// (the test pictures' quarters meet in such symbols; tmux's text capture shows no colours).
    private func previewRows(_ screen: [String], below label: String) -> Int {
        guard let start = screen.firstIndex(where: { $0.contains(label) }) else { return 0 }
        return screen[start...].filter { row in
            row.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) || (0x2500...0x257F).contains($0.value) && $0 != "─" && $0 != "│" }
        }.count
    }

    private func waitForPreview(_ label: String, in session: TmuxSession, file: StaticString = #filePath, line: UInt = #line) {
        var screen: [String] = []
        let shown = waitUntil(seconds: 20) {
            screen = (try? session.capture()) ?? []
            return previewRows(screen, below: label) >= 4
        }
        XCTAssertTrue(shown, "no preview under \(label):\n\(screen.joined(separator: "\n"))", file: file, line: line)
    }

    private func write(_ data: Data, _ name: String) throws -> String {
        let file = directory.file(name)
        try data.write(to: file)
        return file.path
    }

    // MARK: Embedded community

    func testAMembersImageShowsInAnotherTerminalAndBadFilesAreRefused() throws {
        let backend = ["--store", store]
        let mina = try member("mina", backend: backend), joon = try member("joon", backend: backend)
        for (person, name) in [(mina, "mina"), (joon, "joon")] {
            let signup = try person.run(["signup", "--email", "\(name)@example.com", "--password-stdin", "--nickname", name.capitalized,
                                         "--region", "마포구", "--accept-terms"], stdin: "correct horse\n")
            XCTAssertEqual(signup.status, 0, "\(signup)")
        }
        // tmux passes no kitty pictures on: the client says so and draws symbols.
        let joonTerminal = try terminal(joon, ["--channel", "lobby", "--images", "kitty"])
        waitFor("# lobby", in: joonTerminal)
        waitFor("tmux cannot show kitty pictures", in: joonTerminal)
        let minaTerminal = try terminal(mina, ["--channel", "lobby"])
        waitFor("Type a message", in: minaTerminal)

        try minaTerminal.type("/image " + (try write(TestImages.png(width: 64, height: 32), "sunset.png")))
        try minaTerminal.keys("Enter")
        waitForPreview("[image] sunset.png", in: minaTerminal)
        waitForPreview("[image] sunset.png", in: joonTerminal)
        waitFor("Mina", in: joonTerminal)

        // A text file named .png: an alert, nothing sent, and the client goes on.
        try minaTerminal.type("/image " + (try write(Data("rice cakes\n".utf8), "notes.png")))
        try minaTerminal.keys("Enter")
        waitFor("notes.png is not an image", in: minaTerminal)
        try minaTerminal.keys("Enter")
        try minaTerminal.keys("C-u")  // a failed command keeps its line to correct: clear it
        try minaTerminal.type("still here")
        try minaTerminal.keys("Enter")
        waitFor("still here", in: joonTerminal)
        XCTAssertFalse(try joonTerminal.capture().contains { $0.contains("notes.png") }, "nothing of the refused file reached joon")
        let read = try mina.run(["read", "lobby", "--json"])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]], "\(read)")
        XCTAssertEqual(rows.filter { $0["kind"] as? String == "image" }.count, 1, "one image stored")
    }

    // MARK: Matrix

    func testAnImageFromAnotherMatrixClientShows() async throws {
        let server = try SynapseServer.url()
        let joon = try member("joon", backend: ["--homeserver", server.absoluteString])
        let signup = try joon.run(["signup", "--username", SynapseServer.randomName("joon"), "--password-stdin", "--nickname", "Joon",
                                   "--accept-terms"], stdin: "correct horse battery\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        let other = try await SynapseUser.register(on: server)
        let room = SynapseServer.randomName("photos")
        let roomID = try await other.createRoom(name: room, public: true, worldReadable: true, guestsCanJoin: true)

        let joonTerminal = try terminal(joon, ["--channel", room])
        waitFor("# \(room)", in: joonTerminal)
        let png = TestImages.png(width: 48, height: 24)
        let uri = try await other.upload(png, fileName: "from-element.png", contentType: "image/png")
        try await other.sendMessage(["msgtype": "m.image", "body": "from-element.png", "url": uri,
                                     "info": ["mimetype": "image/png", "size": png.count, "w": 48, "h": 24]], to: roomID)
        waitForPreview("[image] from-element.png", in: joonTerminal)
    }
}
