import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// Issue 17: a message keeps the nickname its sender had when it was written; a rename shows on
/// newer messages and in the profile, never on older ones (reads, quotes, search).
final class NamesAtWritingTests: XCTestCase {
    func testARenameLeavesOlderMessagesUnderTheOldNickname() async throws {
        let community = try TestCommunity()
        let alice = try community.open(as: "alice")
        let bob = try community.open(as: "bob")
        try await alice.signUpMember("alice")
        let bobAccount = try await bob.signUpMember("bob")
        let lobby = try await alice.channel(named: "lobby").id
        let before = try await bob.send("before the new name", to: lobby)
        _ = try await alice.reply("quoting bob", to: before.id, in: lobby)

        _ = try await bob.updateProfile(nickname: "밥", region: nil)
        _ = try await bob.send("after the new name", to: lobby)
        let page = try await alice.latestMessages(in: lobby, limit: 10).messages
        XCTAssertEqual(page.first { $0.content == .text("before the new name") }?.senderNickname, "bob", "older: the old name")
        XCTAssertEqual(page.first { $0.content == .text("after the new name") }?.senderNickname, "밥", "newer: the new name")
        XCTAssertEqual(page.first { $0.content == .text("quoting bob") }?.replyTo?.parent,
                       .message(senderNickname: "bob", firstLine: "before the new name"), "a quote keeps the name too")
        let found = try await alice.search(SearchQuery(text: "before")).hits.map(\.message.senderNickname)
        XCTAssertEqual(found, ["bob"])
        let profile = try await alice.profile(of: bobAccount.id)
        XCTAssertEqual(profile.nickname, "밥", "the profile shows the current name")
    }
}
