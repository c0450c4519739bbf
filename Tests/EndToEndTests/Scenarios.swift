import Foundation
import TestSupport
import XCTest

/// The interactive client's end-to-end scenarios, written once and run on each backend by
/// `EmbeddedTerminalTests` and `MatrixTerminalTests`: the real `tteok` in tmux, driven with
/// `send-keys` and read with `capture-pane`, every wait with a deadline.
struct Scenarios {
    let community: CommunityUnderTest

    /// SPEC 6: a guest reads live, the input bar is greyed with "Log in to chat", Enter (empty or
    /// with text) answers with the alert, and nothing reaches the channel.
    func guestReadsLiveButCannotSend() async throws {
        let channel = try await community.openChannel("guests")
        let poster = try community.member("poster")
        try community.post(["hello from a member"], in: channel, as: poster)
        let guest = try community.terminal(try community.person("guest"), ["--guest", "--channel", channel])
        guest.waitFor("hello from a member")
        guest.waitFor("Log in to chat")
        let bar = guest.styledScreen().first { $0.contains("Log in to chat") } ?? ""
        XCTAssertTrue(bar.contains("× "), "the guest's bar has no prompt: \(bar)")
        XCTAssertTrue(bar.contains("\u{1B}[2m"), "the guest's bar is drawn dim (greyed): \(bar.debugDescription)")
        let status = guest.screen().last ?? ""
        XCTAssertTrue(status.hasPrefix(" Guest") && !status.contains("Enter send"), "a guest is not offered to send: \(status)")
        let before = try community.messageCount(in: channel, readBy: poster)

        guest.keys("Enter")
        guest.waitFor("Login required")
        guest.keys("Enter")
        guest.waitForNo("Login required")
        guest.enter("let me post")
        guest.waitFor("Login required")
        guest.keys("Enter")
        guest.waitForNo("Login required")

        try community.post(["still live for guests"], in: channel, as: poster)
        guest.waitFor("still live for guests")
        XCTAssertEqual(try community.messageCount(in: channel, readBy: poster), before + 1, "only the member's message was added")
        let shown = guest.screen().filter { $0.contains("let me post") && !$0.contains("× ") }
        XCTAssertEqual(shown, [], "the refused text stays in the bar, never shown as a message")
    }

    /// SPEC 5 and 6: a member's chat: start-up, another process's message within 1 s, Korean and
    /// emoji lined up, 60x20 shows one pane at a time and 80x24 both again, `/quit` gives the
    /// terminal back (normal screen, a working shell). Prints the figures it measured.
    func memberChatsLiveResizesAndQuits() async throws {
        let channel = try await community.openChannel("chat")
        let mina = try community.member("mina", region: "마포구")
        let joon = try community.member("joon", region: "마포구")
        let terminal = try community.terminal(mina.person, ["--channel", channel])
        let startUp = terminal.wait("the chat never opened") { $0.contains { $0.contains("Type a message") } }.elapsed
        report("start-up to the open chat", seconds: startUp)

        let live = "live \(UUID().uuidString.prefix(8))"
        try community.post([live], in: channel, as: joon)
        let delivery = terminal.wait("the other member's message never came", seconds: 10) { $0.contains { $0.contains(live) } }.elapsed
        report("another process's message (its post returned) to on screen", seconds: delivery)
        XCTAssertLessThanOrEqual(delivery, 1.0, "SPEC: a message from another process shows within 1 s")

        assertKoreanAndEmojiLineUp(terminal)
        assertResizeShowsOnePaneAtATime(terminal)

        terminal.enter("/quit")
        try assertTerminalRestored(terminal)
    }

    private func assertKoreanAndEmojiLineUp(_ terminal: TerminalUnderTest, file: StaticString = #filePath, line: UInt = #line) {
        terminal.enter("떡볶이 맛집 😀 OK")
        terminal.enter("plain ascii")
        // A sent message of mine ends with its time; the input line holds no time.
        func sent(_ text: String, _ screen: [String]) -> String? {
            screen.first { $0.contains(text) && $0.range(of: #"\d\d:\d\d$"#, options: .regularExpression) != nil }
        }
        let screen = terminal.wait("my messages never showed", file: file, line: line) { screen in
            sent("떡볶이 맛집 😀 OK", screen) != nil && sent("plain ascii", screen) != nil
        }.screen
        let korean = sent("떡볶이 맛집 😀 OK", screen) ?? ""
        let ascii = sent("plain ascii", screen) ?? ""
        XCTAssertEqual(Columns.width(korean), Columns.width(ascii), "my messages end in the same column:\n\(korean)\n\(ascii)", file: file, line: line)
        let dividers = Set(screen.dropLast().compactMap { Columns.column(of: "│", in: $0) })
        XCTAssertEqual(dividers.count, 1, "the list's border is one straight column:\n\(screen.joined(separator: "\n"))", file: file, line: line)
        for row in screen { XCTAssertLessThanOrEqual(Columns.width(row), 80, "overflows: \(row)", file: file, line: line) }
    }

    /// Narrow: the chat alone, then (Esc Esc) the list alone; wide again: both side by side.
    private func assertResizeShowsOnePaneAtATime(_ terminal: TerminalUnderTest, file: StaticString = #filePath, line: UInt = #line) {
        terminal.resize(width: 60, height: 20)
        let chat = terminal.wait("60x20 never showed the chat alone", file: file, line: line) { screen in
            screen.count == 20 && screen.contains { $0.contains("Type a message") } && !screen.contains { $0.contains("│") }
        }.screen
        XCTAssertFalse(chat.contains { $0.hasPrefix(" Channels") }, "no list beside the chat", file: file, line: line)
        terminal.keys("Escape", "Escape")
        let list = terminal.wait("60x20 never showed the list alone", file: file, line: line) { screen in
            screen.contains { $0.hasPrefix(" Channels") } && !screen.contains { $0.contains("Type a message") }
        }.screen
        for row in chat + list { XCTAssertLessThanOrEqual(Columns.width(row), 60, "overflows 60 columns: \(row)", file: file, line: line) }
        XCTAssertFalse(list.contains { $0.contains("│") }, "one pane only:\n\(list.joined(separator: "\n"))", file: file, line: line)

        terminal.keys("Enter")
        terminal.waitFor("Type a message", file: file, line: line)
        terminal.resize(width: 80, height: 24)
        terminal.wait("80x24 never showed the list beside the chat", file: file, line: line) { screen in
            screen.count == 24 && screen.contains { $0.hasPrefix(" Channels") } && screen.contains { $0.contains("Type a message") }
                && screen.contains { $0.contains("│") }
        }
    }

    /// After `/quit`: tteok exited 0, the alternate screen is gone, and the shell runs commands.
    private func assertTerminalRestored(_ terminal: TerminalUnderTest, file: StaticString = #filePath, line: UInt = #line) throws {
        terminal.waitFor("EXITED 0", file: file, line: line)
        XCTAssertEqual(terminal.format("#{alternate_on}"), "0", "alternate screen left on", file: file, line: line)
        XCTAssertEqual(terminal.format("#{cursor_flag}"), "1", "cursor hidden", file: file, line: line)
        XCTAssertFalse(terminal.screen().contains { $0.contains("Type a message") }, "the client's screen is gone", file: file, line: line)
        terminal.enter("echo shell-$((40 + 2))")
        terminal.waitFor("shell-42", file: file, line: line)
    }

    /// SPEC 5: the viewer's region channel first (embedded: Matrix rooms have no region), and the
    /// badges `10+`, `3` and none for a member new to the channels.
    func regionFirstAndBadges() async throws {
        let poster = try community.member("poster", region: "강남구")
        let channels = try await community.badgeChannels(poster: poster)
        let viewer = try community.member("viewer", region: "마포구")
        let terminal = try community.terminal(viewer.person, [])
        func listRow(_ screen: [String], _ name: String) -> String? {
            screen.lazy.compactMap { row in row.split(separator: "│", maxSplits: 1).first.map(String.init) }
                .first { $0.contains(" \(name) ") || $0.hasSuffix(" \(name)") }?.trimmingCharacters(in: .whitespaces)
        }
        let screen = terminal.wait("the badges never showed") { screen in
            listRow(screen, channels.tenPlus)?.hasSuffix(" 10+") == true && listRow(screen, channels.three)?.hasSuffix(" 3") == true
        }.screen
        XCTAssertEqual(listRow(screen, channels.none).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "▸ ")) }, channels.none,
                       "no badge on a channel with nothing unread:\n\(screen.joined(separator: "\n"))")
        if !community.isMatrix {
            let firstRow = screen.dropFirst(2).first ?? ""
            XCTAssertTrue(firstRow.contains("마포구 current region"), "the region channel is first:\n\(screen.joined(separator: "\n"))")
        }
    }

    /// SPEC 4: a member with no nickname opening a channel from the command line is asked for
    /// one, and the chat does not open until it is set.
    func nicknameGateKeepsTheChatClosed() async throws {
        let channel = try await community.openChannel("gate")
        let nameless = try await community.namelessMember()
        let terminal = try community.terminal(nameless.person, ["--channel", channel])
        let first = terminal.wait("neither the terms nor the nickname prompt showed") { screen in
            screen.contains { $0.contains("[ ] I agree") || $0.contains("Set your nickname first.") }
        }.screen
        if first.contains(where: { $0.contains("[ ] I agree") }) {
            // An account new to tteok agrees to the terms first (SPEC 3); the gate comes after.
            terminal.keys("Space", "Tab", "Enter")
        }
        terminal.waitFor("Set your nickname first.")
        XCTAssertFalse(terminal.screen().contains { $0.contains("Type a message") }, "the chat is not open")
        terminal.keys("Escape")
        terminal.waitForNo("Choose a nickname")
        XCTAssertFalse(terminal.screen().contains { $0.contains("Type a message") }, "refusing the prompt leaves the chat closed")

        terminal.enter("/join \(channel)")
        terminal.waitFor("Choose a nickname")
        terminal.enter("Dubu")
        terminal.waitFor("Type a message")
        terminal.waitFor("Dubu")
    }

    /// SPEC 2 and 3: signing up in the terminal asks for the terms; Join without the tick is
    /// refused with "Please agree to the terms." and stays; with it, the community opens. On
    /// Matrix the form asks for a user name, not an email.
    func signUpRefusedWithoutTheTerms() async throws {
        let terminal = try community.terminal(try community.person("newcomer"), [])
        terminal.waitFor("Continue as guest")
        terminal.keys("Down", "Enter")
        let form = terminal.waitFor("Password")
        let label = community.isMatrix ? "Username" : "Email"
        XCTAssertTrue(form.contains { $0.contains(label) }, "the form asks for the \(label):\n\(form.joined(separator: "\n"))")
        if community.isMatrix { XCTAssertFalse(form.contains { $0.contains("Email") }, "no email on Matrix") }
        terminal.type(community.newIdentifier("newcomer"))
        terminal.keys("Tab")
        terminal.type("correct horse newcomer")
        terminal.keys("Enter")
        terminal.waitFor("[ ] I agree")
        terminal.keys("Tab", "Enter")
        terminal.waitFor("Please agree to the terms.")
        XCTAssertTrue(terminal.screen().contains { $0.contains("[ ] I agree") }, "still on the terms, unticked")
        terminal.keys("BTab", "Space", "Tab", "Enter")
        terminal.waitForNo("I agree")
        terminal.waitFor(" Channels")
    }

    /// SPEC 2: log out and log in as another account in one run; every tab shows the new account
    /// and nothing of the previous one.
    func switchingAccountsLeavesNoTrace() async throws {
        let first = try community.member("first")
        let second = try community.member("second")
        let terminal = try community.terminal(first.person, [])
        terminal.keys("4")
        terminal.waitFor(first.nickname)
        terminal.keys("/")
        terminal.enter("logout")
        terminal.waitFor("Log out \(first.nickname)?")
        terminal.keys("Right", "Enter")
        terminal.waitFor("Continue as guest")
        terminal.keys("Enter")
        terminal.waitFor("Password")
        terminal.type(second.identifier)
        terminal.keys("Tab")
        terminal.type(second.password)
        terminal.keys("Enter")
        terminal.waitFor(second.nickname)
        let traces = [first.nickname, first.identifier]
        for (key, marker) in [("4", second.identifier), ("3", "Direct"), ("1", "Discover"), ("2", " Channels")] {
            terminal.keys(key)
            let screen = terminal.waitFor(marker)
            for trace in traces {
                XCTAssertFalse(screen.contains { $0.contains(trace) }, "tab \(key) still shows \(trace):\n\(screen.joined(separator: "\n"))")
            }
            XCTAssertTrue(screen.last?.contains(second.nickname) == true, "the status line names the new account: \(screen.last ?? "")")
        }
    }

    private func report(_ what: String, seconds: Double) {
        print("FIGURE [\(community.backend)] \(what): \(String(format: "%.3f", seconds)) s")
    }
}
