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

    private func draw(_ messages: [Message], language: Language) -> [String] {
        var canvas = CanvasCheck.sentinel(Size(width: 62, height: 22))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: 60, height: 20))
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
        XCTAssertTrue(shown.contains("Mina 님이 들어왔습니다"), shown)
        XCTAssertTrue(shown.contains("Joon 님이 방 이름을 Lobby <RLO>evil(으)로 바꿨습니다"), shown)
    }
}
