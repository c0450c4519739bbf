import Foundation
import Glibc
import TestSupport
import XCTest

/// `tteok serve` ends on SIGTERM however early it comes: a service stopped the moment its
/// socket appears removes the socket and exits 0.
final class ServeStopTests: XCTestCase {
    /// Failed on the old signal handling (a dispatch signal source, registered late on Linux):
    /// one early SIGTERM in a few was lost and the service ran on until killed.
    func testASigtermRightAfterTheSocketAppearsEndsTheService() throws {
        let directory = try TemporaryDirectory(prefix: "serve-stop")
        for round in 0..<15 {
            let store = directory.file("c\(round).sqlite").path, socket = directory.file("s\(round).sock").path
            let service = Process()
            service.executableURL = try TteokBinary.url()
            service.arguments = ["serve", "--store", store, "--socket", socket]
            service.standardError = FileHandle.nullDevice
            try service.run()
            XCTAssertTrue(waitUntil(seconds: 20) { UnixSocket.answers(socket) || !service.isRunning }, "round \(round): no socket")
            service.terminate()
            let ended = waitUntil(seconds: 10) { !service.isRunning }
            if !ended { kill(service.processIdentifier, SIGKILL) }
            service.waitUntilExit()
            XCTAssertTrue(ended, "round \(round): the service ignored SIGTERM")
            XCTAssertEqual(service.terminationReason, .exit, "round \(round)")
            XCTAssertEqual(service.terminationStatus, 0, "round \(round)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "round \(round): the socket was left behind")
        }
    }
}
