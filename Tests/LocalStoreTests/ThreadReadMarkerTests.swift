import ChatCore
import Foundation
import LocalStore
import Storage
import TestSupport
import XCTest

/// Schema step 13's start (issue 17): replies stored before the per-thread markers existed count
/// as seen, so an upgraded file does not show every old thread as new; a reply after it is new.
final class ThreadReadMarkerTests: XCTestCase {
    func testRepliesFromBeforeTheStepCountAsSeen() async throws {
        let community = try TestCommunity()
        let alice = try community.open(as: "alice"), bob = try community.open(as: "bob")
        try await alice.signUpMember("alice")
        try await bob.signUpMember("bob")
        let help = try await alice.channel(named: "help").id
        let root = try await bob.send("an old question", to: help)
        _ = try await alice.replyInThread("an old answer", root: root.id, in: help)
        // As if the step had run now, on a file that already held this thread.
        let database = try Database(path: community.storeURL.path)
        try database.writeSync { _ = try $0.run("UPDATE thread_reads_start SET message_id = (SELECT max(id) FROM messages)") }
        var shown = try await bob.latestMessages(in: help, limit: 5).messages.first { $0.id == root.id }?.thread
        XCTAssertEqual(shown, .root(replyCount: 1, unread: 0), "the old reply counts as seen")

        _ = try await alice.replyInThread("a new answer", root: root.id, in: help)
        shown = try await bob.latestMessages(in: help, limit: 5).messages.first { $0.id == root.id }?.thread
        XCTAssertEqual(shown, .root(replyCount: 2, unread: 1), "a reply after the step is new")
    }
}
