import ChatCore
import Foundation
import XCTest
@testable import tteok

final class BackendAndSessionTests: XCTestCase {
    private let paths = Paths(environment: ["HOME": "/home/mina"])

    func testDefaultStoreIsInTheDataHome() throws {
        XCTAssertEqual(try Backend(store: nil, homeserver: nil, paths: paths, workingDirectory: "/"),
                       .embedded(store: URL(fileURLWithPath: "/home/mina/.local/share/tteok/community.sqlite")))
        let xdg = Paths(environment: ["HOME": "/home/mina", "XDG_DATA_HOME": "/data"])
        XCTAssertEqual(try Backend(store: nil, homeserver: nil, paths: xdg, workingDirectory: "/"),
                       .embedded(store: URL(fileURLWithPath: "/data/tteok/community.sqlite")))
    }

    func testRelativeStoreIsResolvedAgainstTheWorkingDirectory() throws {
        XCTAssertEqual(try Backend(store: "shared/../c.sqlite", homeserver: nil, paths: paths, workingDirectory: "/srv/lab"),
                       .embedded(store: URL(fileURLWithPath: "/srv/lab/c.sqlite")))
    }

    func testHomeserverMustBeAnHTTPURL() throws {
        XCTAssertEqual(try Backend(store: nil, homeserver: "https://matrix.example.org", paths: paths, workingDirectory: "/"),
                       .matrix(homeserver: URL(string: "https://matrix.example.org")!))
        for bad in ["matrix.example.org", "ftp://x", "http://", ""] {
            XCTAssertThrowsError(try Backend(store: nil, homeserver: bad, paths: paths, workingDirectory: "/"), bad)
        }
    }

    func testOneSessionFilePerStoreAndPerHomeserver() {
        let sessions = SessionLocation(paths: paths)
        let a = sessions.file(for: .embedded(store: URL(fileURLWithPath: "/srv/a.sqlite")))
        let b = sessions.file(for: .embedded(store: URL(fileURLWithPath: "/srv/b.sqlite")))
        let sameAsA = sessions.file(for: .embedded(store: URL(fileURLWithPath: "/srv/x/../a.sqlite").standardizedFileURL))
        let matrix = sessions.file(for: .matrix(homeserver: URL(string: "http://127.0.0.1:8008")!))
        let matrixSlash = sessions.file(for: .matrix(homeserver: URL(string: "http://127.0.0.1:8008/")!))
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(a, sameAsA)
        XCTAssertNotEqual(a, matrix)
        XCTAssertEqual(matrix, matrixSlash)
        for file in [a, b, matrix] {
            XCTAssertTrue(file.path.hasPrefix("/home/mina/.local/state/tteok/"), file.path)
        }
    }

    func testDifferentHomesAreDifferentUsers() {
        let store = Backend.embedded(store: URL(fileURLWithPath: "/srv/a.sqlite"))
        let other = SessionLocation(paths: Paths(environment: ["HOME": "/home/joon"])).file(for: store)
        XCTAssertNotEqual(SessionLocation(paths: paths).file(for: store), other)
    }

    func testHashIsStableAcrossRuns() {
        // FNV-1a 64 reference values: a seeded Hasher would change every run and lose the session.
        XCTAssertEqual(SessionLocation.hash(""), "cbf29ce484222325")
        XCTAssertEqual(SessionLocation.hash("a"), "af63dc4c8601ec8c")
    }

    func testPrepareCreatesOwnerOnlyDirectories() throws {
        let home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tteok-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let sessions = SessionLocation(paths: Paths(environment: ["HOME": home.path]))
        let backend = Backend.embedded(store: URL(fileURLWithPath: "/srv/a.sqlite"))
        try sessions.prepare(for: backend)
        for directory in [sessions.stateDirectory, sessions.file(for: backend).deletingLastPathComponent()] {
            let mode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o700, directory.path)
        }
    }

    func testExitCodesForBackendErrors() {
        XCTAssertEqual(ExitCode(.wrongPassword), .authentication)
        XCTAssertEqual(ExitCode(.noSuchAccount("a")), .authentication)
        XCTAssertEqual(ExitCode(.denied(.notSignedIn)), .authentication)
        XCTAssertEqual(ExitCode(.denied(.guest)), .failure)
        XCTAssertEqual(ExitCode(.denied(.notYourRegion("마포구"))), .failure)
        XCTAssertEqual(ExitCode(.denied(.noNickname)), .failure)
        XCTAssertEqual(ExitCode(.noSuchChannel("x")), .notFound)
        XCTAssertEqual(ExitCode(.offline("down")), .offline)
        XCTAssertEqual(ExitCode(.storage("disk")), .failure)
        XCTAssertEqual(Set(ExitCode.allCases.map(\.rawValue)).count, ExitCode.allCases.count)
    }
}
