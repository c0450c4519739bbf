import ChatCore
import CommunityClient
import CommunityProtocol
import Foundation
import Glibc
import TestSupport
import XCTest

/// A member who writes the moderators' requests as frames by hand, bypassing the client: the
/// engine refuses each with the same clear error, and nothing changes.
final class ModerationFrameTests: XCTestCase {
    func testAMembersHandMadeModerationFramesAreRefusedAndChangeNothing() async throws {
        let harness = try ServiceHarness(moderators: ["mod@example.com"])
        let moderator = try await harness.member("mod")
        let bob = try await harness.member("bob")
        _ = try await harness.member("mallory")
        let lobby = try await moderator.channel(named: "마포구").id
        let post = try await bob.send("bob's words", to: lobby)

        let raw = try harness.rawConnection()
        defer { close(raw.descriptor) }
        guard case .signedIn = try raw.ask(.logIn(identifier: "mallory@example.com", password: "mallory-password")) else {
            return XCTFail("mallory could not sign in")
        }
        let attempts: [(Request, String)] = [
            (.delete(post.id, in: lobby), "Only its sender or a moderator can delete a message."),
            (.impose(.mute, on: "bob", reason: "mine", until: nil), "Only the community's moderators can mute members."),
            (.impose(.ban, on: "bob", reason: "mine", until: nil), "Only the community's moderators can ban members."),
            (.lift(.mute, from: "bob"), "Only the community's moderators can lift a mute."),
            (.sanctions, "Only the community's moderators can list mutes and bans."),
            (.renameChannel(lobby, to: "mallorys"), "Only the community's moderators can rename channels."),
            (.setArchived(lobby, true), "Only the community's moderators can archive channels."),
            (.createChannel(name: "mallorys", region: nil), "Only the community's moderators can create channels."),
            (.publishTerms("Obey mallory."), "Only the community's moderators can publish terms."),
            (.setModerator(email: "mallory@example.com", true), "Only the community's moderators can add moderators."),
            (.moderators, "Only the community's moderators can list the moderators."),
            (.reports, "Only the community's moderators can list reports."),
        ]
        for (request, refusal) in attempts {
            let answer = try raw.ask(request)
            XCTAssertEqual(answer, .failure(.forbidden(refusal)), "\(request)")
        }

        let shown = try await bob.latestMessages(in: lobby, limit: 5).messages.first { $0.id == post.id }
        XCTAssertEqual(shown?.content, .text("bob's words"))
        _ = try await bob.send("still posting", to: lobby)
        let channel = try await bob.channel(named: "마포구")
        XCTAssertFalse(channel.isArchived)
        let terms = try await bob.publishedTerms()
        XCTAssertNil(terms)
        let moderators = try await moderator.moderators().map(\.email)
        XCTAssertEqual(moderators, ["mod@example.com"])
    }

    /// A muted member's post, reply and reaction are refused by the engine even as raw frames.
    func testAMutedMembersFramesAreRefusedByTheEngine() async throws {
        let harness = try ServiceHarness(moderators: ["mod@example.com"])
        let moderator = try await harness.member("mod")
        _ = try await harness.member("mallory")
        let lobby = try await moderator.channel(named: "마포구").id
        let post = try await moderator.send("house rules", to: lobby)
        _ = try await moderator.impose(.mute, on: "mallory", reason: "flooding", until: nil)

        let raw = try harness.rawConnection()
        defer { close(raw.descriptor) }
        guard case .signedIn = try raw.ask(.logIn(identifier: "mallory@example.com", password: "mallory-password")) else {
            return XCTFail("a mute does not stop signing in")
        }
        let muted = Response.failure(.denied(.muted(until: nil)))
        XCTAssertEqual(try raw.ask(.send("spam", to: lobby, clientID: "c1")), muted)
        XCTAssertEqual(try raw.ask(.reply("spam", to: post.id, in: lobby)), muted)
        XCTAssertEqual(try raw.ask(.react(to: post.id, in: lobby, with: "👎")), muted)
        XCTAssertEqual(try raw.ask(.permission(lobby)), .permission(.denied(.muted(until: nil))))
        guard case .page(let page) = try raw.ask(.latestMessages(lobby, limit: 10)) else { return XCTFail("a muted member still reads") }
        XCTAssertEqual(page.messages.map(\.content.summary), ["house rules"])
    }
}
