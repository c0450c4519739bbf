import ChatCore
import Foundation
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// The config file's `time_format` (issue 19) in the chat and in lists: the chat writes each
/// message's time in it; a list (the Direct tab's conversations) writes a message from before
/// today with its date, one from today with its time in the format.
@MainActor
final class TimeFormatPaneTests: XCTestCase {
    private let strings = UIStrings(.english)
    private let format = TimeFormat(pattern: "%H.%M h")

    func testTheChatWritesTimesInTheConfiguredFormat() async {
        let sent = Date().addingTimeInterval(-60)
        let transcript = ChatTranscript(strings: strings, text: .unfiltered, times: format)
        let rows = transcript.rows(for: [Fixtures.line(Fixtures.message("hello", at: sent))], width: 60)
        let text = rows.map { $0.spans.map(\.text).joined() }.joined(separator: "\n")
        XCTAssertTrue(text.contains(format.time(sent) + " Joon"), text)
        XCTAssertTrue(format.time(sent).hasSuffix(" h"), "the pattern was used: \(format.time(sent))")
    }

    func testAListShowsAnOlderMessagesDateAndTodaysTimeInTheFormat() async {
        let old = Date().addingTimeInterval(-3 * 86_400)
        let today = Date().addingTimeInterval(-60)
        let transcript = ChatTranscript(strings: strings, text: .unfiltered, times: format)
        let rows = [old, today].enumerated().map { index, date in
            ConversationRow(summary: ConversationSummary(channelID: ChannelID("d\(index)"), other: UserProfile(id: Fixtures.other, nickname: "Mina\(index)"),
                                                         latest: Fixtures.message("hi \(index)", at: date), unread: false))
        }
        var canvas = Canvas(size: Size(width: 80, height: 10))
        ConversationsPane(rows: .loaded(rows), placeholder: nil, selected: 0, strings: strings, text: .unfiltered, transcript: transcript)
            .draw(on: &canvas, in: canvas.bounds)
        let lines = canvas.lines
        let oldRow = lines.first { $0.contains("Mina0") } ?? ""
        let todayRow = lines.first { $0.contains("Mina1") } ?? ""
        XCTAssertTrue(oldRow.contains(LocalTime(old, zone: .system).dateText), "three days old: its date — \(oldRow)")
        XCTAssertTrue(todayRow.contains(format.time(today)), "today: the time in the format — \(todayRow)")
    }
}
