import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// A long thread on the embedded community (issue 17): read back a page at a time to its first
/// reply, each once; a reply in a thread may answer one of its messages, never one outside it or
/// deleted; a page token from anyone is checked.
final class CommunityThreadPagingTests: XCTestCase {
    func testALongThreadReadsBackPageByPage() async throws {
        let community = try TestCommunity()
        let alice = try community.open(as: "alice")
        try await alice.signUpMember("alice")
        let help = try await alice.channel(named: "help").id
        let root = try await alice.send("count with me", to: help)
        let numbers = (1...120).map { "reply \($0)" }
        for number in numbers { _ = try await alice.replyInThread(number, root: root.id, in: help) }

        let thread = try await alice.thread(root.id, in: help, limit: 50)
        XCTAssertEqual(thread.replies.map(\.content.summary), Array(numbers.suffix(50)))
        var replies = thread.replies
        var paging = thread.older
        while case .haveMore(let token) = paging {
            let page = try await alice.olderThreadReplies(root.id, in: help, before: token, limit: 50)
            replies = page.messages + replies
            paging = page.next
        }
        XCTAssertEqual(replies.map(\.content.summary), numbers)
        let whole = try await alice.thread(root.id, in: help, limit: 120)
        XCTAssertEqual(whole.older, .done, "a thread that fits in one page has nothing older")
        await assertThrows(.invalidInput("Bad page token.")) {
            _ = try await alice.olderThreadReplies(root.id, in: help, before: PageToken("'; DROP TABLE messages; --"), limit: 50)
        }
    }

    func testAReplyInAThreadAnswersOnlyAMessageOfThatThread() async throws {
        let community = try TestCommunity()
        let alice = try community.open(as: "alice")
        try await alice.signUpMember("alice")
        let help = try await alice.channel(named: "help").id
        let root = try await alice.send("shall we meet?", to: help)
        let first = try await alice.replyInThread("at six?", root: root.id, in: help)
        let answer = try await alice.replyInThread("six it is", root: root.id, quoting: first.id, in: help)
        XCTAssertEqual(answer.replyTo?.parentID, first.id)
        XCTAssertEqual(answer.thread, .reply(root: root.id))
        let toRoot = try await alice.replyInThread("the root itself", root: root.id, quoting: root.id, in: help)
        XCTAssertEqual(toRoot.replyTo?.parentID, root.id)

        let elsewhere = try await alice.send("another topic", to: help)
        await assertThrows(.noSuchMessage) { _ = try await alice.replyInThread("no", root: root.id, quoting: elsewhere.id, in: help) }
        try await alice.delete(first.id, in: help)
        await assertThrows(.noSuchMessage) { _ = try await alice.replyInThread("no", root: root.id, quoting: first.id, in: help) }
        let replies = try await alice.thread(root.id, in: help, limit: 10).replies
        XCTAssertEqual(replies.count, 3, "nothing refused was stored")
    }
}
