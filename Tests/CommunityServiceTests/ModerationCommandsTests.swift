import Foundation
import TestSupport
import XCTest

/// The moderators' commands on the real binary against a real `tteok serve` run by another Unix
/// user: a member is refused each with a clear error, a moderator succeeds, and `--json` says what
/// was done.
final class ModerationCommandsTests: XCTestCase {
    func testAModeratorDeletesAnyMessageAndThePlaceholderSaysSo() throws {
        let served = try ServedByAnotherUser(test: self)
        let moderator = try served.member("mod"), bob = try served.member("bob"), carol = try served.member("carol")
        let posted = try json(bob.run(["--json", "post", "마포구", "buy cheap pills", ]))
        let own = try json(carol.run(["--json", "post", "마포구", "oops, wrong channel"]))
        let pills = try XCTUnwrap((posted as? [[String: Any]])?.first?["id"] as? String)
        let oops = try XCTUnwrap((own as? [[String: Any]])?.first?["id"] as? String)

        let refused = try carol.run(["delete", "마포구", pills])
        XCTAssertEqual(refused.status, 1, refused.description)
        XCTAssertEqual(refused.stderr, "tteok: Only its sender or a moderator can delete a message.\n")
        XCTAssertEqual(try moderator.run(["delete", "마포구", pills]).status, 0)
        XCTAssertEqual(try carol.run(["delete", "마포구", oops]).status, 0)

        let read = try json(bob.run(["--json", "read", "마포구"])) as? [[String: Any]]
        let byModerator = try XCTUnwrap(read?.first { $0["id"] as? String == pills })
        XCTAssertEqual(byModerator["text"] as? String, "deleted by a moderator")
        XCTAssertEqual(byModerator["kind"] as? String, "deleted")
        XCTAssertEqual(byModerator["deletedByModerator"] as? Bool, true)
        let bySender = try XCTUnwrap(read?.first { $0["id"] as? String == oops })
        XCTAssertEqual(bySender["text"] as? String, "message deleted")
        XCTAssertEqual(bySender["deletedByModerator"] as? Bool, false)
        let text = try bob.run(["read", "마포구"]).stdout
        XCTAssertTrue(text.contains("bob: deleted by a moderator") && text.contains("carol: message deleted"), text)
        XCTAssertFalse(text.contains("pills"), text)
    }

    func testMuteKeepsAMemberFromPostingUntilLifted() throws {
        let served = try ServedByAnotherUser(test: self)
        let moderator = try served.member("mod"), bob = try served.member("bob"), carol = try served.member("carol")

        let refused = try carol.run(["mute", "bob", "--reason", "I don't like him"])
        XCTAssertEqual(refused.status, 1, refused.description)
        XCTAssertEqual(refused.stderr, "tteok: Only the community's moderators can mute members.\n")
        XCTAssertEqual(try carol.run(["mute", "bob"]).status, 2, "no reason: a usage error")
        XCTAssertEqual(try moderator.run(["mute", "bob", "--reason", "x", "--for", "soon"]).status, 2)

        let muted = try json(moderator.run(["--json", "mute", "bob@example.com", "--reason", "flooding", "--for", "2h"])) as? [String: Any]
        XCTAssertEqual(muted?["kind"] as? String, "mute")
        XCTAssertEqual(muted?["nickname"] as? String, "bob")
        XCTAssertEqual(muted?["reason"] as? String, "flooding")
        XCTAssertEqual(muted?["moderator"] as? String, "mod")
        XCTAssertNotNil(muted?["until"] as? String)
        let post = try bob.run(["post", "마포구", "still here"])
        XCTAssertEqual(post.status, 1, post.description)
        XCTAssertTrue(post.stderr.hasPrefix("tteok: A moderator muted you until "), post.stderr)
        XCTAssertTrue(post.stderr.hasSuffix(": you can read but not post or react.\n"), post.stderr)
        XCTAssertEqual(try bob.run(["read", "마포구"]).status, 0, "a muted member still reads")
        XCTAssertTrue(try bob.run(["whoami"]).stdout.contains("muted: until "), "whoami says so")
        XCTAssertEqual(try moderator.run(["mute", "mod", "--reason", "test"]).stderr, "tteok: You can't mute yourself.\n")

        let listed = try json(moderator.run(["--json", "sanctions"])) as? [[String: Any]]
        XCTAssertEqual(listed?.map { $0["nickname"] as? String }, ["bob"])
        XCTAssertEqual(try carol.run(["sanctions"]).stderr, "tteok: Only the community's moderators can list mutes and bans.\n")

        XCTAssertEqual(try carol.run(["unmute", "bob"]).status, 1)
        XCTAssertEqual(try moderator.run(["unmute", "bob"]).stdout, "Lifted the mute of bob.\n")
        XCTAssertEqual(try bob.run(["post", "마포구", "thanks"]).status, 0)
        XCTAssertEqual(try moderator.run(["sanctions"]).stdout, "No mutes or bans.\n")
        XCTAssertEqual(try moderator.run(["unmute", "bob"]).stderr, "tteok: bob has no mute to lift.\n")
    }

    func testABannedMembersSessionAndSignInAreRefusedUntilUnbanned() throws {
        let served = try ServedByAnotherUser(test: self)
        let moderator = try served.member("mod"), bob = try served.member("bob"), carol = try served.member("carol")
        XCTAssertEqual(try carol.run(["ban", "bob", "--reason", "mine"]).stderr, "tteok: Only the community's moderators can ban members.\n")
        XCTAssertEqual(try carol.run(["ban", "mod", "--reason", "coup"]).status, 1)

        XCTAssertEqual(try moderator.run(["ban", "bob", "--reason", "spam links"]).status, 0)
        let banned = "tteok: A moderator banned this account: spam links.\n"
        for words in [["post", "마포구", "let me in"], ["whoami"]] {
            let result = try bob.run(words)
            XCTAssertEqual(result.status, 1, result.description)
            XCTAssertEqual(result.stderr, banned, "\(words): the saved session is refused, saying why")
        }
        let login = try bob.run(["login", "--email", "bob@example.com", "--password-stdin"], stdin: "correct horse\n")
        XCTAssertEqual(login.stderr, banned, login.description)
        let wrong = try bob.run(["login", "--email", "bob@example.com", "--password-stdin"], stdin: "wrong password\n")
        XCTAssertEqual(wrong.status, 3, "a wrong password learns nothing of the ban: \(wrong)")
        let read = try carol.run(["read", "마포구"])
        XCTAssertFalse(read.stdout.contains("let me in"), read.stdout)

        XCTAssertEqual(try moderator.run(["unban", "bob"]).status, 0)
        XCTAssertEqual(try bob.run(["login", "--email", "bob@example.com", "--password-stdin"], stdin: "correct horse\n").status, 0)
        XCTAssertEqual(try bob.run(["post", "마포구", "I'll behave"]).status, 0)
    }

    func testNewTermsAreAgreedToAgainBeforePosting() throws {
        let served = try ServedByAnotherUser(test: self)
        let moderator = try served.member("mod"), bob = try served.member("bob")
        let terms = served.directory.file("terms.txt")
        try "Be kind.\nNo selling.\n".write(to: terms, atomically: true, encoding: .utf8)

        let refused = try bob.run(["terms", "publish", terms.path])
        XCTAssertEqual(refused.stderr, "tteok: Only the community's moderators can publish terms.\n", refused.description)
        let published = try json(moderator.run(["--json", "terms", "publish", terms.path])) as? [String: Any]
        XCTAssertEqual(published?["version"] as? Int, 2)
        XCTAssertEqual(published?["text"] as? String, "Be kind.\nNo selling.")

        let post = try bob.run(["post", "마포구", "hello"])
        XCTAssertEqual(post.status, 1, post.description)
        XCTAssertEqual(post.stderr, "tteok: The community's terms have changed: agree to the new terms first (open tteok, or tteok terms accept).\n")
        XCTAssertEqual(try bob.run(["terms", "show"]).stdout, "version: 2\nBe kind.\nNo selling.\n")
        let whoami = try json(bob.run(["--json", "whoami"])) as? [String: Any]
        XCTAssertEqual(whoami?["termsAccepted"] as? Bool, false)
        XCTAssertEqual(whoami?["acceptedTermsVersion"] as? Int, 1)
        XCTAssertEqual(whoami?["requiredTermsVersion"] as? Int, 2)

        XCTAssertEqual(try bob.run(["terms", "accept"]).status, 0)
        XCTAssertEqual(try bob.run(["post", "마포구", "hello"]).status, 0)
    }

    func testModeratorsAreAddedAndRemovedOnlyByModerators() throws {
        let served = try ServedByAnotherUser(test: self)
        let moderator = try served.member("mod"), bob = try served.member("bob"), carol = try served.member("carol")
        XCTAssertEqual(try carol.run(["moderator", "add", "carol@example.com"]).stderr, "tteok: Only the community's moderators can add moderators.\n")
        XCTAssertEqual(try carol.run(["moderator", "list"]).status, 1)

        XCTAssertEqual(try moderator.run(["moderator", "add", "carol@example.com"]).stdout, "carol@example.com is now a moderator.\n")
        let list = try json(moderator.run(["--json", "moderator", "list"])) as? [[String: Any]]
        XCTAssertEqual(list?.map { "\($0["email"] ?? "") \($0["source"] ?? "")" }, ["mod@example.com serve", "carol@example.com added"])
        XCTAssertEqual(try carol.run(["mute", "bob", "--reason", "now I may"]).status, 0, "an added moderator moderates")
        XCTAssertEqual(try moderator.run(["mute", "carol", "--reason", "x"]).stderr,
                       "tteok: carol is a moderator: remove them as a moderator first.\n")

        let named = try carol.run(["moderator", "remove", "mod@example.com"])
        XCTAssertEqual(named.stderr, "tteok: mod@example.com is named by tteok serve --moderator: restart the service without it.\n")
        XCTAssertEqual(try moderator.run(["moderator", "remove", "carol@example.com"]).status, 0)
        XCTAssertEqual(try carol.run(["unmute", "bob"]).status, 1, "no longer a moderator")
        XCTAssertEqual(try bob.run(["moderator", "list"]).status, 1)
    }

    private func json(_ result: ProcessResult, file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        XCTAssertEqual(result.status, 0, result.description, file: file, line: line)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}
