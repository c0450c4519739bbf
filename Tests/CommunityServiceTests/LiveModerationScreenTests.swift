import ChatCore
import CommunityClient
import Foundation
import TestSupport
import ViewModels
import XCTest

/// A member's screens (the real view models over `ServiceCommunity`) follow a moderator's work
/// on a real `tteok serve` while they are open: the channel list, the chat's title and input
/// bar, a terms page asking again, and a ban that ends the session saying why.
@MainActor
final class LiveModerationScreenTests: XCTestCase {
    func testAMembersScreensFollowTheModeratorWithoutARestart() async throws {
        let served = try ServedCommunity(moderators: ["mod@example.com"])
        defer { served.stop() }
        let moderator = try await served.member("mod")
        let strings = Strings(.english)
        let session = SessionModel(service: try await served.member("bob"), strings: strings,
                                   regionResolver: RegionResolver(sources: [{ _ in "마포구" }], timeout: .seconds(1)))
        await session.start()
        let community = try XCTUnwrap(session.community, "bob did not reach the community")
        let listed = await eventually(seconds: 20) { community.channels.rows.value?.isEmpty == false }
        XCTAssertTrue(listed)

        let created = try await moderator.createChannel(named: "번개모임", region: nil)
        let shown = await eventually(seconds: 20) { community.channels.rows.value?.contains { $0.id == created.id } == true }
        XCTAssertTrue(shown, "the new channel did not appear in bob's list")
        guard case .opened(let chat) = await community.join("번개모임") else { return XCTFail("bob could not open the new channel") }
        XCTAssertTrue(chat.inputBar.isEnabled)

        _ = try await moderator.impose(.mute, on: "bob", reason: "flooding", until: nil)
        let muted = await eventually(seconds: 20) { chat.inputBar == .disabled(reason: strings.denial(.muted(until: nil))) }
        XCTAssertTrue(muted, "bob's input bar did not say he is muted: \(chat.inputBar)")
        try await moderator.lift(.mute, from: "bob")
        let unmuted = await eventually(seconds: 20) { chat.inputBar.isEnabled }
        XCTAssertTrue(unmuted, "bob's input bar stayed muted")

        _ = try await moderator.publishTerms("Be kind.\nNo spam.")
        var asked: TermsModel?
        let termsShown = await eventually(seconds: 20) {
            if case .terms(let terms)? = community.navigator.modal { asked = terms }
            return asked != nil
        }
        XCTAssertTrue(termsShown, "bob was not asked to agree to the new terms")
        let terms = try XCTUnwrap(asked)
        XCTAssertEqual(terms.rules, ["Be kind.", "No spam."])
        terms.toggleAgreement()
        let joined = await terms.join()
        XCTAssertTrue(joined)
        let back = await eventually(seconds: 20) { community.navigator.modal.map { _ in false } ?? chat.inputBar.isEnabled }
        XCTAssertTrue(back, "after agreeing bob is not back in the chat with the input bar on: \(chat.inputBar)")

        _ = try await moderator.renameChannel(created.id, to: "번개")
        let renamed = await eventually(seconds: 20) { chat.title == "번개" }
        XCTAssertTrue(renamed, "the chat's title did not follow the rename: \(chat.title)")
        _ = try await moderator.setArchived(created.id, true)
        let archived = await eventually(seconds: 20) { chat.inputBar == .disabled(reason: strings.denial(.archivedChannel)) }
        XCTAssertTrue(archived, "the input bar did not say the channel is archived: \(chat.inputBar)")

        _ = try await moderator.impose(.ban, on: "bob", reason: "spam links", until: nil)
        let ended = await eventually(seconds: 20) {
            if case .welcome = session.phase { return true }
            return false
        }
        XCTAssertTrue(ended, "bob's session did not end with the ban")
        XCTAssertEqual(session.notice, "A moderator banned this account: spam links.")
        XCTAssertNil(session.community)
    }
}
