import Foundation
import XCTest
@testable import LocalStore

/// The service's typing board is bounded whatever clients send (issue 17): a connection types in
/// at most three channels (a start in a fourth ends its oldest), a channel keeps at most a hundred
/// notices, so a hostile client's hundred thousand starts leave three entries.
final class TypingBoardTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_000_000)
    private var until: Date { now.addingTimeInterval(30) }

    func testAStartInAFourthChannelEndsTheConnectionsOldestNotice() {
        var board = TypingBoard()
        for channel: Int64 in 1...3 {
            XCTAssertEqual(board.set(true, user: 7, channel: channel, listener: 1, until: until, now: now.addingTimeInterval(Double(channel))), [channel])
        }
        XCTAssertEqual(board.set(true, user: 7, channel: 2, listener: 1, until: until, now: now), [], "a renewal changes nobody's view")
        XCTAssertEqual(board.set(true, user: 7, channel: 4, listener: 1, until: until, now: now), [1, 4], "channel 1 ends, channel 4 begins")
        XCTAssertEqual(board.typists(in: 1), [])
        XCTAssertEqual([2, 3, 4].map { board.typists(in: $0) }, [[7], [7], [7]])
        XCTAssertEqual(board.count, 3)
        XCTAssertEqual(Set(board.remove(listener: 1)), [2, 3, 4])
        XCTAssertEqual(board.count, 0)
    }

    func testAChannelKeepsAtMostAHundredNotices() {
        var board = TypingBoard()
        for listener in 0..<150 {
            _ = board.set(true, user: Int64(listener), channel: 9, listener: listener, until: until, now: now.addingTimeInterval(Double(listener)))
        }
        XCTAssertEqual(board.typists(in: 9).count, TypingBoard.listenersPerChannel)
        XCTAssertEqual(board.typists(in: 9).first, 0, "the earliest starts are kept")
        XCTAssertEqual(board.set(true, user: 500, channel: 9, listener: 500, until: until, now: now), [], "a start in a full channel is not kept")
        XCTAssertEqual(board.set(false, user: 0, channel: 9, listener: 0, until: until, now: now), [9])
        XCTAssertEqual(board.set(true, user: 500, channel: 9, listener: 500, until: until, now: now), [9], "room again after a stop")
    }

    func testAHundredThousandStartsFromOneConnectionLeaveThreeEntries() {
        var board = TypingBoard()
        for channel in 0..<Int64(100_000) {
            _ = board.set(true, user: 1, channel: channel, listener: 1, until: until, now: now)
        }
        XCTAssertEqual(board.count, TypingBoard.channelsPerListener)
        XCTAssertEqual([99_997, 99_998, 99_999].map { board.typists(in: $0) }, [[1], [1], [1]])
    }

    func testNoticesRunOutAtTheirTimeRenewedOrNot() {
        var board = TypingBoard()
        _ = board.set(true, user: 1, channel: 5, listener: 1, until: until, now: now)
        _ = board.set(true, user: 1, channel: 5, listener: 1, until: until.addingTimeInterval(20), now: now.addingTimeInterval(20))
        XCTAssertFalse(board.expire(5, now: until), "renewed: not at the first start's end")
        XCTAssertTrue(board.expire(5, now: until.addingTimeInterval(20)))
        XCTAssertEqual(board.count, 0)
        XCTAssertEqual(board.set(true, user: 1, channel: 6, listener: 1, until: until, now: now), [6], "its slot is free again")
    }
}
