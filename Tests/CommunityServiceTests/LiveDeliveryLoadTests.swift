import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// Many subscribed clients on one service while a member posts steadily: every post reaches
/// every client, pushed by the service (no client reads the file). Prints the delivery latency.
final class LiveDeliveryLoadTests: XCTestCase {
    func testFiftySubscribersGetEveryPostPushed() async throws {
        let clients = 50, posts = 100
        let harness = try ServiceHarness()
        let poster = try await harness.member("poster")
        let lobby = try await poster.channel(named: "마포구").id
        let latencies = Collected<Double>()
        var listeners: [Task<Void, Never>] = []
        var subscribers: [ServiceCommunity] = []
        for index in 0..<clients {
            let reader = harness.client("reader\(index)")
            subscribers.append(reader)
            let events = reader.events()
            listeners.append(Task {
                for await event in events {
                    guard case .messagesAdded(_, let messages) = event else { continue }
                    let now = Date()
                    messages.forEach { latencies.append(now.timeIntervalSince($0.sentAt)) }
                }
            })
        }
        defer { listeners.forEach { $0.cancel() } }
        let allSubscribed = await eventually(seconds: 20) { subscribers.allSatisfy(\.receivesLiveEvents) }
        XCTAssertTrue(allSubscribed)
        for index in 0..<posts {
            _ = try await poster.send("post \(index)", to: lobby)
            try await Task.sleep(for: .milliseconds(20))
        }
        let delivered = await eventually(seconds: 20) { latencies.count >= clients * posts }
        XCTAssertTrue(delivered, "\(latencies.count) of \(clients * posts) deliveries")
        let sorted = latencies.values.sorted()
        let p50 = sorted[sorted.count / 2], p99 = sorted[sorted.count * 99 / 100]
        print(String(format: "live delivery, %d subscribers, %d posts at 50/s: p50 %.1f ms, p99 %.1f ms", clients, posts, p50 * 1000, p99 * 1000))
    }
}
