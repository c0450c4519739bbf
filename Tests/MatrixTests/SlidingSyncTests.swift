import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A cold start on Synapse, which offers Simplified Sliding Sync: the first answer is a window of
/// the rooms of latest activity, `/sync` fills in the rest behind it; without the feature (a
/// transport that hides it, or `.fullSync`) the start is one `/sync`. The channel list, the
/// badges and an opened chat come out the same either way.
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
        let tteok = service("sliding", transport, .slidingWindow(rooms: 3))
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
        XCTAssertEqual(filled, (1...5).map { "\(tag)-\($0)" }, "/sync filled in every room")
        let count = await tteok.unreadCounts(in: [room])[room]
        XCTAssertEqual(try count?.get(), try windowCount?.get(), "the badge did not change")
        XCTAssertEqual(try windowCount?.get(), 2)
        let chat = try await tteok.latestMessages(in: room, limit: 5).messages.map(\.content.summary)
        XCTAssertEqual(chat.suffix(2), ["one", "two"])
        let classic = transport.paths.firstIndex { $0.hasSuffix("/v3/sync") }
        XCTAssertLessThan(sliding ?? .max, classic ?? .max, "the window came first")
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
        XCTAssertTrue(transport.paths.contains { $0.hasSuffix("/client/versions") }, "the feature was looked for")
        XCTAssertFalse(transport.paths.contains { $0.contains("simplified_msc3575") }, "no sliding sync asked: \(transport.paths)")
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
