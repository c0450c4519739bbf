import CommunityClient
import Foundation
import Glibc
import TestSupport
import XCTest

/// A real `tteok serve` run by a throw-away Unix user — its owner, who moderates by being the
/// owner — shared with everyone, with `mod@example.com` named a moderator. The test process's
/// clients (the real binary, or in-process) connect as another Unix user: members like any other.
final class ServedByAnotherUser: @unchecked Sendable {
    let directory: TemporaryDirectory
    let socketPath: String

    /// Skips the test when not root (creating the owner needs it, as in CI).
    init(test: XCTestCase) throws {
        directory = try TemporaryDirectory(prefix: "served")
        chmod(directory.path, 0o755)
        let users = try ThrowawayUsers(test: test, root: directory.url)
        let owner = try users.add("o")
        let folder = directory.file("community")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try users.own(folder, by: owner, mode: 0o755)
        let socket = folder.appendingPathComponent("s.sock").path
        socketPath = socket
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        server.arguments = users.asUser(owner, try TteokBinary.url().path, ["serve", "--store", folder.appendingPathComponent("c.sqlite").path,
                                                                             "--socket", socket, "--everyone", "--moderator", "mod@example.com"])
        server.environment = users.environment(owner)
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Teardown blocks run last-added first: the service stops before its user is removed.
        test.addTeardownBlock {
            server.terminate()
            server.waitUntilExit()
        }
        guard waitUntil(seconds: 20, { UnixSocket.answers(socket) }) else {
            throw NSError(domain: "ServedByAnotherUser", code: 1, userInfo: [NSLocalizedDescriptionKey: "the service did not start"])
        }
    }

    /// Someone at the shell with their own home, not signed in.
    func user(_ name: String) throws -> TteokUser {
        try TteokUser(home: directory.file("home-\(name)"), backendArguments: ["--socket", socketPath])
    }

    /// `name@example.com` signed up by the real binary, in 마포구, terms accepted.
    func member(_ name: String) throws -> TteokUser {
        try TteokUser.signedUpMember(name, in: directory, backendArguments: ["--socket", socketPath])
    }
}
