import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// Invitations in the Direct tab (issue 17): listed first with who invited, a request to talk
/// named as such, every outside word inert and inside the pane; the tab bar counts them.
final class InvitationsPaneTests: XCTestCase {
    private let strings = UIStrings(.english)

    private func draw(_ invites: [Invite], selected: Int, language: Language = .english) -> [String] {
        let strings = UIStrings(language)
        var canvas = CanvasCheck.sentinel(Size(width: 82, height: 16))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: 80, height: 14))
        let joon = UserProfile(id: UserID("@joon:x"), nickname: "Joon")
        let row = ConversationRow(summary: ConversationSummary(channelID: ChannelID("d"), other: joon,
                                                               latest: Fixtures.message("hi", at: Fixtures.date(day: 2, hour: 8, minute: 0)), unread: false))
        var pane = ConversationsPane(rows: .loaded([row]), placeholder: nil, selected: selected, strings: strings, text: .unfiltered,
                                     transcript: ChatTranscript(strings: strings, text: .unfiltered))
        pane.invites = invites
        pane.draw(on: &canvas, in: region)
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        return CanvasCheck.lines(canvas, region)
    }

    private var invites: [Invite] {
        [Invite(channelID: ChannelID("!a"), name: "Lobby\u{1B}[2J", inviter: UserProfile(id: UserID("@owner:x"), nickname: "Owner\u{1B}]0;t\u{07}"), isDirect: false),
         Invite(channelID: ChannelID("!b"), name: "Stranger", inviter: UserProfile(id: UserID("@stranger:x"), nickname: "Stranger"), isDirect: true)]
    }

    func testInvitationsComeFirstWithWhoInvitedAndTheKeysBesideTheHighlightedOne() {
        let lines = draw(invites, selected: 1)
        let shown = lines.joined(separator: "\n")
        let heading = lines.firstIndex { $0.contains("Invitations") }
        let conversation = lines.firstIndex { $0.contains("Joon") }
        XCTAssertNotNil(heading)
        XCTAssertLessThan(heading ?? 99, conversation ?? -1, "invitations above the conversations\n\(shown)")
        XCTAssertTrue(lines.contains { $0.contains("✉ Lobby^[[2J  invited by Owner^[]0;t^G") }, shown)
        XCTAssertTrue(lines.contains { $0.contains("▸ ✉ request to talk  invited by Stranger  Enter accept · x decline") }, shown)
        XCTAssertFalse(lines.contains { $0.contains("Lobby") && $0.contains("Enter accept") }, "keys only beside the highlighted one")
    }

    func testNoInvitationsNoHeadingAndKorean() {
        XCTAssertFalse(draw([], selected: 0).contains { $0.contains("Invitations") })
        let korean = draw(invites, selected: 0, language: .korean).joined(separator: "\n")
        XCTAssertTrue(korean.contains("Owner^[]0;t^G 님의 초대  Enter 수락 · x 거절"), korean)
    }

    func testTheTabBarCountsInvitations() {
        var canvas = CanvasCheck.sentinel(Size(width: 82, height: 3))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: 80, height: 1))
        var bar = TabBarPane(selected: .channels, strings: strings)
        bar.invitations = 2
        bar.draw(on: &canvas, in: region)
        XCTAssertTrue(CanvasCheck.lines(canvas, region)[0].contains("3 Direct ✉2"), CanvasCheck.lines(canvas, region)[0])
        bar.invitations = 0
        bar.draw(on: &canvas, in: region)
        XCTAssertFalse(CanvasCheck.lines(canvas, region)[0].contains("✉"))
    }
}
