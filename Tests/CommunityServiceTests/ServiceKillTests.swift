import ChatCore
import CommunityClient
import Foundation
import Glibc
import TestSupport
import XCTest

/// `kill -9` of the real service while 8 clients post 10,000 posts (the full size): every
/// acknowledged post is stored once, every pending one is delivered after the restart, each
/// sender's posts in the order typed, and the file passes `integrity_check`.
final class ServiceKillTests: XCTestCase {
    func testKillingTheServiceMidStreamLosesAndDoublesNothing() async throws {
        let senders = 8, perSender = 1_250
        let directory = try TemporaryDirectory(prefix: "kill")
        let store = directory.file("community.sqlite").path, socket = directory.file("s.sock").path
        let first = try ServiceProcess(store: store, socket: socket)
        var clients: [ServiceCommunity] = []
        for index in 0..<senders {
            let client = ServiceCommunity(socketPath: socket, sessionFile: directory.file("c\(index).json"), keepsOutbox: true)
            _ = try await client.signUp(SignUpRequest(identifier: "c\(index)@example.com", password: "password-\(index)", nickname: "c\(index)",
                                                      region: "마포구", acceptTerms: true))
            clients.append(client)
        }
        let lobby = try await clients[0].channel(named: "마포구").id
        let acknowledged = Collected<String>()
        let killer = Task.detached {
            _ = waitUntil(seconds: 60) { acknowledged.count >= senders * perSender / 4 }
            first.kill()
            usleep(300_000)
            return try ServiceProcess(store: store, socket: socket)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    for number in 0..<perSender {
                        let text = "c\(index) \(number)"
                        if try await client.send(text, to: lobby).delivery == .delivered { acknowledged.append(text) }
                        // Paced, so posting goes on after the restart while older posts still wait.
                        try await Task.sleep(for: .milliseconds(5))
                    }
                }
            }
            try await group.waitForAll()
        }
        let second = try await killer.value
        defer { second.stop() }
        XCTAssertGreaterThan(acknowledged.count, 0)
        XCTAssertLessThan(acknowledged.count, senders * perSender, "nothing was pending: the kill came too late to test anything")

        let everything = { try Self.bodies(store) }
        XCTAssertTrue(waitUntil(seconds: 60) { ((try? everything()) ?? []).count >= senders * perSender }, "pending posts were not all delivered")
        let stored = try everything()
        XCTAssertEqual(stored.count, senders * perSender, "a post was stored twice")
        XCTAssertEqual(Set(stored).count, stored.count)
        XCTAssertTrue(Set(acknowledged.values).isSubset(of: Set(stored)))
        for index in 0..<senders {
            let numbers = stored.filter { $0.hasPrefix("c\(index) ") }.compactMap { Int($0.split(separator: " ")[1]) }
            XCTAssertEqual(numbers, Array(0..<perSender), "sender \(index)'s posts are out of order or missing")
        }
        let check = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/sqlite3"), [store, "PRAGMA integrity_check"], environment: [:])
        XCTAssertEqual(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "ok")
        print("kill -9 test: \(acknowledged.count) acknowledged before the kill and during, \(stored.count) stored once")
    }

    /// The stored posts' texts in id order (read with sqlite3 while the service runs: WAL readers are fine).
    private static func bodies(_ store: String) throws -> [String] {
        let result = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/sqlite3"), [store, "SELECT body FROM messages WHERE body GLOB 'c[0-9]* *' ORDER BY id"],
                                        environment: [:])
        return result.stdout.split(separator: "\n").map(String.init)
    }
}

/// A real `tteok serve` process for one store and socket.
final class ServiceProcess: @unchecked Sendable {
    private let process = Process()

    init(store: String, socket: String, moderators: [String] = []) throws {
        process.executableURL = try TteokBinary.url()
        process.arguments = ["serve", "--store", store, "--socket", socket] + moderators.flatMap { ["--moderator", $0] }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard waitUntil(seconds: 20, { UnixSocket.answers(socket) || !process.isRunning }), process.isRunning else {
            throw POSIXError(process.isRunning ? .ETIMEDOUT : .ECONNREFUSED)
        }
    }

    /// Sends `signal` (SIGSTOP, SIGCONT…) to the service.
    func signal(_ number: Int32) {
        Glibc.kill(process.processIdentifier, number)
    }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// Sends SIGTERM; the exit status if the service exited within `seconds`, else nil (it is
    /// then killed).
    func stopped(within seconds: Double) -> Int32? {
        process.terminate()
        let ended = waitUntil(seconds: seconds) { !self.process.isRunning }
        if !ended { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ended && process.terminationReason == .exit ? process.terminationStatus : nil
    }
}
