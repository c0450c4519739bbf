import Foundation
import TestSupport
import XCTest

/// The moderators' slash commands in the real binary, in tmux, against a real `tteok serve` run
/// by another Unix user: a member who types them is refused with the service's words and nothing
/// changes; the moderator's mute, deletion and ban reach the member's screen at once.
final class ModeratorSlashCommandsTerminalTests: XCTestCase {
    func testAMemberIsRefusedAndTheModeratorMutesDeletesAndBansFromTheInput() throws {
        let served = try ServedByAnotherUser(test: self)
        let moderator = try served.member("mod"), bob = try served.member("bob")
        XCTAssertEqual(try bob.run(["post", "마포구", "buy cheap pills"]).status, 0)
        let bobs = try bob.terminal(["--channel", "마포구"], stderr: served.directory.file("bob.stderr"))
        defer { bobs.close() }
        let mods = try moderator.terminal(["--channel", "마포구"], stderr: served.directory.file("mod.stderr"))
        defer { mods.close() }
        for screen in [bobs, mods] {
            let opened = screen.waitForScreen(containing: "buy cheap pills", seconds: 30)
            XCTAssertTrue(opened.shown, "the chat did not open:\n\(opened.screen.joined(separator: "\n"))")
        }

        try bobs.type("/create 번개")
        try bobs.keys("Enter")
        expect(bobs, "Only the community's moderators can create channels.")
        // A refused command's line stays to be corrected: Ctrl-U clears it.
        try bobs.keys("Enter", "C-u")
        try bobs.type("/ban mod you are rude")
        try bobs.keys("Enter")
        expect(bobs, "Ban mod for “you are rude”?")
        try bobs.keys("Right", "Enter")
        expect(bobs, "Only the community's moderators can ban members.")
        try bobs.keys("Enter", "C-u")
        XCTAssertEqual(try moderator.run(["post", "마포구", "the moderator still posts"]).status, 0, "a member's /ban took effect")
        expect(bobs, "the moderator still posts")

        try mods.type("/mute bob flooding")
        try mods.keys("Enter")
        expect(mods, "Mute bob for “flooding”? They can read but not post.")
        try mods.keys("Right", "Enter")
        expect(mods, "Muted bob: they read but cannot post.")
        expect(bobs, "A moderator muted you")
        try mods.type("/unmute bob")
        try mods.keys("Enter")
        expect(mods, "Unmuted bob.")

        try mods.keys("Escape", "Up")
        expect(mods, "selecting:")
        try mods.keys("Up")
        try mods.type("d")
        expect(mods, "Delete bob's message: “buy cheap pills”?")
        try mods.keys("Right", "Enter")
        expect(bobs, "deleted by a moderator")

        try mods.keys("Escape")
        // Typed at once, Esc and `/` would read as Alt-/: the input is back first.
        let typing = mods.waitForScreen { screen in !screen.contains { $0.contains("selecting:") } }
        XCTAssertTrue(typing.shown, "Esc did not leave selection mode:\n\(typing.screen.joined(separator: "\n"))")
        try mods.type("/ban bob spam links")
        try mods.keys("Enter")
        expect(mods, "Ban bob for “spam links”? Their sessions end now.")
        try mods.keys("Right", "Enter")
        expect(mods, "Banned bob: their session ended.")
        expect(bobs, "A moderator banned this account: spam links.")
    }

    private func expect(_ screen: TmuxSession, _ needle: String, file: StaticString = #filePath, line: UInt = #line) {
        let seen = screen.waitForScreen(containing: needle, seconds: 30)
        XCTAssertTrue(seen.shown, "the screen never showed \(needle):\n\(seen.screen.joined(separator: "\n"))", file: file, line: line)
    }
}
