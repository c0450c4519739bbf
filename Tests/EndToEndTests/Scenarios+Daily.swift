import Foundation
import TestSupport
import XCTest

/// Issue 19's daily use, end to end in tmux on each backend.
extension Scenarios {
    /// A message naming me in a channel not on screen rings the terminal bell (tmux sets the bell
    /// flag of tteok's window, which is not the one shown) and writes the desktop notification's
    /// escape, wrapped for tmux's passthrough since tteok runs inside tmux.
    func mentionRingsTheBellAndNotifies() async throws {
        let channel = try await community.openChannel("ring")
        let dave = try community.member("dave")
        let bob = try community.member("bob")
        try community.post(["before"], in: channel, as: bob)
        let terminal = try community.terminal(dave.person, ["--channel", channel])
        terminal.waitFor("before")
        terminal.keys("Escape")
        terminal.waitFor("pick a message")
        terminal.keys("Escape")
        terminal.waitForNo("Type a message")

        let raw = community.directory.file("raw-ring").path
        try terminal.session.run(["pipe-pane", "-o", "cat >> '\(raw)'"])
        try terminal.session.run(["new-window"])  // tteok's window is no longer the one shown
        XCTAssertEqual(try terminal.session.format("#{window_index}"), "1")
        XCTAssertEqual(try terminal.session.run(["display-message", "-p", "-t", ":0", "#{window_bell_flag}"]).trimmingCharacters(in: .newlines), "0")

        try community.post(["@\(dave.nickname) ping"], in: channel, as: bob)
        let rang = waitUntil(seconds: 20) {
            (try? terminal.session.run(["display-message", "-p", "-t", ":0", "#{window_bell_flag}"]).trimmingCharacters(in: .newlines)) == "1"
        }
        XCTAssertTrue(rang, "tmux saw no bell in tteok's window")
        var output = ""
        let notified = waitUntil(seconds: 10) {
            output = (try? String(contentsOfFile: raw, encoding: .utf8)) ?? ""
            return output.contains("\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;Bob")
        }
        XCTAssertTrue(notified, "no notification escape in the output: \(output.suffix(400).debugDescription)")
        XCTAssertTrue(output.contains("@\(dave.nickname) ping\u{1B}\u{1B}\\\u{1B}\\"), "the body, then the ends of both sequences")
    }
}
