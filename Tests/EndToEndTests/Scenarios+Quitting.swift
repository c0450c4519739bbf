import Foundation
import XCTest

/// Quitting right after a message arrived leaves it read: the chat's read markers go at most once
/// a second, and the one still waiting when the user quits is sent before tteok exits.
extension Scenarios {
    /// Two messages from another member, the second within a second of the first (so its marker
    /// waits), then Ctrl-C at once: `tteok channels --json` then counts nothing unread there.
    /// (Before, the waiting marker was dropped and the second message counted unread.)
    func quittingAtOnceLeavesTheLastMessageRead() async throws {
        let channel = try await community.openChannel("quit")
        let mina = try community.member("mina", region: "마포구")
        let joon = try community.member("joon", region: "마포구")
        let terminal = try community.terminal(mina.person, ["--channel", channel])
        terminal.waitFor("Type a message")
        try community.post(["first of two"], in: channel, as: joon)
        terminal.waitFor("first of two")
        try community.post(["second of two"], in: channel, as: joon)
        terminal.waitFor("second of two")
        terminal.keys("C-c")
        terminal.waitFor("EXITED 0")

        let result = try mina.person.run(["channels", "--json"])
        XCTAssertEqual(result.status, 0, "channels: \(result)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        let row = rows.first { ($0["name"] as? String) == channel || ($0["id"] as? String) == channel }
        XCTAssertNotNil(row, "\(channel) is not listed: \(result.stdout)")
        XCTAssertEqual(row?["unread"] as? Int, 0, "the message on screen when tteok quit counts unread: \(String(describing: row))")
    }
}
