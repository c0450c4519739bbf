import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import XCTest

/// Links in the chat (issue 19; real store, real loop, recording terminal): each is drawn with
/// its `/open` number (`[1]` the newest) and laid on the canvas as an OSC 8 hyperlink; a link
/// wrapped over rows is one hyperlink per row, each with the whole address; other schemes and
/// what ends a hostile link are never hyperlinks; drawing over a link takes it away.
@MainActor
final class LinkHyperlinkTests: XCTestCase {
    private func chat(_ messages: [String], size: Size = Size(width: 100, height: 30)) async throws -> AppHarness {
        let harness = try AppHarness(size: size)
        try await harness.service.signUpMember("dave", nickname: "Dave")
        let mina = try harness.files.open(as: "mina")
        try await mina.signUpMember("mina", nickname: "Mina")
        let lobby = try await mina.channel(named: "lobby").id
        for message in messages { _ = try await mina.send(message, to: lobby) }
        await harness.startInLobby()
        return harness
    }

    private func links(_ harness: AppHarness) -> [HyperlinkPlacement] { harness.screen.lastFrame?.hyperlinks ?? [] }

    func testLinksAreNumberedNewestFirstAndLaidAsHyperlinks() async throws {
        let harness = try await chat(["map https://a.example/map and https://b.example/", "later https://c.example/x."], size: Size(width: 120, height: 30))
        await harness.waitFor("https://c.example/x [1].")
        XCTAssertTrue(harness.text.contains("https://a.example/map [3] and https://b.example/ [2]"), harness.text)
        XCTAssertEqual(Set(links(harness).map(\.url)), ["https://a.example/map", "https://b.example/", "https://c.example/x"])
        let frame = try XCTUnwrap(harness.screen.lastFrame)
        for link in links(harness) {
            let shown = link.columns.map { frame[link.row, $0].glyph.text }.joined()
            XCTAssertEqual(shown, link.url, "the hyperlink lies exactly over its text")
        }
        await harness.type("/open 2")
        await harness.press(.enter)
        await harness.waitFor("https://b.example/")
    }

    func testAWrappedLinkIsOneHyperlinkPerRowWithTheWholeAddress() async throws {
        let long = "https://long.example/" + String(repeating: "abcdefghij", count: 12)
        let harness = try await chat(["read \(long) now"], size: Size(width: 70, height: 30))
        await harness.waitFor("now")
        let pieces = links(harness)
        XCTAssertGreaterThan(pieces.count, 1, "the link wraps: \(harness.text)")
        XCTAssertTrue(pieces.allSatisfy { $0.url == long }, "every row's piece opens the whole link")
        XCTAssertEqual(Set(pieces.map(\.row)).count, pieces.count, "one hyperlink per row")
        let frame = try XCTUnwrap(harness.screen.lastFrame)
        let drawn = pieces.sorted { $0.row < $1.row }.map { piece in piece.columns.map { frame[piece.row, $0].glyph.text }.joined() }.joined()
        XCTAssertEqual(drawn, long, "the pieces together are the address, no indent inside")
    }

    func testHostileTextGivesOnlyTheHttpPartAndOtherSchemesNothing() async throws {
        let harness = try await chat(["x https://evil.example/a\u{1B}]8;;file:///etc/passwd\u{07}y javascript:alert(1) file:///etc/passwd"])
        await harness.waitFor("https://evil.example/a [1]")
        XCTAssertEqual(links(harness).map(\.url), ["https://evil.example/a"])
        XCTAssertNil(HyperlinkPlacement(url: "https://a.example/\u{1B}x", row: 0, columns: 0..<3))
        XCTAssertNil(HyperlinkPlacement(url: "javascript:alert(1)", row: 0, columns: 0..<3))
    }

    func testAnOverlayOverALinkTakesItAway() async throws {
        let harness = try await chat(["map https://a.example/map"])
        await harness.waitFor("https://a.example/map [1]")
        XCTAssertEqual(links(harness).count, 1)
        await harness.type("/help")
        await harness.press(.enter)
        await harness.waitFor("this help")
        let frame = try XCTUnwrap(harness.screen.lastFrame)
        for link in links(harness) {
            XCTAssertEqual(link.columns.map { frame[link.row, $0].glyph.text }.joined(), link.url, "a kept link still shows its address")
        }
    }
}
