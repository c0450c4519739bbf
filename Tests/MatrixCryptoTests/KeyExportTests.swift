import Foundation
import XCTest
@testable import MatrixCrypto

/// Room keys through the standard Megolm key export file: a round trip to another device reads
/// the same history; a changed file, a wrong passphrase and a forged key are refused with a
/// clear error, and none of them costs a key already held.
final class KeyExportTests: XCTestCase {
    private var folder: URL!
    /// Few PBKDF2 rounds keep the tests quick; the format and the code are the same.
    private let rounds = 1_000

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("olm-export-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func machine(_ device: String) throws -> OlmMachine {
        try OlmMachine(path: folder.appendingPathComponent("\(device).sqlite"), keyFile: folder.appendingPathComponent("\(device)-key"),
                       userID: "@tteok:localhost", deviceID: device)
    }

    private func body(_ machine: OlmMachine, _ event: MegolmCiphertext) -> String? {
        try? machine.decrypt(event).content["body"]?.string
    }

    /// A machine holding `peer`'s key for "!room", and a message of it at index 0.
    private func holder(_ peer: PeerDevice) throws -> (OlmMachine, MegolmCiphertext) {
        let old = try machine("OLD")
        _ = old.receive(try peer.roomKey("!room", to: old))
        return (old, try peer.message("the first message 첫 메시지", in: "!room", eventID: "$1"))
    }

    func testAnExportReadsTheSameHistoryOnAnotherDevice() throws {
        let peer = try PeerDevice()
        let (old, first) = try holder(peer)
        let file = try KeyExportFile.seal(try old.exportRoomKeys(), passphrase: "오늘의 암호 correct horse", rounds: rounds)
        XCTAssertTrue(file.hasPrefix("-----BEGIN MEGOLM SESSION DATA-----\n") && file.hasSuffix("-----END MEGOLM SESSION DATA-----\n"), file)
        XCTAssertFalse(file.contains(peer.sessionKey), "the session key is not in the clear")

        let new = try machine("NEW")
        XCTAssertNil(body(new, first))
        let opened = try KeyExportFile.open(file, passphrase: "오늘의 암호 correct horse")
        XCTAssertEqual(opened.unreadable, 0)
        let result = try new.importRoomKeys(opened.keys)
        XCTAssertEqual(result.imported, 1, "the peer's session: \(result)")
        XCTAssertEqual(body(new, first), "the first message 첫 메시지")
        XCTAssertEqual(try new.importRoomKeys(opened.keys).alreadyHeld, result.imported, "a second import changes nothing")
    }

    func testAChangedFileOrAWrongPassphraseImportsNothing() throws {
        let peer = try PeerDevice()
        let (old, first) = try holder(peer)
        let file = try KeyExportFile.seal(try old.exportRoomKeys(), passphrase: "right", rounds: rounds)
        XCTAssertThrowsError(try KeyExportFile.open(file, passphrase: "wrong")) { XCTAssertEqual($0 as? KeyExportFile.Failure, .badMAC) }
        // One base64 character of the body changed.
        var lines = file.split(separator: "\n").map(String.init)
        var changed = Array(lines[1])
        changed[40] = changed[40] == "A" ? "B" : "A"
        lines[1] = String(changed)
        XCTAssertThrowsError(try KeyExportFile.open(lines.joined(separator: "\n"), passphrase: "right")) {
            XCTAssertEqual($0 as? KeyExportFile.Failure, .badMAC)
            XCTAssertTrue("\($0)".contains("wrong passphrase, or the file was changed"), "\($0)")
        }
        XCTAssertThrowsError(try KeyExportFile.open("hello", passphrase: "right")) { XCTAssertEqual($0 as? KeyExportFile.Failure, .notAnExport) }
        let new = try machine("NEW")
        XCTAssertNil(body(new, first), "nothing of the refused files was imported")
    }

    func testAFileAskingForEndlessRoundsIsRefusedBeforeAnyWork() throws {
        var body: [UInt8] = [1] + [UInt8](repeating: 7, count: 32) + [0xff, 0xff, 0xff, 0xff] + [UInt8](repeating: 0, count: 48)
        body[0] = 1
        let file = "-----BEGIN MEGOLM SESSION DATA-----\n\(Data(body).base64EncodedString())\n-----END MEGOLM SESSION DATA-----\n"
        XCTAssertThrowsError(try KeyExportFile.open(file, passphrase: "x")) {
            XCTAssertEqual($0 as? KeyExportFile.Failure, .tooManyRounds(Int(UInt32.max)))
        }
    }

    func testAForgedKeyNeverReplacesTheSessionHeldUnderItsID() throws {
        let peer = try PeerDevice(), forger = try PeerDevice(user: "@mallory:localhost", deviceID: "EVIL")
        let (held, first) = try holder(peer)
        let good = try XCTUnwrap(try held.exportRoomKeys().first { $0.sessionID == peer.megolm.id })
        let forged = [
            // The same session id and sender key, claimed for another room.
            ExportedRoomKey(roomID: "!elsewhere", sessionID: good.sessionID, senderKey: good.senderKey, claimedEd25519: good.claimedEd25519,
                            sessionKey: good.sessionKey),
            // Another session's key under the good session's id.
            ExportedRoomKey(roomID: "!room", sessionID: good.sessionID, senderKey: good.senderKey, claimedEd25519: good.claimedEd25519,
                            sessionKey: try forger.megolmExport()),
            // Not a key at all.
            ExportedRoomKey(roomID: "!room", sessionID: "nothing", senderKey: good.senderKey, claimedEd25519: nil, sessionKey: "bm90IGEga2V5"),
        ]
        let result = try held.importRoomKeys(forged)
        XCTAssertEqual(result.imported, 0, "\(result)")
        XCTAssertEqual(result.refused.count, 3, "\(result.refused)")
        XCTAssertEqual(body(held, first), "the first message 첫 메시지", "the good session still decrypts")
        let reopened = try machine("OLD")
        XCTAssertEqual(body(reopened, first), "the first message 첫 메시지", "and is what the store holds")
    }
}
