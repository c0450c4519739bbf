import Foundation
import TestSupport
import XCTest

/// Server-side key backup on the real binary against Synapse (issue 18): tteok uploads the room
/// keys it holds when the backup is made and as new ones arrive; a fresh login on a new HOME
/// reads only placeholders until `tteok keys restore` with the recovery key — a mistyped one is
/// refused and changes nothing — and then reads the old history as text.
final class KeyBackupEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var server: URL!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-key-backup")
        server = try SynapseServer.url()
    }

    override func tearDown() {
        directory = nil
    }

    private static let placeholder = "encrypted message — cannot be read on this device"

    func testANewLoginReadsTheOldHistoryWithTheRecoveryKey() async throws {
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let room = try peer.createEncryptedRoom(name: SynapseServer.randomName("backup"), invite: [minaID]).room
        XCTAssertEqual(try mina.run(["read", room]).status, 0, "joined; her device's keys are published")
        _ = try peer.sendEncrypted(["kept in the backup", "백업된 비밀 🔐"], to: room)
        var read = try mina.run(["read", room])
        XCTAssertTrue(read.saidLines.count == 2 && read.saidLines[1].hasSuffix(": 백업된 비밀 🔐"), "\(read)")

        let made = try mina.run(["keys", "backup"])
        XCTAssertEqual(made.status, 0, "\(made)")
        let recoveryKey = try XCTUnwrap(made.lines.first { $0.hasPrefix("    ") }?.trimmingCharacters(in: .whitespaces), made.stdout)
        XCTAssertEqual(recoveryKey.split(separator: " ").count, 12, recoveryKey)
        XCTAssertTrue(made.stdout.contains("1 room keys uploaded"), made.stdout)
        let status = try mina.run(["keys", "backup"])
        XCTAssertTrue(status.stdout.contains("1 room keys on the server, 0 waiting"), "\(status)")
        XCTAssertFalse(status.stdout.contains(recoveryKey), "the recovery key is shown once")

        // A message with a new room key after the backup exists goes up as it arrives.
        _ = try peer.sendWithKeyLater(["a new session"], to: room).share()
        read = try mina.run(["read", room])
        XCTAssertTrue(read.stdout.contains("a new session"), "\(read)")
        XCTAssertTrue(try mina.run(["keys", "backup"]).stdout.contains("2 room keys on the server, 0 waiting"))

        // Mina on a new machine: a new HOME, a new device.
        let fresh = try TteokUser(home: directory.file("home-mina-new"), backendArguments: ["--homeserver", server.absoluteString])
        XCTAssertEqual(try fresh.run(["login", "--username", minaID, "--password-stdin"], stdin: "correct horse battery\n").status, 0)
        read = try fresh.run(["read", room])
        XCTAssertEqual(read.lines.filter { $0.contains(Self.placeholder) }.count, 3, "\(read)")
        XCTAssertTrue(try fresh.run(["keys", "backup"]).stdout.contains("made on another device"))

        var typo = Array(recoveryKey)
        typo[5] = typo[5] == "2" ? "3" : "2"
        let wrong = try fresh.run(["keys", "restore"], stdin: String(typo) + "\n")
        XCTAssertEqual(wrong.status, 1, "\(wrong)")
        XCTAssertTrue(wrong.stderr.contains("Nothing was restored"), wrong.stderr)
        XCTAssertEqual(try fresh.run(["read", room]).lines.filter { $0.contains(Self.placeholder) }.count, 3, "a refused key changes nothing")

        let restored = try fresh.run(["keys", "restore"], stdin: recoveryKey + "\n")
        XCTAssertEqual(restored.status, 0, "\(restored)")
        XCTAssertTrue(restored.stdout.contains("Imported 2 room keys") && restored.stdout.contains("3 messages decrypted"), restored.stdout)
        read = try fresh.run(["read", room])
        XCTAssertEqual(read.saidLines.map { $0.components(separatedBy: ": ").last ?? "" }, ["kept in the backup", "백업된 비밀 🔐", "a new session"],
                       read.stdout)
        XCTAssertFalse(try fresh.run(["keys", "backup"]).stdout.contains("another device"), "the new device now uploads to it")
    }

    /// Cross-signing made first keeps its keys in a new secret storage and shows its recovery key;
    /// the backup made next puts its key there too (no second recovery key); a new HOME's
    /// `keys restore` with that one key signs the new device and restores the backup.
    func testOneRecoveryKeyBringsCrossSigningAndTheBackupToANewDevice() throws {
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let signed = try mina.run(["cross-signing", "--password-stdin"], stdin: "correct horse battery\n")
        XCTAssertEqual(signed.status, 0, "\(signed)")
        let recoveryKey = try XCTUnwrap(signed.lines.first { $0.hasPrefix("    ") }?.trimmingCharacters(in: .whitespaces), signed.stdout)
        XCTAssertEqual(recoveryKey.split(separator: " ").count, 12, recoveryKey)
        let made = try mina.run(["keys", "backup"])
        XCTAssertEqual(made.status, 0, "\(made)")
        XCTAssertTrue(made.stdout.contains("Its key is in your secret storage"), made.stdout)
        XCTAssertFalse(made.lines.contains { $0.hasPrefix("    ") }, "no second recovery key: \(made.stdout)")
        XCTAssertEqual(try mina.run(["keys", "restore", "--passphrase-stdin"]).status, 2, "only backup takes --passphrase-stdin")

        let fresh = try TteokUser(home: directory.file("home-mina-new"), backendArguments: ["--homeserver", server.absoluteString])
        XCTAssertEqual(try fresh.run(["login", "--username", minaID, "--password-stdin"], stdin: "correct horse battery\n").status, 0)
        let restored = try fresh.run(["keys", "restore"], stdin: recoveryKey + "\n")
        XCTAssertEqual(restored.status, 0, "\(restored)")
        XCTAssertTrue(restored.stdout.contains("This device is now signed with your cross-signing keys."), restored.stdout)
        XCTAssertTrue(restored.stdout.contains("Imported 0 room keys"), restored.stdout)
        XCTAssertFalse(restored.stderr.contains("Not recovered"), restored.stderr)
        XCTAssertFalse(restored.stderr.contains(recoveryKey) || restored.stdout.contains(recoveryKey), "the recovery key is never echoed")
    }
}
