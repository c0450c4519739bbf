import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The homeserver itself goes away in the middle of a long run of sends and comes back: nothing
/// typed is lost, nothing is stored twice, and the order holds. The server is killed (SIGKILL),
/// the harsher stop: a request may be stored without its answer ever leaving. (Synapse under
/// load often ignores SIGTERM until the script's SIGKILL 15 s later; the kill is that, at once.) Runs on a private Synapse so
/// stopping it disturbs no other test.
final class ServerRestartTests: XCTestCase {
    let total = 1_000
    /// After this many sends a background thread kills the server while the sends go on.
    let stopAfter = 500

    func testStoppingTheHomeserverDuringAThousandSendsLosesAndDoublesNothing() async throws {
        let synapse = try PrivateSynapse()
        defer { synapse.close() }
        let directory = try TemporaryDirectory(prefix: "restart")
        let receiver = try await SynapseUser.register(on: synapse.url)
        let room = try await receiver.createRoom(name: "restart \(SynapseServer.randomName())")
        let senderUser = try await SynapseUser.register(on: synapse.url)
        let alice = MatrixService(homeserver: synapse.url, sessionFile: directory.file("alice/session.json"),
                                  cacheDirectory: directory.file("alice/cache"))
        defer { _ = alice.end() }
        _ = try await alice.logIn(identifier: senderUser.localpart, password: senderUser.password)
        _ = try await alice.acceptTerms(version: CommunityTerms.currentVersion)
        _ = try await alice.latestMessages(in: ChannelID(room), limit: 5)

        let start = Date()
        var stopping: Task<TimeInterval, Error>?
        var deliveredAtOnce = 0
        for index in 1...total {
            let message = try await alice.send(Self.text(index), to: ChannelID(room))
            if message.delivery == .delivered { deliveredAtOnce += 1 }
            if index == stopAfter {
                stopping = Self.inBackground {
                    let began = Date()
                    try synapse.kill()
                    return Date().timeIntervalSince(began)
                }
            }
        }
        let stopTook = try await stopping?.value ?? 0
        let queuedIn = Date().timeIntervalSince(start)
        let pendingWhileDown = try await pendingCount(alice)

        let events = EventRecorder(alice)  // made while the server is down: its first `online` is the return
        try synapse.resume()
        let serverBack = Date()
        let online = await events.first(within: 60) { event in
            guard case .connection(.online) = event else { return false }
            return true
        }.map { $0.at.timeIntervalSince(serverBack) } ?? .nan
        let drained = await eventually(seconds: 120) { (try? await self.pendingCount(alice)) == 0 }
        let recovery = Date().timeIntervalSince(serverBack)
        let left = try await pendingCount(alice)
        XCTAssertTrue(drained, "the outbox still holds \(left) messages")

        let received = try await receiver.storedTexts(in: room).filter { $0.sender == senderUser.userID }.map(\.body)
        let distinct = Set(received)
        let expected = (1...total).map(Self.text)
        let lost = expected.filter { !distinct.contains($0) }.count
        let duplicated = received.count - distinct.count
        print("""
            server restart: sent \(total) (\(deliveredAtOnce) acknowledged at once, \(pendingWhileDown) pending while the server was down, \
            queued in \(String(format: "%.1f", queuedIn)) s); received \(received.count), lost \(lost), duplicated \(duplicated), \
            in order: \(received == expected); the kill took \(String(format: "%.1f", stopTook)) s; after the server answered again: \
            online in \(String(format: "%.1f", online)) s, outbox empty (recovery) in \(String(format: "%.1f", recovery)) s
            """)
        XCTAssertGreaterThan(pendingWhileDown, 0, "the server was stopped before the sends ended")
        XCTAssertEqual(lost, 0)
        XCTAssertEqual(duplicated, 0)
        XCTAssertEqual(received, expected, "each once, in order")
    }

    private static func text(_ index: Int) -> String { String(format: "restart %04d", index) }

    private func pendingCount(_ service: MatrixService) async throws -> Int {
        try await service.active?.cache.pendingOutbox().count ?? -1
    }

    /// Runs blocking work (the stop script) on its own thread, so the sends go on meanwhile.
    private static func inBackground<T: Sendable>(_ work: @escaping @Sendable () throws -> T) -> Task<T, Error> {
        Task {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
                Thread { continuation.resume(with: Result { try work() }) }.start()
            }
        }
    }
}
