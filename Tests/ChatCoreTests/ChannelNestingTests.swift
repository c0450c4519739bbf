import XCTest
@testable import ChatCore

/// Spaces in the channel list (issue 17): each space followed by the rooms it groups, whatever
/// shape of links a hostile server or space admin writes — cycles, a space listing itself, ten
/// thousand children, a chain a hundred thousand deep — each channel listed exactly once, without
/// recursion, indented at most `maxDepth`.
final class ChannelNestingTests: XCTestCase {
    private func room(_ id: String, in parent: String? = nil) -> Channel {
        Channel(id: ChannelID(id), name: id, kind: .room(canPost: true), parent: parent.map { ChannelID($0) })
    }

    private func space(_ id: String, in parent: String? = nil) -> Channel {
        Channel(id: ChannelID(id), name: id, kind: .space, parent: parent.map { ChannelID($0) })
    }

    private func depths(_ channels: [Channel]) -> [String: Int] {
        let byID = Dictionary(uniqueKeysWithValues: channels.map { ($0.id, $0) })
        return Dictionary(uniqueKeysWithValues: channels.map { ($0.id.raw, ChannelNesting.depth(of: $0, in: byID)) })
    }

    func testASpaceIsFollowedByItsRoomsAndASpaceWithinItOneLevelDeeper() {
        let channels = [space("zoo"), room("alpha", in: "zoo"), room("beta"), room("deep", in: "nested"), space("nested", in: "zoo")]
        let (ordered, _) = ChannelOrdering.ordered(channels, region: nil)
        XCTAssertEqual(ordered.map(\.id.raw), ["beta", "zoo", "alpha", "nested", "deep"])
        XCTAssertEqual(depths(ordered), ["beta": 0, "zoo": 0, "alpha": 1, "nested": 1, "deep": 2])
    }

    func testTheRegionRoomIsPinnedFirstOutOfItsSpaceAndASpaceIsNeverPinned() {
        let (ordered, pinned) = ChannelOrdering.ordered([space("Mapo"), room("마포구", in: "Mapo"), room("lobby", in: "Mapo")], region: "마포구")
        XCTAssertEqual(pinned, ChannelID("마포구"), "the room, not a space of that name")
        XCTAssertEqual(ordered.map(\.id.raw), ["마포구", "Mapo", "lobby"])
        XCTAssertNil(ChannelOrdering.ordered([space("마포구"), room("lobby", in: "마포구")], region: "마포구").pinned,
                     "a space is no region's chat")
    }

    func testACycleASelfLinkAndAnUnlistedParentEndInAForest() {
        let channels = [space("a", in: "b"), space("b", in: "a"), space("c", in: "c"), room("d", in: "gone"), room("e", in: "b")]
        let nested = ChannelNesting.nested(channels)
        XCTAssertEqual(nested.map(\.id.raw), ["c", "d", "a", "b", "e"], "each once; after the true roots, a cycle's first channel is its root")
        XCTAssertEqual(nested.map { $0.parent?.raw ?? "-" }, ["-", "-", "-", "a", "b"], "parents rewritten to the tree drawn")
        XCTAssertEqual(depths(nested), ["a": 0, "b": 1, "e": 2, "c": 0, "d": 0])
    }

    func testTenThousandChildrenAreListedOnceEachUnderTheirSpace() {
        let children = (0..<10_000).map { room(String(format: "r%05d", $0), in: "big") }
        let nested = ChannelNesting.nested([space("big")] + children + [space("big", in: "big")])
        XCTAssertEqual(nested.count, 10_001, "the duplicate of the space is dropped")
        XCTAssertEqual(Set(nested.map(\.id)).count, 10_001)
        XCTAssertEqual(nested.first?.id.raw, "big")
        XCTAssertTrue(nested.dropFirst().allSatisfy { $0.parent?.raw == "big" })
    }

    /// A chain this deep overflows the stack of a recursive walk; depth stops at the cap.
    func testAChainAHundredThousandDeepIsWalkedWithoutRecursionAndIndentedAtMostTheCap() {
        let count = 100_000
        // Named against the chain's order, so sorting by name puts the deepest first.
        let chain = (0..<count).map { index in
            space(String(format: "s%06d", count - index), in: index == 0 ? nil : String(format: "s%06d", count - index + 1))
        }
        let nested = ChannelNesting.nested(chain.sorted { $0.name < $1.name })
        XCTAssertEqual(nested.count, count)
        XCTAssertEqual(nested.first?.id.raw, String(format: "s%06d", count), "the chain's top first")
        XCTAssertEqual(nested.last?.id.raw, "s000001")
        let byID = Dictionary(uniqueKeysWithValues: nested.map { ($0.id, $0) })
        XCTAssertEqual(ChannelNesting.depth(of: nested[2], in: byID), 2)
        XCTAssertEqual(ChannelNesting.depth(of: nested[count - 1], in: byID), ChannelNesting.maxDepth)
    }

    func testNobodyPostsInASpace() {
        let member = Viewer.member(Account(id: UserID("a"), email: "a@x", nickname: "민지", region: "마포구",
                                           acceptedTermsVersion: CommunityTerms.currentVersion))
        XCTAssertEqual(PostingRule.permission(for: member, in: space("s")), .denied(.space))
        XCTAssertEqual(PostingRule.permission(for: .guest, in: space("s")), .denied(.space))
        XCTAssertEqual(PostingRule.permission(for: member, in: room("r")), .allowed)
    }
}
