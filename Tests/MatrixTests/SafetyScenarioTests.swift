import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The report-and-block scenario shared with the embedded community (`SafetyScenario`), on a real
/// Synapse: the report is read back from the server's own database, the block is the viewer's
/// `m.ignored_user_list`.
final class SafetyScenarioTests: XCTestCase {
    func testReportAndBlockAsOnEveryBackend() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let (bob, _) = try await fixture.member("bob")
        let (carol, _) = try await fixture.member("carol")
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = try await owner.createRoom(name: "safety \(SynapseServer.randomName())")
        do {
            try await SafetyScenario(viewer: alice, blocked: bob, other: carol, channel: ChannelID(room)) {
                try SynapseServer.eventReports(in: room).map { SafetyScenario.StoredReport(message: $0.eventID, reason: $0.reason) }
            }.run()
        } catch {
            await fixture.close()
            throw error
        }
        await fixture.close()
    }
}
