import Foundation
import XCTest

/// Issue 17 on the real binary in tmux: reply, edit, react and delete from the keys, and what
/// was stored read back with `tteok read --json` (as the one who made them: on Matrix a member's
/// own messages carry their transaction ids, which another member's replies do not quote).
extension Scenarios {
    func relationsFromTheKeys() async throws {
        let (terminal, channel, mina, joon) = try await minaWithJoon(in: "relations", joonWrote: "lunch at noon?")

        // Reply: Esc, ↑ picks joon's message, Enter answers it.
        terminal.keys("Escape")
        terminal.waitFor("pick a message")
        terminal.keys("Up")
        terminal.waitFor("selecting:")
        terminal.keys("Enter")
        terminal.waitFor("replying to \(joon.nickname)")
        terminal.enter("sure")
        terminal.waitFor("↱ \(joon.nickname): lunch at noon?")

        // Edit: ↑ on the empty input holds my last message.
        terminal.keys("Up")
        terminal.waitFor("✎ editing “sure”")
        terminal.type(" thing")
        terminal.keys("Enter")
        terminal.waitFor("sure thing (edited)")

        // React: pick joon's message, + opens the choice on Cancel, → 👍, Enter.
        terminal.keys("Escape")
        terminal.waitFor("pick a message")
        terminal.keys("Up")
        terminal.waitFor("selecting:")
        terminal.keys("Up")
        terminal.keys("+")
        terminal.waitFor("React to \(joon.nickname)'s message")
        terminal.keys("Right", "Enter")
        terminal.waitFor("[👍 1]")

        // Delete: a message of mine, picked; d asks, naming it; → Delete, Enter.
        terminal.keys("Escape")
        terminal.waitFor("Enter send")
        terminal.enter("wrong room, sorry")
        terminal.waitFor("wrong room, sorry")
        terminal.keys("Escape")
        terminal.waitFor("pick a message")
        terminal.keys("Up")
        terminal.waitFor("selecting:")
        terminal.keys("d")
        terminal.waitFor("Delete your message “wrong room, sorry”?")
        terminal.keys("Right", "Enter")
        terminal.waitFor("message deleted")

        let result = try mina.person.run(["read", channel, "--json", "--limit", "50"])
        XCTAssertEqual(result.status, 0, "read: \(result)")
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let lunch = try XCTUnwrap(rows.first { $0["text"] as? String == "lunch at noon?" }, "\(rows)")
        let reactions = lunch["reactions"] as? [[String: Any]] ?? []
        XCTAssertEqual(reactions.map { $0["key"] as? String }, ["👍"])
        XCTAssertEqual(reactions.map { $0["count"] as? Int }, [1])
        XCTAssertEqual(reactions.map { $0["mine"] as? Bool }, [true])
        let reply = try XCTUnwrap(rows.first { $0["text"] as? String == "sure thing" }, "\(rows)")
        XCTAssertEqual(reply["edited"] as? Bool, true)
        XCTAssertEqual((reply["replyTo"] as? [String: Any])?["id"] as? String, lunch["id"] as? String, "\(reply)")
        XCTAssertTrue(rows.contains { $0["deleted"] as? Bool == true }, "\(rows)")
        XCTAssertFalse(rows.contains { ($0["text"] as? String)?.contains("wrong room") == true }, "the deleted text is gone")
    }
}
