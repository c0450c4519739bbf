import Foundation
import TestSupport
import XCTest

/// The recovery key prompt in the real interactive client, in tmux, against Synapse (issue 18):
/// a fresh login of an account whose keys are in secret storage (made by tteok's own earlier
/// device with `tteok keys backup`) is asked for the recovery key at once; what is typed shows
/// as `•` only; a mistyped key is refused in words and may be typed again; the right one
/// restores the backup, and the old history then reads as text. No file the client writes holds
/// what was typed.
final class RecoveryPromptTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tmux-recovery")
    }

    override func tearDown() {
        session?.close()
        session = nil
        directory = nil
    }

    func testANewLoginIsAskedForTheRecoveryKeyRefusesAWrongOneAndRestoresWithTheRightOne() async throws {
        let server = try SynapseServer.url()
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let room = try peer.createEncryptedRoom(name: SynapseServer.randomName("recovery"), invite: [minaID]).room
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "joined; her device's keys are published")
        _ = try peer.sendEncrypted(["before the new machine", "복구된 비밀 🔐"], to: room)
        XCTAssertTrue(try mina.run(["read", room]).stdout.contains("복구된 비밀 🔐"))
        let made = try mina.run(["keys", "backup"])
        XCTAssertEqual(made.status, 0, "\(made)")
        let recoveryKey = try XCTUnwrap(made.lines.first { $0.hasPrefix("    ") }?.trimmingCharacters(in: .whitespaces), made.stdout)

        // Mina on a new machine: the prompt is up as soon as the client starts.
        let fresh = try TteokUser(home: directory.file("home-mina-new"), backendArguments: ["--homeserver", server.absoluteString])
        XCTAssertEqual(try fresh.run(["login", "--username", minaID, "--password-stdin"], stdin: "correct horse battery\n").status, 0)
        let client = try fresh.terminal([], stderr: directory.file("stderr"))
        session = client
        shown(client, "the recovery prompt", has("Unlock your keys"))
        shown(client, "the recovery prompt's field", has("Recovery key or passphrase"))

        var typo = Array(recoveryKey)
        typo[5] = typo[5] == "2" ? "3" : "2"
        try client.type(String(typo))
        let typing = shown(client, "the typed key as dots", has(String(repeating: "•", count: typo.count)))
        XCTAssertFalse(typing.joined().contains(String(typo.prefix(9))), "the key is never drawn:\n\(typing.joined(separator: "\n"))")
        try client.keys("Enter")
        let refused = shown(client, "the wrong key refused", has("Nothing was restored"))
        XCTAssertTrue(refused.contains { $0.contains("Unlock your keys") }, "still asking:\n\(refused.joined(separator: "\n"))")
        XCTAssertFalse(refused.contains { $0.contains("•") }, "the field was emptied:\n\(refused.joined(separator: "\n"))")

        try client.type(recoveryKey)
        try client.keys("Enter")
        let restored = shown(client, "the backup restored", has("Restored 1 room keys from the backup"))
        XCTAssertFalse(restored.joined().contains(String(recoveryKey.prefix(9))), "the key is never drawn")
        try client.keys("Enter")
        shown(client, "the prompt closed", seconds: 10) { !$0.contains { $0.contains("Unlock your keys") } }
        try client.keys("C-c")
        shown(client, "the client quit", seconds: 20, has("EXITED 0"))

        let read = try fresh.run(["read", room])
        XCTAssertEqual(read.saidLines.map { $0.components(separatedBy: ": ").last ?? "" }, ["before the new machine", "복구된 비밀 🔐"], read.stdout)
        // Neither key, as typed or without its spaces, in any file the client wrote (logs, stores) or on stderr.
        let typed = [recoveryKey, String(typo)].flatMap { [String($0.prefix(14)), String($0.replacingOccurrences(of: " ", with: "").prefix(12))] }
        let written = try FileManager.default.subpathsOfDirectory(atPath: directory.file("home-mina-new").path)
            .map { directory.file("home-mina-new").appendingPathComponent($0) } + [directory.file("stderr")]
        for file in written {
            guard let bytes = try? Data(contentsOf: file) else { continue }
            for secret in typed { XCTAssertNil(bytes.range(of: Data(secret.utf8)), "\(file.path) holds what was typed") }
        }
    }
}
