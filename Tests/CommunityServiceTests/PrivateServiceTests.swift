import ChatCore
import Foundation
import Glibc
import TestSupport
import XCTest

/// Zero set-up: `tteok --store FILE` (and `tteok` alone) goes through a private service that the
/// first client starts, that listens owner-only, holds none of the client's descriptors, and
/// ends by itself.
final class PrivateServiceTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var store: String { directory.file("community.sqlite").path }
    private var runFolder: URL { directory.file("home/.local/state/tteok/run") }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "private")
    }

    override func tearDown() {
        directory = nil
    }

    private func user(_ name: String = "home") throws -> TteokUser {
        try TteokUser(home: directory.file(name), backendArguments: ["--store", store])
    }

    func testTheFirstCommandStartsAPrivateServiceThatEndsWhenIdle() throws {
        let result = try user().run(["channels"])
        XCTAssertEqual(result.status, 0, result.description)
        let services = PrivateServices.running(under: directory.path)
        XCTAssertEqual(services.count, 1, "one service for the file")
        let sockets = try FileManager.default.contentsOfDirectory(atPath: runFolder.path).filter { $0.hasSuffix(".sock") }
        XCTAssertEqual(sockets.count, 1)
        var info = stat()
        XCTAssertEqual(lstat(runFolder.appendingPathComponent(sockets[0]).path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(lstat(runFolder.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        // Idle for TTEOK_SERVICE_IDLE_SECONDS (1 s in tests): it ends and removes its socket.
        XCTAssertTrue(waitUntil(seconds: 10) { PrivateServices.running(under: self.directory.path).isEmpty }, "the idle service lingered")
        XCTAssertFalse(FileManager.default.fileExists(atPath: runFolder.appendingPathComponent(sockets[0]).path))
    }

    func testTheServiceHoldsNoDescriptorOfTheClientAndHasNoTerminal() throws {
        XCTAssertEqual(try user().run(["channels"]).status, 0)
        let pid = try XCTUnwrap(PrivateServices.running(under: directory.path).first)
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        let targets = fds.map { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) ?? "?" }
        XCTAssertFalse(targets.contains { $0.hasPrefix("pipe:") }, "an inherited pipe: \(targets)")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/0"), "/dev/null")
        // Its own session (setsid): the session id is its own pid.
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        XCTAssertEqual(fields[3], Substring(String(pid)), "session id")
    }

    func testEightClientsStartingAtOnceMakeOneService() throws {
        let person = try user()
        let results = Mutex<[ProcessResult]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let result = try? person.run(["channels"]) { results.withLock { $0.append(result) } }
        }
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 8)
        XCTAssertTrue(all.allSatisfy { $0.status == 0 }, all.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(PrivateServices.running(under: directory.path).count, 1)
    }

    func testASocketFolderOthersCouldWriteIsRefused() throws {
        try FileManager.default.createDirectory(at: runFolder, withIntermediateDirectories: true)
        chmod(runFolder.path, 0o777)
        let result = try user().run(["channels"])
        XCTAssertEqual(result.status, 1, result.description)
        XCTAssertTrue(result.stderr.contains("is not a private directory of yours"), result.stderr)
        XCTAssertTrue(PrivateServices.running(under: directory.path).isEmpty)
    }

    func testASocketThatIsNotOursIsNeverUsed() throws {
        XCTAssertEqual(try user().run(["channels"]).status, 0)
        let socket = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: runFolder.path).first { $0.hasSuffix(".sock") })
        chmod(runFolder.appendingPathComponent(socket).path, 0o666)
        let result = try user().run(["channels"])
        XCTAssertEqual(result.status, 1, result.description)
        XCTAssertTrue(result.stderr.contains("is not a private socket of yours"), result.stderr)
    }

    func testAReplacedFileEndsTheServiceAndTheNextCommandOpensTheNewOne() throws {
        let person = try user()
        XCTAssertEqual(try person.run(["signup", "--email", "a@example.com", "--password-stdin", "--nickname", "A", "--accept-terms"],
                                      stdin: "secret-password\n").status, 0)
        let first = try XCTUnwrap(PrivateServices.running(under: directory.path).first)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        XCTAssertTrue(waitUntil(seconds: 5) { !PrivateServices.running(under: self.directory.path).contains(first) }, "the service kept the removed file")
        let whoami = try person.run(["whoami"])
        XCTAssertEqual(whoami.status, 3, "a new file has no such account: \(whoami)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: store))
    }

    func testAFileThatCannotBeOpenedGivesTheClientTheSameMessage() throws {
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        let result = try user().run(["channels"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.hasPrefix("tteok: "), result.stderr)
        XCTAssertFalse(result.stderr.contains("serve"), "the service's words leaked: \(result.stderr)")
        // It reported its error before exiting: it may still be on its way out.
        XCTAssertTrue(waitUntil(seconds: 5) { PrivateServices.running(under: self.directory.path).isEmpty })
    }
}
