import ChatCore
import Foundation
import LocalStore
import Storage
import TestSupport
import XCTest

/// The report-and-block scenario shared with Matrix (`SafetyScenario`), on the embedded community.
final class SafetyScenarioTests: XCTestCase {
    func testReportAndBlockAsOnEveryBackend() async throws {
        let community = try TestCommunity()
        let (alice, bob, carol) = (try community.open(as: "alice"), try community.open(as: "bob"), try community.open(as: "carol"))
        for (service, name) in [(alice, "alice"), (bob, "bob"), (carol, "carol")] { try await service.signUpMember(name) }
        let help = try await alice.channel(named: "help").id
        let store = community.storeURL.path
        try await SafetyScenario(viewer: alice, blocked: bob, other: carol, channel: help) {
            let rows = try Database(path: store).readSync { try $0.query("SELECT message_id, reason FROM reports ORDER BY id") }
            return rows.map { SafetyScenario.StoredReport(message: String($0[0].int ?? -1), reason: $0[1].string ?? "") }
        }.run()
    }
}
