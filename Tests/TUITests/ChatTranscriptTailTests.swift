import ChatCore
import TUI
import XCTest
@testable import ViewModels

/// A long chat (a burst of thousands of messages, or history paged far back) is laid out only
/// as far as it can be shown: the frame cost stays that of a short chat (tteok-bench's burst row
/// had 143 ms frames and the last message 5 s late when every line was laid out each frame).
final class ChatTranscriptTailTests: XCTestCase {
    let strings = UIStrings(.english)

    private func lines(_ count: Int) -> [ChatLine] {
        (0..<count).map { index in
            Fixtures.line(Fixtures.message("message \(index)", at: Fixtures.date(day: 1 + index / 600, hour: index / 60 % 10, minute: index % 60),
                                           id: "\(index)"))
        }
    }

    func testTheTailIsTheEndOfTheWholeTranscriptAndNoMore() {
        let transcript = ChatTranscript(strings: strings, text: .unfiltered)
        let chat = lines(3_000)
        let all = transcript.rows(for: chat, width: 40)
        let tail = transcript.tailRows(for: chat, width: 40, minimum: 30)
        XCTAssertFalse(tail.complete)
        XCTAssertGreaterThanOrEqual(tail.rows.count, 30)
        XCTAssertLessThan(tail.rows.count, 40, "laid out only as far as asked")
        XCTAssertEqual(Array(all.suffix(tail.rows.count)), tail.rows, "same rows, separators included")
        let whole = transcript.tailRows(for: Array(chat.prefix(20)), width: 40, minimum: 1_000)
        XCTAssertTrue(whole.complete)
        XCTAssertEqual(whole.rows, transcript.rows(for: Array(chat.prefix(20)), width: 40))
    }

    func testTheTailReachesBackToTheSelectedMessage() {
        var transcript = ChatTranscript(strings: strings, text: .unfiltered)
        let chat = lines(3_000)
        transcript.selected = chat[100].id
        let tail = transcript.tailRows(for: chat, width: 40, minimum: 10)
        XCTAssertTrue(tail.rows.contains { $0.isSelected && $0.spans.contains { $0.text.contains("message 100") } })
        XCTAssertFalse(tail.complete)
    }

    func testALongChatIsNotReportedAsShowingItsOldestRowUntilItDoes() {
        let pane = { (scroll: Int) in
            ChatPane(title: "lobby", messages: .loaded(self.lines(3_000)), paging: .haveMore(PageToken("t")), scroll: scroll, focused: false,
                     transcript: ChatTranscript(strings: self.strings, text: .unfiltered))
        }
        var canvas = Canvas(size: Size(width: 40, height: 12))
        let bottom = pane(0).draw(on: &canvas, in: canvas.bounds)
        XCTAssertFalse(bottom.showsOldest)
        XCTAssertGreaterThanOrEqual(bottom.maxScroll, ChatPane.lookahead, "scrolling up can go on a good way")
        let scrolled = pane(bottom.maxScroll).draw(on: &canvas, in: canvas.bounds)
        XCTAssertFalse(scrolled.showsOldest, "the oldest of 3,000 messages is still far above")
        XCTAssertGreaterThan(scrolled.maxScroll, bottom.maxScroll, "each scroll lays out further back")
    }
}
