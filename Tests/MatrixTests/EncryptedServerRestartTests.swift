import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The homeserver is killed (SIGKILL) in the middle of 100 sends into an encrypted room and comes
/// back: every message reaches nio once, in order, and nio decrypts each — the outbox kept each
/// message's ciphertext, so a retry sent the same bytes under the same transaction id. A private
/// Synapse, so stopping it disturbs no other test.
final class EncryptedServerRestartTests: XCTestCase {
    let total = 100
    let stopAfter = 50

    func testKillingTheHomeserverDuringEncryptedSendsLosesAndDoublesNothing() async throws {
        let synapse = try PrivateSynapse()
        defer { synapse.close() }
        let directory = try TemporaryDirectory(prefix: "restart-e2e")
        let senderUser = try await SynapseUser.register(on: synapse.url)
        let peer = NioPeer(user: try await SynapseUser.register(on: synapse.url), store: directory.file("nio"))
        let room = try peer.createEncryptedRoom(name: "restart e2e \(SynapseServer.randomName())", invite: [senderUser.userID]).room
        let alice = MatrixService(homeserver: synapse.url, sessionFile: directory.file("alice/session.json"),
                                  cacheDirectory: directory.file("alice/cache"))
        defer { _ = alice.end() }
        _ = try await alice.logIn(identifier: senderUser.localpart, password: senderUser.password)
        _ = try await alice.acceptTerms(version: CommunityTerms.currentVersion)
        _ = try await alice.latestMessages(in: ChannelID(room), limit: 5)

        var stopping: Task<Void, Error>?
        for index in 1...total {
            _ = try await alice.send(Self.text(index), to: ChannelID(room))
            if index == stopAfter {
                stopping = Self.inBackground { try synapse.kill() }
            }
        }
        try await stopping?.value
        let pendingWhileDown = try await pendingCount(alice)
        try synapse.resume()
        let drained = await eventually(seconds: 180) { (try? await self.pendingCount(alice)) == 0 }
        let left = try await pendingCount(alice)
        XCTAssertTrue(drained, "the outbox still holds \(left) messages")

        let plaintext = try await peer.user.storedTexts(in: room).filter { $0.sender == senderUser.userID }
        XCTAssertEqual(plaintext.map(\.body), [], "the homeserver holds no plaintext from tteok")
        let read = try peer.read(room, live: false)
        let expected = (1...total).map(Self.text)
        print("encrypted server restart: sent \(total), \(pendingWhileDown) pending while the server was down; nio decrypted \(read.texts.count), undecryptable \(read.undecryptable), lost \(expected.filter { !read.texts.contains($0) }.count), duplicated \(read.texts.count - Set(read.texts).count)")
        XCTAssertGreaterThan(pendingWhileDown, 0, "the server was stopped before the sends ended")
        XCTAssertEqual(read.undecryptable, 0)
        XCTAssertEqual(read.texts, expected, "each once, in order, decrypted by nio")
    }

    private static func text(_ index: Int) -> String { String(format: "secret %03d", index) }

    private func pendingCount(_ service: MatrixService) async throws -> Int {
        try await service.active?.cache.pendingOutbox().count ?? -1
    }

    /// Runs the blocking kill script on its own thread, so the sends go on meanwhile.
    private static func inBackground(_ work: @escaping @Sendable () throws -> Void) -> Task<Void, Error> {
        Task {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                Thread { continuation.resume(with: Result { try work() }) }.start()
            }
        }
    }
}
