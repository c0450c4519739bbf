import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// Mutes and bans through the service: in force at once for a session that is already open, ended
/// by time or by a moderator, and the service's owner moderates by being the owner.
final class SanctionTests: XCTestCase {
    func testABanRefusesAnOpenSessionAtOnceAndALiftRestoresIt() async throws {
        let harness = try ServiceHarness(moderators: ["mod@example.com"])
        let moderator = try await harness.member("mod"), bob = try await harness.member("bob")
        let lobby = try await bob.channel(named: "마포구").id
        _ = try await bob.send("before", to: lobby)

        _ = try await moderator.impose(.ban, on: "bob", reason: "spam links", until: nil)
        let banned = ChatError.forbidden("A moderator banned this account: spam links.")
        do {
            _ = try await bob.send("after", to: lobby)
            XCTFail("a banned member's open session posted")
        } catch let error as ChatError {
            XCTAssertEqual(error, banned)
        }
        let viewer = await bob.viewer()
        XCTAssertEqual(viewer, .guest, "the session is no member's any more")
        let refusal = await bob.sessionRefusal()
        XCTAssertEqual(refusal, banned)
        let listed = try await moderator.sanctions()
        XCTAssertEqual(listed.map(\.kind), [.ban])
        XCTAssertEqual(listed.first?.member.email, "bob@example.com")

        try await moderator.lift(.ban, from: "bob@example.com")
        _ = try await bob.send("after the ban", to: lobby)
        let none = await bob.sessionRefusal()
        XCTAssertNil(none)
    }

    func testATimedMuteEndsByItself() async throws {
        let harness = try ServiceHarness(moderators: ["mod@example.com"])
        let moderator = try await harness.member("mod"), bob = try await harness.member("bob")
        let lobby = try await bob.channel(named: "마포구").id
        let until = Date().addingTimeInterval(2)
        _ = try await moderator.impose(.mute, on: "bob", reason: "cool down", until: until)
        let muted = await bob.permission(in: lobby)
        guard case .denied(.muted(let end?)) = muted else { return XCTFail("\(muted)") }
        XCTAssertEqual(end.timeIntervalSince1970, until.timeIntervalSince1970, accuracy: 0.01)
        let account = await bob.viewer().account
        XCTAssertEqual(account?.mute?.reason, "cool down")

        let deadline = Date().addingTimeInterval(10)
        var allowed = false
        while !allowed, Date() < deadline {
            allowed = await bob.permission(in: lobby) == .allowed
            if !allowed { try await Task.sleep(for: .milliseconds(100)) }
        }
        XCTAssertTrue(allowed, "the mute did not end")
        XCTAssertGreaterThanOrEqual(Date(), until)
        _ = try await bob.send("free again", to: lobby)
        do {
            _ = try await moderator.impose(.mute, on: "bob", reason: "late", until: Date().addingTimeInterval(-60))
            XCTFail("a mute ending in the past was taken")
        } catch ChatError.invalidInput(let why) {
            XCTAssertEqual(why, "The end of a mute must be in the future.")
        }
    }

    /// The Unix user running the service moderates whatever account they use; `--moderator`
    /// names nobody here.
    func testTheServicesOwnerModerates() async throws {
        let harness = try ServiceHarness(ownerIsTestProcess: true)
        let owner = try await harness.member("owner"), bob = try await harness.member("bob")
        let lobby = try await bob.channel(named: "마포구").id
        let post = try await bob.send("hello", to: lobby)
        _ = try await owner.impose(.mute, on: "bob", reason: "testing", until: nil)
        try await owner.delete(post.id, in: lobby)
        let shown = try await bob.latestMessages(in: lobby, limit: 5).messages.first { $0.id == post.id }
        XCTAssertEqual(shown?.content, .deleted(byModerator: true))
        XCTAssertEqual(shown?.content.summary, "deleted by a moderator")
    }
}
