import Foundation
import TestSupport
import XCTest

/// The scripting commands with `--homeserver`, on the real binary against the test Synapse
/// (`scripts/synapse.sh`, started by `scripts/test-all.sh`): each person has their own `HOME`.
final class MatrixScriptingEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var server: URL!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-matrix")
        server = try SynapseServer.url()
    }

    override func tearDown() {
        directory = nil
    }

    private func user(_ name: String) throws -> TteokUser {
        try TteokUser(home: directory.file("home-\(name)"), backendArguments: ["--homeserver", server.absoluteString])
    }

    /// Signs up a fresh Matrix account through tteok; returns its user name.
    @discardableResult
    private func signUp(_ person: TteokUser, nickname: String, line: UInt = #line) throws -> String {
        let name = SynapseServer.randomName("cli")
        let result = try person.run(["signup", "--username", name, "--password-stdin", "--nickname", nickname, "--accept-terms"],
                                    stdin: "correct horse battery\n")
        XCTAssertEqual(result.status, 0, "\(result)", line: line)
        return name
    }

    /// A public room made by someone else, as a community's room would be.
    private func publicRoom() async throws -> String {
        let owner = try await SynapseUser.register(on: server)
        let name = SynapseServer.randomName("room")
        _ = try await owner.createRoom(name: name, public: true, worldReadable: true, guestsCanJoin: true)
        return name
    }

    private func texts(_ person: TteokUser, _ room: String, line: UInt = #line) throws -> [(nickname: String, text: String)] {
        let result = try person.run(["read", room, "--json"])
        XCTAssertEqual(result.status, 0, "\(result)", line: line)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], line: line)
        return rows.said.map { ($0["nickname"] as? String ?? "", $0["text"] as? String ?? "") }
    }

    func testSignupLoginWrongPasswordAndOneSessionPerHomeserver() throws {
        let mina = try user("mina")
        let name = try signUp(mina, nickname: "Mina")
        let whoami = try mina.run(["whoami"])
        XCTAssertEqual(whoami.status, 0, "\(whoami)")
        XCTAssertTrue(whoami.stdout.contains("username: @\(name):"), whoami.stdout)
        XCTAssertFalse(whoami.stdout.contains("email:"), "a Matrix account has a user name:\n\(whoami.stdout)")
        XCTAssertTrue(whoami.stdout.contains("nickname: Mina"), whoami.stdout)

        // The same person on the embedded community has no session there.
        let local = try TteokUser(home: mina.home, backendArguments: ["--store", directory.file("c.sqlite").path])
        XCTAssertEqual(try local.run(["whoami"]).status, 3)

        XCTAssertEqual(try mina.run(["logout"]).status, 0)
        XCTAssertEqual(try mina.run(["whoami"]).status, 3)
        let wrong = try mina.run(["login", "--username", name, "--password-stdin"], stdin: "not the password\n")
        XCTAssertEqual(wrong.status, 3, "\(wrong)")
        XCTAssertEqual(wrong.stderr.split(separator: "\n").count, 1, wrong.stderr)
        XCTAssertEqual(try mina.run(["login", "--username", name, "--password-stdin"], stdin: "correct horse battery\n").status, 0)
        XCTAssertEqual(try mina.run(["whoami"]).status, 0)
    }

    func testTwoHomesChatThroughTheHomeserver() async throws {
        let room = try await publicRoom()
        let mina = try user("mina"), joon = try user("joon")
        try signUp(mina, nickname: "Mina")
        try signUp(joon, nickname: "Joon")

        let channels = try mina.run(["channels"])
        XCTAssertEqual(channels.status, 0, "\(channels)")
        XCTAssertTrue(channels.lines.contains { $0.hasPrefix(room) }, channels.stdout)
        // A room named after the viewer's region is pinned first, as on the embedded community.
        let pinned = try mina.run(["channels", "--region", room])
        XCTAssertEqual(pinned.lines.first, "\(room)  (current region)", pinned.stdout)

        XCTAssertEqual(try mina.run(["post", room, "hello", "from", "Mina"]).status, 0)
        let piped = try joon.run(["post", room], stdin: "안녕하세요 🍢\nsecond\n")
        XCTAssertEqual(piped.status, 0, "\(piped)")

        for person in [mina, joon] {
            let latest = try texts(person, room).suffix(3)
            XCTAssertEqual(latest.map(\.text), ["hello from Mina", "안녕하세요 🍢", "second"])
            XCTAssertEqual(latest.map(\.nickname), ["Mina", "Joon", "Joon"])
        }
    }

    func testNotSignedInPostIsRefusedBeforeAnyRequest() async throws {
        let room = try await publicRoom()
        let mina = try user("mina")
        try signUp(mina, nickname: "Mina")
        let before = try texts(mina, room).count
        let nobody = try user("nobody")
        let refused = try nobody.run(["post", room, "hi"])
        XCTAssertEqual(refused.status, 3, "\(refused)")
        XCTAssertTrue(refused.stderr.contains("Not signed in"), refused.stderr)
        XCTAssertEqual(try texts(mina, room).count, before)
    }

    func testUnreachableHomeserverIsExitFive() throws {
        let offline = try TteokUser(home: directory.file("home-offline"), backendArguments: ["--homeserver", "http://127.0.0.1:9"])
        let result = try offline.run(["channels"])
        XCTAssertEqual(result.status, 5, "\(result)")
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }

    /// A post the homeserver never acknowledged is not a success: exit 5, and the message waits in
    /// the outbox until the next post reaches the server, which sends it first, once.
    /// `signup` and `login` sign in and end: they ask the server for no sync (each used to start
    /// one and drop it at exit, the server working on its first window for nothing: ~200 ms on
    /// an account in 1,000 rooms).
    func testSignupAndLoginAskForNoSync() throws {
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--homeserver", proxy.url.absoluteString])
        let name = try signUp(mina, nickname: "Mina")
        XCTAssertEqual(try mina.run(["login", "--username", name, "--password-stdin"], stdin: "correct horse battery\n").status, 0)
        // A sync would have gone out before the profile was read, the last thing `login` asks.
        XCTAssertTrue(waitUntil(seconds: 10) { proxy.requests.filter { $0.contains("/profile/") }.count >= 2 }, "\(proxy.requests)")
        XCTAssertEqual(proxy.requests.filter { $0.contains("/login") }.count, 1, "\(proxy.requests)")
        XCTAssertFalse(proxy.requests.contains { $0.contains("/sync") }, "\(proxy.requests)")
    }

    func testPostWhileTheServerIsUnreachableExitsFiveAndTheNextPostSendsItOnce() async throws {
        let owner = try await SynapseUser.register(on: server)
        // Posted to by id: a brand-new room may be missing from the directory for a moment.
        let roomID = try await owner.createRoom(name: SynapseServer.randomName("room"), public: true)
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--homeserver", proxy.url.absoluteString])
        try signUp(mina, nickname: "Mina")
        XCTAssertEqual(try mina.run(["post", roomID, "before"]).status, 0)

        proxy.set(.drop)
        let offline = try mina.run(["post", roomID, "while away"])
        XCTAssertEqual(offline.status, 5, "\(offline)")
        XCTAssertTrue(offline.stderr.contains("kept in the outbox"), offline.stderr)
        XCTAssertEqual(offline.stderr.split(separator: "\n").count, 1, offline.stderr)
        let stored = try await owner.storedTexts(in: roomID).map(\.body)
        XCTAssertEqual(stored, ["before"], "not on the server yet")

        proxy.heal()
        let back = try mina.run(["post", roomID, "after"])
        XCTAssertEqual(back.status, 0, "\(back)")
        let after = try await owner.storedTexts(in: roomID).map(\.body)
        XCTAssertEqual(after, ["before", "while away", "after"], "each once, in order")
    }

    /// A run starts from the cache an earlier run left; `read` waits for this run's first sync, so
    /// what was said in between is printed (it used to print the cache as it was).
    func testReadShowsWhatWasSaidSinceTheLastRun() async throws {
        let owner = try await SynapseUser.register(on: server)
        let roomID = try await owner.createRoom(name: SynapseServer.randomName("room"), public: true)
        let mina = try user("mina")
        try signUp(mina, nickname: "Mina")
        XCTAssertEqual(try mina.run(["post", roomID, "first"]).status, 0)
        XCTAssertEqual(try texts(mina, roomID).map(\.text).last, "first")
        try await owner.send("said while mina was away", to: roomID)
        XCTAssertEqual(try texts(mina, roomID).map(\.text).suffix(2), ["first", "said while mina was away"])
    }

    func testUsernameIsRequiredOnMatrixAndRefusedOnTheEmbeddedCommunity() throws {
        let someone = try user("someone")
        XCTAssertEqual(try someone.run(["login", "--password-stdin"], stdin: "x\n").status, 2)
        let local = try TteokUser(home: someone.home, backendArguments: ["--store", directory.file("c.sqlite").path])
        XCTAssertEqual(try local.run(["login", "--username", "mina", "--password-stdin"], stdin: "x\n").status, 2)
    }
}
