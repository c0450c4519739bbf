import Foundation
import TestSupport
import XCTest

/// `tteok search --homeserver`: the real binary against the test Synapse.
final class MatrixSearchEndToEndTests: XCTestCase {
    func testTheBinaryFindsKoreanInsideWordsAndEnglishInARoom() async throws {
        let directory = try TemporaryDirectory(prefix: "cli-matrix-search")
        let server = try SynapseServer.url()
        let owner = try await SynapseUser.register(on: server)
        let room = SynapseServer.randomName("room")
        let roomID = try await owner.createRoom(name: room, public: true, worldReadable: true, guestsCanJoin: true)
        try await owner.send("오늘 맛집을 찾았다", to: roomID)
        try await owner.send("Tonight at the MARKET", to: roomID)

        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--homeserver", server.absoluteString])
        let signUp = try mina.run(["signup", "--username", SynapseServer.randomName("cli"), "--password-stdin", "--nickname", "Mina",
                                   "--accept-terms"], stdin: "correct horse battery\n")
        XCTAssertEqual(signUp.status, 0, "\(signUp)")
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "opening the room joins it")

        let korean = try mina.run(["search", "맛집", "--channel", room, "--json"])
        XCTAssertEqual(korean.status, 0, "\(korean)")
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(korean.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.compactMap { $0["text"] as? String }, ["오늘 맛집을 찾았다"])
        XCTAssertEqual(rows.first?["channel"] as? String, room)

        let english = try mina.run(["search", "arke"])
        XCTAssertEqual(english.status, 0, "\(english)")
        XCTAssertTrue(english.stdout.contains("Tonight at the MARKET"), english.stdout)
    }
}
