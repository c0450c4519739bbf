import XCTest

/// The end-to-end scenarios on the embedded community (a fresh store file per test).
final class EmbeddedTerminalTests: XCTestCase {
    private var community: CommunityUnderTest!
    private var scenarios: Scenarios { Scenarios(community: community) }

    override func setUpWithError() throws { community = try .embedded() }
    override func tearDown() { community?.close(); community = nil }

    func testAGuestReadsLiveButCannotSend() async throws { try await scenarios.guestReadsLiveButCannotSend() }
    func testAMentionRingsTheBellAndNotifies() async throws { try await scenarios.mentionRingsTheBellAndNotifies() }
    func testLinksAreNumberedAndHyperlinkedSafely() async throws { try await scenarios.linksAreNumberedAndHyperlinkedSafely() }
    func testLinksMoveUpWithALiveMessage() async throws { try await scenarios.linksMoveUpWithALiveMessage() }
    func testAMemberChatsLiveResizesAndQuits() async throws { try await scenarios.memberChatsLiveResizesAndQuits() }
    func testTheRegionChannelIsFirstAndBadgesCount() async throws { try await scenarios.regionFirstAndBadges() }
    func testTheNicknameGateKeepsTheChatClosed() async throws { try await scenarios.nicknameGateKeepsTheChatClosed() }
    func testSignUpIsRefusedWithoutTheTerms() async throws { try await scenarios.signUpRefusedWithoutTheTerms() }
    func testSwitchingAccountsLeavesNoTrace() async throws { try await scenarios.switchingAccountsLeavesNoTrace() }
    func testStrayKeysActOnNothing() async throws { try await scenarios.strayKeysActOnNothing() }
    func testScrolledBackTheViewStaysWhileMessagesArrive() async throws { try await scenarios.scrolledBackTheViewStaysWhileMessagesArrive() }
    func testTheListCursorStaysOnTheOpenChannelAfterLogIn() async throws { try await scenarios.listCursorStaysOnTheOpenChannelAfterLogIn() }
    func testRepliesEditsReactionsAndDeletionsFromTheKeys() async throws { try await scenarios.relationsFromTheKeys() }
    func testQuittingAtOnceLeavesTheLastMessageRead() async throws { try await scenarios.quittingAtOnceLeavesTheLastMessageRead() }
}
