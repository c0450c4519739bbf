import Foundation
import TestSupport
import XCTest

/// Issue 19 in the real binary, in tmux, on the embedded community: Tab completes a Korean
/// nickname from its initial consonants and a channel after `/join`; `/open N` hands exactly the
/// link to the desktop's opener (a script on `PATH` that records its one argument), a link full
/// of shell metacharacters runs nothing, and a `file:` or `javascript:` address is never numbered;
/// raw SGR mouse reports pick a message, open a channel and open a direct conversation.
final class DailyTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws { directory = try TemporaryDirectory(prefix: "tmux-daily") }

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        directory = nil
    }

    /// Joon in lobby, where 민수 (a member with a Korean nickname) has posted `text`.
    private func joonInLobbyAfter(_ text: String, environment: [String: String] = [:]) throws -> TmuxSession {
        let store = directory.file("community.sqlite").path
        let minsu = try TteokUser(home: directory.file("home-minsu"), backendArguments: ["--store", store])
        let signup = try minsu.run(["signup", "--email", "minsu@example.com", "--password-stdin", "--nickname", "민수",
                                    "--region", "마포구", "--accept-terms"], stdin: "correct horse\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        XCTAssertEqual(try minsu.run(["post", "lobby", text]).status, 0)
        let joon = try TteokUser.signedUpMember("joon", in: directory, store: store)
        let terminal = try joon.terminal(["--channel", "lobby"], stderr: directory.file("stderr"), environment: environment)
        sessions.append(terminal)
        let opened = terminal.waitForScreen(containing: "Type a message")
        XCTAssertTrue(opened.shown, opened.screen.joined(separator: "\n"))
        return terminal
    }

    private func inputRow(_ screen: [String]) -> String { screen.last { $0.contains("› ") } ?? "" }

    /// `ㅁ` + Tab cycles through who spoke, newest first (민지, then 민수), and Shift-Tab goes back.
    func testTabCompletesAKoreanNicknameFromItsInitialsAndAChannelAfterJoin() throws {
        let terminal = try joonInLobbyAfter("안녕하세요")
        let store = directory.file("community.sqlite").path
        let minji = try TteokUser(home: directory.file("home-minji"), backendArguments: ["--store", store])
        XCTAssertEqual(try minji.run(["signup", "--email", "minji@example.com", "--password-stdin", "--nickname", "민지",
                                      "--region", "마포구", "--accept-terms"], stdin: "correct horse\n").status, 0)
        XCTAssertEqual(try minji.run(["post", "lobby", "반가워요"]).status, 0)
        XCTAssertTrue(terminal.waitForScreen(containing: "반가워요").shown)
        try terminal.type("ㅁ")
        for (key, expected) in [("Tab", "민지:"), ("Tab", "민수:"), ("BTab", "민지:")] {
            try terminal.keys(key)
            let cycled = terminal.waitForScreen { self.inputRow($0).hasSuffix("› \(expected)") }
            XCTAssertTrue(cycled.shown, "\(key) gives \(expected): \(cycled.screen.joined(separator: "\n"))")
        }
        try terminal.keys("C-u")
        try terminal.type("ㅁㅅ")
        try terminal.keys("Tab")
        let name = terminal.waitForScreen { self.inputRow($0).hasSuffix("› 민수:") }
        XCTAssertTrue(name.shown, name.screen.joined(separator: "\n"))
        try terminal.keys("C-u")
        try terminal.type("/join lob")
        try terminal.keys("Tab")
        let channel = terminal.waitForScreen { self.inputRow($0).contains("› /join lobby") }
        XCTAssertTrue(channel.shown, channel.screen.joined(separator: "\n"))
    }

    func testOpenHandsTheOpenerExactlyTheLinkAndNeverAShell() throws {
        let bin = directory.file("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let recorded = directory.file("opened.txt"), pwned = directory.file("pwned")
        let opener = bin.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$#\" \"$1\" > '\(recorded.path)'\n".utf8).write(to: opener)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: opener.path)
        let hostile = "https://a.example/x?a=1;b=$(touch'\(pwned.path)')&c=1"
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let terminal = try joonInLobbyAfter("look file:///etc/passwd javascript:alert(1) \(hostile)", environment: ["PATH": path])
        try terminal.type("/open 1")
        try terminal.keys("Enter")
        XCTAssertTrue(waitUntil(seconds: 20) { FileManager.default.fileExists(atPath: recorded.path) }, "the opener never ran")
        XCTAssertTrue(waitUntil(seconds: 5) { (try? String(contentsOf: recorded, encoding: .utf8)) == "1\n\(hostile)\n" },
                      "one argument, the link itself: \(String(describing: try? String(contentsOf: recorded, encoding: .utf8)))")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pwned.path), "no shell ran the link")
        try terminal.type("/open 2")
        try terminal.keys("Enter")
        let refused = terminal.waitForScreen(containing: "No link 2 (1–1)")
        XCTAssertTrue(refused.shown, "file: and javascript: are not links to open:\n\(refused.screen.joined(separator: "\n"))")
    }

    /// Raw SGR mouse reports typed into the pane as a terminal sends them: a click on a message
    /// picks it (selection mode), a click on a channel of the list opens it.
    func testAClickPicksAMessageAndAnotherOpensAChannel() throws {
        let terminal = try joonInLobbyAfter("안녕하세요 click me")
        let screen = terminal.waitForScreen(containing: "click me").screen
        let messageRow = try XCTUnwrap(screen.firstIndex { $0.contains("click me") })
        try terminal.type("\u{1B}[<0;60;\(messageRow + 1)M\u{1B}[<0;60;\(messageRow + 1)m")
        let picked = terminal.waitForScreen(containing: "selecting:")
        XCTAssertTrue(picked.shown, "the click picked the message: \(picked.screen.joined(separator: "\n"))")

        let channelRow = try XCTUnwrap(picked.screen.firstIndex { $0.hasPrefix("  강남구") }, picked.screen.joined(separator: "\n"))
        try terminal.type("\u{1B}[<0;4;\(channelRow + 1)M\u{1B}[<0;4;\(channelRow + 1)m")
        let opened = terminal.waitForScreen(containing: "# 강남구")
        XCTAssertTrue(opened.shown, "the click opened 강남구: \(opened.screen.joined(separator: "\n"))")
    }

    /// Raw SGR wheel reports: two turns up scroll the chat back from its newest line, two down
    /// bring it back.
    func testTheWheelScrollsTheChatBackAndForth() throws {
        let terminal = try joonInLobbyAfter("line 0")
        let minsu = try TteokUser(home: directory.file("home-minsu"), backendArguments: ["--store", directory.file("community.sqlite").path])
        let lines = (1...60).map { "line \($0)" }.joined(separator: "\n") + "\n"
        XCTAssertEqual(try minsu.run(["post", "lobby"], stdin: lines).status, 0)
        XCTAssertTrue(terminal.waitForScreen(containing: "line 60").shown)
        try terminal.type("\u{1B}[<64;60;10M\u{1B}[<64;60;10M")
        let back = terminal.waitForScreen { screen in !screen.contains { $0.contains("line 60") } && screen.contains { $0.contains("more below") } }
        XCTAssertTrue(back.shown, "the wheel scrolled back: \(back.screen.joined(separator: "\n"))")
        try terminal.type("\u{1B}[<65;60;10M\u{1B}[<65;60;10M")
        let forth = terminal.waitForScreen { screen in screen.contains { $0.contains("line 60") } }
        XCTAssertTrue(forth.shown, "and forward again: \(forth.screen.joined(separator: "\n"))")
    }

    /// A raw SGR click on a conversation of the Direct tab opens that conversation — not the
    /// highlighted one — and a click on the tab bar's `1` goes back to the channels.
    func testAClickOnAConversationOfTheDirectTabOpensIt() throws {
        let terminal = try joonInLobbyAfter("안녕하세요")
        _ = try TteokUser.signedUpMember("seoyeon", in: directory, store: directory.file("community.sqlite").path)
        for (name, text) in [("민수", "first hello"), ("seoyeon", "second hello")] {
            try terminal.type("/msg \(name) \(text)")
            try terminal.keys("Enter")
            XCTAssertTrue(terminal.waitForScreen(containing: text).shown, "the conversation with \(name) opened")
        }
        try terminal.keys("Escape", "Escape")
        XCTAssertTrue(terminal.waitForScreen { !$0.contains { $0.contains("› ") } }.shown, "the chat closed")
        try terminal.type("3")
        let listed = terminal.waitForScreen { screen in
            !screen.contains { $0.contains("› ") } && screen.contains { $0.contains("first hello") } && screen.contains { $0.contains("second hello") }
        }
        XCTAssertTrue(listed.shown, "both conversations listed: \(listed.screen.joined(separator: "\n"))")
        let row = try XCTUnwrap(listed.screen.firstIndex { $0.contains("first hello") })
        XCTAssertFalse(listed.screen[row].contains("▸"), "the click is on a row the keys did not pick: \(listed.screen.joined(separator: "\n"))")
        try terminal.type("\u{1B}[<0;12;\(row + 1)M\u{1B}[<0;12;\(row + 1)m")
        let opened = terminal.waitForScreen { screen in
            screen.contains { $0.contains("› ") } && screen.contains { $0.contains("first hello") } && !screen.contains { $0.contains("second hello") }
        }
        XCTAssertTrue(opened.shown, "the click opened the conversation with 민수: \(opened.screen.joined(separator: "\n"))")
    }

    /// Ctrl-R finds a Korean word in the chat and Enter picks its message; Alt-A then goes to the
    /// chat that names me first, and to the other chat with new messages next (WeeChat's order).
    func testCtrlRFindsKoreanAndAltAGoesToTheHighlightFirst() throws {
        let terminal = try joonInLobbyAfter("떡볶이 맛집 알려주세요")
        try terminal.keys("C-r")
        XCTAssertTrue(terminal.waitForScreen(containing: "Search in lobby").shown)
        try terminal.type("맛집")
        try terminal.keys("Enter")
        let found = terminal.waitForScreen { $0.contains { $0.contains("lobby · 민수") } && $0.contains { $0.contains("떡볶이 맛집") } }
        XCTAssertTrue(found.shown, found.screen.joined(separator: "\n"))
        try terminal.keys("Enter")
        let picked = terminal.waitForScreen(containing: "selecting:")
        XCTAssertTrue(picked.shown, "Enter jumped to the message: \(picked.screen.joined(separator: "\n"))")
        try terminal.keys("Escape")

        let minsu = try TteokUser(home: directory.file("home-minsu"), backendArguments: ["--store", directory.file("community.sqlite").path])
        XCTAssertEqual(try minsu.run(["post", "help", "a question for all"]).status, 0)
        XCTAssertEqual(try minsu.run(["post", "마포구", "joon 여기 봐요"]).status, 0)
        // Both have arrived when both rows of the list carry a badge.
        func badged(_ name: String, _ screen: [String]) -> Bool {
            screen.contains { row in
                let list = row.split(separator: "│").first.map(String.init) ?? ""
                return list.contains(name) && list.trimmingCharacters(in: .whitespaces).last?.isNumber == true
            }
        }
        let arrived = terminal.waitForScreen { badged("마포구", $0) && badged("help", $0) }
        XCTAssertTrue(arrived.shown, arrived.screen.joined(separator: "\n"))
        // The badges come with the counts the service pushes; Alt-A's order comes from the
        // hotlist, which names each chat first (a request of its own). The tab bar, shown once
        // the chat is left, says when it knows: "@1 2", one highlight among two chats.
        try terminal.keys("Escape", "Escape")
        let known = terminal.waitForScreen { $0.contains { $0.contains("@1 2") } }
        XCTAssertTrue(known.shown, "the tab bar shows the highlight: \(known.screen.joined(separator: "\n"))")
        try terminal.keys("M-a")
        let first = terminal.waitForScreen(containing: "# 마포구")
        XCTAssertTrue(first.shown, "the highlight first: \(first.screen.joined(separator: "\n"))")
        try terminal.keys("M-a")
        let second = terminal.waitForScreen(containing: "# help")
        XCTAssertTrue(second.shown, "then the other new messages: \(second.screen.joined(separator: "\n"))")
    }
}
