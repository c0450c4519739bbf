import Foundation
import XCTest
@testable import Matrix

/// A sender may keep `m.relates_to` only in the clear beside the ciphertext (the spec allows it:
/// the server aggregates by it): the decrypted event still carries it, so a thread reply, an edit
/// or a reply from such a client is not shown as a plain line of the room.
final class ClearRelationTests: XCTestCase {
    func testARelationOnlyInTheClearIsKeptAndTheSendersOwnWins() {
        let clear: JSONValue = .object(["algorithm": .string("m.megolm.v1.aes-sha2"), "ciphertext": .string("…"),
                                        "m.relates_to": .object(["rel_type": .string("m.thread"), "event_id": .string("$root")])])
        let bare: JSONValue = .object(["msgtype": .string("m.text"), "body": .string("in the thread")])
        let kept = EncryptionSession.plaintext(bare, clear: clear)
        XCTAssertEqual(kept["m.relates_to"]?["event_id"]?.stringValue, "$root")
        XCTAssertEqual(kept["body"]?.stringValue, "in the thread")

        let own: JSONValue = .object(["msgtype": .string("m.text"), "body": .string("x"),
                                      "m.relates_to": .object(["m.in_reply_to": .object(["event_id": .string("$other")])])])
        XCTAssertEqual(EncryptionSession.plaintext(own, clear: clear), own, "the plaintext's own relation is never replaced")
    }
}
