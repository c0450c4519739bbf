import Foundation
import TestSupport
import XCTest

/// `tteok keys export` / `tteok keys import` on the real binary, with matrix-nio's own
/// `export_keys`/`import_keys` as the other implementation of the format: nio's file turns
/// tteok's placeholders into text, and tteok's file lets a new nio device read the history.
/// A wrong passphrase, a changed file and an existing target file are refused in words.
final class RoomKeyExportEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var server: URL!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-room-keys")
        server = try SynapseServer.url()
    }

    override func tearDown() {
        directory = nil
    }

    private static let placeholder = "encrypted message — cannot be read on this device"

    func testNiosExportUnlocksPlaceholdersAndTteoksExportLetsANewNioDeviceReadTheHistory() async throws {
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        // Logged out, her device is gone: what nio writes now is shared with no device of hers.
        XCTAssertEqual(try mina.run(["logout"]).status, 0)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let room = try peer.createEncryptedRoom(name: SynapseServer.randomName("keys"), invite: [minaID],
                                                texts: ["before her device", "김밥 먹자 🍙"]).room
        XCTAssertEqual(try mina.run(["login", "--username", minaID, "--password-stdin"], stdin: "correct horse battery\n").status, 0)
        var read = try mina.run(["read", room])
        XCTAssertEqual(read.lines.filter { $0.contains(Self.placeholder) }.count, 2, "\(read)")

        // ASCII: nio encodes the passphrase as Latin-1 (a Korean one fails inside nio itself).
        let nioFile = directory.file("nio-keys.txt")
        try peer.exportKeys(to: nioFile, passphrase: "nio passphrase 42")
        let wrong = try mina.run(["keys", "import", nioFile.path], stdin: "not the passphrase\n")
        XCTAssertEqual(wrong.status, 1, "\(wrong)")
        XCTAssertTrue(wrong.stderr.contains("wrong passphrase, or the file was changed"), wrong.stderr)
        let text = try String(contentsOf: nioFile, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        var body = Array(lines[1])
        body[60] = body[60] == "A" ? "B" : "A"
        lines[1] = String(body)
        let changed = directory.file("changed.txt")
        try lines.joined(separator: "\n").write(to: changed, atomically: true, encoding: .utf8)
        let tampered = try mina.run(["keys", "import", changed.path], stdin: "nio passphrase 42\n")
        XCTAssertEqual(tampered.status, 1, "\(tampered)")
        XCTAssertTrue(tampered.stderr.contains("Nothing was imported: wrong passphrase, or the file was changed"), tampered.stderr)
        read = try mina.run(["read", room])
        XCTAssertEqual(read.lines.filter { $0.contains(Self.placeholder) }.count, 2, "refused files changed nothing: \(read)")

        let imported = try mina.run(["keys", "import", nioFile.path], stdin: "nio passphrase 42\n")
        XCTAssertEqual(imported.status, 0, "\(imported)")
        XCTAssertTrue(imported.stdout.contains("2 messages decrypted"), imported.stdout)
        read = try mina.run(["read", room])
        XCTAssertEqual(read.saidLines.count, 2, "\(read)")
        XCTAssertTrue(read.saidLines[0].hasSuffix(": before her device") && read.saidLines[1].hasSuffix(": 김밥 먹자 🍙"), read.stdout)

        let minaFile = directory.file("mina-keys.txt")
        let export = try mina.run(["keys", "export", minaFile.path], stdin: "mina's passphrase\n")
        XCTAssertEqual(export.status, 0, "\(export)")
        XCTAssertFalse(export.stdout.contains("mina's passphrase") || export.stderr.contains("mina's passphrase"))
        let mode = try FileManager.default.attributesOfItem(atPath: minaFile.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertTrue(try String(contentsOf: minaFile, encoding: .utf8).hasPrefix("-----BEGIN MEGOLM SESSION DATA-----"))
        let again = try mina.run(["keys", "export", minaFile.path], stdin: "mina's passphrase\n")
        XCTAssertEqual(again.status, 1, "\(again)")
        XCTAssertTrue(again.stderr.contains("exists"), again.stderr)

        // A new device of nio's user has no key for what its first device wrote, until it imports Mina's file.
        let newDevice = NioPeer(user: peer.user, store: directory.file("nio-new"), deviceID: "NIONEW")
        let before = try newDevice.read(room, live: false)
        XCTAssertEqual(before.undecryptable, 2, "\(before)")
        let after = try newDevice.readHistory(room, importing: minaFile, passphrase: "mina's passphrase")
        XCTAssertEqual(after.undecryptable, 0, "\(after)")
        XCTAssertEqual(after.texts, ["before her device", "김밥 먹자 🍙"])
    }

    func testKeysNeedAMatrixSessionAndAPassphrase() throws {
        let (mina, _) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let empty = try mina.run(["keys", "export", directory.file("k.txt").path], stdin: "\n")
        XCTAssertEqual(empty.status, 1, "\(empty)")
        XCTAssertTrue(empty.stderr.contains("passphrase"), empty.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("k.txt").path))
        let usage = try mina.run(["keys", "copy", "x"])
        XCTAssertEqual(usage.status, 2, "\(usage)")
    }
}
