import Foundation
import XCTest
@testable import MatrixCrypto

/// The figure for the bench budget "decrypting 1,000 history events ≤ 200 ms" (issue 18). It
/// prints the time and checks only that every event decrypted: a timing assertion would fail on
/// a busy machine without anything being wrong.
final class DecryptionFigureTests: XCTestCase {
    func testDecryptingAThousandHistoryEvents() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("olm-figure-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let machine = try OlmMachine(path: folder.appendingPathComponent("crypto.sqlite"), keyFile: folder.appendingPathComponent("key"),
                                     userID: "@tteok:localhost", deviceID: "FIGURE")
        let peer = try PeerDevice()
        _ = machine.receive(try peer.roomKey("!room", to: machine))
        // As a /messages page carries them: JSON text, decoded, decrypted, the plaintext encoded again.
        let events = try (0..<1_000).map { index -> Data in
            let event = try peer.message("history message number \(index) 떡볶이", in: "!room", eventID: "$\(index)")
            return try JSONEncoder().encode(event.content)
        }
        let start = DispatchTime.now()
        let page = try events.enumerated().map { index, data in
            MegolmCiphertext(roomID: "!room", eventID: "$\(index)", sender: peer.user, timestamp: 1_000,
                             content: try JSONDecoder().decode(CryptoJSON.self, from: data))
        }
        var decrypted = 0
        for result in machine.decrypt(page) {
            _ = try JSONEncoder().encode(try result.get().content)
            decrypted += 1
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
        print("decrypting 1,000 history events: \(String(format: "%.1f", milliseconds)) ms (budget 200 ms)")
        XCTAssertEqual(decrypted, 1_000)
    }
}
