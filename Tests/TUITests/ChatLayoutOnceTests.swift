import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// A message is laid out once: the rows keep the glyphs their wrapping cut and measured, and the
/// canvas draws those. These check that drawing the kept glyphs gives exactly the cells drawing
/// the rows' text would, for the text that is hard to get right (Korean, emoji sequences,
/// combining marks, controls), and that kept rows are made anew whenever what they show changes.
final class ChatLayoutOnceTests: XCTestCase {
    let strings = UIStrings(.english)

    static let hardBodies = [
        "떡볶이 먹으러 갈 사람? 한국어는 띄어쓰기없이길게쓰기도합니다한국어는띄어쓰기없이",
        "👨‍👩‍👧 family 🇰🇷 flag 👍🏽 tone ❤️ heart 1️⃣ keycap",
        "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307} marks, conjoining \u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}",
        "controls \u{1B}]0;title\u{07} bidi \u{202E}evil\u{202C} tab\there\r\nsecond line\nthird",
        "a-very-long-word-without-any-space-that-must-be-broken-between-graphemes-somewhere",
        "link https://example.com/떡볶이?q=1 and more",
    ]

    private func lines(_ bodies: [String]) -> [ChatLine] {
        bodies.enumerated().map { index, body in
            let sender = index % 2 == 0 ? Fixtures.other : Fixtures.me
            return Fixtures.line(Fixtures.message(body, from: sender, at: Fixtures.date(day: 2, hour: 9, minute: index), id: "m\(index)"))
        }
    }

    /// Each row drawn as laid out and drawn from its text alone (cut into glyphs by the canvas).
    private func canvases(_ rows: [ChatTranscript.Row], width: Int) -> (laid: Canvas, fromText: Canvas) {
        var laid = Canvas(size: Size(width: width, height: rows.count))
        var fromText = laid
        for (index, row) in rows.enumerated() {
            laid.draw(row.spans, row: index, in: laid.bounds)
            fromText.draw(row.spans.map { Span($0.text, $0.style, link: $0.link) }, row: index, in: fromText.bounds)
        }
        return (laid, fromText)
    }

    func testKeptGlyphsDrawTheCellsOfTheirText() {
        let formatted = Message(id: MessageID("f"), channelID: ChannelID("lobby"), senderID: Fixtures.other, senderNickname: "Joon",
                                sentAt: Fixtures.date(day: 2, hour: 10, minute: 0), content: .text("bold 떡볶이 👍🏽 plain"))
        var withRuns = formatted
        withRuns.formatted = FormattedText(runs: [.init("bold 떡볶이 ", .bold), .init("👍🏽 plain"), .init(" link", .link, link: "https://example.com")])
        for width in [12, 23, 40, 77] {
            let rows = ChatTranscript(strings: strings, text: .unfiltered).rows(for: lines(Self.hardBodies) + [Fixtures.line(withRuns)], width: width)
            XCTAssertTrue(rows.contains { $0.spans.contains { $0.glyphs != nil } }, "bodies keep their glyphs")
            let (laid, fromText) = canvases(rows, width: width)
            XCTAssertEqual(laid, fromText, "width \(width):\n" + laid.lines.joined(separator: "\n"))
            for row in rows {
                XCTAssertEqual(row.spans.reduce(0) { $0 + $1.width }, row.spans.reduce(0) { $0 + Span($1.text).width })
                XCTAssertLessThanOrEqual(row.spans.reduce(0) { $0 + $1.width }, width)
            }
        }
    }

    /// Text of printable ASCII and Hangul syllables is cut by scalar; it must give the glyphs the
    /// general rule (grapheme by grapheme, made inert) gives, and other text takes the rule.
    func testTextCutByScalarGivesTheGeneralRulesGlyphs() {
        let pieces = ["a", "Z", " ", "~", "?", "1", "떡", "볶", "이", "힣", "가", "\t", "\u{1B}", "é", "e\u{301}", "👍🏽", "\u{1100}\u{1161}", "ㄱ"]
        var state: UInt64 = 20
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            XCTAssertEqual(TextLayout.glyphs(text), InertText.sanitize(text).compactMap(DisplayWidth.glyph(for:)), text.debugDescription)
        }
    }

    func testChangingASpansTextDropsItsGlyphs() {
        let laid = ChatTranscript(strings: strings, text: .unfiltered).rows(for: lines(["떡볶이"]), width: 30)
        var span = try! XCTUnwrap(laid.flatMap(\.spans).first { $0.glyphs != nil })
        span.text = "🍢"
        XCTAssertNil(span.glyphs)
        XCTAssertEqual(span.width, 2)
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.draw([span], row: 0, in: canvas.bounds)
        XCTAssertEqual(canvas.text(row: 0).trimmingCharacters(in: .whitespaces), "🍢")
    }

    /// Kept rows (the cache) follow an edit, a deletion, a reaction, a delivery, and the width;
    /// unchanged lines come back as kept.
    func testKeptRowsAreMadeAnewWhenTheMessageOrWidthChanges() {
        let cache = ChatTranscript.Cache()
        let transcript = ChatTranscript(strings: strings, text: .unfiltered, cache: cache)
        let original = Fixtures.message("first words 떡볶이", at: Fixtures.date(day: 2, hour: 9, minute: 0), id: "x")
        func shown(_ message: Message, width: Int = 60) -> String {
            transcript.rows(for: [Fixtures.line(message)], width: width).map { $0.spans.map(\.text).joined() }.joined(separator: "\n")
        }
        XCTAssertTrue(shown(original).contains("first words 떡볶이"))

        var edited = original
        edited.content = .text("second words 순대")
        edited.editedAt = Fixtures.date(day: 2, hour: 9, minute: 1)
        XCTAssertTrue(shown(edited).contains("second words 순대"), shown(edited))
        XCTAssertFalse(shown(edited).contains("first words"))

        var deleted = edited
        deleted.content = .deleted(byModerator: true)
        XCTAssertTrue(shown(deleted).contains(strings.deletedByModerator), shown(deleted))
        XCTAssertFalse(shown(deleted).contains("second words"))

        var reacted = original
        reacted.reactions = [ReactionCount(key: "👍", count: 3, mine: false)]
        XCTAssertTrue(shown(reacted).contains("👍 3"), shown(reacted))

        var pending = original
        pending.delivery = .pending
        XCTAssertTrue(shown(pending).contains(strings.sending))
        XCTAssertFalse(shown(original).contains(strings.sending), "delivered again: the pending rows are not kept")

        let narrow = transcript.rows(for: [Fixtures.line(original)], width: 14)
        XCTAssertTrue(narrow.allSatisfy { $0.width <= 14 }, "another width is wrapped anew")
        XCTAssertGreaterThan(narrow.count, transcript.rows(for: [Fixtures.line(original)], width: 30).count)
    }

    /// The filter masks through the kept glyphs too: a transcript with a filter never shows the
    /// word, whether its rows are fresh or kept.
    func testFilteredWordsStayMaskedInKeptRows() {
        let transcript = ChatTranscript(strings: strings, text: OutsideText(filter: WordFilter(words: ["시발", "fuck"])),
                                        cache: ChatTranscript.Cache())
        let line = Fixtures.line(Fixtures.message("이런 시발 what the fuck 떡볶이", at: Fixtures.date(day: 2, hour: 9, minute: 0)))
        for _ in 0..<2 {
            let rows = transcript.rows(for: [line], width: 40)
            let (laid, _) = canvases(rows, width: 40)
            let text = laid.lines.joined(separator: "\n")
            XCTAssertTrue(text.contains("이런 ** what the **** 떡볶이"), text)
        }
    }
}
