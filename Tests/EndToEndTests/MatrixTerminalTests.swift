import XCTest

/// The same end-to-end scenarios with `--homeserver` against the worktree's Synapse
/// (`scripts/synapse.sh start`; `TTEOK_SYNAPSE_URL`). Each test makes its own accounts and rooms.
final class MatrixTerminalTests: XCTestCase {
    private var community: CommunityUnderTest!
    private var scenarios: Scenarios { Scenarios(community: community) }

    override func setUpWithError() throws { community = try .matrix() }
    override func tearDown() { community?.close(); community = nil }

    func testAGuestReadsLiveButCannotSend() async throws { try await scenarios.guestReadsLiveButCannotSend() }
    func testAMentionRingsTheBellAndNotifies() async throws { try await scenarios.mentionRingsTheBellAndNotifies() }
    func testLinksAreNumberedAndHyperlinkedSafely() async throws { try await scenarios.linksAreNumberedAndHyperlinkedSafely() }
    func testLinksMoveUpWithALiveMessage() async throws { try await scenarios.linksMoveUpWithALiveMessage() }
    func testAMemberChatsLiveResizesAndQuits() async throws { try await scenarios.memberChatsLiveResizesAndQuits() }
    func testBadgesCount() async throws { try await scenarios.regionFirstAndBadges() }
    func testTheNicknameGateKeepsTheChatClosed() async throws { try await scenarios.nicknameGateKeepsTheChatClosed() }
    func testSignUpIsRefusedWithoutTheTerms() async throws { try await scenarios.signUpRefusedWithoutTheTerms() }
    func testSwitchingAccountsLeavesNoTrace() async throws { try await scenarios.switchingAccountsLeavesNoTrace() }
    func testRepliesEditsReactionsAndDeletionsFromTheKeys() async throws { try await scenarios.relationsFromTheKeys() }
}
