import ChatCore
import Foundation
import LocalStore
import Storage
import TestSupport
import XCTest

/// The hostile corpus stored and read back through the embedded community: every attack comes
/// back byte for byte (the store keeps data; only the terminal side makes it inert), the ones
/// over the size limit are refused and store nothing, and bytes that are not UTF-8 in the text
/// column come back as U+FFFD instead of crashing a reader.
final class HostileStorageTests: XCTestCase {
    func testEveryAttackIsStoredAndReadBackUnchanged() async throws {
        let community = try TestCommunity()
        let evil = try community.open(as: "evil")
        let reader = try community.open(as: "reader")
        try await evil.signUpMember("evil", nickname: HostileText.names[0])
        try await reader.signUpMember("reader")
        let lobby = try await evil.channel(named: "lobby")
        var sent: [MessageID: String] = [:]
        for sample in HostileText.corpus + HostileText.samples.map({ HostileText.Sample(name: $0, text: $0) }) {
            guard !sample.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            let message = try await evil.send(sample.text, to: lobby.id)
            sent[message.id] = sample.text
        }
        let page = try await reader.latestMessages(in: lobby.id, limit: 1000)
        let read = Dictionary(uniqueKeysWithValues: page.messages.map { ($0.id, $0) })
        for (id, text) in sent {
            let message = try XCTUnwrap(read[id], "message \(id) missing")
            XCTAssertEqual(message.content, .text(text), "changed in storage: \(text.debugDescription.prefix(80))")
            XCTAssertEqual(Array(message.content.summary.utf8), Array(text.utf8))
            XCTAssertEqual(message.senderNickname, HostileText.names[0], "an SQL-looking nickname is only data")
        }
        let tables = try await reader.channels().count
        XCTAssertGreaterThan(tables, 0, "no table was dropped")
    }

    func testMessagesOverTheLimitAreRefusedAndStoreNothing() async throws {
        let community = try TestCommunity()
        let evil = try community.open(as: "evil")
        try await evil.signUpMember("evil")
        let lobby = try await evil.channel(named: "lobby")
        let before = try await evil.latestMessages(in: lobby.id, limit: 1000).messages.count
        for sample in HostileText.huge {
            do {
                _ = try await evil.send(sample.text, to: lobby.id)
                XCTFail("\(sample.name) was accepted")
            } catch ChatError.tooLarge(let limit) {
                XCTAssertEqual(limit, LocalCommunity.textLimit)
            }
        }
        let after = try await evil.latestMessages(in: lobby.id, limit: 1000).messages.count
        XCTAssertEqual(after, before)
    }

    /// SQLite stores whatever bytes it is given in a TEXT column; another program may write them.
    func testBytesThatAreNotUTF8ComeBackRepaired() async throws {
        let community = try TestCommunity()
        let evil = try community.open(as: "evil")
        try await evil.signUpMember("evil")
        let lobby = try await evil.channel(named: "lobby")
        let message = try await evil.send("placeholder", to: lobby.id)
        let database = try Database(path: community.storeURL.path, migrations: [])
        for bytes in HostileText.invalidUTF8 {
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            try await database.write { connection in
                _ = try connection.run("UPDATE messages SET body = CAST(x'\(hex)' AS TEXT) WHERE id = ?", [.integer(Int64(message.id.raw) ?? 0)])
            }
            let read = try await evil.latestMessages(in: lobby.id, limit: 5).messages.first { $0.id == message.id }
            let text = try XCTUnwrap(read?.content.summary)
            XCTAssertEqual(text, String(decoding: bytes, as: UTF8.self), "bytes \(hex)")
            XCTAssertTrue(text.unicodeScalars.contains("\u{FFFD}"), "bytes \(hex) repaired as U+FFFD: \(text.debugDescription)")
        }
    }
}
