import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// A new log-in's first answers bring the rooms' last messages: history the user may have read
/// elsewhere, told as changed rooms and counts, never as new messages (which the front end rings
/// the bell for and puts on the hotlist). What is said after them is news again.
final class ColdStartHistoryTests: XCTestCase {
    func testTheFirstSyncsMessagesAreHistoryAndLaterOnesAreNewOnBothStarts() async throws {
        for start in [SyncStart.standard, .fullSync] {
            let fixture = try MatrixFixture()
            let viewer = try await SynapseUser.register(on: fixture.server)
            let other = try await SynapseUser.register(on: fixture.server)
            let room = try await other.createRoom(name: SynapseServer.randomName("history"))
            try await viewer.join(room)
            _ = try await other.send("said before the log-in", to: room)

            let service = MatrixService(homeserver: fixture.server, sessionFile: fixture.directory.file("viewer/session.json"),
                                        cacheDirectory: fixture.directory.file("viewer/cache"), syncStart: start)
            let events = EventRecorder(service)
            _ = try await service.logIn(identifier: viewer.localpart, password: viewer.password)
            _ = try await service.acceptTerms(version: CommunityTerms.currentVersion)
            await service.catchUp()
            let counted = try await eventually(seconds: 15) { try await service.unreadCount(in: ChannelID(room)) == 1 }
            XCTAssertTrue(counted, "\(start): the history's message counts as unread")
            let page = try await service.latestMessages(in: ChannelID(room), limit: 10)
            XCTAssertTrue(page.texts.contains("said before the log-in"), "\(start): the history is in the chat")

            _ = try await other.send("said after it", to: room)
            let arrived = await events.message("said after it", in: ChannelID(room), within: 15)
            XCTAssertNotNil(arrived, "\(start): a message after the first sync is new")
            let toldAsNew = events.all.contains { event in
                guard case .messagesAdded(_, let messages) = event else { return false }
                return messages.contains { $0.content == .text("said before the log-in") }
            }
            XCTAssertFalse(toldAsNew, "\(start): the first sync's message was told as new")
            _ = service.end()
            await fixture.close()
        }
    }
}
