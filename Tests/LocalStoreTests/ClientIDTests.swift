import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// A post resent with the same client id (an outbox after a lost answer) is stored once.
final class ClientIDTests: XCTestCase {
    func testAPostResentWithItsClientIDIsStoredOnce() async throws {
        let community = try TestCommunity()
        let alice = try community.open(as: "alice")
        try await alice.signUpMember("alice")
        let lobby = try await alice.channel(named: "마포구").id
        let first = try await alice.send("once", to: lobby, clientID: "c-1")
        let again = try await alice.send("once", to: lobby, clientID: "c-1")
        XCTAssertEqual(first.id, again.id)
        _ = try await alice.send("twice is fine without an id", to: lobby, clientID: nil)
        let texts = try await alice.latestMessages(in: lobby, limit: 10).messages.map(\.content)
        XCTAssertEqual(texts.filter { $0 == .text("once") }.count, 1)
        // Another sender's id space is separate.
        let bob = try community.open(as: "bob")
        try await bob.signUpMember("bob")
        let bobs = try await bob.send("once", to: lobby, clientID: "c-1")
        XCTAssertNotEqual(bobs.id, first.id)
    }
}
