import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// Issue 14, finding 11: the channel list is read a page at a time in SQL (indexed sort keys), in
/// exactly the order `ChannelOrdering` gives in memory, and a page's counts in one read.
final class ChannelPageTests: XCTestCase {
    /// Names that tie in `NameOrder` (case, leading zeros), numbers of many lengths, Hangul.
    private static func name(_ index: Int) -> String {
        switch index % 5 {
        case 0: return "Room-\(index)"
        case 1: return "room-0\(index - 1)"
        case 2: return "동네 \(index)"
        case 3: return "chat\(index % 97)x\(index)"
        default: return "#\(index)"
        }
    }

    func testPagesFollowTheInMemoryOrderPinTheRegionAndKeyChannelsWrittenStraightIntoTheFile() async throws {
        let community = try TestCommunity()
        let store = try community.open(as: "mina")
        // Written without keys, by someone else, while the store is open: keyed before a page is read.
        try StoreTampering(path: community.storeURL.path).insertChannels(0..<20_000, name: Self.name)
        var paged: [Channel] = []
        var pinned: [ChannelID?] = []
        var token: PageToken?
        repeat {
            let page = try await store.channelPage(region: "마포구", after: token, limit: 777)
            XCTAssertLessThanOrEqual(page.channels.count, 777)
            paged += page.channels
            pinned.append(page.pinned)
            token = if case .haveMore(let next) = page.next { next } else { nil }
        } while token != nil
        let expected = ChannelOrdering.ordered(try await store.channels(), region: "마포구")
        XCTAssertEqual(paged.count, 20_007)
        XCTAssertEqual(paged.map(\.id), expected.channels.map(\.id))
        XCTAssertEqual(pinned.first, expected.pinned)
        XCTAssertEqual(paged.first?.name, "마포구")
        XCTAssertTrue(pinned.dropFirst().allSatisfy { $0 == nil }, "only the first page pins")
    }

    func testAPageCountsInOneReadAsOneByOneAndNamesAreFoundByIndex() async throws {
        let community = try TestCommunity()
        let (mina, bob) = (try community.open(as: "mina"), try community.open(as: "bob"))
        try await mina.signUpMember("mina")
        try await bob.signUpMember("bob")
        try StoreTampering(path: community.storeURL.path).insertChannels(0..<300, name: Self.name)
        let page = try await mina.channelPage(region: nil, after: nil, limit: 50)
        for (index, channel) in page.channels.enumerated() where index % 3 == 0 {
            for message in 0...(index % 4) { _ = try await bob.send("m\(message)", to: channel.id) }
        }
        let counts = await mina.unreadCounts(in: page.channels.map(\.id))
        XCTAssertEqual(counts.count, 50)
        for channel in page.channels {
            let one = try await mina.unreadCount(in: channel.id)
            XCTAssertEqual(try counts[channel.id]?.get(), one, channel.name)
        }
        let exact = try await mina.channel(named: "Room-205")
        XCTAssertEqual(exact.name, "Room-205")
        let loose = try await mina.channel(named: "ROOM-0205")
        XCTAssertEqual(loose.name, "room-0205", "case ignored, but not leading zeros")
        do {
            _ = try await mina.channel(named: "room-00205")
            XCTFail("leading zeros are not ignored")
        } catch ChatError.noSuchChannel {}
    }
}
