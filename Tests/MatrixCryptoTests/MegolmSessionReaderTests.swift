import Foundation
import XCTest
@testable import MatrixCrypto

/// Megolm decryption without libolm (`MegolmSessionReader`): it reads what libolm's outbound
/// sessions write, its ratchet reaches every index as libolm's does, and it refuses what libolm
/// refuses, with libolm's reasons.
final class MegolmSessionReaderTests: XCTestCase {
    /// The ratchet's four parts at `index`, as libolm computes them (its export at that index).
    private func libolmRatchet(_ peer: PeerDevice, at index: UInt32) throws -> [UInt8] {
        let exported = try MegolmInboundHandle.create(sessionKey: peer.sessionKey).exportedKey(at: index)
        return Array(try XCTUnwrap(Base64.decode(exported))[5..<(5 + MegolmRatchet.length)])
    }

    func testTheRatchetReachesEveryIndexAsLibolmDoes() throws {
        let peer = try PeerDevice()
        let start = try XCTUnwrap(MegolmRatchet(parts: try libolmRatchet(peer, at: 0)[...], index: 0))
        // Each part's turn and its wrap into the part before, up to the last index libolm reaches
        // (it compares indices modulo 2^32, so 2^31 or more ahead of a key counts as behind it).
        let indices: [UInt32] = [0, 1, 2, 254, 255, 256, 257, 511, 512, 65_535, 65_536, 65_537, 70_000, 16_777_215, 16_777_216,
                                 16_777_217, 33_554_688, 1_073_741_824, 2_130_706_687, 2_147_483_646, 2_147_483_647]
        var stepping = start
        for index in indices {
            var fromStart = start
            fromStart.advance(to: index)
            stepping.advance(to: index)
            let expected = try libolmRatchet(peer, at: index)
            XCTAssertEqual(fromStart.parts, expected, "from 0 to \(index)")
            XCTAssertEqual(stepping.parts, expected, "step by step to \(index)")
            XCTAssertEqual(stepping.index, index)
        }
    }

    func testLibolmsMessagesDecryptInAnyOrderFromTheFirstKnownIndex() throws {
        let peer = try PeerDevice()
        let texts = (0..<300).map { "message \($0) 떡볶이" }
        let ciphertexts = try texts.map { try ciphertext(peer.message($0, in: "!room", eventID: "$e")) }
        var reader = try MegolmSessionReader(exportedKey: try peer.megolmExport())
        var order = Array(ciphertexts.indices)
        order.shuffle()
        for position in Array(ciphertexts.indices.reversed()) + order + Array(ciphertexts.indices) {
            let opened = try reader.decrypt(ciphertexts[position])
            XCTAssertEqual(opened.index, UInt32(position))
            XCTAssertEqual(try body(opened.plaintext), texts[position])
        }
        // A key that reaches back only to index 100 (forwarded or restored so) opens 100 on, nothing before.
        var later = try MegolmSessionReader(exportedKey: try MegolmInboundHandle.create(sessionKey: peer.sessionKey).exportedKey(at: 100))
        XCTAssertEqual(try body(later.decrypt(ciphertexts[100]).plaintext), texts[100])
        XCTAssertEqual(try body(later.decrypt(ciphertexts[299]).plaintext), texts[299])
        XCTAssertThrowsError(try later.decrypt(ciphertexts[99])) { XCTAssertEqual($0 as? MegolmFailure, .unknownMessageIndex) }
        XCTAssertThrowsError(try later.decrypt(ciphertexts[0])) { XCTAssertEqual($0 as? MegolmFailure, .unknownMessageIndex) }
    }

    /// The attack the signature stops: every member the session was shared with holds its
    /// ratchet, so can make messages whose MAC is right, but cannot sign them with its key.
    func testAMessageWithAGoodMACSignedByAnotherMemberIsRefused() throws {
        let peer = try PeerDevice(), forger = try PeerDevice(user: "@forger:localhost", deviceID: "FORGER")
        let genuine = try MegolmMessage(base64: try ciphertext(peer.message("genuine", in: "!room", eventID: "$e")))
        var ratchet = try XCTUnwrap(MegolmRatchet(parts: try libolmRatchet(peer, at: 0)[...], index: 0))
        ratchet.advance(to: genuine.index)
        let authenticated = Array(genuine.authenticated)
        let mac = Array(HMACSHA256.mac(key: ratchet.messageKeys().mac, authenticated).prefix(MegolmMessage.macLength))
        XCTAssertEqual(mac, Array(genuine.mac), "the forger's MAC is what the session's own would be")
        let forgedSignature = try XCTUnwrap(Base64.decode(try forger.account.sign(Data(authenticated + mac))))
        var reader = try MegolmSessionReader(exportedKey: try peer.megolmExport())
        XCTAssertThrowsError(try reader.decrypt(Base64.unpadded(authenticated + mac + forgedSignature))) {
            XCTAssertEqual($0 as? MegolmFailure, .badSignature)
        }
        XCTAssertEqual(try body(reader.decrypt(Base64.unpadded(genuine.bytes)).plaintext), "genuine")
    }

    /// A key whose signing key is the session's but whose ratchet is not (a doctored key file
    /// or backup entry): the signature passes, the MAC does not.
    func testAMessageUnderAnotherRatchetFailsItsMAC() throws {
        let peer = try PeerDevice()
        let message = try ciphertext(peer.message("genuine", in: "!room", eventID: "$e"))
        var exported = try XCTUnwrap(Base64.decode(try peer.megolmExport()))
        exported[5] ^= 1
        var reader = try MegolmSessionReader(exportedKey: Base64.unpadded(exported))
        XCTAssertThrowsError(try reader.decrypt(message)) { XCTAssertEqual($0 as? MegolmFailure, .badMessageMAC) }
    }

    func testMalformedMessagesAreRefusedWithLibolmsReasons() throws {
        let peer = try PeerDevice()
        let bytes = try XCTUnwrap(Base64.decode(try ciphertext(peer.message("genuine", in: "!room", eventID: "$e"))))
        var reader = try MegolmSessionReader(exportedKey: try peer.megolmExport())
        func refusal(_ text: String) -> MegolmFailure? {
            do throws(MegolmFailure) { _ = try reader.decrypt(text); return nil } catch { return error }
        }
        XCTAssertEqual(refusal("not base64 at all!"), .invalidBase64)
        XCTAssertEqual(refusal(""), .badMessageFormat)
        XCTAssertEqual(refusal(Base64.unpadded(Array(bytes.prefix(60)))), .badMessageFormat)
        XCTAssertEqual(refusal(Base64.unpadded([2] + bytes.dropFirst())), .badMessageVersion)
        // A ciphertext field longer than the message, an endless varint, a wire type Megolm never writes.
        XCTAssertEqual(refusal(Base64.unpadded([3, 0x08, 0x01, 0x12, 0xff, 0xff, 0xff, 0xff, 0x0f] + bytes.suffix(72))), .badMessageFormat)
        XCTAssertEqual(refusal(Base64.unpadded([3, 0x08] + [UInt8](repeating: 0xff, count: 12) + bytes.suffix(72))), .badMessageFormat)
        XCTAssertEqual(refusal(Base64.unpadded([3, 0x0d, 1, 2, 3, 4] + bytes.suffix(72))), .badMessageFormat)
        XCTAssertEqual(refusal(Base64.unpadded([3, 0x08, 0x80, 0x80, 0x80, 0x80, 0x20, 0x12, 0x01, 0x00] + bytes.suffix(72))),
                       .badMessageFormat, "an index beyond 32 bits")
        XCTAssertEqual(refusal(Base64.unpadded([3, 0x12, 0x01, 0x00] + bytes.suffix(72))), .badMessageFormat, "no index")
    }

    /// Any one byte changed anywhere in a message is refused (and nothing traps).
    func testEveryChangedByteIsRefused() throws {
        let peer = try PeerDevice()
        let bytes = try XCTUnwrap(Base64.decode(try ciphertext(peer.message("genuine message", in: "!room", eventID: "$e"))))
        var reader = try MegolmSessionReader(exportedKey: try peer.megolmExport())
        for position in bytes.indices {
            for change: UInt8 in [0x01, 0x80, 0xff] {
                var changed = bytes
                changed[position] ^= change
                XCTAssertThrowsError(try reader.decrypt(Base64.unpadded(changed)), "byte \(position) ^ \(change)")
            }
        }
        XCTAssertEqual(try body(reader.decrypt(Base64.unpadded(bytes)).plaintext), "genuine message")
    }

    private func ciphertext(_ event: MegolmCiphertext) throws -> String {
        try XCTUnwrap(event.content["ciphertext"]?.string)
    }

    private func body(_ plaintext: [UInt8]) throws -> String? {
        try CryptoJSON(parsing: Data(plaintext))["content"]?["body"]?.string
    }
}
