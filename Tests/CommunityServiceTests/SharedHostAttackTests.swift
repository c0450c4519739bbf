import ChatCore
import CommunityClient
import Foundation
import Glibc
import TestSupport
import XCTest

/// The attacks of issue 16, replayed by a real second Unix user against a real `tteok serve`
/// sharing a community with a group. Before the service, each of them worked: the sharer
/// opened the file itself.
final class SharedHostAttackTests: XCTestCase {
    func testAnotherUserCanNeitherReadNorForgeTheSharedCommunity() async throws {
        let directory = try TemporaryDirectory(prefix: "share")
        chmod(directory.path, 0o755)
        let users = try ThrowawayUsers(test: self, root: directory.url)
        let alice = try users.add("a"), bob = try users.add("b")
        let tteok = try TteokBinary.url().path
        let community = directory.file("community"), run = directory.file("run")
        for folder in [community, run] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try users.own(folder, by: alice, mode: 0o755)
        }
        let store = community.appendingPathComponent("c.sqlite").path
        let socket = run.appendingPathComponent("s.sock").path

        // Today's shared file: Alice made it directly and gave it to the group (0660).
        try expect(users.run(alice, tteok, ["--store", store, "signup", "--email", "alice@example.com", "--password-stdin", "--nickname", "Alice",
                                            "--region", "마포구", "--accept-terms"], stdin: "alice-password\n"), status: 0)
        try expect(users.run(alice, tteok, ["--store", store, "post", "마포구", "before the service"]), status: 0)
        XCTAssertEqual(chown(store, alice.uid, users.groupID), 0)

        // Her commands above went through a private service (zero set-up); it must be gone
        // before she serves the file to the group: while it serves the file, serve is refused.
        PrivateServices.stop(under: community.path)
        XCTAssertTrue(waitUntil(seconds: 10) { PrivateServices.running(under: community.path).isEmpty && PrivateServices.released(store: store) },
                      "the private service did not end")

        // Alice serves it to the group; the file becomes hers alone, nothing lost.
        let serveLog = directory.file("serve.log")
        try startServer(users, alice, tteok, ["serve", "--store", store, "--socket", socket, "--group", users.group, "--moderator", "mod@example.com"],
                        log: serveLog)
        // Listening, not merely bound: the socket is opened to the group just before listen().
        XCTAssertTrue(waitUntil(seconds: 20) { UnixSocket.answers(socket) },
                      "the service did not start: \((try? String(contentsOf: serveLog, encoding: .utf8)) ?? "")")
        XCTAssertEqual(try mode(store), 0o600)
        XCTAssertEqual(try mode(socket), 0o660)
        let client = ["--socket", socket]
        try expect(users.run(alice, tteok, client + ["read", "마포구"]), status: 0, stdoutHas: "before the service")
        try expect(users.run(alice, tteok, client + ["login", "--email", "alice@example.com", "--password-stdin"], stdin: "alice-password\n"), status: 0)

        // Bob joins through the service and chats with Alice.
        try expect(users.run(bob, tteok, client + ["signup", "--email", "bob@example.com", "--password-stdin", "--nickname", "Bobby",
                                                   "--region", "마포구", "--accept-terms"], stdin: "bob-password\n"), status: 0)
        try expect(users.run(bob, tteok, client + ["post", "마포구", "hello from bob"]), status: 0)
        try expect(users.run(alice, tteok, client + ["read", "마포구"]), status: 0, stdoutHas: "hello from bob")

        // 1. Bob cannot open, read or wipe the file (today: 0660, all three worked).
        try expect(users.run(bob, "/bin/cat", [store]), status: 1, stderrHas: "Permission denied")
        try expect(users.run(bob, "/usr/bin/truncate", ["-s0", store]), status: 1, stderrHas: "Permission denied")
        let direct = try users.run(bob, tteok, ["--store", store, "whoami"])
        XCTAssertNotEqual(direct.status, 0, "\(direct)")

        // 2. Alice's session file copied to Bob is refused: he cannot post as her.
        let aliceSession = try sessionFile(of: alice), bobSession = try sessionFile(of: bob)
        let bobOwn = try Data(contentsOf: bobSession)
        try Data(contentsOf: aliceSession).write(to: bobSession)
        XCTAssertEqual(chown(bobSession.path, bob.uid, bob.gid), 0)
        try expect(users.run(bob, tteok, client + ["whoami"]), status: 3, stderrHas: "Not signed in")
        try expect(users.run(bob, tteok, client + ["post", "마포구", "forged as alice"]), status: 3, stderrHas: "Not signed in")
        let afterForgery = try users.run(alice, tteok, client + ["read", "마포구"])
        XCTAssertFalse(afterForgery.stdout.contains("forged as alice"), "\(afterForgery)")
        try bobOwn.write(to: bobSession)

        // 3. Bob cannot read other members' direct messages.
        let carol = try await member("carol", directory, socket)
        let dave = try await member("dave", directory, socket)
        let daveID = try await XCTUnwrapAsync(await dave.viewer().userID)
        let secret = try await carol.sendDirect("carol's secret for dave", to: daveID)
        let peek = try users.run(bob, tteok, client + ["read", secret.channelID.raw])
        XCTAssertEqual(peek.status, 4, "\(peek)")
        XCTAssertFalse(peek.stdout.contains("secret"), "\(peek)")

        // 4. Bob cannot list reports, with or without --json; the moderator can.
        let bobsPost = try await carol.latestMessages(in: carol.channel(named: "마포구").id, limit: 5).messages.first { $0.senderNickname == "Bobby" }
        try await carol.report(XCTUnwrap(bobsPost).id, in: XCTUnwrap(bobsPost).channelID, reason: "spam")
        for json in [[], ["--json"]] {
            try expect(users.run(bob, tteok, client + ["reports"] + json), status: 1, stderrHas: "Only the community's moderators can list reports.")
        }
        let moderator = try await member("mod", directory, socket)
        let reports = try await moderator.reports()
        XCTAssertEqual(reports.map(\.reporter.nickname), ["carol"])

        // 5. A block against Bob holds: he cannot reach the file to delete it.
        let bobID = try await XCTUnwrapAsync(await carol.searchMembers("Bobby").first?.id)
        try await carol.block(bobID)
        try expect(users.run(bob, "/usr/bin/sqlite3", [store, "DELETE FROM blocks"]), statusNot: 0)
        let blocked = try await carol.blockedUsers().map(\.id)
        XCTAssertEqual(blocked, [bobID])
    }

    // MARK: Helpers

    private func startServer(_ users: ThrowawayUsers, _ user: ThrowawayUsers.User, _ tteok: String, _ arguments: [String], log: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = users.asUser(user, tteok, arguments)
        process.environment = users.environment(user)
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        // Teardown blocks run last-added first: the service stops before its user is removed.
        addTeardownBlock {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A member signed up in this (root) process through the service.
    private func member(_ name: String, _ directory: TemporaryDirectory, _ socket: String) async throws -> ServiceCommunity {
        let service = ServiceCommunity(socketPath: socket, sessionFile: directory.file("\(name).session"), keepsOutbox: false)
        _ = try await service.signUp(SignUpRequest(identifier: "\(name)@example.com", password: "\(name)-password", nickname: name,
                                                   region: "마포구", acceptTerms: true))
        return service
    }

    private func sessionFile(of user: ThrowawayUsers.User) throws -> URL {
        let folder = user.home.appendingPathComponent("state/tteok/sessions")
        let name = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("service-") })
        return folder.appendingPathComponent(name)
    }

    private func mode(_ path: String) throws -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { throw POSIXError(.ENOENT) }
        return info.st_mode & 0o777
    }

    private func expect(_ result: ProcessResult, status: Int32? = nil, statusNot: Int32? = nil, stdoutHas: String? = nil, stderrHas: String? = nil,
                        file: StaticString = #filePath, line: UInt = #line) {
        if let status { XCTAssertEqual(result.status, status, "\(result)", file: file, line: line) }
        if let statusNot { XCTAssertNotEqual(result.status, statusNot, "\(result)", file: file, line: line) }
        if let stdoutHas { XCTAssertTrue(result.stdout.contains(stdoutHas), "\(result)", file: file, line: line) }
        if let stderrHas { XCTAssertTrue(result.stderr.contains(stderrHas), "\(result)", file: file, line: line) }
    }
}

func XCTUnwrapAsync<T>(_ value: T?, file: StaticString = #filePath, line: UInt = #line) async throws -> T {
    try XCTUnwrap(value, file: file, line: line)
}
