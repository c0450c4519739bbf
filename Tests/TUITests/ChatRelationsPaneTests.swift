import ChatCore
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// The chat pane draws what a message's relations say (issue 17): the quoted original above a
/// reply, "(edited)", the reactions line with mine marked, the deleted placeholder, a thread's
/// count, emotes and notices — all through the sanitiser, within the pane.
final class ChatRelationsPaneTests: XCTestCase {
    private func draw(_ messages: [Message], width: Int = 48, height: Int = 20, language: Language = .english) -> (Canvas, Region, [String]) {
        CanvasCheck.chat(messages, width: width, height: height, language: language)
    }

    private func at(_ minute: Int) -> Date { Fixtures.date(day: 2, hour: 9, minute: minute) }

    func testAReplyShowsItsOriginalAboveItDimOnOneLine() throws {
        var reply = Fixtures.message("sounds good", at: at(1))
        reply.replyTo = ReplySummary(parentID: MessageID("p"), parent: .message(senderNickname: "Mina", firstLine: "shall we meet at " + String(repeating: "noon ", count: 20)))
        var lost = Fixtures.message("what was that?", at: at(2))
        lost.replyTo = ReplySummary(parentID: MessageID("q"), parent: .unavailable)
        let (canvas, region, shown) = draw([reply, lost])
        let quote = try XCTUnwrap(shown.firstIndex { $0.contains("↱ Mina: shall we meet at noon") }, shown.joined(separator: "\n"))
        XCTAssertTrue(shown[quote + 1].hasSuffix("sounds good"), "the reply follows its quote: \(shown)")
        XCTAssertLessThanOrEqual(DisplayWidth.of(shown[quote]), region.width, "one line, cut to the pane")
        let column = region.frame.column + shown[quote].distance(from: shown[quote].startIndex, to: shown[quote].firstIndex(of: "↱")!)
        XCTAssertTrue(canvas[region.frame.row + quote, column].style.attributes.contains(.dim))
        XCTAssertTrue(shown.contains { $0.contains("↱ original message unavailable") }, shown.joined(separator: "\n"))
    }

    func testEditedReactionsDeletedThreadEmoteAndNotice() throws {
        var edited = Fixtures.message("fixed text", at: at(1))
        edited.editedAt = at(2)
        edited.reactions = [ReactionCount(key: "👍", count: 3, mine: true), ReactionCount(key: "❤", count: 1, mine: false)]
        edited.thread = .root(replyCount: 2)
        let deleted = Message(id: MessageID("d"), channelID: ChannelID("lobby"), senderID: Fixtures.other, senderNickname: "Joon",
                              sentAt: at(3), content: .deleted(byModerator: false))
        let emote = Message(id: MessageID("e"), channelID: ChannelID("lobby"), senderID: Fixtures.other, senderNickname: "Joon",
                            sentAt: at(4), content: .emote("waves"))
        let notice = Message(id: MessageID("n"), channelID: ChannelID("lobby"), senderID: Fixtures.other, senderNickname: "bot",
                             sentAt: at(5), content: .notice("build passed"))
        let (canvas, region, shown) = draw([edited, deleted, emote, notice])
        let text = shown.joined(separator: "\n")
        XCTAssertTrue(shown.contains { $0.hasSuffix("fixed text (edited)") }, text)
        let reactions = try XCTUnwrap(shown.firstIndex { $0.contains("[👍 3]  ❤ 1") }, text)
        let mark = shown[reactions].distance(from: shown[reactions].startIndex, to: shown[reactions].firstIndex(of: "[")!)
        XCTAssertTrue(canvas[region.frame.row + reactions, region.frame.column + mark].style.attributes.contains(.bold), "mine is marked")
        XCTAssertTrue(shown.contains { $0.contains("└ 2 replies") }, text)
        XCTAssertTrue(shown.contains { $0.hasSuffix("Joon  message deleted") }, text)
        XCTAssertFalse(text.contains("fixed text (edited)\n") && text.contains("deleted (edited)"), "deleted messages carry no mark")
        XCTAssertTrue(shown.contains { $0.hasSuffix("Joon  * Joon waves") }, text)
        let noticeRow = try XCTUnwrap(shown.firstIndex { $0.hasSuffix("build passed") }, text)
        let noticeColumn = shown[noticeRow].distance(from: shown[noticeRow].startIndex, to: shown[noticeRow].range(of: "build")!.lowerBound)
        XCTAssertEqual(canvas[region.frame.row + noticeRow, region.frame.column + noticeColumn].style.foreground, .role(.muted), "notices are styled apart")
    }

    func testHostileReactionKeysAndQuotesAreInertAndCut() throws {
        var message = Fixtures.message("hi", at: at(1))
        message.reactions = HostileText.samples.prefix(6).map { ReactionCount(key: $0, count: 1, mine: false) }
        message.replyTo = ReplySummary(parentID: MessageID("p"), parent: .message(senderNickname: "\u{1B}]0;pwned\u{07}", firstLine: "\u{202E}evil"))
        let (_, region, shown) = draw([message], width: 44)
        for row in shown { XCTAssertLessThanOrEqual(DisplayWidth.of(row), region.width) }
        XCTAssertTrue(shown.contains { $0.contains("↱ ^[]0;pwned^G: <RLO>evil") }, shown.joined(separator: "\n"))
    }

    func testKoreanLabels() {
        var message = Fixtures.message("고쳤어요", at: at(1))
        message.editedAt = at(2)
        message.thread = .root(replyCount: 3)
        let (_, _, shown) = draw([message], language: .korean)
        XCTAssertTrue(shown.contains { $0.hasSuffix("고쳤어요 (수정됨)") }, shown.joined(separator: "\n"))
        XCTAssertTrue(shown.contains { $0.contains("└ 답글 3개") }, shown.joined(separator: "\n"))
    }

    /// Issue 17: a moderator's deletion says so, so nobody takes it for the sender's choice.
    func testAModeratorsDeletionIsDrawnAsSuch() {
        let byModerator = Message(id: MessageID("m"), channelID: ChannelID("lobby"), senderID: Fixtures.other, senderNickname: "Joon",
                                  sentAt: at(1), content: .deleted(byModerator: true))
        let (_, _, shown) = draw([byModerator])
        XCTAssertTrue(shown.contains { $0.hasSuffix("Joon  deleted by a moderator") }, shown.joined(separator: "\n"))
        let (_, _, korean) = draw([byModerator], language: .korean)
        XCTAssertTrue(korean.contains { $0.contains("관리자가 삭제한 메시지") }, korean.joined(separator: "\n"))
    }

    /// Issue 17: a reply to a join or a topic change quotes it as its line says it, in words,
    /// never the change's encoded form; a hostile name in it is inert.
    func testAReplyToARoomChangeQuotesTheChange() {
        var welcome = Fixtures.message("welcome!", at: at(1))
        let joined = MembershipChange(action: .joined, target: Fixtures.other, targetNickname: "Bob")
        welcome.replyTo = ReplySummary(parentID: MessageID("j"), parent: .roomChange(senderNickname: "Bob", .membership(joined)))
        var topic = Fixtures.message("nice topic", at: at(2))
        topic.replyTo = ReplySummary(parentID: MessageID("t"), parent: .roomChange(senderNickname: "\u{1B}[2JMina", .topic("맛집")))
        let (_, _, shown) = draw([welcome, topic])
        let text = shown.joined(separator: "\n")
        XCTAssertTrue(shown.contains { $0.contains("↱ Bob joined") }, text)
        XCTAssertTrue(shown.contains { $0.contains("↱ ^[[2JMina set the topic: 맛집") }, text)
        XCTAssertFalse(text.contains("membership") || text.contains("{"), text)
        let (_, _, korean) = draw([welcome], language: .korean)
        XCTAssertTrue(korean.contains { $0.contains("↱ Bob 님이 들어왔습니다") }, korean.joined(separator: "\n"))
    }
}
