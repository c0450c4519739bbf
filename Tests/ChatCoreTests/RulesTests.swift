import XCTest
@testable import ChatCore

final class PostingRuleTests: XCTestCase {
    let seoul = Channel(id: ChannelID("1"), name: "마포구", kind: .region("마포구"))
    let gangnam = Channel(id: ChannelID("2"), name: "강남구", kind: .region("강남구"))
    let lobby = Channel(id: ChannelID("3"), name: "lobby", kind: .open)
    let direct = Channel(id: ChannelID("4"), name: "bob", kind: .direct(with: UserID("bob")))

    func member(nickname: String = "민지", region: String? = "마포구", terms: Int? = CommunityTerms.currentVersion) -> Viewer {
        .member(Account(id: UserID("a"), email: "a@x", nickname: nickname, region: region, acceptedTermsVersion: terms))
    }

    func testGuestIsDeniedEverywhere() {
        for channel in [seoul, gangnam, lobby, direct] {
            XCTAssertEqual(PostingRule.permission(for: .guest, in: channel), .denied(.guest))
        }
    }

    func testMemberPostsInOwnRegionAndOpenChannels() {
        XCTAssertEqual(PostingRule.permission(for: member(), in: seoul), .allowed)
        XCTAssertEqual(PostingRule.permission(for: member(), in: lobby), .allowed)
        XCTAssertEqual(PostingRule.permission(for: member(), in: direct), .allowed)
    }

    func testOtherRegionIsReadOnlyWithReason() {
        XCTAssertEqual(PostingRule.permission(for: member(), in: gangnam), .denied(.notYourRegion("강남구")))
        XCTAssertEqual(PostingRule.permission(for: member(region: nil), in: seoul), .denied(.notYourRegion("마포구")))
    }

    func testNamelessMemberIsDenied() {
        XCTAssertEqual(PostingRule.permission(for: member(nickname: "  "), in: lobby), .denied(.noNickname))
    }

    func testTermsMustBeAccepted() {
        XCTAssertEqual(PostingRule.permission(for: member(terms: nil), in: lobby), .denied(.termsNotAccepted))
        XCTAssertEqual(PostingRule.permission(for: member(terms: 0), in: lobby), .denied(.termsNotAccepted))
    }

    func testBlockedConversationIsDenied() {
        XCTAssertEqual(PostingRule.permission(for: member(), in: direct, blocked: true), .denied(.blocked))
    }

    func testMatrixRoomFollowsPowerLevels() {
        let readOnly = Channel(id: ChannelID("!r"), name: "news", kind: .room(canPost: false))
        let writable = Channel(id: ChannelID("!w"), name: "chat", kind: .room(canPost: true))
        XCTAssertEqual(PostingRule.permission(for: member(), in: readOnly), .denied(.readOnlyRoom))
        XCTAssertEqual(PostingRule.permission(for: member(), in: writable), .allowed)
    }

    /// Issue 14, finding 7, and issue 18: an encrypted room, direct or not, never gets
    /// plaintext from tteok — a session that cannot encrypt is refused there whatever else the
    /// member may do, one that can is not; a guest is still told to log in first.
    func testEncryptedRoomsAreDeniedUnlessTheSessionCanEncrypt() {
        let room = Channel(id: ChannelID("!e"), name: "secret", kind: .room(canPost: true), isEncrypted: true)
        let conversation = Channel(id: ChannelID("!d"), name: "mina", kind: .direct(with: UserID("@m:x")), isEncrypted: true)
        XCTAssertEqual(PostingRule.permission(for: member(), in: room), .denied(.encryptedRoom))
        XCTAssertEqual(PostingRule.permission(for: member(), in: conversation), .denied(.encryptedRoom))
        XCTAssertEqual(PostingRule.permission(for: member(), in: room, canEncrypt: true), .allowed)
        XCTAssertEqual(PostingRule.permission(for: member(), in: conversation, canEncrypt: true), .allowed)
        XCTAssertEqual(PostingRule.permission(for: .guest, in: room, canEncrypt: true), .denied(.guest))
        XCTAssertTrue(PostingDenial.encryptedRoom.message.contains("nothing was sent"))
    }

    func testGuestMessageIsTheSpecText() {
        XCTAssertEqual(PostingDenial.guest.message, "Login required — guests can't send messages.")
        XCTAssertEqual(PostingDenial.noNickname.message, "Set your nickname first.")
    }
}

final class CountBadgeTests: XCTestCase {
    func testBoundaries() {
        XCTAssertNil(CountBadge(count: 0).label)
        XCTAssertEqual(CountBadge(count: 1).label, "1")
        XCTAssertEqual(CountBadge(count: 9).label, "9")
        XCTAssertEqual(CountBadge(count: 10).label, "10+")
        XCTAssertEqual(CountBadge(count: 11).label, "10+")
        XCTAssertEqual(CountBadge(count: 10_000).label, "10+")
    }

    func testErrorResult() {
        let failed: Result<Int, ChatError> = .failure(.offline("down"))
        XCTAssertEqual(CountBadge(failed).label, "Error")
        XCTAssertEqual(CountBadge(Result<Int, ChatError>.success(3)).label, "3")
    }
}

final class ChannelOrderingTests: XCTestCase {
    let channels = [
        Channel(id: ChannelID("1"), name: "lobby", kind: .open),
        Channel(id: ChannelID("2"), name: "종로구", kind: .region("종로구")),
        Channel(id: ChannelID("3"), name: "help", kind: .open),
        Channel(id: ChannelID("4"), name: "마포구", kind: .region("마포구")),
        Channel(id: ChannelID("5"), name: "강남구", kind: .region("강남구")),
    ]

    func testWithoutRegionSortsByName() {
        let (ordered, pinned) = ChannelOrdering.ordered(channels, region: nil)
        XCTAssertNil(pinned)
        XCTAssertEqual(ordered.map(\.name), ["help", "lobby", "강남구", "마포구", "종로구"])
    }

    func testRegionIsPinnedFirst() {
        let (ordered, pinned) = ChannelOrdering.ordered(channels, region: "종로구")
        XCTAssertEqual(pinned, ChannelID("2"))
        XCTAssertEqual(ordered.map(\.name), ["종로구", "help", "lobby", "강남구", "마포구"])
    }

    func testUnknownRegionPinsNothing() {
        let (ordered, pinned) = ChannelOrdering.ordered(channels, region: "부산")
        XCTAssertNil(pinned)
        XCTAssertEqual(ordered.first?.name, "help")
    }

    func testAHomeserverRoomNamedAfterTheRegionIsPinned() {
        let rooms = [
            Channel(id: ChannelID("!a"), name: "lobby", kind: .room(canPost: true)),
            Channel(id: ChannelID("!b"), name: "마포구", kind: .room(canPost: false)),
            Channel(id: ChannelID("!c"), name: "Mina", kind: .direct(with: UserID("@mina:x"))),
        ]
        let (ordered, pinned) = ChannelOrdering.ordered(rooms, region: "마포구")
        XCTAssertEqual(pinned, ChannelID("!b"))
        XCTAssertEqual(ordered.map(\.name), ["마포구", "lobby", "Mina"])
        XCTAssertNil(ChannelOrdering.ordered(rooms, region: "Mina").pinned, "a conversation is never a region")
    }

    func testOpenChannelNamedLikeRegionIsNotPinned() {
        let (_, pinned) = ChannelOrdering.ordered([Channel(id: ChannelID("x"), name: "lobby", kind: .open)], region: "lobby")
        XCTAssertNil(pinned)
    }
}

final class RankTests: XCTestCase {
    func testBoundaries() {
        let expected: [(Int, Rank)] = [
            (0, .newcomer), (4, .newcomer), (5, .freeTraveller), (9, .freeTraveller),
            (10, .veteran), (29, .veteran), (30, .commander), (49, .commander), (50, .master), (5000, .master),
        ]
        for (count, rank) in expected { XCTAssertEqual(Rank(messageCount: count), rank, "count \(count)") }
        XCTAssertEqual(Rank.master.title, "Master Who Sees All of Tteokbokki")
    }
}

final class EventHubTests: XCTestCase {
    func testListenerRemovedWhenConsumerCancelled() async throws {
        let hub = EventHub()
        let stream = hub.stream()
        XCTAssertEqual(hub.listenerCount, 1)
        let task = Task { for await _ in stream {} }
        task.cancel()
        _ = await task.value
        XCTAssertEqual(hub.listenerCount, 0)
    }

    func testPublishReachesEveryListener() async {
        let hub = EventHub()
        let a = hub.stream(), b = hub.stream()
        hub.publish(.channelsChanged)
        var ia = a.makeAsyncIterator(), ib = b.makeAsyncIterator()
        let ea = await ia.next(), eb = await ib.next()
        XCTAssertEqual(ea, .channelsChanged)
        XCTAssertEqual(eb, .channelsChanged)
    }
}
