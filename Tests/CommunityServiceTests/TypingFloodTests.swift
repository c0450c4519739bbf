import ChatCore
import CommunityClient
import CommunityProtocol
import Foundation
import Glibc
import TestSupport
import XCTest

/// A hostile client's typing flood through a real service (issue 17): its starts are told to slow
/// down past a burst of ten and two a second, what everyone else is pushed stays in step with
/// the few starts taken, and it types in at most three channels at once however many it names.
final class TypingFloodTests: XCTestCase {
    func testAFloodOfStartsIsSlowedAndOthersAreToldLittle() async throws {
        let harness = try ServiceHarness(moderators: ["alice@example.com"])
        let alice = try await harness.member("alice")
        var channels = [try await alice.channel(named: "마포구").id]
        for index in 1...5 { channels.append(try await alice.createChannel(named: "flood \(index)", region: nil).id) }
        let bob = try await harness.member("bob")
        let atBob = try await LiveEvents.listen(to: bob)
        defer { atBob.stop() }

        let raw = try harness.rawConnection()
        defer { close(raw.descriptor) }
        guard case .signedIn = try raw.answer(.logIn(identifier: "alice@example.com", password: "alice-password")),
              case .done = try raw.answer(.subscribe) else { return XCTFail("alice could not sign in and subscribe") }
        let began = Date()
        var taken = 0, slowed = 0
        for index in 0..<1_000 {
            // A start, then its stop, in one channel after another.
            switch try raw.answer(.typing(channels[index / 2 % channels.count], index % 2 == 0)) {
            case .failure(.rateLimited): slowed += 1
            case .failure(let error): return XCTFail("\(error)")
            default: if index % 2 == 0 { taken += 1 }
            }
        }
        let seconds = Date().timeIntervalSince(began)
        XCTAssertGreaterThan(slowed, 0, "the flood was told to slow down")
        XCTAssertLessThanOrEqual(Double(taken), 10 + 2 * seconds + 1, "\(taken) starts taken in \(seconds) s: a burst of ten, then two a second")

        // A start the service took tells bob once, its stop once more: nothing for the slowed ones.
        let settled = await eventually(seconds: 20) { channels.allSatisfy { atBob.typists(in: $0)?.isEmpty ?? true } }
        XCTAssertTrue(settled, "every notice of the flood ended")
        let told = atBob.all.filter { if case .typing = $0 { true } else { false } }.count
        XCTAssertLessThanOrEqual(told, 2 * taken, "bob was pushed \(told) typing events for \(taken) starts taken")

        // Starting in all six (each waiting its turn): bob sees her in the last three only.
        for channel in channels {
            while case .failure(.rateLimited(let wait)) = try raw.answer(.typing(channel, true)) {
                try await Task.sleep(for: .milliseconds(max(wait, 1)))
            }
        }
        let lastThree = await eventually(seconds: 20) {
            channels.map { atBob.typists(in: $0)?.names ?? [] } == [[], [], [], ["alice"], ["alice"], ["alice"]]
        }
        XCTAssertTrue(lastThree, "alice types in the last three channels she named: \(channels.map { atBob.typists(in: $0)?.names ?? [] })")
    }
}
