import ChatCore
import Foundation
import Glibc
import TestSupport
import XCTest

/// The interactive client's outbox is on disk: posts typed while the service is stopped
/// (SIGSTOP) survive `kill -9` of the client, and its next start delivers each once, in order.
/// The real binary in tmux, a real `tteok serve` process.
final class PersistedOutboxTests: XCTestCase {
    func testPostsTypedWhileTheServiceIsStoppedSurviveAKilledClient() throws {
        let directory = try TemporaryDirectory(prefix: "outbox")
        let store = directory.file("community.sqlite").path, socket = directory.file("s.sock").path
        let service = try ServiceProcess(store: store, socket: socket)
        defer { service.signal(SIGCONT); service.stop() }
        let mina = try TteokUser(home: directory.file("home"), backendArguments: ["--socket", socket])
        XCTAssertEqual(try mina.run(["signup", "--email", "mina@example.com", "--password-stdin", "--nickname", "Mina", "--region", "마포구",
                                     "--accept-terms"], stdin: "mina-password\n").status, 0)
        XCTAssertEqual(try mina.run(["post", "마포구", "before the stop"]).status, 0)
        let texts = (1...20).map { String(format: "pending %02d", $0) }

        let first = try Self.terminal(mina, directory)
        defer { first.close() }
        XCTAssertTrue(waitUntil(seconds: 30) { ((try? first.capture()) ?? []).contains { $0.contains("before the stop") } }, "the chat did not open")
        service.signal(SIGSTOP)
        try first.run(["send-keys"] + texts.flatMap { [$0, "Enter"] })
        let outbox = try Self.outboxFile(under: directory.file("home"))
        XCTAssertTrue(waitUntil(seconds: 30) { texts.allSatisfy { ((try? String(contentsOf: outbox, encoding: .utf8)) ?? "").contains($0) } },
                      "the typed posts never all reached the outbox file")
        var info = stat()
        XCTAssertEqual(stat(outbox.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        let pid = try XCTUnwrap(pid_t(try first.format("#{pane_pid}")))
        XCTAssertEqual(kill(pid, SIGKILL), 0)
        XCTAssertTrue(waitUntil(seconds: 10) { (try? first.format("#{pane_dead}")) == "1" }, "tteok survived kill -9")
        service.signal(SIGCONT)

        let second = try Self.terminal(mina, directory)
        defer { second.close() }
        var stored: [String] = []
        let arrived = waitUntil(seconds: 60) {
            stored = (try? Self.minasPosts(store)) ?? []
            return Set(stored).isSuperset(of: texts)
        }
        XCTAssertTrue(arrived, "delivered after the restart: \(stored)")
        XCTAssertTrue(waitUntil(seconds: 20) { !FileManager.default.fileExists(atPath: outbox.path) }, "the outbox file stayed after delivery")
        stored = try Self.minasPosts(store)
        XCTAssertEqual(stored, ["before the stop"] + texts, "each once, in the order typed")
    }

    /// `tteok --channel 마포구` in a terminal of its own (`exec`: the pane's process is tteok).
    private static func terminal(_ person: TteokUser, _ directory: TemporaryDirectory) throws -> TmuxSession {
        let words = ([person.binary.path] + person.backendArguments + ["--channel", "마포구"]).map { "'\($0)'" }.joined(separator: " ")
        return try TmuxSession(command: "exec \(words) 2>'\(directory.file("stderr").path)'", width: 100, height: 32, environment: person.environment)
    }

    /// The one outbox file under the state directory's sessions.
    private static func outboxFile(under home: URL) throws -> URL {
        let sessions = home.appendingPathComponent(".local/state/tteok/sessions")
        var found: URL?
        _ = waitUntil(seconds: 30) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []
            found = names.first { $0.hasSuffix(".outbox") }.map { sessions.appendingPathComponent($0) }
            return found != nil
        }
        return try XCTUnwrap(found, "no outbox file in \(sessions.path)")
    }

    private static func minasPosts(_ store: String) throws -> [String] {
        let result = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/sqlite3"),
                                        [store, "SELECT body FROM messages m JOIN users u ON u.id = m.sender_id WHERE u.nickname = 'Mina' ORDER BY m.id"],
                                        environment: [:])
        return result.stdout.split(separator: "\n").map(String.init)
    }
}
