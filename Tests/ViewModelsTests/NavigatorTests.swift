import ChatCore
import XCTest
@testable import ViewModels

/// The navigator calls hooks in native order: load before the first willAppear, the new screen's
/// willAppear before the old one's didDisappear, close after the last didDisappear.
@MainActor
final class NavigatorTests: XCTestCase {
    func testHookOrderForStartPushPopAndTabSwitch() async throws {
        let fixture = try CommunityFixture()
        let session = fixture.session()
        var trace: [String] = []
        session.changes.addObserver {
            session.community?.navigator.onHook = { trace.append($0.description) }
        }
        await session.continueAsGuest()
        let community = try XCTUnwrap(session.community)
        let navigator = community.navigator
        XCTAssertEqual(trace, ["channels.load", "channels.willAppear", "discover.load"])

        trace = []
        let lobby = try XCTUnwrap(community.channels.rows.value?.first { $0.name == "lobby" })
        _ = await community.channels.open(lobby)
        XCTAssertEqual(trace, ["chat:lobby.load", "chat:lobby.willAppear", "channels.didDisappear"])
        XCTAssertTrue(navigator.isTabBarHidden)

        trace = []
        await navigator.select(.discover)
        XCTAssertEqual(trace, ["discover.willAppear", "chat:lobby.didDisappear"], "discover was loaded at start, so no second load")
        XCTAssertFalse(navigator.isTabBarHidden)

        trace = []
        await navigator.select(.profile)
        XCTAssertEqual(trace, ["profile.load", "profile.willAppear", "discover.didDisappear"])

        trace = []
        await navigator.select(.channels)
        XCTAssertEqual(trace, ["chat:lobby.willAppear", "profile.didDisappear"], "the tab keeps its stack")
        XCTAssertTrue(navigator.isTabBarHidden)

        trace = []
        await navigator.pop()
        XCTAssertEqual(trace, ["channels.willAppear", "chat:lobby.didDisappear", "chat:lobby.close"])
        XCTAssertFalse(navigator.isTabBarHidden)
        XCTAssertEqual(navigator.stack(of: .channels).count, 1)

        trace = []
        await navigator.pop()
        XCTAssertEqual(trace, [], "the root is never popped")
    }

    func testModalAndCloseAllOrder() async throws {
        let fixture = try CommunityFixture()
        let session = fixture.session()
        await session.continueAsGuest()
        let navigator = try XCTUnwrap(session.community?.navigator)
        var trace: [String] = []
        navigator.onHook = { trace.append($0.description) }

        await session.presentLogIn()
        XCTAssertEqual(trace, ["logIn.load", "logIn.willAppear", "channels.didDisappear"])
        guard case .logIn = navigator.visible else { return XCTFail("the log-in form is not shown") }

        trace = []
        await navigator.dismiss()
        XCTAssertEqual(trace, ["channels.willAppear", "logIn.didDisappear", "logIn.close"])

        trace = []
        await navigator.select(.direct)
        await session.logOut()
        XCTAssertEqual(trace, [
            "conversations.load", "conversations.willAppear", "channels.didDisappear",
            "conversations.didDisappear", "discover.close", "channels.close", "conversations.close",
        ])
        guard case .welcome = session.phase else { return XCTFail("log out must return to the welcome screen") }
    }

    /// Operations started back to back run one after another, so hooks never interleave.
    func testBackToBackOperationsDoNotInterleave() async throws {
        let fixture = try CommunityFixture()
        let (_, community) = try await fixture.community()
        let navigator = community.navigator
        var trace: [String] = []
        navigator.onHook = { trace.append($0.description) }
        let first = Task { await navigator.select(.discover) }
        let second = Task { await navigator.select(.profile) }
        await first.value
        await second.value
        XCTAssertEqual(trace, [
            "discover.willAppear", "channels.didDisappear",
            "profile.load", "profile.willAppear", "discover.didDisappear",
        ])
        XCTAssertEqual(navigator.selectedTab, .profile)
    }
}
