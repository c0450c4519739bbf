import Foundation
import TestSupport
import XCTest

/// `tteok read --thread` on the embedded community (issue 17): the root says how many replies
/// of others are new in its thread (`thread.unread` in `read --json`) until the thread is read.
final class ThreadUnreadEndToEndTests: XCTestCase {
    func testReadingAThreadClearsItsOwnUnread() throws {
        let directory = try TemporaryDirectory(prefix: "thread-unread")
        let store = directory.file("community.sqlite").path
        let mina = try TteokUser.signedUpMember("mina", in: directory, store: store)
        let joon = try TteokUser.signedUpMember("joon", in: directory, store: store)
        XCTAssertEqual(try joon.run(["post", "lobby", "who has a ladder?"]).status, 0)
        let root = try XCTUnwrap(try newest(joon)["id"] as? String)
        XCTAssertEqual(try joon.run(["post", "lobby", "--thread", root, "ask the shop"]).status, 0)

        XCTAssertEqual(try thread(of: root, as: mina)["unread"] as? Int, 1, "joon's reply is new to mina")
        XCTAssertEqual(try thread(of: root, as: mina)["unread"] as? Int, 1, "reading the chat leaves the thread's count")
        let read = try mina.run(["read", "lobby", "--thread", root])
        XCTAssertEqual(read.status, 0, "\(read)")
        XCTAssertTrue(read.stdout.contains("ask the shop"), read.stdout)
        let after = try thread(of: root, as: mina)
        XCTAssertNil(after["unread"], "the thread was read: \(after)")
        XCTAssertEqual(after["replies"] as? Int, 1)
    }

    private func messages(_ person: TteokUser) throws -> [[String: Any]] {
        let read = try person.run(["read", "lobby", "--json"])
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]], "\(read)")
    }

    private func newest(_ person: TteokUser) throws -> [String: Any] {
        try XCTUnwrap(try messages(person).last)
    }

    private func thread(of root: String, as person: TteokUser) throws -> [String: Any] {
        try XCTUnwrap(try messages(person).first { $0["id"] as? String == root }?["thread"] as? [String: Any])
    }
}
