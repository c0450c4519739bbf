import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A cold start on Synapse, which offers Simplified Sliding Sync: the first answer is a window of
/// the rooms of latest activity, sliding-sync pages fill in the rest behind it, and `/sync` goes
/// on from a position taken before the pages; without the feature (a transport that hides it, or
/// `.fullSync`) the start is one `/sync`. The channel list, the badges and an opened chat come
/// out the same either way.
final class SlidingSyncTests: XCTestCase {
    private var fixture: MatrixFixture!

    override func setUpWithError() throws { fixture = try MatrixFixture() }
    override func tearDown() { fixture = nil }

    /// An account in five rooms `TAG-1`…`TAG-5`, made in order; then another account says two
    /// things in `TAG-1`, so the latest activity is in 1, 5, 4.
    private func accountInFiveRooms() async throws -> (user: SynapseUser, tag: String, first: String) {
        let user = try await SynapseUser.register(on: fixture.server)
        let tag = SynapseServer.randomName("window")
        let first = try await user.createRoom(name: "\(tag)-1")
        for number in 2...5 { _ = try await user.createRoom(name: "\(tag)-\(number)", public: false) }
        let other = try await SynapseUser.register(on: fixture.server)
        try await other.join(first)
        _ = try await other.send("one", to: first)
        _ = try await other.send("two", to: first)
        return (user, tag, first)
    }

    private func service(_ name: String, _ transport: MatrixTransport, _ start: SyncStart = .standard) -> MatrixService {
        MatrixService(homeserver: fixture.server, sessionFile: fixture.directory.file("\(name)/session.json"),
                      cacheDirectory: fixture.directory.file("\(name)/cache"), transport: transport, syncStart: start)
    }

    private func names(_ service: MatrixService, _ tag: String) async throws -> [String] {
        try await service.channels().map(\.name).filter { $0.hasPrefix(tag) }.sorted()
    }

    func testAColdStartListsTheLatestRoomsFirstThenEveryRoomWithTheSameBadgesAndChat() async throws {
        let (user, tag, first) = try await accountInFiveRooms()
        let transport = HeldSyncTransport()
        let tteok = service("sliding", transport, .slidingWindow(rooms: 3, page: 1))
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)

        let window = try await names(tteok, tag)
        XCTAssertEqual(window, ["\(tag)-1", "\(tag)-4", "\(tag)-5"], "the window: the three rooms of latest activity")
        let room = ChannelID(first)
        let windowCount = await tteok.unreadCounts(in: [room])[room]
        let windowChat = try await tteok.latestMessages(in: room, limit: 5).messages.map(\.content.summary)
        XCTAssertEqual(windowChat.suffix(2), ["one", "two"])
        let sliding = transport.paths.firstIndex { $0.hasSuffix("org.matrix.simplified_msc3575/sync") }
        XCTAssertNotNil(sliding, "the start asked for a sliding-sync window: \(transport.paths)")

        transport.release()
        await tteok.catchUp()
        let filled = try await names(tteok, tag)
        XCTAssertEqual(filled, (1...5).map { "\(tag)-\($0)" }, "the pages filled in every room")
        let count = await tteok.unreadCounts(in: [room])[room]
        XCTAssertEqual(try count?.get(), try windowCount?.get(), "the badge did not change")
        XCTAssertEqual(try windowCount?.get(), 2)
        let chat = try await tteok.latestMessages(in: room, limit: 5).messages.map(\.content.summary)
        XCTAssertEqual(chat.suffix(2), ["one", "two"])
        let classic = transport.paths.firstIndex { $0.hasSuffix("/v3/sync") }
        XCTAssertLessThan(sliding ?? .max, classic ?? .max, "the window came first")
        assertFilledBySlidingSync(transport.urls, pages: 2, retired: true)
    }

    /// The rest came in `pages` sliding-sync requests on the window's connection, and `/sync` was
    /// asked only for its position (no rooms) before them, then only from that position. When
    /// the pages grew the connection beyond the window, a request without a position replaced it
    /// after them (`retired`).
    private func assertFilledBySlidingSync(_ urls: [URL], pages: Int, retired: Bool,
                                           file: StaticString = #filePath, line: UInt = #line) {
        let query = { (url: URL) in (url.query ?? "").removingPercentEncoding ?? "" }
        let sliding = urls.filter { $0.path.hasSuffix("simplified_msc3575/sync") }
        XCTAssertEqual(sliding.count, 1 + pages + (retired ? 1 : 0), "the window, then the pages: \(sliding)", file: file, line: line)
        XCTAssertEqual(sliding.dropFirst().filter { query($0).contains("pos=") }.count, pages, "on one connection", file: file, line: line)
        XCTAssertEqual(sliding.last.map { !query($0).contains("pos=") }, retired, "the connection replaced: \(sliding)", file: file, line: line)
        let syncs = urls.filter { $0.path.hasSuffix("/v3/sync") }
        let position = syncs.firstIndex { query($0).contains(#""rooms":[]"#) }
        XCTAssertEqual(position, 0, "the first /sync asked for no rooms: \(syncs)", file: file, line: line)
        // An initial `/sync` after the position only for the counts of rooms it names (`StartUnreadCounts`).
        let initial = syncs.dropFirst().filter { !query($0).contains("since=") }
        XCTAssertTrue(initial.allSatisfy { query($0).contains(#""rooms":["!"#) }, "no initial /sync of every room: \(initial)", file: file, line: line)
        let lastPage = urls.lastIndex { $0.path.hasSuffix("simplified_msc3575/sync") } ?? .max
        let firstIncremental = urls.firstIndex { $0.path.hasSuffix("/v3/sync") && query($0).contains("since=") } ?? .max
        XCTAssertLessThan(lastPage, firstIncremental, "/sync went on only after the pages", file: file, line: line)
    }

    func testWhatIsSaidWhileTheRestFillsInArrivesOnce() async throws {
        let (user, tag, first) = try await accountInFiveRooms()
        // The pages wait until released: by then `/sync`'s position has been taken.
        let transport = HeldSyncTransport { $0.path.hasSuffix("simplified_msc3575/sync") && $0.query?.contains("pos=") == true }
        let tteok = service("during", transport, .slidingWindow(rooms: 3, page: 1))
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        let positionTaken = await eventually(seconds: 30) { transport.urls.contains { $0.query?.contains("pos=") == true } }
        XCTAssertTrue(positionTaken, "a page was asked for after the position: \(transport.paths)")
        let said = try await user.send("three", to: first)
        transport.release()
        await tteok.catchUp()
        let listed = try await names(tteok, tag)
        XCTAssertEqual(listed, (1...5).map { "\(tag)-\($0)" })
        let chat = try await tteok.latestMessages(in: ChannelID(first), limit: 10).messages
        XCTAssertEqual(chat.filter { $0.id.raw == said }.count, 1, "said during the fill, cached once: \(chat.map(\.content.summary))")
        _ = try await user.send("four", to: first)
        let live = await eventually(seconds: 30) {
            (try? await tteok.latestMessages(in: ChannelID(first), limit: 10).messages.map(\.content.summary).contains("four")) == true
        }
        XCTAssertTrue(live, "/sync went on from its position")
        assertFilledBySlidingSync(transport.urls, pages: 2, retired: true)
    }

    /// A window that holds every room still asks the connection once more after `/sync`'s
    /// position: a message said between the window's answer and the position is in neither.
    func testWhatIsSaidBetweenTheWindowAndThePositionArrivesWhenTheWindowHeldEveryRoom() async throws {
        let (user, tag, first) = try await accountInFiveRooms()
        let isPosition: @Sendable (URL) -> Bool = { url in
            url.path.hasSuffix("/v3/sync") && ((url.query ?? "").removingPercentEncoding ?? "").contains(#""rooms":[]"#)
        }
        let transport = HeldSyncTransport { isPosition($0) }
        let tteok = service("gap", transport, .slidingWindow(rooms: 5, page: 1))
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        let asked = await eventually(seconds: 30) { transport.urls.contains(where: isPosition) }
        XCTAssertTrue(asked, "the position was asked for after the window: \(transport.paths)")
        let said = try await user.send("in the gap", to: first)
        transport.release()
        await tteok.catchUp()
        let listed = try await names(tteok, tag)
        XCTAssertEqual(listed, (1...5).map { "\(tag)-\($0)" })
        let chat = try await tteok.latestMessages(in: ChannelID(first), limit: 10).messages
        XCTAssertEqual(chat.filter { $0.id.raw == said }.count, 1, "said in the gap, cached once: \(chat.map(\.content.summary))")
        assertFilledBySlidingSync(transport.urls, pages: 1, retired: false)
    }

    /// A start that must publish the device's keys (a log-in that ended before they went out)
    /// asks for the window meanwhile, and takes it in without waiting for that write.
    func testTheFirstRequestDoesNotWaitForTheDeviceKeys() async throws {
        let (user, tag, _) = try await accountInFiveRooms()
        let transport = HeldSyncTransport { $0.path.hasSuffix("/keys/upload") }
        let tteok = service("keys", transport)
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        let asked = await eventually(seconds: 30) { transport.paths.contains { $0.hasSuffix("simplified_msc3575/sync") } }
        XCTAssertTrue(asked, "the window was asked for while the keys were held: \(transport.paths)")
        let window = try await names(tteok, tag)
        XCTAssertEqual(window, (1...5).map { "\(tag)-\($0)" }, "the window was taken in while the keys were held")
        transport.release()
        await tteok.catchUp()
        let listed = try await names(tteok, tag)
        XCTAssertEqual(listed, (1...5).map { "\(tag)-\($0)" })
        let device = try XCTUnwrap(tteok.active?.session.deviceID)
        let published = try await tteok.active?.client.queryKeys([user.userID]).device_keys?[user.userID]?[device]
        XCTAssertNotNil(published, "the device's keys were published")
    }

    func testAServerThatForgotTheConnectionSendsEveryRoomAgain() async throws {
        let (user, tag, _) = try await accountInFiveRooms()
        let transport = ForgetfulSlidingSyncTransport()
        let tteok = service("forgetful", transport, .slidingWindow(rooms: 3, page: 1))
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        await tteok.catchUp()
        let listed = try await names(tteok, tag)
        XCTAssertEqual(listed, (1...5).map { "\(tag)-\($0)" }, "every room after the connection was forgotten")
        let sliding = transport.urls.filter { $0.path.hasSuffix("simplified_msc3575/sync") }
        XCTAssertEqual(sliding.count, 5, "the window, the forgotten page, the page again on a new connection, the last page, "
                       + "the connection replaced: \(sliding)")
        XCTAssertEqual(sliding.map { $0.query?.contains("pos=") == true }, [false, true, false, true, false])
    }

    /// Once `/sync` takes over, the connection the pages grew (what the server keeps of every
    /// room it sent) is replaced by one of a single room: the next cold start's window does not
    /// wait while the server deletes it. Its last position is unknown to the server from then on.
    func testTheConnectionThePagesGrewIsReplacedOnceSyncTakesOver() async throws {
        let (user, tag, _) = try await accountInFiveRooms()
        let transport = HeldSyncTransport { _ in false }
        let tteok = service("retired", transport, .slidingWindow(rooms: 2, page: 2))
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        await tteok.catchUp()
        let listed = try await names(tteok, tag)
        XCTAssertEqual(listed, (1...5).map { "\(tag)-\($0)" })
        let lastPage = transport.urls.last { $0.path.hasSuffix("simplified_msc3575/sync") && $0.query?.contains("pos=") == true }
        let pos = try XCTUnwrap(lastPage.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "pos" }?.value })
        let client = try XCTUnwrap(tteok.active?.client)
        do {
            _ = try await client.slidingSync(SlidingSyncRequest.window(5), pos: pos)
            XCTFail("the grown connection's position \(pos) was still known")
        } catch MatrixError.api(_, let code, _, _) {
            XCTAssertEqual(code, "M_UNKNOWN_POS")
        }
    }

    func testAServerWithoutTheFeatureStartsWithOneFullSync() async throws {
        let (user, tag, first) = try await accountInFiveRooms()
        let transport = NoSlidingSyncTransport()
        let tteok = service("hidden", transport)
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)

        let listed = try await names(tteok, tag)
        XCTAssertEqual(listed, (1...5).map { "\(tag)-\($0)" }, "the first answer had every room")
        let count = await tteok.unreadCounts(in: [ChannelID(first)])[ChannelID(first)]
        XCTAssertEqual(try count?.get(), 2)
        XCTAssertEqual(transport.paths.filter { $0.contains("simplified_msc3575") }.count, 1, "the window was asked once, and refused")
        let syncs = transport.paths.filter { $0.hasSuffix("/v3/sync") }
        XCTAssertFalse(syncs.isEmpty, "then /sync: \(transport.paths)")
        XCTAssertFalse(transport.paths.contains { $0.hasSuffix("/client/versions") }, "no /versions before the window")
    }

    func testAFullSyncStartNeverAsksForAWindow() async throws {
        let (user, tag, first) = try await accountInFiveRooms()
        let transport = RecordingTransport()
        let tteok = service("full", transport, .fullSync)
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)

        let listed = try await names(tteok, tag)
        XCTAssertEqual(listed, (1...5).map { "\(tag)-\($0)" })
        let chat = try await tteok.latestMessages(in: ChannelID(first), limit: 5).messages.map(\.content.summary)
        XCTAssertEqual(chat.suffix(2), ["one", "two"])
        XCTAssertFalse(transport.requests.contains { $0.url?.path.contains("simplified_msc3575") == true })
    }
}
