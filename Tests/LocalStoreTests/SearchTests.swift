import ChatCore
import Foundation
@testable import LocalStore
import Storage
import TestSupport
import XCTest

/// Full-text search in the embedded community: Korean words of one, two and three syllables and
/// inside longer words, English in any case and inside words, and the reading rules.
final class SearchTests: XCTestCase {
    var community: TestCommunity!
    var alice: LocalCommunity!
    var bob: LocalCommunity!
    var aliceAccount: Account!
    var bobAccount: Account!
    var help: ChannelID!

    override func setUp() async throws {
        community = try TestCommunity()
        alice = try community.open(as: "alice")
        bob = try community.open(as: "bob")
        aliceAccount = try await alice.signUpMember("alice")
        bobAccount = try await bob.signUpMember("bob")
        help = try await alice.channel(named: "help").id
    }

    private func found(_ text: String, by service: LocalCommunity? = nil, in channel: ChannelID? = nil) async throws -> [String] {
        try await (service ?? alice).search(SearchQuery(text: text, channel: channel ?? help, limit: 50)).hits.map(\.message.content.summary)
    }

    func testKoreanQueriesOfOneTwoAndThreeSyllablesFindWordsAndTheirInsides() async throws {
        for text in ["오늘 맛집을 찾았다", "떡볶이 최고", "그냥 잡담", "떡 하나 주면 안 잡아먹지"] { _ = try await alice.send(text, to: help) }
        let one = try await found("떡")
        XCTAssertEqual(one, ["떡 하나 주면 안 잡아먹지", "떡볶이 최고"])
        let two = try await found("맛집")
        XCTAssertEqual(two, ["오늘 맛집을 찾았다"], "a two-syllable word inside 맛집을, its particle attached")
        let three = try await found("떡볶이")
        XCTAssertEqual(three, ["떡볶이 최고"])
        let middle = try await found("볶")
        XCTAssertEqual(middle, ["떡볶이 최고"], "a syllable in the middle of a word")
        let end = try await found("잡")
        XCTAssertEqual(end, ["떡 하나 주면 안 잡아먹지", "그냥 잡담"])
        let none = try await found("맛있")
        XCTAssertEqual(none, [])
    }

    func testEnglishIsCaseInsensitiveAndFindsSubstringsAndEveryWord() async throws {
        for text in ["Hello World", "say hello", "yellow submarine", "WORLDS apart"] { _ = try await alice.send(text, to: help) }
        let ell = try await found("ELL")
        XCTAssertEqual(ell, ["yellow submarine", "say hello", "Hello World"])
        let both = try await found("world hello")
        XCTAssertEqual(both, ["Hello World"], "every word, in any order")
        let orld = try await found("orlds")
        XCTAssertEqual(orld, ["WORLDS apart"])
        // FTS5 syntax in a query is only text: no error, no widened match.
        let hostile = try await found("\"hello\" OR NEAR(* yellow")
        XCTAssertEqual(hostile, [])
        await assertThrowsInvalidInput { _ = try await self.alice.search(SearchQuery(text: "!! ??")) }
    }

    func testAnotherMembersDirectConversationIsNeverFoundAndOwnIs() async throws {
        _ = try await alice.sendDirect("비밀 맛집 secret", to: bobAccount.id)
        let carol = try community.open(as: "carol")
        try await carol.signUpMember("carol")
        let dm = try await alice.directChannel(with: bobAccount.id)
        let direct = try XCTUnwrap(dm)
        let carols = try await carol.search(SearchQuery(text: "비밀")).hits
        XCTAssertEqual(carols, [])
        let guest = try community.open(as: "guest")
        try await guest.continueAsGuest()
        let guests = try await guest.search(SearchQuery(text: "secret")).hits
        XCTAssertEqual(guests, [])
        let bobs = try await bob.search(SearchQuery(text: "secret")).hits
        XCTAssertEqual(bobs.map(\.message.content.summary), ["비밀 맛집 secret"])
        XCTAssertEqual(bobs.first?.channelName, "alice")
        await assertThrows { _ = try await carol.search(SearchQuery(text: "비밀", channel: direct)) }
    }

    func testBlockedMembersMessagesAreHiddenAndDeletedMessagesNotFound() async throws {
        _ = try await bob.send("bob의 떡볶이", to: help)
        let mine = try await alice.send("alice의 떡볶이", to: help)
        try await alice.block(bobAccount.id)
        let afterBlock = try await found("떡볶이")
        XCTAssertFalse(afterBlock.contains("bob의 떡볶이"))
        XCTAssertTrue(afterBlock.contains("alice의 떡볶이"))

        let database = try Database(path: community.storeURL.path)
        try database.writeSync { try $0.run("DELETE FROM messages WHERE id = ?", [.integer(Int64(mine.id.raw) ?? 0)]) }
        let afterDelete = try await found("alice의")
        XCTAssertEqual(afterDelete, [])
        try database.writeSync { try $0.execute("INSERT INTO message_search(message_search) VALUES ('integrity-check')") }
    }

    func testResultsComeNewestFirstAPageAtATimeWithChannelAndSnippet() async throws {
        for index in 1...5 { _ = try await alice.send("page \(index) 김밥", to: help) }
        let first = try await alice.search(SearchQuery(text: "김밥", limit: 2))
        XCTAssertEqual(first.hits.map(\.message.content.summary), ["page 5 김밥", "page 4 김밥"])
        XCTAssertEqual(first.hits.first?.channelName, "help")
        XCTAssertEqual(first.hits.first?.message.senderNickname, "alice")
        guard case .haveMore(let token) = first.next else { return XCTFail("expected more") }
        let second = try await alice.search(SearchQuery(text: "김밥", after: token, limit: 10))
        XCTAssertEqual(second.hits.map(\.message.content.summary), ["page 3 김밥", "page 2 김밥", "page 1 김밥"])
        XCTAssertEqual(second.next, .done)
        let long = String(repeating: "앞", count: 80) + " 김밥천국 " + String(repeating: "뒤", count: 80)
        _ = try await alice.send(long, to: help)
        let snippet = try await alice.search(SearchQuery(text: "천국", limit: 1)).hits.first?.snippet ?? ""
        XCTAssertTrue(snippet.hasPrefix("…") && snippet.hasSuffix("…") && snippet.contains("김밥천국"), snippet)
        XCTAssertLessThan(snippet.count, 90)
    }

    /// Migration 6 indexes what was stored before it: a file at step 5 with messages, reopened.
    func testTheMigrationIndexesMessagesStoredBeforeIt() async throws {
        _ = try await alice.send("옛날 메시지 냉면", to: help)
        alice = nil
        bob = nil
        let database = try Database(path: community.storeURL.path)
        try database.writeSync { connection in
            try connection.execute("""
                DROP TRIGGER message_search_insert; DROP TRIGGER message_search_delete; DROP TRIGGER message_search_update;
                DROP TABLE message_search; PRAGMA user_version = 5
                """)
        }
        // Only step 6 runs again: the later steps (7, relations) are already in this file's tables.
        _ = try Database(path: community.storeURL.path, migrations: Array(CommunitySchema.migrations.prefix(6)))
        try database.writeSync { try $0.execute("PRAGMA user_version = \(CommunitySchema.migrations.count)") }
        let reopened = try community.open(as: "alice")
        let hits = try await found("냉면", by: reopened)
        XCTAssertEqual(hits, ["옛날 메시지 냉면"])
    }

    private func assertThrowsInvalidInput(_ body: () async throws -> Void, line: UInt = #line) async {
        do {
            try await body()
            XCTFail("expected invalidInput", line: line)
        } catch ChatError.invalidInput {
        } catch {
            XCTFail("unexpected \(error)", line: line)
        }
    }

    private func assertThrows(_ body: () async throws -> Void, line: UInt = #line) async {
        do {
            try await body()
            XCTFail("expected a refusal", line: line)
        } catch {}
    }
}
