import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

final class ChatPaneTests: XCTestCase {
    let strings = UIStrings(.english)

    private func draw(_ lines: [ChatLine], paging: Paging = .done, scroll: Int = 0, width: Int = 40, height: Int = 12,
                      text: OutsideText = .unfiltered) -> (Canvas, Region, ChatPane.Report) {
        var canvas = CanvasCheck.sentinel(Size(width: width + 2, height: height + 2))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: width, height: height))
        let pane = ChatPane(title: "lobby", messages: .loaded(lines), paging: paging, scroll: scroll, focused: false,
                            transcript: ChatTranscript(strings: strings, text: text))
        let report = pane.draw(on: &canvas, in: region)
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        return (canvas, region, report)
    }

    func testTitleDaySeparatorsTimesNicknamesAndMyMessagesOnTheRight() {
        let lines = [
            Fixtures.message("hello", at: Fixtures.date(day: 1, hour: 9, minute: 5)),
            Fixtures.message("mine", from: Fixtures.me, nickname: "Mina", at: Fixtures.date(day: 2, hour: 10, minute: 30)),
        ].map(Fixtures.line)
        let (canvas, region, _) = draw(lines)
        let shown = CanvasCheck.lines(canvas, region)
        XCTAssertEqual(shown[0], " # lobby")
        XCTAssertTrue(shown.contains { $0.contains("2026-12-01") })
        XCTAssertTrue(shown.contains { $0.contains("2026-12-02") })
        XCTAssertTrue(shown.contains(" 09:05 Joon  hello"), shown.joined(separator: "\n"))
        let mine = try! XCTUnwrap(shown.first { $0.contains("mine") })
        XCTAssertTrue(mine.hasSuffix("mine 10:30"), "my message ends at the right edge: \(mine)")
        XCTAssertEqual(DisplayWidth.of(mine), region.width - 1, "right-aligned inside the one-column margin")
    }

    func testKoreanAndEmojiWrapByDisplayWidthAndLineUp() {
        let body = String(repeating: "떡볶이 🍢 ", count: 12)
        let (canvas, region, _) = draw([Fixtures.line(Fixtures.message(body, at: Fixtures.date(day: 2, hour: 8, minute: 0)))])
        let rows = CanvasCheck.lines(canvas, region).filter { $0.contains("떡") }
        XCTAssertGreaterThan(rows.count, 2, "the text wraps")
        for row in rows { XCTAssertLessThanOrEqual(DisplayWidth.of(row), region.width) }
        let indent = rows.dropFirst().map { $0.prefix { $0 == " " }.count }
        XCTAssertEqual(Set(indent).count, 1, "continuation lines hang at one column: \(rows)")
    }

    func testHostileMessagesAndNicknamesAreInert() {
        let lines = HostileText.samples.enumerated().map { index, sample in
            Fixtures.line(Fixtures.message(sample, nickname: sample, at: Fixtures.date(day: 2, hour: 8, minute: index)))
        }
        let (canvas, region, _) = draw(lines, height: 40)
        let shown = CanvasCheck.lines(canvas, region).joined(separator: "\n")
        XCTAssertTrue(shown.contains("^[]0;pwned^Gtitle"), shown)
        XCTAssertTrue(shown.contains("<RLO>evil<PDF>"), shown)
        XCTAssertTrue(shown.contains("^[[31mC1 CSI"), shown)
    }

    func testScrollingBackReportsTheOldestRowSoOlderHistoryIsFetched() {
        let lines = (0..<40).map { Fixtures.line(Fixtures.message("message \($0)", at: Fixtures.date(day: 2, hour: 8, minute: $0))) }
        let (canvas, region, bottom) = draw(lines, paging: .haveMore(PageToken("t")))
        XCTAssertFalse(bottom.showsOldest)
        XCTAssertTrue(CanvasCheck.lines(canvas, region).last!.contains("message 39"))
        let (top, topRegion, report) = draw(lines, paging: .haveMore(PageToken("t")), scroll: 1000)
        XCTAssertTrue(report.showsOldest)
        XCTAssertEqual(report.maxScroll, bottom.maxScroll)
        XCTAssertTrue(CanvasCheck.lines(top, topRegion).contains { $0.contains("Loading older messages") })
    }

    func testTheWordFilterMasksMessages() {
        let text = OutsideText(filter: WordFilter(words: ["badword"]))
        let (canvas, region, _) = draw([Fixtures.line(Fixtures.message("you badword", at: Fixtures.date(day: 2, hour: 8, minute: 0)))], text: text)
        XCTAssertTrue(CanvasCheck.lines(canvas, region).contains { $0.hasSuffix("you *******") })
    }

    func testHugeMessagesAreCutWithANoteAndStayInsideThePane() {
        let huge = String(repeating: "떡볶이 abc 🍢 ", count: (1 << 20) / 20)
        let tall = (0..<10_000).map { "line \($0)" }.joined(separator: "\n")
        let lines = [huge, tall].enumerated().map { index, body in
            Fixtures.line(Fixtures.message(body, at: Fixtures.date(day: 2, hour: 8, minute: index)))
        }
        let transcript = ChatTranscript(strings: strings, text: .unfiltered)
        let rows = transcript.rows(for: lines, width: 40)
        let notes = rows.filter { $0.spans.contains { $0.text.contains("[… the rest") } }
        XCTAssertEqual(notes.count, 2, "both messages are cut")
        XCTAssertLessThan(rows.count, 2 * (ChatTranscript.lineLimit + ChatTranscript.characterLimit / 30))
        let (canvas, region, _) = draw(lines, height: 20)
        XCTAssertTrue(CanvasCheck.lines(canvas, region).contains { $0.contains("shown]") })
    }

    /// Issue 14, finding 11: a 75 MB body written straight into the community file is read only
    /// up to `ReadingCap` (64 KiB), and the chat pane says how much more there is, in either language.
    func testAHugeStoredBodyIsReadInPartAndThePaneSaysHowMuchMore() async throws {
        let community = try TestCommunity()
        let mina = try community.open(as: "mina")
        try await mina.signUpMember("mina")
        try StoreTampering(path: community.storeURL.path).insertMessage(in: "lobby", from: "mina@example.com",
                                                                       body: String(repeating: "abc ", count: 75_000_000 / 4))
        let lobby = try await mina.channel(named: "lobby")
        let page = try await mina.latestMessages(in: lobby.id, limit: 1)
        let huge = try XCTUnwrap(page.messages.first)
        XCTAssertEqual(huge.content.summary.utf8.count, ReadingCap.bytes)
        XCTAssertEqual(huge.omittedBytes, 75_000_000 - ReadingCap.bytes)

        let hidden = ReadingCap.kilobytes(75_000_000 - ChatTranscript.characterLimit)
        for (language, marker) in [(Language.english, "[… \(hidden) KB more]"), (.korean, "[… \(hidden) KB 더 있음]")] {
            let rows = ChatTranscript(strings: UIStrings(language), text: .unfiltered).rows(for: [Fixtures.line(huge)], width: 40)
            XCTAssertTrue(rows.contains { $0.spans.contains { $0.text.contains(marker) } }, "\(language): no \(marker)")
        }
        let short = Message(id: MessageID("9"), channelID: lobby.id, senderID: Fixtures.other, senderNickname: "Joon",
                            sentAt: Fixtures.date(day: 2, hour: 9, minute: 0), content: .text("hello"), omittedBytes: 3_000)
        let (canvas, region, _) = draw([Fixtures.line(short)])
        XCTAssertTrue(CanvasCheck.lines(canvas, region).contains { $0.contains("[… 3 KB more]") }, CanvasCheck.lines(canvas, region).joined(separator: "\n"))
    }

    func testTheCacheGivesTheSameRowsAsAFreshLayout() {
        let lines = (0..<5).map { Fixtures.line(Fixtures.message("message \($0) 안녕", at: Fixtures.date(day: 2, hour: 8, minute: $0))) }
        let cached = ChatTranscript(strings: strings, text: .unfiltered, cache: ChatTranscript.Cache())
        let first = cached.rows(for: lines, width: 30)
        XCTAssertEqual(cached.rows(for: lines, width: 30), first)
        XCTAssertEqual(ChatTranscript(strings: strings, text: .unfiltered).rows(for: lines, width: 30), first)
        XCTAssertNotEqual(cached.rows(for: lines, width: 12), first, "another width is laid out anew")
    }
}
