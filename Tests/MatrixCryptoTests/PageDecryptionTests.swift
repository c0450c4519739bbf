import Foundation
import XCTest
@testable import MatrixCrypto

/// A history page decrypted at once (ordered by message index, split over the cores) gives each
/// event what decrypting it alone gives, in the page's order, with the same refusals.
final class PageDecryptionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("olm-page-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func machine(_ name: String) throws -> OlmMachine {
        try OlmMachine(path: folder.appendingPathComponent("\(name).sqlite"), keyFile: folder.appendingPathComponent("\(name)-key"),
                       userID: "@tteok:localhost", deviceID: name)
    }

    func testTheMessageIndexIsReadFromTheClearHeader() throws {
        let peer = try PeerDevice()
        for index in 0..<300 {
            let message = try peer.message("number \(index)", in: "!room", eventID: "$\(index)")
            XCTAssertEqual(message.content["ciphertext"]?.string.flatMap(MegolmMessageIndex.of), UInt32(index))
        }
        XCTAssertNil(MegolmMessageIndex.of("not base64 at all!"))
        XCTAssertNil(MegolmMessageIndex.of("AQ"))
    }

    func testANewestFirstPageDecryptsAsEachEventAloneInThePagesOrder() throws {
        let peers = [try PeerDevice(), try PeerDevice(user: "@other:localhost", deviceID: "OTHER")]
        let paged = try machine("PAGED")
        for peer in peers { _ = paged.receive(try peer.roomKey("!room", to: paged)) }
        // Two senders interleaved, newest first, with enough events for every core to take a run.
        var page: [MegolmCiphertext] = []
        for index in 0..<400 {
            page.append(try peers[index % 2].message("message \(index) 떡", in: "!room", eventID: "$\(index)"))
        }
        page.reverse()
        // A replay inside the page: another event id at an index already used.
        page.insert(MegolmCiphertext(roomID: "!room", eventID: "$replay", sender: peers[0].user, timestamp: 9, content: page[10].content), at: 0)
        page.append(try PeerDevice().message("no key for this one", in: "!room", eventID: "$unknown"))

        let results = paged.decrypt(page)
        XCTAssertEqual(results.count, page.count)
        // Each event alone afterwards (the same event again is no replay) gives what the page gave it.
        for (event, result) in zip(page.dropFirst().dropLast(), results.dropFirst().dropLast()) {
            XCTAssertEqual(try result.get().content["body"]?.string, try paged.decrypt(event).content["body"]?.string, event.eventID)
        }
        guard case .failure(let replay) = results.first, case .refused = replay.reason else { return XCTFail("the replay decrypted: \(results[0])") }
        guard case .failure(let unknown) = results.last, unknown.reason == .unknownSession else { return XCTFail("no key, yet: \(results.last!)") }
        XCTAssertEqual(try results[1].get().content["body"]?.string, "message 399 떡", "answered in the page's order")
    }

    /// A sender's plaintext that is not JSON, nested past the parser's limit or not an event is
    /// refused in words; the page's other events still decrypt.
    func testHostilePlaintextsAreRefusedAndThePageGoesOn() throws {
        let peer = try PeerDevice()
        let reader = try machine("READER")
        _ = reader.receive(try peer.roomKey("!room", to: reader))
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let plaintexts = [#"{"type":"m.room.message","room_id":"!room","content":"#, deep, "\u{0}not json", #"{"type":1,"room_id":"!room"}"#,
                          #"{"type":"m.room.message","room_id":"!room","content":{},"content":{"body":"the other"}}"#]
        var page: [MegolmCiphertext] = []
        for (index, text) in plaintexts.enumerated() {
            page.append(MegolmCiphertext(roomID: "!room", eventID: "$hostile\(index)", sender: peer.user, timestamp: 1_000, content: .object([
                "algorithm": .string(OlmMachine.megolmAlgorithm), "sender_key": .string(peer.keys.curve25519),
                "session_id": .string(peer.megolm.id), "ciphertext": .string(try peer.megolm.encrypt(Data(text.utf8))),
            ])))
        }
        page.append(try peer.message("still fine", in: "!room", eventID: "$fine"))
        let results = reader.decrypt(page)
        for result in results.dropLast() {
            guard case .failure(let failure) = result, case .failed(let why) = failure.reason else { return XCTFail("decrypted: \(result)") }
            XCTAssertEqual(why, "the plaintext is not an event")
        }
        XCTAssertEqual(try results.last?.get().content["body"]?.string, "still fine")
    }
}
