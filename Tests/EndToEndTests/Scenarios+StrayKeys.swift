import Foundation
import XCTest

/// Issue 15 on the real binary in tmux: the keys a user types by mistake act on nothing.
extension Scenarios {
    /// Esc then `quick question` types it; ↑ then `bye` blocks nobody; `/block X` then `xyz⏎`
    /// posts nothing; a failed `/join nosuch` keeps the chat and its line; another account's ↑
    /// recalls nothing of the first's.
    func strayKeysActOnNothing() async throws {
        let (terminal, channel, mina, joon) = try await minaWithJoon(in: "stray", joonWrote: "hello from joon")

        // Esc, then a sentence starting with q: typed and sent, tteok still runs.
        terminal.keys("Escape")
        terminal.waitFor("pick a message")
        terminal.enter("quick question")
        terminal.wait("quick question was sent") { $0.contains { $0.contains("quick question") && $0.range(of: #"\d\d:\d\d$"#, options: .regularExpression) != nil } }
        XCTAssertFalse(terminal.screen().contains { $0.contains("EXITED") }, "tteok quit")
        let count = try community.messageCount(in: channel, readBy: joon)

        // Esc, ↑ picks joon's message, then `bye` Enter: the question opens on Cancel.
        terminal.keys("Escape")
        terminal.waitFor("pick a message")
        terminal.keys("Up")
        terminal.waitFor("selecting:")
        terminal.keys("Up")
        terminal.enter("bye")
        terminal.waitFor("selecting:")
        terminal.waitForNo("Block \(joon.nickname)?")
        terminal.keys("Escape")
        terminal.waitFor("Enter send")  // back in the input (a key right after Esc would be Alt-key)

        // `/block joon` asks; `xyz` Enter is dropped and cancels.
        terminal.enter("/block \(joon.nickname)")
        terminal.waitFor("Block \(joon.nickname)?")
        terminal.enter("xyz")
        terminal.waitForNo("Block \(joon.nickname)?")
        terminal.waitFor("Enter send")
        terminal.waitFor("hello from joon")  // a block would hide joon's lines at once

        // A failed /join keeps the chat and the line to correct.
        terminal.enter("/join nosuch")
        terminal.waitFor("Press Enter")
        terminal.keys("Enter")
        terminal.wait("the chat and the line stay") { screen in
            screen.contains { $0.contains("hello from joon") } && screen.suffix(3).contains { $0.contains("/join nosuch") }
        }
        terminal.keys("C-u")
        XCTAssertEqual(try community.messageCount(in: channel, readBy: joon), count, "nothing more was posted (no ye, no yz)")

        // Another account: ↑ in its input recalls nothing of mina's.
        terminal.enter("/logout")
        terminal.waitFor("Log out \(mina.nickname)?")
        terminal.keys("Right", "Enter")
        terminal.waitFor("Continue as guest")
        terminal.keys("Enter")
        terminal.waitFor("Password")
        terminal.type(joon.identifier)
        terminal.keys("Tab")
        terminal.type(joon.password)
        terminal.keys("Enter")
        terminal.waitFor(joon.nickname)
        terminal.enter("/join \(channel)")
        terminal.waitFor("Type a message")
        terminal.keys("Up", "Up", "Up")
        let bottom = terminal.screen().suffix(3).joined(separator: "\n")
        for trace in ["quick question", "/block", "/join nosuch", "/logout"] {
            XCTAssertFalse(bottom.contains(trace), "joon's ↑ recalled mina's \(trace):\n\(bottom)")
        }
    }

    /// Mina (마포구) in a channel of `label` where Joon wrote `line`, in a 100x30 terminal with
    /// her input ready.
    func minaWithJoon(in label: String, joonWrote line: String) async throws
        -> (TerminalUnderTest, channel: String, mina: CommunityUnderTest.Account, joon: CommunityUnderTest.Account) {
        let channel = try await community.openChannel(label)
        let mina = try community.member("mina", region: "마포구")
        let joon = try community.member("joon", region: "마포구")
        try community.post([line], in: channel, as: joon)
        let terminal = try community.terminal(mina.person, ["--channel", channel], width: 100, height: 30)
        terminal.waitFor(line)
        terminal.waitFor("Type a message")
        return (terminal, channel, mina, joon)
    }
}
