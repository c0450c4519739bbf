import ChatCore
import TestSupport
import XCTest
@testable import ViewModels

/// Appearing and disappearing a hundred times leaves exactly one live listener per screen shown
/// (besides the community's own, which keeps the viewer live), and a new message reaches the chat
/// exactly once.
@MainActor
final class SubscriptionTests: XCTestCase {
    func testChatAndDiscoverShownAHundredTimesKeepOneListenerEach() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me", region: "마포구")
        let other = try await fixture.member("bob", nickname: "bob")
        let (_, community) = try await fixture.community()
        let navigator = community.navigator
        let chat = try opened(await community.join("lobby"))

        // The chat is on top of Channels: switching tabs hides and shows both it and Discover.
        for _ in 0..<100 {
            await navigator.select(.discover)
            await navigator.select(.channels)
        }
        XCTAssertTrue(navigator.visible.chat === chat)
        let chatListeners = await eventually { await fixture.service.liveListenerCount() == 2 }
        let countWithChat = await fixture.service.liveListenerCount()
        XCTAssertTrue(chatListeners, "listeners with the chat shown: \(countWithChat)")

        let lobby = try await fixture.channel("lobby")
        let sent = try await other.send("exactly once", to: lobby.id)
        let delivered = await eventually { chat.messages.value?.contains { $0.id == sent.id } == true }
        XCTAssertTrue(delivered, "the live message never reached the chat")
        // Give any duplicate delivery its chance before counting.
        let second = try await other.send("and after it", to: lobby.id)
        _ = await eventually { chat.messages.value?.contains { $0.id == second.id } == true }
        XCTAssertEqual(chat.messages.value?.filter { $0.id == sent.id }.count, 1)
        XCTAssertEqual(chat.messages.value?.filter { $0.id == second.id }.count, 1)

        await navigator.select(.discover)
        let discoverListeners = await eventually { await fixture.service.liveListenerCount() == 2 }
        let countWithDiscover = await fixture.service.liveListenerCount()
        XCTAssertTrue(discoverListeners, "listeners with Discover shown: \(countWithDiscover)")
    }

    func testEnteringAndLeavingAChannelAHundredTimesLeavesOneListener() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me")
        let (_, community) = try await fixture.community()
        for _ in 0..<100 {
            _ = try opened(await community.join("lobby"))
            await community.navigator.pop()
        }
        let one = await eventually { await fixture.service.liveListenerCount() == 2 }
        let count = await fixture.service.liveListenerCount()
        XCTAssertTrue(one, "listeners with the channel list shown: \(count)")
        await community.close()
        let none = await eventually { await fixture.service.liveListenerCount() == 0 }
        XCTAssertTrue(none, "closing every screen must remove every listener")
    }
}
