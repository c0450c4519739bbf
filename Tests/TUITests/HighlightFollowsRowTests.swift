import ChatCore
import Foundation
import LocalStore
import TestSupport
@testable import TUI
import XCTest

/// The highlight of a list stays on the row it was put on while rows arrive or leave around it:
/// Enter opens what the person highlighted, not whatever slid under the highlight (real store,
/// real loop, recording terminal).
@MainActor
final class HighlightFollowsRowTests: XCTestCase {
    func testTheChannelListHighlightStaysOnItsChannelWhenOneIsCreatedAboveIt() async throws {
        let harness = try AppHarness()
        // The community's first member moderates it: only a moderator creates channels.
        try await harness.service.signUpMember("dave", nickname: "Dave")
        for name in ["b-two", "d-four"] { _ = try await harness.service.createChannel(named: name, region: nil) }
        await harness.session.start()
        await harness.waitFor("d-four")
        for _ in 0..<10 where !harness.text.contains("▸ d-four") { await harness.press(.down) }
        XCTAssertTrue(harness.text.contains("▸ d-four"), harness.text)

        _ = try await harness.service.createChannel(named: "c-three", region: nil)
        await harness.waitFor("c-three")
        XCTAssertTrue(harness.text.contains("▸ d-four"), "the highlight slid off its channel:\n\(harness.text)")
        await harness.press(.enter)
        await harness.waitFor("# d-four")
    }

    func testTheDirectTabHighlightStaysOnItsConversationWhenAnotherMovesToTheTop() async throws {
        let harness = try AppHarness()
        try await harness.service.signUpMember("dave", nickname: "Dave")
        let viewer = await harness.service.viewer()
        let dave = try XCTUnwrap(viewer.userID)
        var others: [String: LocalCommunity] = [:]
        for name in ["mina", "joon", "kim"] {
            let other = try harness.files.open(as: name)
            try await other.signUpMember(name, nickname: name.capitalized)
            _ = try await other.sendDirect("hello from \(name)", to: dave)
            others[name] = other
        }
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.press(.character("3"))
        await harness.waitUntil("the three conversations listed") { screen in
            ["mina", "joon", "kim"].allSatisfy { screen.contains("hello from \($0)") }
        }
        for _ in 0..<5 where !Self.highlighted("Joon", in: harness) { await harness.press(.down) }
        XCTAssertTrue(Self.highlighted("Joon", in: harness), harness.text)

        // Mina's new message takes her conversation to the top, above Joon's.
        _ = try await XCTUnwrap(others["mina"]).sendDirect("mina again", to: dave)
        await harness.waitFor("mina again")
        XCTAssertTrue(Self.highlighted("Joon", in: harness), "the highlight slid off Joon's conversation:\n\(harness.text)")
        await harness.press(.enter)
        await harness.waitFor("Type a message")
        XCTAssertTrue(harness.text.contains("hello from joon"), harness.text)
        XCTAssertFalse(harness.text.contains("mina again"), "another conversation opened:\n\(harness.text)")
    }

    private static func highlighted(_ name: String, in harness: AppHarness) -> Bool {
        harness.frame().contains { $0.contains("▸") && $0.contains(name) }
    }

    // MARK: The selection itself

    func testAnAnchoredRowIsFoundWhereverItMoved() {
        var ids = ["a", "b", "c"]
        var selection = ListSelection()
        selection.move(by: 1, count: ids.count) { AnyHashable(ids[$0]) }
        XCTAssertEqual(selection.index(count: ids.count) { AnyHashable(ids[$0]) }, 1)
        ids.insert("aa", at: 1)
        XCTAssertEqual(selection.index(count: ids.count) { AnyHashable(ids[$0]) }, 2, "still on b")
        selection.move(by: 1, count: ids.count) { AnyHashable(ids[$0]) }
        XCTAssertEqual(ids[selection.index(count: ids.count) { AnyHashable(ids[$0]) }], "c", "moves on from where b is now")
    }

    func testARemovedRowLeavesTheHighlightOnTheRowThatTookItsPlace() {
        var ids = ["a", "b", "c"]
        var selection = ListSelection()
        selection.select(1, count: ids.count) { AnyHashable(ids[$0]) }
        ids.remove(at: 1)
        XCTAssertEqual(selection.index(count: ids.count) { AnyHashable(ids[$0]) }, 1)
        ids = []
        XCTAssertEqual(selection.index(count: ids.count) { AnyHashable(ids[$0]) }, 0)
    }
}
