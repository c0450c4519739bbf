import Foundation
import TestSupport
import XCTest

/// The scripting commands as users run them: the real built binary, one shared `--store`,
/// each person with their own `HOME` (so their own session).
final class ScriptingEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var store: String { directory.file("community.sqlite").path }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-e2e")
    }

    override func tearDown() {
        directory = nil
    }

    // MARK: Fixtures

    private func user(_ name: String, store: String? = nil) throws -> TteokUser {
        try TteokUser(home: directory.file("home-\(name)"), backendArguments: ["--store", store ?? self.store])
    }

    /// Signs `person` up and checks it worked; the password goes through standard input only.
    @discardableResult
    private func signUp(_ person: TteokUser, _ email: String, nickname: String? = nil, region: String? = nil,
                        acceptTerms: Bool = true, password: String = "correct horse", line: UInt = #line) throws -> ProcessResult {
        var arguments = ["signup", "--email", email, "--password-stdin"]
        if let nickname { arguments += ["--nickname", nickname] }
        if let region { arguments += ["--region", region] }
        if acceptTerms { arguments.append("--accept-terms") }
        let result = try person.run(arguments, stdin: password + "\n")
        XCTAssertEqual(result.status, 0, "\(result)", line: line)
        return result
    }

    private func json(_ result: ProcessResult, line: UInt = #line) throws -> Any {
        XCTAssertEqual(result.status, 0, "\(result)", line: line)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    private func messages(_ person: TteokUser, _ channel: String, limit: Int = 100, line: UInt = #line) throws -> [[String: Any]] {
        let value = try json(person.run(["read", channel, "--limit", String(limit), "--json"]), line: line)
        return try XCTUnwrap(value as? [[String: Any]], line: line)
    }

    private func texts(_ person: TteokUser, _ channel: String, line: UInt = #line) throws -> [String] {
        try messages(person, channel, line: line).compactMap { $0["text"] as? String }
    }

    /// A refusal: the given exit status and exactly one error line containing `reason`.
    private func assertRefused(_ result: ProcessResult, status: Int32, reason: String, line: UInt = #line) {
        XCTAssertEqual(result.status, status, "\(result)", line: line)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr, line: line)
        XCTAssertTrue(result.stderr.contains(reason), "expected '\(reason)' in: \(result.stderr)", line: line)
    }

    // MARK: Accounts and sessions

    func testSignupWhoamiLogoutLoginAndWrongPassword() throws {
        let mina = try user("mina")
        let signup = try signUp(mina, "mina@example.com", nickname: "Mina", region: "마포구")
        XCTAssertTrue(signup.stdout.contains("mina@example.com"), signup.stdout)

        let whoami = try XCTUnwrap(try json(mina.run(["whoami", "--json"])) as? [String: Any])
        XCTAssertEqual(whoami["email"] as? String, "mina@example.com")
        XCTAssertEqual(whoami["nickname"] as? String, "Mina")
        XCTAssertEqual(whoami["region"] as? String, "마포구")
        XCTAssertEqual(whoami["termsAccepted"] as? Bool, true)

        XCTAssertEqual(try mina.run(["logout"]).status, 0)
        assertRefused(try mina.run(["whoami"]), status: 3, reason: "Not signed in")

        assertRefused(try mina.run(["login", "--email", "mina@example.com", "--password-stdin"], stdin: "wrong\n"),
                      status: 3, reason: "Wrong email or password")
        assertRefused(try mina.run(["whoami"]), status: 3, reason: "Not signed in")
        let unknown = try mina.run(["login", "--email", "nobody@example.com", "--password-stdin"], stdin: "whatever\n")
        XCTAssertEqual(unknown.status, 3, "\(unknown)")

        let login = try mina.run(["login", "--email", "MINA@example.com", "--password-stdin"], stdin: "correct horse\n")
        XCTAssertEqual(login.status, 0, "\(login)")
        XCTAssertTrue(try mina.run(["whoami"]).stdout.contains("nickname: Mina"))
    }

    func testSessionIsSavedOwnerOnlyPerUserAndPerStore() throws {
        let mina = try user("mina")
        try signUp(mina, "mina@example.com", nickname: "Mina")
        let sessions = mina.home.appendingPathComponent(".local/state/tteok/sessions")
        let files = try FileManager.default.contentsOfDirectory(atPath: sessions.path)
        XCTAssertEqual(files.count, 1, "\(files)")
        let file = sessions.appendingPathComponent(try XCTUnwrap(files.first))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: sessions.path)[.posixPermissions] as? Int, 0o700)
        let contents = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(contents.contains("correct horse"), "the session must not hold the password")

        // Another HOME is another user; the same HOME on another store has no session there.
        assertRefused(try user("joon").run(["whoami"]), status: 3, reason: "Not signed in")
        let otherStore = directory.file("other.sqlite").path
        assertRefused(try TteokUser(home: mina.home, backendArguments: ["--store", otherStore]).run(["whoami"]),
                      status: 3, reason: "Not signed in")
        XCTAssertEqual(try mina.run(["whoami"]).status, 0)
    }

    func testDuplicateEmailIsRefused() throws {
        try signUp(try user("mina"), "mina@example.com", nickname: "Mina")
        let again = try user("joon").run(["signup", "--email", "Mina@Example.com", "--password-stdin"], stdin: "another password\n")
        assertRefused(again, status: 1, reason: "already exists")
    }

    // MARK: Two people, one community

    func testTwoHomesSeeEachOthersMessages() throws {
        let mina = try user("mina"), joon = try user("joon")
        try signUp(mina, "mina@example.com", nickname: "Mina", region: "마포구")
        try signUp(joon, "joon@example.com", nickname: "Joon", region: "강남구")

        XCTAssertEqual(try mina.run(["post", "lobby", "hello", "from", "Mina"]).status, 0)
        let piped = try joon.run(["post", "lobby"], stdin: "첫 번째 🍢\n\nsecond line\n")
        XCTAssertEqual(piped.status, 0, "\(piped)")

        for person in [mina, joon] {
            let lobby = try texts(person, "lobby")
            XCTAssertEqual(Array(lobby.suffix(3)), ["hello from Mina", "첫 번째 🍢", "second line"])
        }
        let latest = try messages(mina, "lobby").suffix(3)
        XCTAssertEqual(latest.map { $0["nickname"] as? String }, ["Mina", "Joon", "Joon"])
        XCTAssertNotEqual(latest.first?["senderId"] as? String, latest.last?["senderId"] as? String)

        let text = try joon.run(["read", "lobby", "--limit", "1"])
        XCTAssertEqual(text.status, 0)
        XCTAssertEqual(text.lines.count, 1)
        XCTAssertTrue(text.stdout.hasSuffix("Joon: second line\n"), text.stdout)
    }

    func testReadJSONShapeAndLimit() throws {
        let mina = try user("mina")
        try signUp(mina, "mina@example.com", nickname: "Mina")
        for n in 1...5 { XCTAssertEqual(try mina.run(["post", "help", "message \(n)"]).status, 0) }

        let latest = try messages(mina, "help", limit: 2)
        XCTAssertEqual(latest.map { $0["text"] as? String }, ["message 4", "message 5"])
        let formatter = ISO8601DateFormatter()
        for message in latest {
            for key in ["id", "channel", "senderId", "nickname", "sentAt", "kind", "text"] {
                XCTAssertNotNil(message[key] as? String, "\(key) missing in \(message)")
            }
            XCTAssertEqual(message["channel"] as? String, "help")
            XCTAssertEqual(message["kind"] as? String, "text")
            XCTAssertNotNil(formatter.date(from: message["sentAt"] as? String ?? ""), "\(message)")
        }
        let posted = try XCTUnwrap(try json(mina.run(["post", "help", "--json"], stdin: "six\nseven\n")) as? [[String: Any]])
        XCTAssertEqual(posted.map { $0["text"] as? String }, ["six", "seven"])
        XCTAssertEqual(posted.map { $0["channel"] as? String }, ["help", "help"])
        XCTAssertEqual(try messages(mina, "help", limit: 2).map { $0["id"] as? String }, posted.map { $0["id"] as? String })
        XCTAssertEqual(try messages(mina, "help", limit: 20).count(where: { ($0["text"] as? String)?.hasPrefix("message ") == true }), 5)
        XCTAssertEqual(try mina.run(["post", "help"], stdin: "\n  \n").status, 2, "blank input posts nothing")
    }

    func testHostileTextIsInertOnTheTerminalAndExactInJSON() throws {
        let mina = try user("mina"), joon = try user("joon")
        try signUp(mina, "mina@example.com", nickname: "Mina")
        try signUp(joon, "joon@example.com", nickname: "Joon")
        let hostile = "title\u{1b}]0;pwned\u{07} \u{202e}evil"
        XCTAssertEqual(try mina.run(["post", "lobby", hostile]).status, 0)

        let text = try joon.run(["read", "lobby", "--limit", "1"])
        XCTAssertFalse(text.stdout.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{07}" || $0 == "\u{202e}" }, text.stdout)
        XCTAssertTrue(text.stdout.contains("Mina: title^[]0;pwned^G <RLO>evil"), text.stdout)
        XCTAssertEqual(try messages(joon, "lobby").last?["text"] as? String, hostile)
    }

    // MARK: Channel list

    func testChannelsPinTheRegionFirstWithBadges() throws {
        let mina = try user("mina"), joon = try user("joon")
        try signUp(mina, "mina@example.com", nickname: "Mina", region: "송파구")
        try signUp(joon, "joon@example.com", nickname: "Joon", region: "강남구")

        let rows = try XCTUnwrap(try json(mina.run(["channels", "--json"])) as? [[String: Any]])
        let names = rows.compactMap { $0["name"] as? String }
        XCTAssertEqual(names.first, "송파구")
        XCTAssertEqual(rows.map { $0["currentRegion"] as? Bool }, [true] + Array(repeating: false, count: rows.count - 1))
        XCTAssertEqual(Array(names.dropFirst()), names.dropFirst().sorted { $0.localizedStandardCompare($1) == .orderedAscending })
        XCTAssertTrue(names.contains("lobby") && names.contains("help") && names.contains("마포구"), "\(names)")

        let text = try mina.run(["channels"])
        XCTAssertTrue(text.lines.first?.hasPrefix("송파구") == true && text.lines.first?.hasSuffix("(current region)") == true, text.stdout)
        XCTAssertEqual(text.lines.filter { $0.contains("(current region)") }.count, 1)

        // --region overrides the profile; someone with no session gets the order too.
        XCTAssertEqual(try user("nobody").run(["channels", "--region", "종로구"]).lines.first, "종로구  (current region)")
        XCTAssertEqual(try user("nobody").run(["channels"], extraEnvironment: ["TTEOK_REGION": "관악구"]).lines.first, "관악구  (current region)")
        XCTAssertFalse(try user("nobody").run(["channels"]).stdout.contains("(current region)"))
        // The config file is the last source: used when nothing before it answers.
        let configured = try user("configured")
        let configFile = configured.home.appendingPathComponent(".config/tteok/config")
        try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# my settings\ntheme = dark\nregion = 강남구\n".utf8).write(to: configFile)
        XCTAssertEqual(try configured.run(["channels"]).lines.first, "강남구  (current region)")
        XCTAssertEqual(try configured.run(["channels"], extraEnvironment: ["TTEOK_REGION": "관악구"]).lines.first, "관악구  (current region)")

        // Badges: what Joon posts after Mina has read the channel.
        XCTAssertEqual(try mina.run(["read", "lobby"]).status, 0)
        XCTAssertEqual(try joon.run(["post", "lobby"], stdin: "a\nb\nc\n").status, 0)
        let lobby = try XCTUnwrap((try json(mina.run(["channels", "--json"])) as? [[String: Any]])?.first { $0["name"] as? String == "lobby" })
        XCTAssertEqual(lobby["unread"] as? Int, 3)
        XCTAssertEqual(lobby["badge"] as? String, "3")
        XCTAssertTrue(try mina.run(["channels"]).lines.contains("lobby  [3]"))
    }

    // MARK: Refusals store nothing

    func testNotSignedInPostIsRefusedAndStoresNothing() throws {
        let mina = try user("mina")
        try signUp(mina, "mina@example.com", nickname: "Mina")
        let before = try messages(mina, "lobby").count
        let nobody = try user("nobody")
        assertRefused(try nobody.run(["post", "lobby", "hi"]), status: 3, reason: "Not signed in")
        assertRefused(try nobody.run(["post", "lobby"], stdin: "one\ntwo\n"), status: 3, reason: "Not signed in")
        XCTAssertEqual(try messages(mina, "lobby").count, before)
    }

    func testNotYourRegionNoNicknameAndNoTermsAreRefusedAndStoreNothing() throws {
        let mina = try user("mina"), nameless = try user("nameless"), unsigned = try user("unsigned")
        try signUp(mina, "mina@example.com", nickname: "Mina", region: "마포구")
        try signUp(nameless, "nameless@example.com", region: "마포구")
        try signUp(unsigned, "unsigned@example.com", nickname: "Unsigned", region: "마포구", acceptTerms: false)
        let gangnam = try messages(mina, "강남구").count, lobby = try messages(mina, "lobby").count

        assertRefused(try mina.run(["post", "강남구", "hi"]), status: 1, reason: "Only members of 강남구 can post here.")
        assertRefused(try mina.run(["post", "강남구"], stdin: "one\ntwo\n"), status: 1, reason: "Only members of 강남구")
        assertRefused(try nameless.run(["post", "lobby", "hi"]), status: 1, reason: "Set your nickname first.")
        assertRefused(try unsigned.run(["post", "lobby", "hi"]), status: 1, reason: "Please agree to the terms.")

        XCTAssertEqual(try messages(mina, "강남구").count, gangnam)
        XCTAssertEqual(try messages(mina, "lobby").count, lobby)
        XCTAssertEqual(try mina.run(["post", "마포구", "in my region"]).status, 0)
        XCTAssertEqual(try texts(mina, "마포구").last, "in my region")
    }

    func testUnknownChannelIsExitFour() throws {
        let mina = try user("mina")
        try signUp(mina, "mina@example.com", nickname: "Mina")
        assertRefused(try mina.run(["read", "no-such-channel"]), status: 4, reason: "no-such-channel")
        assertRefused(try mina.run(["post", "no-such-channel", "hi"]), status: 4, reason: "no-such-channel")
    }

    // MARK: The command line itself

    func testHelpAndUsageErrorsFromTheBinary() throws {
        let someone = try user("someone")
        let help = try someone.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("EXIT CODES"))
        let postHelp = try someone.run(["post", "--help"])
        XCTAssertEqual(postHelp.status, 0)
        XCTAssertTrue(postHelp.stdout.hasPrefix("USAGE: tteok post CHANNEL [TEXT...]"), postHelp.stdout)

        for arguments in [["post", "lobby", "--frobnicate"], ["read"], ["signup", "--email", "a@example.com"], ["frobnicate"]] {
            let result = try someone.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("tteok: "), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: store), "usage errors must not create the store")
    }
}
