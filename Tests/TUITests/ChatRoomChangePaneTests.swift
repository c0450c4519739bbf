import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// Membership and room changes are drawn as one muted line each (issue 17), in English and
/// Korean, with every name, topic and reason inert and inside the pane.
final class ChatRoomChangePaneTests: XCTestCase {
    private func change(_ id: String, by nickname: String, _ change: RoomChange, minute: Int) -> Message {
        Message(id: MessageID(id), channelID: ChannelID("lobby"), senderID: Fixtures.other, senderNickname: nickname,
                sentAt: Fixtures.date(day: 2, hour: 9, minute: minute), content: .roomChange(change))
    }

    /// Korean takes two columns a syllable: 80 columns hold each change on one line.
    private func draw(_ messages: [Message], language: Language) -> [String] {
        var canvas = CanvasCheck.sentinel(Size(width: 82, height: 22))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: 80, height: 20))
        let pane = ChatPane(title: "lobby", messages: .loaded(messages.map(Fixtures.line)), paging: .done, scroll: 0, focused: false,
                            transcript: ChatTranscript(strings: UIStrings(language), text: .unfiltered))
        _ = pane.draw(on: &canvas, in: region)
        CanvasCheck.assertInert(canvas)
        CanvasCheck.assertInside(region, canvas)
        return CanvasCheck.lines(canvas, region)
    }

    private var changes: [Message] {
        let bob = UserID("@bob:x")
        return [
            change("1", by: "Mina", .membership(MembershipChange(action: .joined, target: Fixtures.other, targetNickname: "Mina")), minute: 1),
            change("2", by: "Joon", .membership(MembershipChange(action: .kicked, target: bob, targetNickname: "Bob\u{1B}[2J",
                                                                 reason: "spam\u{1B}]0;title\u{07}")), minute: 2),
            change("3", by: "Joon", .renamed("Lobby \u{202E}evil"), minute: 3),
            change("4", by: "Joon", .topic("tteok only"), minute: 4),
            change("5", by: "Mina", .membership(MembershipChange(action: .left, target: Fixtures.other, targetNickname: "Mina")), minute: 5),
        ]
    }

    func testRoomChangesAreOneMutedLineEachAndInert() throws {
        let shown = draw(changes, language: .english).joined(separator: "\n")
        for expected in ["→ Mina joined", "→ Joon removed Bob^[[2J (spam^[]0;title^G)", "→ Joon renamed the room to Lobby <RLO>evil",
                         "→ Joon set the topic: tteok only", "→ Mina left"] {
            XCTAssertTrue(shown.contains(expected), "\(expected) in\n\(shown)")
        }
    }

    func testRoomChangesInKorean() throws {
        let shown = draw(changes, language: .korean).joined(separator: "\n")
        XCTAssertTrue(shown.contains("Joon 님이 Bob^[[2J 님을 내보냈습니다 (spam^[]0;title^G)"), shown)
        XCTAssertTrue(shown.contains("Mina 님이 들어왔습니다"), shown)
        XCTAssertTrue(shown.contains("Joon 님이 방 이름을 Lobby <RLO>evil(으)로 바꿨습니다"), shown)
    }

    func testManyMembershipChangesInARowCollapseIntoOneLine() throws {
        let names = ["Mina", "Joon", "Bob", "Dae", "Eun"]
        var run = names.enumerated().map { index, name in
            change("j\(index)", by: name, .membership(MembershipChange(action: .joined, target: UserID("@\(index):x"), targetNickname: name)), minute: index)
        }
        run += [change("l1", by: "Mina", .membership(MembershipChange(action: .left, target: UserID("@0:x"), targetNickname: "Mina")), minute: 6),
                change("l2", by: "Bob", .membership(MembershipChange(action: .left, target: UserID("@2:x"), targetNickname: "Bob")), minute: 7)]
        let said = Message(id: MessageID("said"), channelID: ChannelID("lobby"), senderID: Fixtures.other, senderNickname: "Joon",
                           sentAt: Fixtures.date(day: 2, hour: 9, minute: 8), content: .text("hi all"))
        let two = [change("k1", by: "Joon", .renamed("Lobby"), minute: 9),
                   change("k2", by: "Eun", .membership(MembershipChange(action: .left, target: UserID("@4:x"), targetNickname: "Eun")), minute: 10),
                   change("k3", by: "Dae", .membership(MembershipChange(action: .left, target: UserID("@3:x"), targetNickname: "Dae")), minute: 11)]
        let shown = draw(run + [said] + two, language: .english)
        let changeLines = shown.filter { $0.contains("→") }
        XCTAssertEqual(changeLines.count, 4, "seven changes in a row are one line; a rename breaks a run; two in a row stay apart\n\(shown.joined(separator: "\n"))")
        XCTAssertTrue(changeLines[0].contains("09:00 → 5 people joined, 2 left: Mina, Joon, Bob and 2 others"), changeLines[0])
        XCTAssertTrue(changeLines[2].contains("Eun left"), changeLines[2])
        let korean = draw(run, language: .korean).filter { $0.contains("→") }
        XCTAssertEqual(korean.count, 1, "\(korean)")
        XCTAssertTrue(korean[0].contains("5명 들어옴, 2명 나감: Mina, Joon, Bob 외 2명"), korean[0])
    }

    func testACollapsedRunStaysWithinADayAndStartsAtTheFirstUnread() throws {
        let joins = (0..<6).map { index in
            change("j\(index)", by: "U\(index)", .membership(MembershipChange(action: .joined, target: UserID("@\(index):x"), targetNickname: "U\(index)")),
                   minute: index)
        }
        var canvas = CanvasCheck.sentinel(Size(width: 62, height: 22))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: 60, height: 20))
        var transcript = ChatTranscript(strings: UIStrings(.english), text: .unfiltered)
        transcript.firstUnread = MessageID("j3")
        let pane = ChatPane(title: "lobby", messages: .loaded(joins.map(Fixtures.line)), paging: .done, scroll: 0, focused: false, transcript: transcript)
        _ = pane.draw(on: &canvas, in: region)
        let shown = CanvasCheck.lines(canvas, region)
        let marker = try XCTUnwrap(shown.firstIndex { $0.contains("new messages") }, shown.joined(separator: "\n"))
        XCTAssertTrue(shown[marker - 1].contains("3 people joined: U0, U1, U2"), shown.joined(separator: "\n"))
        XCTAssertTrue(shown[marker + 1].contains("3 people joined: U3, U4, U5"), shown.joined(separator: "\n"))
    }
}
