import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// `tteok search` through `--socket`: the real binary, the service in this process, the
/// engine's reading rules applied behind the socket.
final class SearchThroughServiceTests: XCTestCase {
    func testTheBinarySearchesThroughTheSocketAndSeesOnlyWhatItMayRead() async throws {
        let harness = try ServiceHarness()
        let alice = try await harness.member("alice")
        let bob = try await harness.member("bob")
        let lobby = try await alice.channel(named: "lobby").id
        _ = try await alice.send("오늘 맛집을 찾았다", to: lobby)
        _ = try await alice.send("Hello from 마포구", to: lobby)
        let bobAccount = await bob.viewer()
        guard case .member(let bobProfile) = bobAccount else { return XCTFail("bob is not signed in") }
        _ = try await alice.sendDirect("비밀 맛집 DM", to: bobProfile.id)

        let home = harness.directory.file("carol-home")
        let carol = try TteokUser(home: home, backendArguments: ["--socket", harness.socketPath])
        let signUp = try carol.run(["signup", "--email", "carol@example.com", "--password-stdin", "--nickname", "carol", "--accept-terms"],
                                   stdin: "carol-password\n")
        XCTAssertEqual(signUp.status, 0, "\(signUp)")

        let result = try carol.run(["search", "맛집", "--json"])
        XCTAssertEqual(result.status, 0, "\(result)")
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(records.compactMap { $0["text"] as? String }, ["오늘 맛집을 찾았다"], "never alice and bob's DM")
        XCTAssertEqual(records.first?["channel"] as? String, "lobby")
        XCTAssertEqual(records.first?["snippet"] as? String, "오늘 맛집을 찾았다")

        let english = try carol.run(["search", "HELLO", "--channel", "lobby"])
        XCTAssertEqual(english.status, 0, "\(english)")
        XCTAssertTrue(english.stdout.contains("lobby  alice: Hello from 마포구"), english.stdout)

        let bad = try carol.run(["search", "?!"])
        XCTAssertEqual(bad.status, 1, "\(bad)")
        XCTAssertTrue(bad.stderr.contains("at least one letter or digit"), bad.stderr)
        let missing = try carol.run(["search", "맛집", "--channel", "no-such-channel"])
        XCTAssertEqual(missing.status, 4, "\(missing)")
    }
}
