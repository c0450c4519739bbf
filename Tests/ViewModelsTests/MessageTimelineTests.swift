import ChatCore
import Foundation
import XCTest
@testable import ViewModels

final class MessageTimelineTests: XCTestCase {
    let me = Viewer.member(Account(id: UserID("me"), email: "me@x", nickname: "me", acceptedTermsVersion: 1))
    let channel = ChannelID("c")

    func message(_ id: String, by sender: String, at seconds: TimeInterval, _ text: String = "hi") -> Message {
        Message(id: MessageID(id), channelID: channel, senderID: UserID(sender), senderNickname: sender,
                sentAt: Date(timeIntervalSince1970: seconds), content: .text(text))
    }

    func testSameMessageDeliveredTwiceIsShownOnce() {
        var timeline = MessageTimeline()
        XCTAssertTrue(timeline.merge([message("1", by: "me", at: 1)], viewer: me))
        XCTAssertFalse(timeline.merge([message("1", by: "me", at: 1)], viewer: me))
        XCTAssertEqual(timeline.lines.map(\.id.raw), ["1"])
    }

    func testOlderPageGoesBeforeAndOrderIsBySendTime() {
        var timeline = MessageTimeline()
        _ = timeline.merge([message("3", by: "a", at: 3), message("4", by: "a", at: 4)], viewer: me)
        _ = timeline.merge([message("1", by: "a", at: 1), message("2", by: "me", at: 2)], viewer: me)
        XCTAssertEqual(timeline.lines.map(\.id.raw), ["1", "2", "3", "4"])
        XCTAssertEqual(timeline.lines.map(\.isMine), [false, true, false, false])
    }

    /// Issue 9: an older page goes above the timeline in its own order, even when its messages
    /// share a millisecond with the ones shown (a burst), and nothing is shown twice.
    func testOlderPageIsPrependedInPageOrderWithoutDuplicates() {
        var timeline = MessageTimeline()
        _ = timeline.merge([message("3", by: "a", at: 5), message("4", by: "a", at: 5), message("5", by: "a", at: 6)], viewer: me)
        XCTAssertTrue(timeline.prepend([message("1", by: "a", at: 5), message("2", by: "me", at: 5), message("3", by: "a", at: 5)], viewer: me))
        XCTAssertEqual(timeline.lines.map(\.id.raw), ["1", "2", "3", "4", "5"])
        XCTAssertEqual(timeline.lines.map(\.isMine), [false, true, false, false, false])
        XCTAssertFalse(timeline.prepend([message("1", by: "a", at: 5), message("2", by: "me", at: 5)], viewer: me), "a page seen again adds nothing")
        XCTAssertTrue(timeline.prepend([message("0", by: "a", at: 5), message("0", by: "a", at: 5)], viewer: me))
        XCTAssertEqual(timeline.lines.map(\.id.raw), ["0", "1", "2", "3", "4", "5"])
    }

    func testRelabelAfterViewerChange() {
        var timeline = MessageTimeline()
        _ = timeline.merge([message("1", by: "me", at: 1)], viewer: me)
        XCTAssertTrue(timeline.relabel(for: .guest))
        XCTAssertEqual(timeline.lines.map(\.isMine), [false])
        XCTAssertFalse(timeline.relabel(for: .guest))
    }

    func testDeliveryUpdateReplacesInPlace() {
        var timeline = MessageTimeline()
        var pending = message("1", by: "me", at: 1)
        pending.delivery = .pending
        _ = timeline.merge([pending], viewer: me)
        var delivered = pending
        delivered.delivery = .delivered
        XCTAssertTrue(timeline.merge([delivered], viewer: me))
        XCTAssertEqual(timeline.lines.map(\.message.delivery), [.delivered])
    }
}

/// Issue 17: a delivered Matrix message is known by its event id (the one other clients' replies
/// name), and it takes the place of the pending line it was, whichever way it arrives.
final class PendingToDeliveredTimelineTests: XCTestCase {
    let me = Viewer.member(Account(id: UserID("me"), email: "me@x", nickname: "me", acceptedTermsVersion: 1))

    private func mine(_ id: String, pending: String? = nil, _ delivery: DeliveryState) -> Message {
        var message = Message(id: MessageID(id), channelID: ChannelID("c"), senderID: UserID("me"), senderNickname: "me",
                              sentAt: Date(timeIntervalSince1970: 5), content: .text("hi"), delivery: delivery)
        message.pendingID = pending.map(MessageID.init)
        return message
    }

    func testTheDeliveredMessageTakesThePendingLinesPlaceUnderItsEventID() {
        var timeline = MessageTimeline()
        _ = timeline.merge([mine("txn1", .pending), mine("$later", .delivered)], viewer: me)
        XCTAssertTrue(timeline.update(mine("$sent", pending: "txn1", .delivered), viewer: me))
        XCTAssertEqual(timeline.lines.map(\.id.raw), ["$sent", "$later"], "in place, once, under the event id")
        XCTAssertEqual(timeline.line(MessageID("txn1"))?.id.raw, "$sent", "the pending id still leads to it")
        XCTAssertFalse(timeline.merge([mine("$sent", pending: "txn1", .delivered)], viewer: me), "its echo adds nothing")
        XCTAssertEqual(timeline.lines.count, 2)
    }

    func testAnEchoAddedBeforeTheAnswerReplacesThePendingLineToo() {
        var timeline = MessageTimeline()
        _ = timeline.merge([mine("txn1", .pending)], viewer: me)
        XCTAssertTrue(timeline.merge([mine("$sent", pending: "txn1", .delivered)], viewer: me))
        XCTAssertEqual(timeline.lines.map(\.id.raw), ["$sent"])
        XCTAssertTrue(timeline.overlaps([mine("$sent", .delivered)]))
        XCTAssertFalse(timeline.prepend([mine("$sent", pending: "txn1", .delivered)], viewer: me), "a page holding it adds nothing")
        XCTAssertEqual(timeline.lines.map(\.id.raw), ["$sent"])
    }
}
