import Foundation
import TestSupport
import XCTest

/// What tteok leaves on disk is its user's alone (issue 14, finding 8): after a Matrix sign-up,
/// post and read by the real binary every file under the user's home is 0600 in 0700 folders,
/// while an embedded community file keeps the group mode that lets a group share it.
final class FileModesEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-modes")
    }

    override func tearDown() {
        directory = nil
    }

    func testEverythingAMatrixSessionWritesIsOwnerOnly() async throws {
        let server = try SynapseServer.url()
        let owner = try await SynapseUser.register(on: server)
        let room = SynapseServer.randomName("room")
        _ = try await owner.createRoom(name: room, public: true, worldReadable: true, guestsCanJoin: true)
        let mina = try TteokUser(home: directory.file("home"), backendArguments: ["--homeserver", server.absoluteString])
        let signup = try mina.run(["signup", "--username", SynapseServer.randomName("modes"), "--password-stdin", "--nickname", "Mina",
                                   "--accept-terms"], stdin: "correct horse battery\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        XCTAssertEqual(try mina.run(["post", room, "hello from a private cache"]).status, 0)
        XCTAssertEqual(try mina.run(["read", room]).status, 0)
        XCTAssertEqual(try mina.run(["channels"]).status, 0)

        let entries = try modes(under: mina.home)
        XCTAssertTrue(entries.contains { $0.path.hasSuffix(".sqlite") }, "no Matrix cache was written: \(entries)")
        XCTAssertTrue(entries.contains { $0.path.contains("/sessions/") }, "no session was written: \(entries)")
        for entry in entries {
            XCTAssertEqual(entry.mode & 0o077, 0, "\(entry.path) is \(String(entry.mode, radix: 8))")
        }
    }

    func testTheEmbeddedCommunityFileKeepsItsGroupMode() throws {
        let shared = directory.file("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o770])
        let store = shared.appendingPathComponent("community.sqlite")
        let mina = try TteokUser(home: directory.file("home"), backendArguments: ["--store", store.path])
        let signup = try mina.run(["signup", "--email", "mina@example.com", "--password-stdin", "--nickname", "Mina", "--accept-terms"],
                                  stdin: "correct horse battery\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        for entry in try modes(under: shared) where entry.path.hasPrefix(store.path) {
            XCTAssertEqual(entry.mode, 0o660, "\(entry.path) is \(String(entry.mode, radix: 8))")
        }
        for entry in try modes(under: mina.home) {
            XCTAssertEqual(entry.mode & 0o077, 0, "\(entry.path) is \(String(entry.mode, radix: 8))")
        }
    }

    /// Every file and folder below `root` (root itself excluded) with its permission bits.
    private func modes(under root: URL) throws -> [(path: String, mode: Int)] {
        let paths = FileManager.default.subpaths(atPath: root.path) ?? []
        return try paths.map { relative in
            let path = root.appendingPathComponent(relative).path
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
            return (path, mode & 0o777)
        }
    }
}
