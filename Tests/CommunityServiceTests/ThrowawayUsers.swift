import Foundation
import Glibc
import TestSupport
import XCTest

/// Real Unix users and a group made for one test (needs root, as in CI), removed in teardown
/// even when the test fails. Commands run as a user through `setpriv`, with that user's
/// supplementary groups and a home of their own.
final class ThrowawayUsers: @unchecked Sendable {
    struct User {
        let name: String
        let uid: UInt32
        let gid: UInt32
        /// HOME and XDG directories, owned by the user, 0700.
        let home: URL
    }

    let group: String
    let groupID: UInt32
    private(set) var users: [User] = []

    /// Skips the test when not root: creating users needs it.
    init(test: XCTestCase, root: URL) throws {
        guard getuid() == 0 else { throw XCTSkip("creating Unix users needs root (tests run as root in CI)") }
        let tag = UUID().uuidString.prefix(6).lowercased()
        group = "tteokg\(tag)"
        try Self.command("/usr/sbin/groupadd", [group])
        groupID = getgrnam(group)?.pointee.gr_gid ?? 0
        test.addTeardownBlock { [group] in _ = try? Self.command("/usr/sbin/groupdel", [group]) }
        self.root = root
        self.tag = String(tag)
        self.test = test
    }

    private let root: URL
    private let tag: String
    private weak var test: XCTestCase?

    /// A new user in the group, with a private home under the test's directory.
    func add(_ letter: String) throws -> User {
        let name = "tteok\(letter)\(tag)"
        try Self.command("/usr/sbin/useradd", ["-M", "-N", "-G", group, "-s", "/usr/sbin/nologin", name])
        test?.addTeardownBlock { _ = try? Self.command("/usr/sbin/userdel", ["--force", name]) }
        guard let entry = getpwnam(name) else { throw POSIXError(.ENOENT) }
        let home = root.appendingPathComponent("home-\(letter)", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let user = User(name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid, home: home)
        try own(home, by: user, mode: 0o700)
        users.append(user)
        return user
    }

    /// Gives `url` to `user` with `mode` (and the test group).
    func own(_ url: URL, by user: User, mode: mode_t) throws {
        guard chown(url.path, user.uid, groupID) == 0, chmod(url.path, mode) == 0 else { throw POSIXError(.EPERM) }
    }

    /// The environment a command runs with as `user`: their own home and XDG directories.
    func environment(_ user: User) -> [String: String] {
        let home = user.home.path
        return ["HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config",
                "XDG_CACHE_HOME": home + "/cache", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    }

    /// `setpriv` arguments that run the rest as `user` with their groups.
    func asUser(_ user: User, _ executable: String, _ arguments: [String]) -> [String] {
        ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--init-groups", "--", executable] + arguments
    }

    /// Runs `executable` as `user` and returns what it did.
    func run(_ user: User, _ executable: String, _ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/setpriv"), asUser(user, executable, arguments), environment: environment(user),
                           stdin: stdin, currentDirectory: user.home, timeout: 30)
    }

    @discardableResult
    static func command(_ path: String, _ arguments: [String]) throws -> ProcessResult {
        let result = try ProcessRun.run(URL(fileURLWithPath: path), arguments, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], timeout: 30)
        guard result.status == 0 else { throw NSError(domain: "ThrowawayUsers", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: "\(path) \(arguments): \(result)"]) }
        return result
    }
}
