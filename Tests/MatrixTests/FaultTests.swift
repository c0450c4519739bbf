import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// tteok behind a fault-injecting proxy: through every fault it keeps working, and when the
/// proxy heals, what was sent arrives exactly once and what others sent arrives too.
final class FaultTests: XCTestCase {
    func testEveryFaultIsSurvivedAndHealed() async throws {
        let fixture = try MatrixFixture()
        let proxy = try FaultProxy(upstream: fixture.server)
        defer { proxy.stop() }
        let user = try await SynapseUser.register(on: fixture.server)
        let alice = MatrixService(homeserver: proxy.url, sessionFile: fixture.directory.file("alice/session.json"),
                                  cacheDirectory: fixture.directory.file("alice/cache"))
        defer { _ = alice.end() }
        _ = try await alice.logIn(identifier: user.localpart, password: user.password)
        _ = try await alice.acceptTerms(version: CommunityTerms.currentVersion)
        let (owner, room) = try await fixture.openedRoom("faults", for: alice)

        let faults: [FaultProxy.Fault] = [.drop, .status(500), .status(502), .rateLimit(milliseconds: 50), .cutHalf, .corruptJSON,
                                          .stall, .delay(0.5)]
        for fault in faults {
            let name = "\(fault)"
            proxy.set(fault)
            let asked = proxy.requests.count
            let sending = Task { try await alice.send("alice during \(name)", to: room) }
            let reached = await eventually(seconds: 10) { proxy.requests.count > asked }
            XCTAssertTrue(reached, "\(name): the send reached the proxy")
            try await owner.send("owner during \(name)", to: room.raw)
            let cached = try await alice.latestMessages(in: room, limit: 5)
            XCTAssertFalse(cached.messages.isEmpty, "\(name): the cache still answers")
            proxy.heal()
            let healedAt = Date()
            let sent = try await sending.value
            let healed = await eventually(seconds: 45) {
                guard let page = try? await alice.latestMessages(in: room, limit: 30) else { return false }
                return page.messages.contains { $0.isNamed(sent.id) && $0.delivery == .delivered }
                    && page.texts.contains("owner during \(name)")
            }
            XCTAssertTrue(healed, "\(name): after healing, alice's message is delivered and the owner's has arrived")
            print(String(format: "fault %@: recovered %.0f ms after the proxy healed", name, Date().timeIntervalSince(healedAt) * 1000))
        }
        let reader = fixture.service("reader")
        _ = try await reader.logIn(identifier: owner.localpart, password: owner.password)
        let received = try await reader.latestMessages(in: room, limit: 100).texts.filter { $0.hasPrefix("alice during") }
        XCTAssertEqual(received, faults.map { "alice during \($0)" }, "every message once, in order")
        await fixture.close()
    }
}
