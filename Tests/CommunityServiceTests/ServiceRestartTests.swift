import ChatCore
import CommunityClient
import Foundation
import Glibc
import TestSupport
import XCTest

/// The real `tteok serve` killed with SIGKILL and started again: live events reach subscribers,
/// a post typed meanwhile waits as `sending…` and lands once, a script is told the service is
/// down (exit 5) instead of hanging, and the file stays intact.
final class ServiceRestartTests: XCTestCase {
    func testAPostTypedWhileTheServiceIsDownLandsOnceAfterItIsBack() async throws {
        let directory = try TemporaryDirectory(prefix: "restart")
        let store = directory.file("community.sqlite").path, socket = directory.file("s.sock").path
        var server = try startServer(store: store, socket: socket)
        let alice = ServiceCommunity(socketPath: socket, sessionFile: directory.file("alice.json"), keepsOutbox: true)
        let bob = ServiceCommunity(socketPath: socket, sessionFile: directory.file("bob.json"), keepsOutbox: false)
        _ = try await alice.signUp(SignUpRequest(identifier: "alice@example.com", password: "alice-password", nickname: "alice", region: "마포구", acceptTerms: true))
        _ = try await bob.signUp(SignUpRequest(identifier: "bob@example.com", password: "bob-password", nickname: "bob", region: "마포구", acceptTerms: true))
        let lobby = try await alice.channel(named: "마포구").id

        // Live: Bob's subscription gets Alice's post pushed, no file watching.
        let pushed = Collected<String>()
        let listener = Task {
            for await event in bob.events() {
                if case .messagesAdded(_, let messages) = event { messages.forEach { pushed.append($0.content.summary) } }
            }
        }
        defer { listener.cancel() }
        let subscribed = await eventually(seconds: 5) { bob.receivesLiveEvents }
        XCTAssertTrue(subscribed)
        _ = try await alice.send("live hello", to: lobby)
        let deliveredLive = await eventually(seconds: 5) { pushed.values.contains("live hello") }
        XCTAssertTrue(deliveredLive, "the post was not pushed to the subscriber")

        // The service dies; Alice's post waits in her outbox, at once, not a hang.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        let started = Date()
        let pending = try await alice.send("typed while down", to: lobby)
        XCTAssertEqual(pending.delivery, .pending)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        let script = try ProcessRun.run(TteokBinary.url(), ["--socket", socket, "post", "마포구", "from a script"],
                                        environment: ["HOME": directory.path, "XDG_STATE_HOME": directory.path + "/state"], timeout: 20)
        XCTAssertEqual(script.status, 5, "\(script)")
        XCTAssertTrue(script.stderr.contains("not answering"), "\(script)")

        // Back again: the outbox delivers it, once.
        server = try startServer(store: store, socket: socket)
        defer { server.terminate(); server.waitUntilExit() }
        let landed = await eventually(seconds: 15) {
            let texts = (try? await bob.latestMessages(in: lobby, limit: 20).messages.map(\.content.summary)) ?? []
            return texts.contains("typed while down")
        }
        XCTAssertTrue(landed, "the pending post never arrived")
        let texts = try await bob.latestMessages(in: lobby, limit: 20).messages.map(\.content.summary)
        XCTAssertEqual(texts.filter { $0 == "typed while down" }.count, 1, "\(texts)")
        let check = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/sqlite3"), [store, "PRAGMA integrity_check"], environment: [:])
        XCTAssertEqual(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "ok")
    }

    /// A service that stops answering (SIGSTOP) is offline after the answer timeout, not a hang;
    /// the post waits and lands once when it resumes.
    /// True once the process is stopped (state T in /proc/PID/stat).
    private static func isStopped(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.range(of: ") ") else { return false }
        return stat[end.upperBound...].hasPrefix("T")
    }

    func testAStoppedServiceIsOfflineNotAHang() async throws {
        let directory = try TemporaryDirectory(prefix: "stopped")
        let store = directory.file("community.sqlite").path, socket = directory.file("s.sock").path
        let server = try startServer(store: store, socket: socket)
        defer { kill(server.processIdentifier, SIGCONT); server.terminate(); server.waitUntilExit() }
        let alice = ServiceCommunity(socketPath: socket, sessionFile: directory.file("alice.json"), keepsOutbox: true)
        _ = try await alice.signUp(SignUpRequest(identifier: "alice@example.com", password: "alice-password", nickname: "alice", region: "마포구", acceptTerms: true))
        let lobby = try await alice.channel(named: "마포구").id

        kill(server.processIdentifier, SIGSTOP)
        // The signal lands asynchronously: a post sent before it did would be answered.
        XCTAssertTrue(waitUntil(seconds: 10) { Self.isStopped(server.processIdentifier) }, "the service did not stop")
        let started = Date()
        let pending = try await alice.send("typed while stopped", to: lobby)
        XCTAssertEqual(pending.delivery, .pending)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the post waited for a stopped service")
        let script = try ProcessRun.run(TteokBinary.url(), ["--socket", socket, "whoami"],
                                        environment: ["HOME": directory.path, "XDG_STATE_HOME": directory.path + "/state"], timeout: 30)
        XCTAssertEqual(script.status, 5, "\(script)")
        XCTAssertTrue(script.stderr.contains("did not answer"), "\(script)")

        kill(server.processIdentifier, SIGCONT)
        let landed = await eventually(seconds: 20) {
            let texts = (try? await alice.latestMessages(in: lobby, limit: 20).messages.map(\.content.summary)) ?? []
            return texts.filter { $0 == "typed while stopped" }.count == 1
        }
        XCTAssertTrue(landed, "the post did not land once after the service resumed")
    }

    private func startServer(store: String, socket: String) throws -> Process {
        let process = Process()
        process.executableURL = try TteokBinary.url()
        process.arguments = ["serve", "--store", store, "--socket", socket]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A killed service leaves its socket file behind: wait for a live one.
        XCTAssertTrue(waitUntil(seconds: 20) { UnixSocket.answers(socket) }, "the service did not start")
        return process
    }
}
