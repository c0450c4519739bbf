import Foundation
import XCTest

/// Issue 15 on the real binary in tmux: scrolled back, the view stays put while messages arrive.
extension Scenarios {
    /// 60 lines, PgUp, 50 more from another member: the rows read stay, the title says 50 new;
    /// End shows the newest.
    func scrolledBackTheViewStaysWhileMessagesArrive() async throws {
        let channel = try await community.openChannel("scroll")
        let mina = try community.member("mina", region: "마포구")
        let joon = try community.member("joon", region: "마포구")
        try community.post((0..<60).map { "line \($0)" }, in: channel, as: joon)
        let terminal = try community.terminal(mina.person, ["--channel", channel], width: 100, height: 30)
        terminal.waitFor("Type a message")
        terminal.waitFor("new messages")  // all 60 are unread: the chat opens at the line
        terminal.keys("End")
        terminal.waitFor("line 59")
        terminal.keys("PPage")
        terminal.waitForNo("line 59")
        let before = chatRows(terminal.screen())
        try community.post((0..<50).map { "late \($0)" }, in: channel, as: joon)
        terminal.waitFor("50 new ↓")
        XCTAssertEqual(chatRows(terminal.screen()), before, "the rows read stay where they were")
        terminal.keys("End")
        terminal.waitFor("late 49")
        terminal.waitForNo("new ↓")
    }

    /// The transcript's rows: right of the list's divider, between the title and the input.
    private func chatRows(_ screen: [String]) -> [String] {
        screen.dropFirst().dropLast(3).map { line in
            guard let divider = line.firstIndex(of: "│") else { return line }
            return String(line[line.index(after: divider)...])
        }
    }
}
