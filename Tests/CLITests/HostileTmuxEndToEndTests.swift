import Foundation
import TestSupport
import TUI
import XCTest

/// The terminal attacks of the hostile corpus, posted by another member, shown by the real client
/// in a real terminal (tmux): afterwards the rest of the UI is intact where it belongs, the pane
/// and window titles are what they were, and no clipboard buffer was set.
final class HostileTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-hostile")
    }

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        directory = nil
    }

    private static let width = 100, height = 32

    /// tmux told to honour what an attacker would use: OSC 52 makes a buffer, `ESC k` renames
    /// the window (OSC 0/2 set the pane title whatever the options). The window gets a fixed
    /// name, so only an escape sequence can change it (not the running command's name).
    private func honourAttacks(_ session: TmuxSession) throws {
        try session.run(["set-option", "-s", "set-clipboard", "on"])
        try session.run(["set-option", "-wg", "allow-rename", "on"])
        try session.run(["rename-window", "canary"])
    }

    private struct Canaries: Equatable {
        var paneTitle: String
        var windowName: String
        var buffers: String

        init(_ session: TmuxSession) throws {
            paneTitle = try session.format("#{pane_title}")
            windowName = try session.format("#{window_name}")
            buffers = try session.run(["list-buffers"])
        }
    }

    /// The canaries can fail: the same bytes printed raw by a shell change the title and the
    /// window name and set a buffer in this very tmux.
    func testTheCanariesNoticeRawAttacks() throws {
        let raw = HostileText.terminalAttacks.map(\.text).joined(separator: "\n")
        let file = directory.file("raw.txt")
        try Data(raw.utf8).write(to: file)
        let session = try TmuxSession(command: "read go; cat '\(file.path)'; sleep 60", width: 80, height: 24)
        sessions.append(session)
        try honourAttacks(session)
        let before = try Canaries(session)
        try session.keys("Enter")
        var after = before
        let changed = waitUntil(seconds: 10) {
            after = (try? Canaries(session)) ?? before
            return after.paneTitle != before.paneTitle && after.windowName != before.windowName && !after.buffers.isEmpty
        }
        XCTAssertTrue(changed, "tmux ignored the raw attacks, so the test below could not fail: \(before) → \(after)")
    }

    func testAMembersTerminalAttacksLeaveTheClientAndTheTerminalIntact() throws {
        let store = directory.file("community.sqlite").path
        let joon = try TteokUser(home: directory.file("home-joon"), backendArguments: ["--store", store])
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--store", store])
        for (person, name, nickname) in [(joon, "joon", "Joon"), (mina, "mina", "%n%s'; DROP--")] {
            let signup = try person.run(["signup", "--email", "\(name)@example.com", "--password-stdin", "--nickname", nickname,
                                         "--region", "마포구", "--accept-terms"], stdin: "correct horse\n")
            XCTAssertEqual(signup.status, 0, "\(signup)")
        }
        let terminal = try joon.terminal(["--channel", "lobby"], stderr: directory.file("stderr"), width: Self.width, height: Self.height)
        sessions.append(terminal)
        try honourAttacks(terminal)
        let opened = terminal.waitForScreen(containing: "Type a message")
        XCTAssertTrue(opened.shown, opened.screen.joined(separator: "\n"))
        let before = try Canaries(terminal)

        for sample in HostileText.terminalAttacks {
            let post = try mina.run(["post", "lobby", sample.text])
            XCTAssertEqual(post.status, 0, "\(sample.name): \(post)")
        }
        XCTAssertEqual(try mina.run(["post", "lobby", "END of the attacks"]).status, 0)
        let shown = terminal.waitForScreen(containing: "END of the attacks")
        XCTAssertTrue(shown.shown, shown.screen.joined(separator: "\n"))
        let settled = assertIntact(terminal, chatOpen: true)
        XCTAssertTrue(settled.contains { $0.contains("<RLO>") }, "the bidi override is shown as a marker")
        XCTAssertTrue(settled.contains { $0.contains("%n%s'; DROP--") }, "the nickname is shown as it is")

        XCTAssertTrue(settled.contains { $0.contains("the rest of this message is not shown") }, "the 10,000-line message is shown, cut")

        // Scroll back a page at a time through every message, the 10,000-line one included (its
        // empty lines make pages that look alike), each frame intact, up to the chat's beginning.
        var screen = settled
        for _ in 0..<40 where !screen.contains(where: { $0.contains("the beginning of this chat") }) {
            try terminal.keys("PPage")
            screen = assertIntact(terminal, chatOpen: true)
        }
        let top = (shown: screen.contains { $0.contains("the beginning of this chat") }, screen: screen)
        XCTAssertTrue(top.shown, top.screen.joined(separator: "\n"))
        XCTAssertTrue(top.screen.contains { $0.contains("^[]0;pwned^G") }, top.screen.joined(separator: "\n"))

        // Leave the input and the chat: the tab bar comes back, in its place.
        try terminal.keys("Escape")
        try terminal.keys("Escape")
        let list = terminal.waitForScreen { $0.first?.contains("1 Discover") == true }
        XCTAssertTrue(list.shown, list.screen.joined(separator: "\n"))
        _ = assertIntact(terminal, chatOpen: false)
        XCTAssertEqual(try Canaries(terminal), before, "no title, window name or clipboard buffer was set")

        try terminal.keys("q")  // q asks first; the question opens on Cancel
        XCTAssertTrue(terminal.waitForScreen(containing: "Quit tteok?").shown)
        try terminal.keys("Right", "Enter")
        let exited = terminal.waitForScreen(containing: "EXITED")
        XCTAssertTrue(exited.screen.contains("EXITED 0"), exited.screen.joined(separator: "\n"))
        let stderr = try String(contentsOf: directory.file("stderr"), encoding: .utf8)
        XCTAssertEqual(stderr, "", "nothing went to standard error")
    }

    /// Asserts the frame is intact once the terminal has settled. ncurses may scroll the whole
    /// width with a scroll region and then redraw the list beside the chat, so a capture taken in
    /// the middle of a frame can show the list torn: the test waits (with a deadline) for a
    /// capture with no problem, and fails with the last one.
    private func assertIntact(_ terminal: TmuxSession, chatOpen: Bool, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        var problems: [String] = []
        let settled = terminal.waitForScreen(seconds: 10) { screen in
            problems = Self.problems(screen, chatOpen: chatOpen)
            return problems.isEmpty
        }
        XCTAssertTrue(settled.shown, "\(problems.joined(separator: "; ")):\n\(settled.screen.joined(separator: "\n"))", file: file, line: line)
        return settled.screen
    }

    /// What is wrong with the frame: every row of the list and the chat must have the divider at
    /// the same column, the input bar and the status line must be at the bottom, the channel list
    /// (or the tab bar) at the top, and nothing of a message may show outside its pane.
    private static func problems(_ screen: [String], chatOpen: Bool) -> [String] {
        guard screen.count == height else { return ["\(screen.count) rows"] }
        var problems: [String] = []
        if !screen[height - 1].hasPrefix(" Joon · online · ") { problems.append("no status line") }
        let body: Range<Int>
        if chatOpen {
            if !screen[0].hasPrefix(" Channels ") { problems.append("no list header") }
            if !screen[0].contains("# lobby") { problems.append("no chat title") }
            if !screen[height - 2].contains("│›") { problems.append("no input bar") }
            if !screen[height - 3].contains("│───") { problems.append("no rule above the input") }
            body = 0..<(height - 1)
        } else {
            if !(screen[0].contains("1 Discover") && screen[0].contains("4 Profile")) { problems.append("no tab bar") }
            body = 1..<(height - 1)
        }
        let dividers = Set(screen[body].map { row in
            row.firstIndex(of: "│").map { TextLayout.width(TextLayout.glyphs(String(row[..<$0]))) } ?? -1
        })
        if dividers != [dividers.first ?? 0] || dividers.contains(-1) { problems.append("the divider moved or vanished: \(dividers.sorted())") }
        for row in screen[body] {
            let list = row.firstIndex(of: "│").map { String(row[..<$0]) } ?? row
            if list.contains("^[") || list.contains("<RLO>") || list.contains("pwned") { problems.append("a message leaked into the list: \(row)") }
        }
        return problems
    }
}
