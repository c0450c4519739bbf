import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest
@testable import ViewModels

/// Activity in the chats not on screen, on a real community file with another member writing:
/// highlights counted apart, announced by each chat's level, never for the chat on screen; the
/// newest direct message named for the status line; Alt-A's order.
@MainActor
final class ActivityModelTests: XCTestCase {
    /// Dave's community with bob as another member, and what it announces.
    @MainActor
    private final class Scene {
        let fixture: CommunityFixture
        let bob: LocalCommunity
        let me: Account
        let community: Community
        var announced: [Announcement] = []

        init() async throws {
            fixture = try CommunityFixture()
            bob = try await fixture.member("bob", nickname: "bob")
            me = try await fixture.signUpApp("dave", nickname: "Dave")
            community = try await fixture.community().1
            community.activity.onAnnounce = { [unowned self] in announced.append($0) }
        }
    }

    func testAMentionIsAHighlightAnnouncedAndAPlainMessageOnlyCounted() async throws {
        let scene = try await Scene()
        let lobby = try await scene.fixture.channel("lobby")
        _ = try await scene.bob.send("just chatting", to: lobby.id)
        _ = try await scene.bob.send("@Dave ping", to: lobby.id)
        expect(await eventually { scene.community.activity.hotlist.entry(lobby.id)?.unread == 2 })
        XCTAssertEqual(scene.community.activity.hotlist.entry(lobby.id)?.highlights, 1)
        XCTAssertEqual(scene.announced.map(\.text), ["@Dave ping"], "a channel announces only what names me")
        XCTAssertEqual(scene.announced.first?.sender, "bob")
        XCTAssertFalse(scene.announced.first?.isDirect ?? true)
    }

    func testADirectMessageIsAnnouncedAndNamedUntilItsChatIsOpen() async throws {
        let scene = try await Scene()
        _ = try await scene.bob.sendDirect("are you there", to: scene.me.id)
        expect(await eventually { scene.community.activity.directNotice != nil })
        XCTAssertEqual(scene.community.activity.directNotice?.name, "bob")
        XCTAssertEqual(scene.announced.map(\.isDirect), [true])
        XCTAssertEqual(scene.community.activity.hotlist.summary(direct: true), Hotlist.Summary(chats: 1, highlights: 1))
        _ = try opened(await scene.community.directMessage("bob"))
        XCTAssertNil(scene.community.activity.directNotice, "seen once its chat is on screen")
        XCTAssertEqual(scene.community.activity.hotlist.summary(direct: true).chats, 0)
        _ = try await scene.bob.sendDirect("and now?", to: scene.me.id)
        let lobby = try await scene.fixture.channel("lobby")
        _ = try await scene.bob.send("@dave in the lobby", to: lobby.id)
        expect(await eventually { scene.community.activity.hotlist.entry(lobby.id) != nil })
        XCTAssertEqual(scene.announced.map(\.text), ["are you there", "@dave in the lobby"], "never for the chat on screen")
        XCTAssertNil(scene.community.activity.directNotice)
    }

    func testAMutedChannelCountsHighlightsButAnnouncesNothing() async throws {
        let scene = try await Scene()
        let lobby = try await scene.fixture.channel("lobby")
        try scene.community.activity.setLevel(.mute, for: lobby.id)
        XCTAssertEqual(scene.community.activity.level(of: lobby.id, isDirect: false), .mute)
        _ = try await scene.bob.send("dave!", to: lobby.id)
        expect(await eventually { scene.community.activity.hotlist.entry(lobby.id)?.highlights == 1 })
        XCTAssertEqual(scene.announced, [])
    }

    /// "Badge before hotlist": whenever the channel list shows a new badge, Alt-A already reaches
    /// its chat. The hotlist names a chat the lists show from their rows, in the turn its message
    /// arrives, not after requests of its own that the list's count could overtake. Checked at
    /// every change the list publishes.
    func testTheHotlistKnowsAChatNoLaterThanTheListsBadge() async throws {
        let scene = try await Scene()
        let list = scene.community.channels
        expect(await eventually { list.rows.value?.contains { $0.channel.name == "help" } == true })
        let before = Dictionary((list.rows.value ?? []).map { ($0.channel.id, $0.badge) }, uniquingKeysWith: { first, _ in first })
        @MainActor final class Ahead { var names: [String] = [] }
        let ahead = Ahead()
        // Weak: the list outlives the scene (the closure keeps it), and a change it publishes
        // after the test ended must not read a destroyed scene (that crashed the test process).
        _ = list.changes.addObserver { [weak scene] in
            guard let scene else { return }
            for row in list.rows.value ?? [] where row.badge != before[row.channel.id] && row.badge.label != nil {
                if scene.community.activity.hotlist.entry(row.channel.id) == nil { ahead.names.append(row.channel.name) }
            }
        }
        let help = try await scene.fixture.channel("help").id, lobby = try await scene.fixture.channel("lobby").id
        for channel in [help, lobby, help] { _ = try await scene.bob.send("hello", to: channel) }
        let hotlist = { scene.community.activity.hotlist }
        let counted = await eventually { hotlist().entry(help)?.unread == 2 && hotlist().entry(lobby)?.unread == 1 }
        expect(counted)
        XCTAssertEqual(ahead.names, [], "a badge was drawn before Alt-A could reach its chat")
    }

    func testAltAGoesToHighlightsFirstThenTheOldestUnread() {
        var hotlist = Hotlist()
        let (a, b, c, d) = (ChannelID("a"), ChannelID("b"), ChannelID("c"), ChannelID("d"))
        hotlist.record(a, name: "a", isDirect: false, isHighlight: false)
        hotlist.record(b, name: "b", isDirect: false, isHighlight: false)
        hotlist.record(c, name: "c", isDirect: false, isHighlight: true)
        hotlist.record(d, name: "d", isDirect: true, isHighlight: true)
        XCTAssertEqual(hotlist.ordered.map(\.channelID), [c, d, a, b])
        XCTAssertEqual(hotlist.next(after: c)?.channelID, d, "not the chat on screen")
        hotlist.clear(c)
        hotlist.clear(d)
        XCTAssertEqual(hotlist.next(after: nil)?.channelID, a)
        hotlist.record(a, name: "a", isDirect: false, isHighlight: false)
        XCTAssertEqual(hotlist.entry(a)?.unread, 2)
        XCTAssertEqual(hotlist.next(after: nil)?.channelID, a, "more messages keep its place")
    }

    func testTheQuickSwitcherFindsConversationsAndHangulInitials() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        let me = try await fixture.signUpApp("dave", nickname: "Dave", region: "마포구")
        try await fixture.addOpenChannels(["마포구 맛집"])
        _ = try await bob.sendDirect("hi", to: me.id)
        let (_, community) = try await fixture.community()
        await community.showQuickSwitcher()
        guard case .quickSwitcher(let switcher) = community.navigator.visible else { return XCTFail("no switcher") }
        switcher.setQuery("ㅁㅍ")
        XCTAssertEqual(Set(switcher.matches.value?.map(\.name) ?? []), ["마포구", "마포구 맛집"])
        switcher.setQuery("bo")
        let match = try XCTUnwrap(switcher.matches.value?.first)
        XCTAssertEqual(match.name, "bob")
        XCTAssertTrue(match.isDirect)
        XCTAssertTrue(match.marked, "an unread conversation is marked")
        let chat = try opened(await switcher.choose(match))
        XCTAssertEqual(chat.title, "bob")
    }
}
