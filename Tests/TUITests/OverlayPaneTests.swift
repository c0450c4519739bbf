import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// Welcome, forms, terms, alerts, help, the quick switcher, the bars, Discover and Direct.
final class OverlayPaneTests: XCTestCase {
    let strings = UIStrings(.english)

    private func check(width: Int = 70, height: Int = 24, _ body: (inout Canvas, Region) -> Void) -> [String] {
        var canvas = CanvasCheck.sentinel(Size(width: width + 2, height: height + 2))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: width, height: height))
        body(&canvas, region)
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        return CanvasCheck.lines(canvas, region)
    }

    func testWelcomeOffersLogInSignUpAndGuest() {
        let lines = check { canvas, region in
            WelcomePane(selected: 2, notice: nil, strings: strings, text: .unfiltered).draw(on: &canvas, in: region)
        }.joined(separator: "\n")
        XCTAssertTrue(lines.contains("Log in"))
        XCTAssertTrue(lines.contains("Sign up"))
        XCTAssertTrue(lines.contains("▸ Continue as guest ◂"))
    }

    func testTheKoreanWelcomeUsesTheOriginalGuestLabel() {
        let lines = check { canvas, region in
            WelcomePane(selected: 0, notice: nil, strings: UIStrings(.korean), text: .unfiltered).draw(on: &canvas, in: region)
        }.joined(separator: "\n")
        XCTAssertTrue(lines.contains("게스트로 로그인"))
    }

    func testThePasswordIsMaskedAndTheCursorIsInTheFocusedField() {
        var email = LineEditor()
        for character in "mina@example.com" { _ = email.handle(.character(character)) }
        var password = LineEditor()
        for character in "secret" { _ = password.handle(.character(character)) }
        var cursor: Point?
        let lines = check { canvas, region in
            let fields = [FormPane.Field(label: "Email", editor: email), FormPane.Field(label: "Password", editor: password, masked: true)]
            cursor = FormPane(title: "Log in", fields: fields, focused: 1, error: "Wrong email or password.", hint: strings.formHint, text: .unfiltered)
                .draw(on: &canvas, in: region)
        }.joined(separator: "\n")
        XCTAssertTrue(lines.contains("mina@example.com"))
        XCTAssertTrue(lines.contains("••••••"))
        XCTAssertFalse(lines.contains("secret"))
        XCTAssertTrue(lines.contains("Wrong email or password."))
        XCTAssertNotNil(cursor)
    }

    func testAFieldNoteShowsUnderItsField() {
        let lines = check { canvas, region in
            let fields = [FormPane.Field(label: "Username", editor: LineEditor(), note: Strings(.english).userNameHint),
                          FormPane.Field(label: "Password", editor: LineEditor(), masked: true)]
            _ = FormPane(title: "Log in", fields: fields, focused: 0, error: nil, hint: strings.formHint, text: .unfiltered).draw(on: &canvas, in: region)
        }
        let label = lines.firstIndex { $0.contains("Username") } ?? -1
        XCTAssertTrue(lines[label + 1].contains("a name like mina, or @mina:server"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines[label + 2].contains("Password"))
    }

    func testTermsShowTheCheckboxJoinAndTheRefusal() {
        let lines = check { canvas, region in
            TermsPane(title: "Community rules", rules: Strings(.english).termsBody, checkboxLabel: "I agree", joinLabel: "Join",
                      isAgreed: false, focused: 1, message: "Please agree to the terms.", strings: strings, text: .unfiltered)
                .draw(on: &canvas, in: region)
        }.joined(separator: "\n")
        XCTAssertTrue(lines.contains("[ ] I agree"))
        XCTAssertTrue(lines.contains("[ Join ]  Please agree to the terms."))
    }

    func testAnAlertWrapsItsMessageInsideItsBox() {
        let lines = check(width: 40) { canvas, region in
            AlertPane(message: "Login required — guests can't send messages.", strings: strings, text: .unfiltered).draw(on: &canvas, in: region)
        }
        XCTAssertTrue(lines.contains { $0.contains("Login required") })
        XCTAssertTrue(lines.contains { $0.contains("Press Enter") })
    }

    /// The help is taller than a screen (issues 17 and 19): every page of it, scrolled, lists
    /// every binding and command; each page stays inside its region.
    func testTheHelpListsEveryBindingAndEveryCommand() {
        _ = check(width: 80, height: 40) { canvas, region in
            HelpOverlayPane(strings: strings).draw(on: &canvas, in: region)
        }
        let lines = everyPage(strings).joined(separator: "\n")
        for entry in CommandRegistry.entries { XCTAssertTrue(lines.contains(entry.usage), entry.usage) }
        for binding in KeyMap.browsing + KeyMap.everywhere {
            for key in binding.keys { XCTAssertTrue(lines.contains(KeyMap.name(of: key)), KeyMap.name(of: key)) }
        }
        XCTAssertTrue(lines.contains("move up / down"), "opposite moves share a line")
        XCTAssertTrue(lines.contains("1 2 3 4"), "the tabs share a line")
    }

    /// The words of every key's and command's meaning, in order: wrapped, never cut.
    private func assertEveryMeaningWhole(_ lines: [String], _ strings: UIStrings, file: StaticString = #filePath, line: UInt = #line) {
        let text = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        XCTAssertFalse(text.contains("…"), "nothing cut:\n\(lines.joined(separator: "\n"))", file: file, line: line)
        let meanings = KeyMap.helpRows(strings).map(\.meaning) + CommandRegistry.entries.map(strings.summary(of:))
        for meaning in meanings {
            for word in meaning.split(separator: " ") {
                XCTAssertTrue(text.contains(word), "\(word) of \(meaning) missing", file: file, line: line)
            }
        }
    }

    /// Every row of the help at each scroll position, in `strings`, at 80x23 (the screen above
    /// the status line of an 80x24 terminal).
    private func everyPage(_ strings: UIStrings) -> [String] {
        var canvas = Canvas(size: Size(width: 80, height: 23))
        let maxScroll = HelpOverlayPane(strings: strings).draw(on: &canvas, in: canvas.bounds)
        var lines = canvas.lines
        for scroll in stride(from: 1, through: maxScroll, by: 1) {
            var page = Canvas(size: Size(width: 80, height: 23))
            HelpOverlayPane(strings: strings, scroll: scroll).draw(on: &page, in: page.bounds)
            lines += page.lines
        }
        return lines
    }

    /// With the relation keys and commands (issue 17) the help is taller than 80x24: it scrolls,
    /// and every key and command is reached, never cut.
    func testEveryKeyAndCommandIsReachedAtEightyByTwentyFour() {
        let text = everyPage(strings).joined(separator: "\n")
        for entry in CommandRegistry.entries { XCTAssertTrue(text.contains(entry.usage), entry.usage) }
        XCTAssertTrue(text.contains("Ctrl-C"))
        XCTAssertTrue(text.contains("Enter Ctrl-E + d Del"), text)
        XCTAssertTrue(text.contains("Tab"))
        XCTAssertTrue(text.contains("Alt-a"))
        assertEveryMeaningWhole(everyPage(strings), strings)
    }

    func testTheKoreanHelpIsNeverCutAtEightyByTwentyFour() {
        let korean = UIStrings(.korean)
        assertEveryMeaningWhole(everyPage(korean), korean)
    }

    func testAHelpTallerThanTheTerminalScrolls() {
        var canvas = Canvas(size: Size(width: 60, height: 12))
        let maxScroll = HelpOverlayPane(strings: strings).draw(on: &canvas, in: canvas.bounds)
        XCTAssertGreaterThan(maxScroll, 0)
        XCTAssertTrue(canvas.lines.joined().contains("↑/↓ scroll"))
        var bottom = Canvas(size: Size(width: 60, height: 12))
        HelpOverlayPane(strings: strings, scroll: maxScroll).draw(on: &bottom, in: bottom.bounds)
        let last = CommandRegistry.entries.last!.usage
        XCTAssertTrue(bottom.lines.joined(separator: "\n").contains(last), bottom.lines.joined(separator: "\n"))
    }

    func testTheQuickSwitcherListsMatchesWithTheSelection() {
        var query = LineEditor()
        _ = query.handle(.character("구"))
        let lines = check { canvas, region in
            let matches = [
                SwitcherMatch(place: .channel(Fixtures.channel("강남구")), unread: .count(3), highlights: 1),
                SwitcherMatch(place: .channel(Fixtures.channel("마포구"))),
                SwitcherMatch(place: .conversation(ConversationSummary(channelID: ChannelID("d"), other: UserProfile(id: UserID("u"), nickname: "구미"),
                                                                       latest: nil, unread: true)), marked: true),
            ]
            _ = QuickSwitcherPane(query: query, matches: .loaded(matches), selected: 1, strings: strings, text: .unfiltered).draw(on: &canvas, in: region)
        }
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("> 구"))
        XCTAssertTrue(text.contains("▸ 마포구"))
        XCTAssertTrue(lines.contains { $0.contains("강남구") && $0.contains("@1 3 │") }, text)
        XCTAssertTrue(lines.contains { $0.contains("@구미") && $0.contains("● │") }, "a conversation, marked unread: \(text)")
    }

    func testTheStatusLineNamesAGuestAndMakesServerErrorsInert() {
        let lines = check { canvas, region in
            StatusLinePane(viewerName: "Guest", connection: .offline("\u{1B}[31mdown"), notice: nil, hint: "hint", strings: strings, text: .unfiltered)
                .draw(on: &canvas, in: region.rows(0, count: 1))
        }
        XCTAssertEqual(lines[0], " Guest · offline: ^[[31mdown · hint")
    }

    func testTheTabBarMarksTheSelectedTab() {
        var canvas = Canvas(size: Size(width: 70, height: 1))
        TabBarPane(selected: .direct, strings: strings).draw(on: &canvas, in: canvas.bounds)
        XCTAssertTrue(canvas.lines[0].contains("1 Discover   2 Channels   3 Direct   4 Profile"))
        let column = canvas.lines[0].distance(from: canvas.lines[0].startIndex, to: canvas.lines[0].range(of: "3 Direct")!.lowerBound)
        XCTAssertEqual(canvas[0, column].style.background, .role(.accent))
    }

    func testTheTabBarShowsActivityOfChannelsAndDirect() {
        var activity = Hotlist()
        activity.record(ChannelID("a"), name: "a", isDirect: false, isHighlight: false)
        activity.record(ChannelID("b"), name: "b", isDirect: false, isHighlight: true)
        activity.record(ChannelID("d"), name: "bob", isDirect: true, isHighlight: true)
        var canvas = Canvas(size: Size(width: 80, height: 1))
        TabBarPane(selected: .discover, strings: strings, activity: activity).draw(on: &canvas, in: canvas.bounds)
        XCTAssertTrue(canvas.lines[0].contains("2 Channels  @1 2  3 Direct  @1 1  4 Profile"), canvas.lines[0])
        let column = canvas.lines[0].distance(from: canvas.lines[0].startIndex, to: canvas.lines[0].range(of: "@1")!.lowerBound)
        XCTAssertEqual(canvas[0, column].style.foreground, .role(.accent), "highlights in the accent")
    }

    func testDiscoverAndDirectRowsAreInert() {
        let hostile = HostileText.samples[0]
        let message = Fixtures.message(hostile, nickname: hostile, at: Fixtures.date(day: 2, hour: 8, minute: 0))
        let discover = [DiscoverRow(activity: ChannelActivity(channel: Fixtures.channel(hostile), messageCount: 12, latest: message))]
        let lines = check { canvas, region in
            DiscoverPane(rows: .loaded(discover), selected: 0, strings: strings, text: .unfiltered).draw(on: &canvas, in: region)
        }
        XCTAssertTrue(lines.contains { $0.contains("12 today") })
        let summary = ConversationSummary(channelID: ChannelID("d"), other: UserProfile(id: Fixtures.other, nickname: hostile), latest: message, unread: true)
        let direct = check { canvas, region in
            ConversationsPane(rows: .loaded([ConversationRow(summary: summary)]), placeholder: nil, selected: 0, strings: strings, text: .unfiltered,
                              transcript: ChatTranscript(strings: strings, text: .unfiltered)).draw(on: &canvas, in: region)
        }
        XCTAssertTrue(direct.contains { $0.contains("● ^[]0;pwned") }, direct.joined(separator: "\n"))
    }

    func testTheDirectTabDrawsItsSearchTheFilteredConversationsAndTheMembersFound() {
        let joon = UserProfile(id: Fixtures.other, nickname: "Joon", email: "joon@example.com")
        let jonas = UserProfile(id: UserID("3"), nickname: "Jonas", email: "jonas@example.com")
        let message = Fixtures.message("hi Joon", at: Fixtures.date(day: 2, hour: 8, minute: 0))
        let row = ConversationRow(summary: ConversationSummary(channelID: ChannelID("d"), other: joon, latest: message, unread: false))
        var query = LineEditor()
        for character in "jo" { _ = query.handle(.character(character)) }
        var cursor: Point?
        var targets: [Int: Int] = [:]
        let lines = check { canvas, region in
            var pane = ConversationsPane(rows: .loaded([row]), placeholder: nil, selected: 1, strings: strings, text: .unfiltered,
                                         transcript: ChatTranscript(strings: strings, text: .unfiltered))
            pane.query = query
            pane.searchFocused = true
            pane.found = .loaded([joon, jonas])
            let report = pane.draw(on: &canvas, in: region)
            (cursor, targets) = (report.cursor, report.rowTargets)
        }
        XCTAssertEqual(lines[1], " Find: jo", lines.joined(separator: "\n"))
        XCTAssertEqual(cursor, Point(row: 2, column: 10), "the cursor after the query")
        XCTAssertTrue(lines[3].contains("Joon") && lines[3].contains("hi Joon"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines[5].contains("Members"), lines.joined(separator: "\n"))
        XCTAssertEqual(lines[6], "▸ Jonas  jonas@example.com", "the member found, selected; Joon is not listed twice")
        XCTAssertEqual(lines.filter { $0.contains("Joon") }.count, 1)
        XCTAssertEqual(targets, [4: 0, 7: 1], "a click on a screen row picks the conversation or member drawn there (headings pick nothing)")
    }

    func testTheDirectTabOffersTheSearchToAMemberAndNotToAGuest() {
        let member = check { canvas, region in
            ConversationsPane(rows: .loaded([]), placeholder: "No conversations yet.", selected: 0, strings: strings, text: .unfiltered,
                              transcript: ChatTranscript(strings: strings, text: .unfiltered)).draw(on: &canvas, in: region)
        }.joined(separator: "\n")
        XCTAssertTrue(member.contains("Find: i: find a member by nickname or email"), member)
        XCTAssertTrue(member.contains("No conversations yet."))
        var guestPane = ConversationsPane(rows: .loaded([]), placeholder: "Log in to talk with other members.", selected: 0, strings: strings,
                                          text: .unfiltered, transcript: ChatTranscript(strings: strings, text: .unfiltered))
        guestPane.searchable = false
        let guest = check { canvas, region in guestPane.draw(on: &canvas, in: region) }.joined(separator: "\n")
        XCTAssertFalse(guest.contains("Find:"), guest)
        XCTAssertTrue(guest.contains("Log in to talk with other members."))
    }
}
