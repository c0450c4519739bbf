import ChatCore
import XCTest
@testable import ViewModels

@MainActor
final class ProfileModelTests: XCTestCase {
    func testRankOnlyAfterTheCountAndMessagesNewestFirst() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me", region: "마포구")
        let lobby = try await fixture.channel("lobby")
        for index in 1...6 { _ = try await fixture.service.send("mine \(index)", to: lobby.id) }
        let (_, community) = try await fixture.community()
        let profile = community.profile
        XCTAssertEqual(profile.messageCount, .loading, "not loaded before the tab is first shown")
        XCTAssertNil(profile.rankTitle, "no rank before the count")

        await community.navigator.select(.profile)
        XCTAssertEqual(profile.messageCount, .loaded(6))
        XCTAssertEqual(profile.rankTitle, "Free Traveller of the Tteok Road")
        XCTAssertEqual(profile.myMessages.value?.map(\.content.summary), (1...6).reversed().map { "mine \($0)" })
        XCTAssertEqual(profile.viewer.account?.email, "me@example.com")
        XCTAssertEqual(profile.viewer.account?.region, "마포구")
    }

    func testEditingNicknameAndRegion() async throws {
        let fixture = try CommunityFixture()
        try await fixture.signUpApp("me", nickname: "me", region: "마포구")
        let (_, community) = try await fixture.community()
        await community.navigator.select(.profile)
        let profile = community.profile
        expect(!(await profile.setNickname("   ")))
        XCTAssertEqual(profile.editError, "The nickname can't be empty.")
        expect(await profile.setNickname("민지"))
        expect(await profile.setRegion("강남구"))
        XCTAssertNil(profile.editError)
        XCTAssertEqual(profile.displayName, "민지")
        let stored = await fixture.service.viewer().account
        XCTAssertEqual(stored?.nickname, "민지")
        XCTAssertEqual(stored?.region, "강남구")

        // The channel list re-reads the viewer: the new region is pinned on return.
        await community.navigator.select(.channels)
        XCTAssertEqual(community.channels.rows.value?.first?.name, "강남구")
        XCTAssertEqual(community.channels.rows.value?.first?.isCurrentRegion, true)
    }
}
