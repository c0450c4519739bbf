import ChatCore
import Foundation
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// Every attack of the hostile corpus, drawn through every pane that shows outside text: no cell
/// holds a control or bidi character, nothing is drawn outside the pane, every row adds up to the
/// canvas width, and nothing crashes — a 1 MiB and a 10,000-line message included.
@MainActor
final class HostileCorpusPaneTests: XCTestCase {
    let strings = UIStrings(.english)
    let text = OutsideText.standard(environment: [:])
    static let size = Size(width: 64, height: 22)
    static let frame = Rect(row: 1, column: 3, width: 57, height: 19)

    var everything: [HostileText.Sample] {
        HostileText.corpus + HostileText.huge + HostileText.names.map { HostileText.Sample(name: "name \($0)", text: $0) }
    }

    /// Draws with `body` into a region of a sentinel canvas and runs the checks.
    private func check(_ sample: HostileText.Sample, pane: String, _ body: (inout Canvas, Region) -> Void) {
        var canvas = CanvasCheck.sentinel(Self.size)
        let region = canvas.bounds.subregion(Self.frame)
        body(&canvas, region)
        let failuresBefore = testRun?.failureCount ?? 0
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        if (testRun?.failureCount ?? 0) > failuresBefore { XCTFail("the failures above: \(pane) with \(sample.name)") }
    }

    func testListsShowEveryAttackInert() async {
        let date = Fixtures.date(day: 2, hour: 9, minute: 0)
        for sample in everything {
            let message = Fixtures.message(sample.text, nickname: sample.text, at: date)
            check(sample, pane: "channel list") { canvas, region in
                let rows = [Fixtures.row(sample.text, badge: .count(3), region: true), Fixtures.row("lobby", badge: .loading)]
                _ = ChannelListPane(rows: .loaded(rows), selected: 0, focused: true, banner: sample.text, strings: strings, text: text)
                    .draw(on: &canvas, in: region)
            }
            check(sample, pane: "discover") { canvas, region in
                let activity = ChannelActivity(channel: Fixtures.channel(sample.text), messageCount: 7, latest: message)
                DiscoverPane(rows: .loaded([DiscoverRow(activity: activity)]), selected: 0, strings: strings, text: text).draw(on: &canvas, in: region)
            }
            check(sample, pane: "conversations") { canvas, region in
                let summary = ConversationSummary(channelID: ChannelID("d"), other: UserProfile(id: Fixtures.other, nickname: sample.text),
                                                  latest: message, unread: true)
                ConversationsPane(rows: .loaded([ConversationRow(summary: summary)]), placeholder: nil, selected: 0, strings: strings, text: text,
                                  transcript: ChatTranscript(strings: strings, text: text)).draw(on: &canvas, in: region)
            }
            check(sample, pane: "quick switcher") { canvas, region in
                _ = QuickSwitcherPane(query: LineEditor(text: sample.text), matches: .loaded([SwitcherMatch(place: .channel(Fixtures.channel(sample.text)), highlights: 1)]), selected: 0,
                                      strings: strings, text: text).draw(on: &canvas, in: region)
            }
        }
    }

    func testTheChatShowsEveryAttackInertMineAndTheirsScrolled() async {
        for sample in everything {
            let theirs = Fixtures.message(sample.text, nickname: sample.text, at: Fixtures.date(day: 2, hour: 9, minute: 0))
            var mine = Fixtures.message(sample.text, from: Fixtures.me, nickname: "me", at: Fixtures.date(day: 2, hour: 9, minute: 1))
            mine.delivery = .failed(sample.text)
            let lines = [Fixtures.line(theirs), Fixtures.line(mine)]
            for scroll in [0, 7, 10_000] {
                check(sample, pane: "chat scrolled \(scroll)") { canvas, region in
                    var transcript = ChatTranscript(strings: strings, text: text)
                    transcript.selected = theirs.id
                    _ = ChatPane(title: sample.text, messages: .loaded(lines), paging: .haveMore(PageToken("t")), scroll: scroll,
                                 focused: true, transcript: transcript).draw(on: &canvas, in: region)
                }
            }
            check(sample, pane: "chat failed to load") { canvas, region in
                _ = ChatPane(title: sample.text, messages: .failed(sample.text), paging: .done, scroll: 0, focused: false,
                             transcript: ChatTranscript(strings: strings, text: text)).draw(on: &canvas, in: region)
            }
        }
    }

    func testBarsAlertsAndFormsShowEveryAttackInert() async {
        for sample in everything {
            check(sample, pane: "status line") { canvas, region in
                StatusLinePane(viewerName: sample.text, connection: .offline(sample.text), notice: sample.text, hint: strings.listHint,
                               strings: strings, text: text).draw(on: &canvas, in: region)
            }
            check(sample, pane: "status line with typists") { canvas, region in
                var pane = StatusLinePane(viewerName: "me", connection: .online, notice: nil, hint: strings.listHint, strings: strings, text: text)
                pane.typing = strings.typing(Typists(names: Array(repeating: sample.text, count: 10_000), total: 10_000), text)
                pane.draw(on: &canvas, in: region)
            }
            check(sample, pane: "alert") { canvas, region in
                AlertPane(message: sample.text, strings: strings, text: text).draw(on: &canvas, in: region)
            }
            check(sample, pane: "input bar") { canvas, region in
                _ = InputBarPane(state: .enabled(placeholder: "Type a message"), editor: LineEditor(text: sample.text), focused: true, text: text)
                    .draw(on: &canvas, in: region)
                _ = InputBarPane(state: .disabled(reason: sample.text), editor: LineEditor(), focused: false, text: text)
                    .draw(on: &canvas, in: region.rows(region.height - 1, count: 1))
            }
            check(sample, pane: "form") { canvas, region in
                let fields = [FormPane.Field(label: "Email", editor: LineEditor(text: sample.text)),
                              FormPane.Field(label: "Password", editor: LineEditor(text: sample.text), masked: true)]
                _ = FormPane(title: "Log in", message: sample.text, fields: fields, focused: 0, error: sample.text, hint: strings.formHint, text: text)
                    .draw(on: &canvas, in: region)
            }
            check(sample, pane: "welcome") { canvas, region in
                WelcomePane(selected: 0, notice: sample.text, strings: strings, text: text).draw(on: &canvas, in: region)
            }
            check(sample, pane: "terms") { canvas, region in
                TermsPane(title: "Rules", rules: Strings(.english).termsBody, checkboxLabel: "I agree", joinLabel: "Join", isAgreed: false,
                          focused: 0, message: sample.text, strings: strings, text: text).draw(on: &canvas, in: region)
            }
        }
    }

    /// The masks and markers are what a reader sees: an escape shows as its bytes, a bidi
    /// override by name, a listed word as stars.
    func testWhatTheReaderSees() async {
        var canvas = CanvasCheck.sentinel(Self.size)
        let region = canvas.bounds.subregion(Self.frame)
        let message = Fixtures.message("\u{1B}]0;pwned\u{07} \u{202E}fuck\u{202C}", nickname: "\u{1B}[31mevil", at: Fixtures.date(day: 2, hour: 9, minute: 0))
        _ = ChatPane(title: "lobby", messages: .loaded([Fixtures.line(message)]), paging: .done, scroll: 0, focused: true,
                     transcript: ChatTranscript(strings: strings, text: text)).draw(on: &canvas, in: region)
        let shown = CanvasCheck.lines(canvas, region).joined(separator: "\n")
        XCTAssertTrue(shown.contains("^[]0;pwned^G <RLO>****<PDF>"), shown)
        XCTAssertTrue(shown.contains("^[[31mevil"), shown)
    }
}
