import Foundation
import Glibc
import TestSupport
import XCTest

/// Roles enforced in the engine, driven with the real binary against a real `tteok serve` run by
/// another Unix user: a member cannot create, rename or archive channels, a moderator can, and
/// everyone sees the result. An archived channel stays readable and takes no posts.
final class ChannelModerationTests: XCTestCase {
    func testOnlyAModeratorCreatesChannelsAndEveryoneSeesThem() throws {
        let served = try ServedByAnotherUser(test: self)
        let moderator = try served.member("mod"), member = try served.member("bob")

        let refused = try member.run(["channel", "create", "bobs-own"])
        XCTAssertEqual(refused.status, 1, refused.description)
        XCTAssertEqual(refused.stderr, "tteok: Only the community's moderators can create channels.\n")
        XCTAssertEqual(try served.user("none").run(["channel", "create", "nobodys"]).status, 3, "signed out: not signed in")

        let created = try moderator.run(["--json", "channel", "create", "#book-club"])
        XCTAssertEqual(created.status, 0, created.description)
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(record["name"] as? String, "book-club")
        XCTAssertEqual(record["kind"] as? String, "open")
        XCTAssertEqual(record["archived"] as? Bool, false)
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

    func testOnlyAModeratorRenamesAndArchivesAndAnArchivedChannelIsReadOnly() throws {
        let served = try ServedByAnotherUser(test: self)
        let moderator = try served.member("mod"), member = try served.member("bob")
        XCTAssertEqual(try moderator.run(["channel", "create", "book-club"]).status, 0)
        XCTAssertEqual(try member.run(["post", "book-club", "chapter one was long"]).status, 0)

        for (words, what) in [(["rename", "book-club", "bobs-club"], "rename channels"), (["archive", "book-club"], "archive channels")] {
            let refused = try member.run(["channel"] + words)
            XCTAssertEqual(refused.status, 1, refused.description)
            XCTAssertEqual(refused.stderr, "tteok: Only the community's moderators can \(what).\n")
        }
        let renamed = try moderator.run(["channel", "rename", "book-club", "readers"])
        XCTAssertEqual(renamed.stdout, "Renamed to readers.\n", renamed.description)
        let archived = try moderator.run(["--json", "channel", "archive", "readers"])
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(archived.stdout.utf8)) as? [String: Any], archived.description)
        XCTAssertEqual(record["archived"] as? Bool, true)

        let listed = try member.run(["channels"])
        XCTAssertFalse(listed.stdout.contains("readers"), "an archived channel leaves the default list: \(listed.stdout)")
        let archivedList = try member.run(["channel", "archived"])
        XCTAssertEqual(archivedList.stdout, "readers  (archived)\n", archivedList.description)
        let read = try member.run(["read", "readers"])
        XCTAssertEqual(read.status, 0, read.description)
        XCTAssertTrue(read.stdout.contains("chapter one was long"), "still readable: \(read.stdout)")
        let post = try member.run(["post", "readers", "anyone here?"])
        XCTAssertEqual(post.status, 1, post.description)
        XCTAssertEqual(post.stderr, "tteok: This channel is archived: it can be read, not written to.\n")

        let region = try moderator.run(["channel", "archive", "마포구"])
        XCTAssertEqual(region.status, 1, region.description)
        XCTAssertEqual(region.stderr, "tteok: A region channel cannot be archived: its region's members post there. Rename it instead.\n")

        XCTAssertEqual(try moderator.run(["channel", "unarchive", "readers"]).stdout, "Restored readers.\n")
        XCTAssertEqual(try member.run(["post", "readers", "back again"]).status, 0)
        XCTAssertTrue(try member.run(["channels"]).stdout.contains("readers"))
    }
}
