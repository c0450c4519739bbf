import Foundation
import Glibc
import TestSupport
import XCTest

/// Roles enforced in the engine, driven with the real binary against a real `tteok serve`: a
/// member cannot create channels, a moderator can, and everyone sees the new channel.
final class ChannelModerationTests: XCTestCase {
    func testOnlyAModeratorCreatesChannelsAndEveryoneSeesThem() throws {
        let directory = try TemporaryDirectory(prefix: "chanmod")
        let store = directory.file("community.sqlite").path, socketPath = directory.file("s.sock").path
        let server = Process()
        server.executableURL = try TteokBinary.url()
        server.arguments = ["serve", "--store", store, "--socket", socketPath, "--moderator", "mod@example.com"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        XCTAssertTrue(waitUntil(seconds: 20) { FileManager.default.fileExists(atPath: socketPath) }, "the service did not start")

        let moderator = try TteokUser(home: directory.file("home-mod"), backendArguments: ["--socket", socketPath])
        let member = try TteokUser(home: directory.file("home-bob"), backendArguments: ["--socket", socketPath])
        for (person, name) in [(moderator, "mod"), (member, "bob")] {
            let signup = try person.run(["signup", "--email", "\(name)@example.com", "--password-stdin", "--nickname", name,
                                         "--region", "마포구", "--accept-terms"], stdin: "\(name)-password\n")
            XCTAssertEqual(signup.status, 0, signup.description)
        }

        let refused = try member.run(["channel", "create", "bobs-own"])
        XCTAssertEqual(refused.status, 1, refused.description)
        XCTAssertEqual(refused.stderr, "tteok: Only the community's moderators can create channels.\n")
        let guest = try TteokUser(home: directory.file("home-none"), backendArguments: ["--socket", socketPath])
        XCTAssertEqual(try guest.run(["channel", "create", "nobodys"]).status, 3, "signed out: not signed in")

        let created = try moderator.run(["--json", "channel", "create", "#book-club"])
        XCTAssertEqual(created.status, 0, created.description)
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(record["name"] as? String, "book-club")
        XCTAssertEqual(record["kind"] as? String, "open")
        let region = try moderator.run(["channel", "create", "성동구", "--region", "성동구"])
        XCTAssertEqual(region.stdout, "Created 성동구.\n", region.description)
        let again = try moderator.run(["channel", "create", "Book-Club"])
        XCTAssertEqual(again.status, 1, again.description)
        XCTAssertTrue(again.stderr.contains("exists already"), again.stderr)

        let listed = try member.run(["channels"])
        XCTAssertTrue(listed.lines.contains { $0.hasPrefix("book-club") }, listed.stdout)
        XCTAssertTrue(listed.lines.contains { $0.hasPrefix("성동구") }, listed.stdout)
        XCTAssertFalse(listed.lines.contains { $0.hasPrefix("bobs-own") }, listed.stdout)
    }
}
