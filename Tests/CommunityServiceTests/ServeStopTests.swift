import Foundation
import Glibc
import TestSupport
import XCTest

/// `tteok serve` ends on SIGTERM however early it comes: a service stopped the moment its
/// socket appears removes the socket and exits 0.
final class ServeStopTests: XCTestCase {
    /// The old signal handling (a dispatch signal source, registered late on Linux) lost an early
    /// SIGTERM now and then under load, and the service ran on until killed.
    func testASigtermRightAfterTheSocketAppearsEndsTheService() throws {
        let directory = try TemporaryDirectory(prefix: "serve-stop")
        for round in 0..<15 {
            let store = directory.file("c\(round).sqlite").path, socket = directory.file("s\(round).sock").path
            let service = try ServiceProcess(store: store, socket: socket)
            XCTAssertEqual(service.stopped(within: 10), 0, "round \(round): the service ignored SIGTERM or failed")
            XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "round \(round): the socket was left behind")
        }
    }
}
