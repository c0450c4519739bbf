import Foundation
import Glibc
import TestSupport
import XCTest

/// `tteok serve` refuses set-ups an attacker could exploit, with a clear message and exit 1,
/// and touches nothing it refused.
final class ServeSetupTests: XCTestCase {
    func testASocketDirectoryOthersCanWriteIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "serve-dir")
        let open = directory.file("open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
        chmod(open.path, 0o777)  // anyone could swap the socket for their own
        let result = try serve(store: directory.file("c.sqlite").path, socket: open.appendingPathComponent("s.sock").path)
        XCTAssertEqual(result.status, 1, "\(result)")
        XCTAssertTrue(result.stderr.contains("is writable by others"), "\(result)")
    }

    func testAFileInTheSocketsPlaceIsLeftAlone() throws {
        let directory = try TemporaryDirectory(prefix: "serve-file")
        let socket = directory.file("s.sock")
        try Data("precious".utf8).write(to: socket)
        let result = try serve(store: directory.file("c.sqlite").path, socket: socket.path)
        XCTAssertEqual(result.status, 1, "\(result)")
        XCTAssertTrue(result.stderr.contains("exists and is not a socket"), "\(result)")
        XCTAssertEqual(try String(contentsOf: socket, encoding: .utf8), "precious")
    }

    func testASecondServiceOnALiveSocketIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "serve-twice")
        let store = directory.file("c.sqlite").path, socket = directory.file("s.sock").path
        let first = try ServiceProcess(store: store, socket: socket)
        defer { first.stop() }
        // Another file (the same one is refused earlier: see ServingLockTests).
        let second = try serve(store: directory.file("other.sqlite").path, socket: socket)
        XCTAssertEqual(second.status, 1, "\(second)")
        XCTAssertTrue(second.stderr.contains("already listening"), "\(second)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: socket), "the second service removed the first one's socket")
    }

    func testUsageErrorsExitTwo() throws {
        for arguments in [["--socket", "/tmp/x.sock"], ["--store", "/tmp/x.sqlite"], ["--store", "a", "--socket", "b", "--group", "g", "--everyone"],
                          ["--store", "a", "--socket", "b", "--bogus"]] {
            let result = try ProcessRun.run(TteokBinary.url(), ["serve"] + arguments, environment: [:], timeout: 20)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result)")
        }
        let mixed = try ProcessRun.run(TteokBinary.url(), ["--socket", "/tmp/x.sock", "--store", "/tmp/x.sqlite", "whoami"], environment: [:], timeout: 20)
        XCTAssertEqual(mixed.status, 2, "\(mixed)")
        XCTAssertTrue(mixed.stderr.contains("--socket cannot be used with --store"), "\(mixed)")
    }

    private func serve(store: String, socket: String) throws -> ProcessResult {
        try ProcessRun.run(TteokBinary.url(), ["serve", "--store", store, "--socket", socket], environment: [:], timeout: 20)
    }
}
