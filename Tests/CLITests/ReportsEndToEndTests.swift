import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// `tteok reports` on the real binary: a moderator lists what members reported.
final class ReportsEndToEndTests: XCTestCase {
    func testAModeratorListsReportsAsJSONAndInertText() async throws {
        let community = try TestCommunity()
        let alice = try community.open(as: "alice")
        let bob = try community.open(as: "bob")
        try await alice.signUpMember("alice", nickname: "alice")
        try await bob.signUpMember("bob", nickname: "bob")
        let lobby = try await alice.channel(named: "lobby")
        let hostile = "buy now \u{1B}]0;pwned\u{07}\u{202E}gnp.exe"
        let message = try await bob.send(hostile, to: lobby.id)
        try await alice.report(message.id, in: lobby.id, reason: "spam \u{1B}[2J")
        let moderator = try TteokUser(home: community.directory.file("home-moderator"),
                                      backendArguments: ["--store", community.storeURL.path])

        let json = try moderator.run(["reports", "--json"])
        XCTAssertEqual(json.status, 0, "\(json)")
        let reports = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(reports.count, 1)
        XCTAssertEqual(reports.first?["reason"] as? String, "spam \u{1B}[2J", "JSON carries the data as stored")
        let reporter = try XCTUnwrap(reports.first?["reporter"] as? [String: Any])
        XCTAssertEqual(reporter["nickname"] as? String, "alice")
        XCTAssertEqual(reporter["email"] as? String, "alice@example.com")
        let reported = try XCTUnwrap(reports.first?["message"] as? [String: Any])
        XCTAssertEqual(reported["text"] as? String, hostile)
        XCTAssertEqual(reported["nickname"] as? String, "bob")
        XCTAssertEqual(reported["channel"] as? String, "lobby")
        XCTAssertEqual(reported["id"] as? String, message.id.raw)

        let text = try moderator.run(["reports"])
        XCTAssertEqual(text.status, 0, "\(text)")
        XCTAssertEqual(text.stdout.split(separator: "\n").count, 1, text.stdout)
        XCTAssertTrue(text.stdout.contains("#\(reports.first?["id"] as? Int ?? -1) by alice in lobby"), text.stdout)
        XCTAssertTrue(text.stdout.contains("^[]0;pwned^G<RLO>gnp.exe"), "shown inert: \(text.stdout)")
        XCTAssertFalse(text.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, "no escape reaches the terminal")
    }

    func testNoReportsSaysSo() throws {
        let directory = try TemporaryDirectory(prefix: "reports-none")
        let moderator = try TteokUser(home: directory.file("home"), backendArguments: ["--store", directory.file("c.sqlite").path])
        let result = try moderator.run(["reports"])
        XCTAssertEqual(result.status, 0, "\(result)")
        XCTAssertEqual(result.stdout, "No reports.\n")
        let json = try moderator.run(["reports", "--json"])
        let reports = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any]
        XCTAssertEqual(reports?.count, 0, json.stdout)
    }

    /// On Matrix a report goes to the homeserver's admins: the command refuses, saying so, and
    /// needs no server to say it.
    func testOnMatrixTheCommandRefusesClearly() throws {
        let directory = try TemporaryDirectory(prefix: "reports-matrix")
        let user = try TteokUser(home: directory.file("home"), backendArguments: ["--homeserver", "http://127.0.0.1:9"])
        let result = try user.run(["reports"])
        XCTAssertEqual(result.status, 1, "\(result)")
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "tteok: reports sent from a Matrix homeserver go to that server's admins; tteok cannot list them (ask the server's admins)\n")
    }
}
