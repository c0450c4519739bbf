import ChatCore
import Foundation
import Glibc
import TestSupport
import XCTest

/// One lock per community file (`FILE.lock`, flock'd by the serving process): a shared
/// `tteok serve` and a private service a client starts never serve the same file together.
/// Real processes of the real binary on both sides.
final class ServingLockTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var store: String { directory.file("community.sqlite").path }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "lock")
    }

    override func tearDown() {
        PrivateServices.stop(under: directory.path)
        directory = nil
    }

    /// With `tteok serve` on the file, `tteok --store FILE` starts no private service and is
    /// told which socket serves it.
    func testAPrivateServiceIsRefusedAFileASharedServiceServes() throws {
        let socket = directory.file("shared.sock").path
        let shared = try ServiceProcess(store: store, socket: socket)
        defer { shared.stop() }
        let user = try TteokUser(home: directory.file("home"), backendArguments: ["--store", store])
        let result = try user.run(["channels"])
        XCTAssertNotEqual(result.status, 0, result.description)
        XCTAssertTrue(result.stderr.contains("served by a shared community service on \(socket)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("tteok --socket \(socket)"), result.stderr)
        // The refused one reported before exiting: it may still be on its way out, not serving.
        XCTAssertTrue(waitUntil(seconds: 5) { PrivateServices.running(under: self.directory.path).isEmpty }, "a private service runs beside the shared one")
        // The shared one still answers.
        let through = try TteokUser(home: directory.file("home"), backendArguments: ["--socket", socket]).run(["channels"])
        XCTAssertEqual(through.status, 0, through.description)
    }

    /// While a private service serves the file, `tteok serve` on it is refused with why; once
    /// the private one ended, it serves.
    func testSharedServingWaitsForThePrivateServiceToEnd() throws {
        let user = try TteokUser(home: directory.file("home"), backendArguments: ["--store", store])
        XCTAssertEqual(try user.run(["channels"]).status, 0)
        let privateSocket = try XCTUnwrap(try Self.sockets(under: directory.file("home/.local/state/tteok/run").path).first)
        // A client stays connected, so the private service does not end while we try.
        let client = try XCTUnwrap(UnixSocket.connect(privateSocket))
        let socket = directory.file("shared.sock").path
        let refused = try ProcessRun.run(TteokBinary.url(), ["serve", "--store", store, "--socket", socket], environment: user.environment, timeout: 30)
        XCTAssertNotEqual(refused.status, 0, refused.description)
        XCTAssertTrue(refused.stderr.contains("is open in a private tteok service"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "the refused service listened anyway")
        XCTAssertEqual(PrivateServices.running(under: directory.path).count, 1)

        close(client)
        XCTAssertTrue(waitUntil(seconds: 20) { PrivateServices.running(under: self.directory.path).isEmpty }, "the idle private service lingered")
        // Its command line goes before its descriptors do (the kernel frees memory first): wait
        // for the lock itself.
        XCTAssertTrue(waitUntil(seconds: 10) { PrivateServices.released(store: self.store) }, "the ended private service still holds the lock")
        let shared = try ServiceProcess(store: store, socket: socket)
        shared.stop()
    }

    private static func sockets(under folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sock") }.map { folder + "/" + $0 }
    }
}
