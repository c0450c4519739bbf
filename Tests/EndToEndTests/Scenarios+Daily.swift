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

    /// Links are numbered on screen and emitted as OSC 8 hyperlinks — read from the raw output —
    /// and a hostile message cannot smuggle an escape of its own: its ESC, BEL and C1 bytes end
    /// the link before them, so only the http(s) part is ever inside an escape, and nothing with
    /// another scheme is.
    func linksAreNumberedAndHyperlinkedSafely() async throws {
        let channel = try await community.openChannel("links")
        let dave = try community.member("dave")
        let bob = try community.member("bob")
        try community.post(["before"], in: channel, as: bob)
        let terminal = try community.terminal(dave.person, ["--channel", channel])
        terminal.waitFor("before")
        let raw = community.directory.file("raw-links").path
        try terminal.session.run(["pipe-pane", "-o", "cat >> '\(raw)'"])

        let hostile = "see https://evil.example/a\u{1B}]8;;file:///etc/passwd\u{07}x and https://evil.example/b\u{9D}8;;javascript:alert(1)\u{9C}y javascript:alert(2)"
        try community.post(["map https://a.example/map", hostile], in: channel, as: bob)
        terminal.waitFor("https://a.example/map [3]")
        let screen = terminal.screen().joined(separator: "\n")
        XCTAssertTrue(screen.contains("https://evil.example/a") && screen.contains("[2]") && screen.contains("[1]"), screen)
        var output = ""
        let linked = waitUntil(seconds: 10) {
            output = (try? String(contentsOfFile: raw, encoding: .utf8)) ?? ""
            return output.contains("\u{1B}]8;;https://a.example/map\u{1B}\\") && output.contains("\u{1B}]8;;https://evil.example/b\u{1B}\\")
        }
        XCTAssertTrue(linked, "no OSC 8 hyperlinks in the output: \(output.suffix(600).debugDescription)")
        XCTAssertTrue(output.contains("\u{1B}]8;;https://evil.example/a\u{1B}\\"))
        let opened = output.components(separatedBy: "\u{1B}]8;;").dropFirst().map { $0.prefix(while: { $0 != "\u{1B}" }) }
        XCTAssertTrue(opened.allSatisfy { $0.isEmpty || $0.hasPrefix("https://") }, "only http(s) inside an escape: \(opened)")
        XCTAssertFalse(output.contains("file:///etc/passwd\u{07}"), "the message's BEL never reaches the terminal")
        XCTAssertFalse(output.unicodeScalars.contains("\u{9D}") || output.unicodeScalars.contains("\u{9C}"), "no C1 control reaches the terminal")
    }

    /// A live message scrolls the links on screen up (on the community, a partial frame: only
    /// the new line is drawn and the rest moved): in the raw output every OSC 8 written wraps
    /// its link's own text, never the text that moved under its old row, the last one for each
    /// link is on the row where its text now is, and a hostile message's ESC, BEL and C1 bytes
    /// stay out of every escape.
    func linksMoveUpWithALiveMessage() async throws {
        let channel = try await community.openChannel("moving")
        let dave = try community.member("dave")
        let bob = try community.member("bob")
        let hostile = "see https://evil.example/a\u{1B}]8;;file:///etc/passwd\u{07}x and https://evil.example/b\u{9D}8;;javascript:alert(1)\u{9C}y"
        try community.post(["map https://a.example/map", hostile], in: channel, as: bob)
        let terminal = try community.terminal(dave.person, ["--channel", channel])
        terminal.waitFor("https://a.example/map [3]")
        let raw = community.directory.file("raw-moving").path
        try terminal.session.run(["pipe-pane", "-o", "cat >> '\(raw)'"])

        try community.post(["plain, after the links"], in: channel, as: bob)
        terminal.waitFor("plain, after the links")
        var output = "", screen: [String] = [], places: [String: Int] = [:]
        // Each link as the last frame wrote it (a frame before, e.g. for a join line, wrote it
        // where its text was then).
        let settled = waitUntil(seconds: 10) {
            output = (try? String(contentsOfFile: raw, encoding: .utf8)) ?? ""
            screen = terminal.screen()
            places = [:]
            for place in Self.hyperlinkPlaces(in: output) { places[place.url] = place.row }
            return places["https://a.example/map"] != nil && places.allSatisfy { url, row in screen.indices.contains(row) && screen[row].contains(url) }
        }
        XCTAssertTrue(settled, "links last written on rows (0-based) \(places), over other text:\n\(screen.joined(separator: "\n"))")
        XCTAssertTrue(places.keys.allSatisfy { $0.hasPrefix("https://") }, "only http(s) inside an escape: \(places.keys)")
        for place in Self.hyperlinkPlaces(in: output) {
            XCTAssertTrue(!place.text.isEmpty && place.url.hasPrefix(place.text), "\(place.url) was written over \(place.text.debugDescription)")
        }
        XCTAssertFalse(output.contains("file:///etc/passwd\u{07}"), "the message's BEL never reaches the terminal")
        XCTAssertFalse(output.unicodeScalars.contains("\u{9D}") || output.unicodeScalars.contains("\u{9C}"), "no C1 control reaches the terminal")
    }

    /// Each OSC 8 link tteok wrote in `output` (`ESC 7 ESC [ row ; column H ESC ] 8 ; ; URL ESC \`,
    /// then the link's cells, then `ESC ] 8 ; ; ESC \`): its 0-based screen row, its address, and
    /// the text of the cells written inside it (colours taken out).
    static func hyperlinkPlaces(in output: String) -> [(row: Int, url: String, text: String)] {
        output.components(separatedBy: "\u{1B}7\u{1B}[").dropFirst().compactMap { piece in
            guard let end = piece.firstIndex(of: "H"), let row = piece[..<end].split(separator: ";").first.flatMap({ Int($0) }) else { return nil }
            let rest = piece[piece.index(after: end)...]
            guard rest.hasPrefix("\u{1B}]8;;") else { return nil }
            let url = String(rest.dropFirst(5).prefix { $0 != "\u{1B}" })
            let inside = rest.dropFirst(5 + url.count + 2).components(separatedBy: "\u{1B}]8;;").first ?? ""
            let text = inside.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            return (row - 1, url, text)
        }
    }
}
