import Foundation
import XCTest

/// Issue 15 on the real binary in tmux (through the community service, as a user runs it).
extension Scenarios {
    /// A guest reads `help`, logs in with `/login`: the list's cursor stays on the open channel.
    func listCursorStaysOnTheOpenChannelAfterLogIn() async throws {
        let mina = try community.member("mina", region: "마포구")
        let terminal = try community.terminal(try community.person("guest"), [], width: 100, height: 30)
        terminal.waitFor("Continue as guest")
        terminal.keys("Down", "Down", "Enter")
        terminal.waitFor("Guest")
        terminal.enter("/join help")
        terminal.waitFor("# help")
        terminal.enter("/login")
        terminal.waitFor("Password")
        terminal.type(mina.identifier)
        terminal.keys("Tab")
        terminal.type(mina.password)
        terminal.keys("Enter")
        terminal.waitFor("Type a message")
        terminal.waitFor(mina.nickname)
        terminal.wait("the cursor is on help") { $0.contains { $0.hasPrefix("▸ help") } }
        terminal.keys("Tab")
        terminal.wait("on the list, the cursor is still on help") { $0.contains { $0.hasPrefix("▸ help") } }
    }
}
