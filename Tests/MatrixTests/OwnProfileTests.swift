import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// `OwnProfile(sightedIn:me:)`, the one rule for which member event names the account in a sync
/// answer, and the cache's primed profile: it answers the viewer while the cache has no name,
/// and never over a name the cache holds.
final class OwnProfileTests: XCTestCase {
    private static let me = "@me:x"

    private func member(_ membership: String, name: String?, ts: Int64, user: String = me) -> [String: Any] {
        var content: [String: Any] = ["membership": membership]
        if let name { content["displayname"] = name }
        return ["type": "m.room.member", "state_key": user, "sender": user, "event_id": "$\(UUID().uuidString)",
                "origin_server_ts": ts, "content": content]
    }

    private func answer(_ rooms: [String: (state: [[String: Any]], timeline: [[String: Any]])],
                        accountData: [[String: Any]] = []) throws -> SyncResponse {
        let join = rooms.mapValues { ["state": ["events": $0.state], "timeline": ["events": $0.timeline]] }
        let object: [String: Any] = ["next_batch": "s1", "rooms": ["join": join], "account_data": ["events": accountData]]
        return try JSONDecoder().decode(SyncResponse.self, from: JSONSerialization.data(withJSONObject: object))
    }

    func testTheNewestJoinNamesTheAccount() throws {
        let sync = try answer(["!a": ([member("join", name: "older", ts: 10)], []),
                               "!b": ([member("join", name: "newer", ts: 30)], []),
                               "!c": ([], [member("join", name: "someone else", ts: 50, user: "@you:x")])])
        XCTAssertEqual(OwnProfile(sightedIn: sync, me: Self.me)?.displayName, "newer")
    }

    func testARoomLeftSinceNamesNobody() throws {
        // The newest event of room !b is a leave: that room's older join does not count, and the
        // leave's own (absent) name is not the account's.
        let sync = try answer(["!a": ([member("join", name: "kept", ts: 10)], []),
                               "!b": ([member("join", name: "gone", ts: 20)], [member("leave", name: nil, ts: 40)])])
        XCTAssertEqual(OwnProfile(sightedIn: sync, me: Self.me)?.displayName, "kept")
    }

    func testATimelineJoinAfterTheStateOneWins() throws {
        let sync = try answer(["!a": ([member("join", name: "before", ts: 10)], [member("join", name: "renamed", ts: 10)])])
        XCTAssertEqual(OwnProfile(sightedIn: sync, me: Self.me)?.displayName, "renamed", "same time: the later event, as the cache's upsert")
    }

    func testAJoinWithoutANameIsAnEmptyName() throws {
        let sync = try answer(["!a": ([member("join", name: nil, ts: 10)], [])])
        XCTAssertEqual(OwnProfile(sightedIn: sync, me: Self.me)?.displayName, "", "no nickname: the nickname gate asks")
    }

    func testAnAnswerWithoutAnOwnJoinTellsNothing() throws {
        let sync = try answer(["!a": ([member("invite", name: "invited", ts: 10)], [member("join", name: "you", ts: 20, user: "@you:x")])])
        XCTAssertNil(OwnProfile(sightedIn: sync, me: Self.me), "no joined room: the profile is asked for")
    }

    func testTteoksProfileComesFromTheAccountData() throws {
        let sync = try answer(["!a": ([member("join", name: "me", ts: 10)], [])],
                              accountData: [["type": TteokProfileContent.type, "content": ["region": "Seoul", "accepted_terms_version": 3]],
                                            ["type": "m.direct", "content": [:] as [String: Any]]])
        let seen = try XCTUnwrap(OwnProfile(sightedIn: sync, me: Self.me))
        XCTAssertEqual(seen.profile, TteokProfileContent(region: "Seoul", accepted_terms_version: 3))
    }

    func testThePrimedProfileAnswersUntilTheCacheHoldsAName() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: Self.me)
        let empty = try await cache.ownProfile()
        XCTAssertNil(empty.displayName)
        let hint = OwnProfile(displayName: "hint", profile: TteokProfileContent(region: nil, accepted_terms_version: 1))
        cache.prime(hint, replacing: false)
        let hinted = try await cache.ownProfile()
        XCTAssertEqual(hinted.displayName, "hint")
        XCTAssertEqual(hinted.profile?.accepted_terms_version, 1)
        // The answer's own sighting replaces a hint; a hint never replaces what an answer told.
        let sync = try answer(["!a": ([member("join", name: "seen", ts: 10)], [])])
        let seen = try XCTUnwrap(OwnProfile(sightedIn: sync, me: Self.me))
        cache.prime(seen)
        cache.prime(hint, replacing: false)
        let primed = try await cache.ownProfile()
        XCTAssertEqual(primed.displayName, "seen")
        _ = try await cache.apply(sync, movingPosition: false, adopting: seen)
        let stored = try await cache.meta("displayname")
        XCTAssertEqual(stored, "seen", "the answer is written with the name it told")
    }

    func testACachedNameIsNeitherReplacedByAnAnswerNorByThePrime() async throws {
        let directory = try TemporaryDirectory()
        let cache = try MatrixCache(directory: directory.url, homeserver: URL(string: "http://h:1")!, userID: Self.me)
        try await cache.setMeta("displayname", "chosen")
        let sync = try answer(["!a": ([member("join", name: "copied", ts: 10)], [])])
        let seen = try XCTUnwrap(OwnProfile(sightedIn: sync, me: Self.me))
        cache.prime(seen)
        let answered = try await cache.ownProfile()
        XCTAssertEqual(answered.displayName, "chosen", "the cache's own name comes first")
        _ = try await cache.apply(sync, adopting: seen)
        let stored = try await cache.meta("displayname")
        XCTAssertEqual(stored, "chosen", "a name the profile's reading stored is kept")
    }
}
