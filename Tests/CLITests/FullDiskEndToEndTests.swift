import Foundation
import TestSupport
import XCTest

/// The embedded community on a disk that fills up, for real: a small tmpfs holds the store,
/// a filler file takes the rest of it, and a member keeps posting. Every message acknowledged
/// before the disk filled is kept, the failing post says why in words and stores nothing half,
/// the file stays consistent, and posting works again once space is freed.
final class FullDiskEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var mountPoint: URL!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "full-disk")
        mountPoint = directory.file("small-disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mount = try ProcessRun.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint.path],
                                       environment: [:], timeout: 20)
        // Mounting needs root; the test command runs as root (it installs packages with apt-get).
        if mount.status != 0 { throw XCTSkip("cannot mount a tmpfs here (\(mount.stderr.trimmingCharacters(in: .newlines))): run as root") }
    }

    override func tearDown() {
        if let mountPoint {
            _ = try? ProcessRun.run(URL(fileURLWithPath: "/bin/umount"), ["-l", mountPoint.path], environment: [:], timeout: 20)
        }
        directory = nil
    }

    func testPostsUntilTheDiskIsFullLoseNothingAndPostingResumesWhenSpaceIsFreed() throws {
        let store = mountPoint.appendingPathComponent("community.sqlite").path
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--store", store])
        let signup = try mina.run(["signup", "--email", "mina@example.com", "--password-stdin", "--nickname", "Mina",
                                   "--region", "마포구", "--accept-terms"], stdin: "mina-password\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        XCTAssertEqual(try mina.run(["post", "lobby", "before the disk filled"]).status, 0)

        let filler = mountPoint.appendingPathComponent("filler")
        fillDisk(with: filler)
        // Each line is one message of a few KiB: the store must grow, and there is no room.
        let lines = (1...400).map { "line \($0) " + String(repeating: "떡", count: 1_000) }
        let full = try mina.run(["post", "lobby"], stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(full.status, 1, "\(full)")
        XCTAssertTrue(full.stderr.contains("the disk is full; free some space and try again"), "\(full)")
        XCTAssertEqual(full.stderr.split(separator: "\n").count, 1, "one clear line:\n\(full.stderr)")

        try FileManager.default.removeItem(at: filler)
        let read = try mina.run(["read", "lobby", "--limit", "1000", "--json"])
        XCTAssertEqual(read.status, 0, "\(read)")
        let texts = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]]).compactMap { $0["text"] as? String }
        XCTAssertTrue(texts.contains("before the disk filled"))
        // What was stored is exactly the lines before the one that failed, in order, whole.
        let stored = texts.filter { $0.hasPrefix("line ") }
        XCTAssertLessThan(stored.count, lines.count, "the disk never filled")
        XCTAssertEqual(stored, Array(lines.prefix(stored.count)))
        XCTAssertEqual(try integrityCheck(store), "ok")

        XCTAssertEqual(try mina.run(["post", "lobby", "after space was freed"]).status, 0)
        XCTAssertEqual(try mina.run(["read", "lobby", "--limit", "1"]).stdout.contains("after space was freed"), true)
    }

    /// In the interactive client: the send fails with the reason, the typed text stays in the
    /// input, and Enter sends it once space is freed.
    func testTheInteractiveClientKeepsTheTypedMessageWhenTheDiskIsFull() throws {
        let store = mountPoint.appendingPathComponent("community.sqlite").path
        let mina = try TteokUser(home: directory.file("home-mina"), backendArguments: ["--store", store])
        XCTAssertEqual(try mina.run(["signup", "--email", "mina@example.com", "--password-stdin", "--nickname", "Mina",
                                     "--region", "마포구", "--accept-terms"], stdin: "mina-password\n").status, 0)
        let words = ([mina.binary.path] + mina.backendArguments + ["--channel", "lobby"]).map { "'\($0)'" }.joined(separator: " ")
        let terminal = try TmuxSession(command: "\(words); echo \"EXITED $?\"; sleep 60", width: 100, height: 30, environment: mina.environment)
        defer { terminal.close() }
        var screen: [String] = []
        func shows(_ needle: String) -> Bool {
            waitUntil(seconds: 20) { screen = (try? terminal.capture()) ?? []; return screen.contains { $0.contains(needle) } }
        }
        XCTAssertTrue(shows("Type a message"), screen.joined(separator: "\n"))

        let filler = mountPoint.appendingPathComponent("filler")
        fillDisk(with: filler)
        // Long enough that the store has to grow (16 KiB is the message limit).
        let message = "kept " + String(repeating: "떡", count: 5_000)
        var refused = false
        for _ in 0..<8 where !refused {
            // SQLite may still find room in pages it already has: a send that goes through
            // empties the input, and the next one needs more room.
            try terminal.type(message)
            // The input shows the text (not its placeholder) before Enter, so the placeholder
            // seen next means the send went through.
            XCTAssertTrue(waitUntil(seconds: 20) { !((try? terminal.capture()) ?? []).contains { $0.contains("Type a message") } })
            try terminal.keys("Enter")
            XCTAssertTrue(waitUntil(seconds: 20) {
                screen = (try? terminal.capture()) ?? []
                return screen.contains { $0.contains("disk is full") || $0.contains("Type a message") }
            }, screen.joined(separator: "\n"))
            refused = screen.contains { $0.contains("disk is full") }
        }
        XCTAssertTrue(refused, "the disk never filled:\n\(screen.joined(separator: "\n"))")

        try FileManager.default.removeItem(at: filler)
        try terminal.keys("Enter")  // dismiss the alert
        XCTAssertTrue(waitUntil(seconds: 20) { screen = (try? terminal.capture()) ?? []; return !screen.contains { $0.contains("disk is full") } },
                      screen.joined(separator: "\n"))
        try terminal.keys("Enter")  // the typed message is still in the input: send it
        XCTAssertTrue(waitUntil(seconds: 20) {
            ((try? mina.run(["read", "lobby", "--limit", "50", "--json"]).stdout) ?? "").contains(message)
        }, "the kept message was never stored:\n\(((try? terminal.capture()) ?? []).joined(separator: "\n"))")
        XCTAssertEqual(try integrityCheck(store), "ok")
    }

    /// Writes zeros into `file` until the file system refuses more.
    private func fillDisk(with file: URL) {
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = try? FileHandle(forWritingTo: file) else { return XCTFail("cannot create \(file.path)") }
        defer { try? handle.close() }
        let block = Data(count: 4_096)
        while (try? handle.write(contentsOf: block)) != nil {}
    }

    private func integrityCheck(_ store: String) throws -> String {
        let result = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c",
            "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])", store],
                                        environment: ProcessInfo.processInfo.environment, timeout: 30)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
