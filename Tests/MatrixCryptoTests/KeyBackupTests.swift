import Foundation
import XCTest
@testable import MatrixCrypto

/// The key backup's crypto: the recovery key's encoding and checks, room keys sealed for the
/// backup's public key and opened with its private key; a tampered entry, a wrong recovery key
/// and a hostile server's entry for another room are refused without losing a key held.
final class KeyBackupTests: XCTestCase {
    func testTheRecoveryKeyRoundTripsAndCatchesTypingMistakes() throws {
        let key = try BackupKey.generate()
        let words = key.recoveryKey.split(separator: " ")
        XCTAssertEqual(words.count, 12, key.recoveryKey)
        XCTAssertTrue(words.allSatisfy { $0.count == 4 }, key.recoveryKey)
        let again = try BackupKey(recoveryKey: key.recoveryKey.replacingOccurrences(of: " ", with: ""), expectedPublicKey: key.publicKey)
        XCTAssertEqual(again.publicKey, key.publicKey)
        // One character changed: the parity (or the header) no longer matches.
        var typo = Array(key.recoveryKey)
        typo[20] = typo[20] == "2" ? "3" : "2"
        XCTAssertThrowsError(try BackupKey(recoveryKey: String(typo), expectedPublicKey: key.publicKey)) { error in
            XCTAssertTrue(error is RecoveryKey.Failure, "\(error)")
        }
        XCTAssertThrowsError(try RecoveryKey.decode("0OIl")) { XCTAssertEqual($0 as? RecoveryKey.Failure, .notBase58) }
        let other = try BackupKey.generate()
        XCTAssertThrowsError(try BackupKey(recoveryKey: other.recoveryKey, expectedPublicKey: key.publicKey)) {
            XCTAssertEqual($0 as? BackupKey.Failure, .notThisBackup)
        }
    }

    func testARoomKeyOpensOnlyWithTheBackupsKeyAndATamperedOneNotAtAll() throws {
        let peer = try PeerDevice()
        let room = ExportedRoomKey(roomID: "!room", sessionID: peer.megolm.id, senderKey: peer.keys.curve25519, claimedEd25519: peer.keys.ed25519,
                                   sessionKey: try peer.megolmExport())
        let key = try BackupKey.generate()
        let data = try BackupKey.backupData(for: room, publicKey: key.publicKey)
        XCTAssertEqual(data["first_message_index"]?.integer, 0)
        XCTAssertFalse("\(data)".contains(room.sessionKey), "the session key is not in the clear")
        XCTAssertEqual(try key.open(data, room: "!room", sessionID: room.sessionID), room)
        XCTAssertThrowsError(try BackupKey.generate().open(data, room: "!room", sessionID: room.sessionID)) {
            guard case .unreadable = $0 as? BackupKey.Failure else { return XCTFail("\($0)") }
        }
        guard case .object(var fields) = data, case .object(var sealed)? = fields["session_data"], let ciphertext = sealed["ciphertext"]?.string else {
            return XCTFail("no session_data")
        }
        sealed["ciphertext"] = .string(String(ciphertext.reversed()))
        fields["session_data"] = .object(sealed)
        XCTAssertThrowsError(try key.open(.object(fields), room: "!room", sessionID: room.sessionID)) {
            guard case .unreadable = $0 as? BackupKey.Failure else { return XCTFail("\($0)") }
        }
    }

    func testAHostileServersEntryForAnotherRoomDoesNotReplaceTheSessionHeld() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("olm-backup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let machine = try OlmMachine(path: folder.appendingPathComponent("c.sqlite"), keyFile: folder.appendingPathComponent("k"),
                                     userID: "@tteok:localhost", deviceID: "TTEOK")
        let peer = try PeerDevice()
        _ = machine.receive(try peer.roomKey("!room", to: machine))
        let message = try peer.message("kept", in: "!room", eventID: "$1")
        let key = try BackupKey.generate()
        let good = try XCTUnwrap(try machine.exportRoomKeys().first)
        // Anyone may encrypt for the backup's public key: the server lists the same session under another room.
        let forged = try key.open(try BackupKey.backupData(for: good, publicKey: key.publicKey), room: "!elsewhere", sessionID: good.sessionID)
        let result = try machine.importRoomKeys([forged])
        XCTAssertEqual(result.imported, 0)
        XCTAssertEqual(result.refused.count, 1, "\(result)")
        XCTAssertEqual(try machine.decrypt(message).content["body"]?.string, "kept")
        XCTAssertEqual(try machine.roomKeysNotBackedUp(version: "1", limit: 10).map(\.sessionID), [good.sessionID])
        try machine.markBackedUp([good], version: "1")
        XCTAssertEqual(try machine.roomKeysNotBackedUp(version: "1", limit: 10), [], "uploaded once")
        XCTAssertEqual(try machine.roomKeysNotBackedUp(version: "2", limit: 10).count, 1, "a new backup version takes every key again")
    }
}
