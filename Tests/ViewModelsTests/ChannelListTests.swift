import ChatCore
import TestSupport
import XCTest
@testable import ViewModels

@MainActor
final class ChannelListTests: XCTestCase {
    /// Every list the channel list publishes, from its first, for a session built with `resolver`.
    private func publishedLists(_ fixture: CommunityFixture, resolver: RegionResolver) async throws -> (Community, [[ChannelRow]]) {
        let session = SessionModel(service: fixture.service, strings: fixture.strings, regionResolver: resolver)
        var lists: [[ChannelRow]] = []
        session.changes.addObserver {
            guard let channels = session.community?.channels else { return }
            channels.changes.addObserver { if let rows = channels.rows.value { lists.append(rows) } }
        }
        if case .guest = await fixture.service.viewer() { await session.continueAsGuest() } else { await session.start() }
        return (try XCTUnwrap(session.community), lists)
    }

    /// Lists published before the counts have none; the first with any count has them all.
    /// (Later publishes are live updates.) Returns that list.
    private func assertCountsArriveTogether(_ lists: [[ChannelRow]], file: StaticString = #filePath, line: UInt = #line) throws -> [ChannelRow] {
        let index = try XCTUnwrap(lists.firstIndex { $0.contains { $0.badge != .loading } }, "no counts were published", file: file, line: line)
        XCTAssertTrue(lists[..<index].allSatisfy { $0.allSatisfy { $0.badge == .loading } }, file: file, line: line)
        let missing = lists[index].filter { $0.badge == .loading }.map(\.name)
        XCTAssertEqual(missing, [], "the publish with counts lacks some", file: file, line: line)
        return lists[index]
    }

    /// The region arrives late (asynchronously), yet the first list drawn is already pinned.
    func testFirstPublishedListIsAlreadyPinned() async throws {
        let fixture = try CommunityFixture()
        let slow = RegionResolver(sources: [
            { _ in nil },
            { _ in try? await Task.sleep(for: .milliseconds(100)); return "종로구" },
        ], timeout: .seconds(30))
        let (community, lists) = try await publishedLists(fixture, resolver: slow)
        let first = try XCTUnwrap(lists.first)
        XCTAssertEqual(first.first?.name, "종로구")
        XCTAssertEqual(first.filter(\.isCurrentRegion).map(\.name), ["종로구"])
        XCTAssertEqual(community.channels.region, "종로구")
    }

    func testMembersProfileRegionPinsTheirChannel() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me", region: "송파구")
        let resolver = RegionResolver.standard(option: nil, environment: ["TTEOK_REGION": "강남구"]) { nil }
        let (_, lists) = try await publishedLists(fixture, resolver: resolver)
        XCTAssertEqual(lists.first?.first?.name, "송파구")
        XCTAssertEqual(lists.first?.first?.isCurrentRegion, true)
    }

    /// A region source that does not answer in time: the list shows, unpinned, by name.
    func testRegionTimeoutShowsTheListUnpinned() async throws {
        let fixture = try CommunityFixture()
        let hung = RegionResolver(sources: [{ _ in try? await Task.sleep(for: .seconds(60)); return "종로구" }], timeout: .milliseconds(100))
        let (_, lists) = try await publishedLists(fixture, resolver: hung)
        let first = try XCTUnwrap(lists.first)
        XCTAssertFalse(first.contains(where: \.isCurrentRegion))
        let names = first.map(\.name)
        XCTAssertEqual(names, names.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
    }

    /// Counts are fetched together: no published list has some badges known and others not.
    func testCountsArriveInOnePublish() async throws {
        let fixture = try CommunityFixture()
        let (community, lists) = try await publishedLists(fixture, resolver: RegionResolver(sources: []))
        let rowCount = try XCTUnwrap(community.channels.rows.value?.count)
        let counted = try assertCountsArriveTogether(lists)
        XCTAssertEqual(counted.count, rowCount)
    }

    /// Fifty channels with different unread counts: every count arrives in the same publish.
    func testCountsForFiftyChannelsArriveInOnePublish() async throws {
        let fixture = try CommunityFixture()
        let names = (1...50).map { String(format: "room-%02d", $0) }
        try await fixture.addOpenChannels(names)
        let other = try await fixture.member("bob", nickname: "bob")
        for (index, name) in names.enumerated() where index % 5 != 0 {
            let channel = try await fixture.channel(name)
            for message in 0..<(index % 12) { _ = try await other.send("\(name) \(message)", to: channel.id) }
        }
        try await fixture.signUpApp("me", nickname: "me")
        let (community, lists) = try await publishedLists(fixture, resolver: RegionResolver(sources: []))

        let rows = try assertCountsArriveTogether(lists)
        XCTAssertEqual(rows.filter { $0.name.hasPrefix("room-") }.count, 50)
        for (index, name) in names.enumerated() {
            let expected = CountBadge(count: index % 5 == 0 ? 0 : index % 12)
            XCTAssertEqual(rows.first { $0.name == name }?.badge, expected, name)
        }
        XCTAssertEqual(community.channels.rows.value?.count, rows.count)
    }

    /// A channel that appears while the list is shown is listed at once, then asks for its own
    /// count alone; no other row is touched.
    func testNewChannelShowsAtOnceAndFetchesItsOwnCount() async throws {
        let fixture = try CommunityFixture()
        let (community, _) = try await publishedLists(fixture, resolver: RegionResolver(sources: []))
        let list = community.channels
        // Hidden behind a chat, the list has no live subscription: only the event below reaches it.
        _ = try opened(await community.join("lobby"))
        let before = try XCTUnwrap(list.rows.value)
        try await fixture.addOpenChannels(["new-room"])
        let other = try await fixture.member("bob", nickname: "bob")
        let room = try await fixture.channel("new-room")
        for index in 1...2 { _ = try await other.send("n\(index)", to: room.id) }

        var published: [[ChannelRow]] = []
        list.changes.addObserver { if let rows = list.rows.value { published.append(rows) } }
        await list.handle(.channelsChanged)  // the event a backend sends when channels appear

        XCTAssertEqual(published.count, 2, "one publish for the new row, one for its count")
        XCTAssertEqual(published.first?.first { $0.id == room.id }?.badge, .loading)
        XCTAssertEqual(published.last?.first { $0.id == room.id }?.badge, .count(2))
        for row in before {
            XCTAssertEqual(published.last?.first { $0.id == row.id }, row, "\(row.name) changed")
        }
        await list.rowWillShow(room.id)
        XCTAssertEqual(published.count, 2, "a known count is not asked for again")
    }

    func testLiveMessagesUpdateTheBadge() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me")
        let other = try await fixture.member("bob", nickname: "bob", region: "관악구")
        let (_, community) = try await fixture.community()
        let gwanak = try await fixture.channel("관악구")
        func badge() -> CountBadge? { community.channels.rows.value?.first { $0.id == gwanak.id }?.badge }
        XCTAssertEqual(badge(), .hidden)
        for index in 1...10 { _ = try await other.send("m\(index)", to: gwanak.id) }
        let tenPlus = await eventually { badge() == .tenPlus }
        XCTAssertTrue(tenPlus, "badge is \(String(describing: badge()))")
        XCTAssertEqual(badge()?.label, "10+")
    }

    /// Issue 14, finding 11: the list holds a window of channels, not all of them; rows shown
    /// near its end fetch the next page (and its counts), rows far from it fetch nothing.
    func testTheListHoldsAWindowAndFetchesTheNextPageNearItsEnd() async throws {
        let fixture = try CommunityFixture()
        try StoreTampering(path: fixture.files.storeURL.path).insertChannels(0..<5_000, name: { "room-\($0)" })
        let (community, lists) = try await publishedLists(fixture, resolver: RegionResolver(sources: []))
        let list = community.channels
        XCTAssertEqual(list.rows.value?.count, ChannelListModel.pageSize)
        XCTAssertTrue(lists.allSatisfy { $0.count <= ChannelListModel.pageSize })
        XCTAssertEqual(list.rows.value?.filter { $0.badge == .loading }.count, 0, "the page's counts are in")

        XCTAssertNil(list.rowsShown(through: 20), "far from the end: nothing to fetch")
        await list.rowsShown(through: ChannelListModel.pageSize - 10)?.value
        let rows = try XCTUnwrap(list.rows.value)
        XCTAssertEqual(rows.count, 2 * ChannelListModel.pageSize)
        XCTAssertEqual(rows.map(\.name), rows.map(\.name).sorted { NameOrder.compare($0, $1) < 0 })
        XCTAssertEqual(rows.filter { $0.badge == .loading }.count, 0)
    }
}
