import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// Reports through the service: only moderators list them, and a reported moderator does not
/// learn who reported them.
final class ModerationTests: XCTestCase {
    func testOnlyModeratorsListReportsAndTheReportedNeverSeeTheReporter() async throws {
        let harness = try ServiceHarness(moderators: ["mod@example.com", "Second@Example.com"])
        let moderator = try await harness.member("mod"), second = try await harness.member("second")
        let carol = try await harness.member("carol")
        let lobby = try await moderator.channel(named: "마포구").id
        let post = try await moderator.send("a moderator's hasty words", to: lobby)
        try await carol.report(post.id, in: lobby, reason: "rude")

        do {
            _ = try await carol.reports()
            XCTFail("a member listed the reports")
        } catch ChatError.forbidden(let why) {
            XCTAssertEqual(why, "Only the community's moderators can list reports.")
        }
        let guest = harness.client("guest")
        try await guest.continueAsGuest()
        await assertForbidden { _ = try await guest.reports() }

        let bySecond = try await second.reports()
        XCTAssertEqual(bySecond.map(\.reporter.nickname), ["carol"])
        let byReported = try await moderator.reports()
        XCTAssertEqual(byReported.count, 1)
        XCTAssertEqual(byReported.first?.reporter.nickname, "(hidden)")
        XCTAssertNil(byReported.first?.reporter.email)
    }

    private func assertForbidden(_ body: () async throws -> Void, line: UInt = #line) async {
        do {
            try await body()
            XCTFail("allowed", line: line)
        } catch ChatError.forbidden {
        } catch {
            XCTFail("\(error)", line: line)
        }
    }
}
