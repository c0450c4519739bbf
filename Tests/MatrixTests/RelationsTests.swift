import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Messages have relations (issue 17): what matrix-nio writes — replies with and without the
/// fallback, edits (and an edit by someone else, which must not apply), reactions, redactions,
/// thread replies, emotes and notices — shows in tteok as nio meant it, live and after a restart.
final class RelationsTests: XCTestCase {
    /// A member of a room nio's account made, and the nio peer.
    private func roomWithPeer(_ fixture: MatrixFixture) async throws -> (MatrixService, SynapseUser, NioPeer, ChannelID) {
        let (tteok, user) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "relations \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)
        return (tteok, user, peer, room)
    }

    private func shown(_ id: String, in page: MessagePage) -> Message? {
        page.messages.first { $0.id.raw == id }
    }

    func testEveryRelationNioSendsShowsAsMeantLiveAndAfterARestart() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user, peer, room) = try await roomWithPeer(fixture)
        let recorder = EventRecorder(tteok)
        let mine = try await user.send("my own words", to: room.raw)
        let first = try peer.send([
            .text("original line one\nline two"),                                   // 0
            .reply(to: .step(0), "answer without fallback", fallback: false),        // 1
            .reply(to: .step(0), "answer with fallback", fallback: true),            // 2
            .text("typo mesage"),                                                    // 3
            .react(to: .step(0), "👍"),                                              // 4
            .react(to: .step(0), "❤"),                                               // 5
            .text("to be deleted"),                                                  // 6
            .react(to: .step(3), "🎉"),                                              // 7
            .emote("waves"),                                                         // 8
            .notice("a bot's notice"),                                               // 9
        ], to: room.raw)
        try await user.react("👍", to: first[0], in: room.raw)
        let arrived = await recorder.message("to be deleted", in: room, within: 15)
        XCTAssertNotNil(arrived, "tteok shows the message before it is deleted")

        let second = try peer.send([
            .edit(of: .event(first[3]), "typo message fixed"),                       // 0
            .redact(.event(first[6])),                                               // 1
            .redact(.event(first[7])),                                               // 2
            .thread(root: .event(first[0]), "inside the thread"),                    // 3
            .thread(root: .event(first[0]), "second in the thread"),                 // 4
            .edit(of: .event(mine), "hijacked by someone else"),                     // 5
        ], to: room.raw)
        let deletedLive = await recorder.first(within: 15) { event in
            guard case .messageUpdated(let message) = event else { return false }
            return message.id.raw == first[6] && message.isDeleted
        }
        XCTAssertNotNil(deletedLive, "the redaction is applied live to the shown message")
        let edited = await recorder.first(within: 15) { event in
            guard case .messageUpdated(let message) = event else { return false }
            return message.id.raw == first[3] && message.content == .text("typo message fixed")
        }
        XCTAssertNotNil(edited, "the edit is applied live")
        let threaded = await eventually(seconds: 15) {
            guard let page = try? await tteok.latestMessages(in: room, limit: 50) else { return false }
            return self.shown(first[0], in: page)?.thread?.replyCount == 2
        }
        XCTAssertTrue(threaded, "the thread root counts its replies")

        let page = try await tteok.latestMessages(in: room, limit: 50)
        try assertRelations(page, first: first, second: second, mine: mine, peer: peer.user)
        _ = tteok.end()

        let restarted = fixture.service("tteok")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        let again = try await restarted.latestMessages(in: room, limit: 50)
        try assertRelations(again, first: first, second: second, mine: mine, peer: peer.user)
        let cached = try await restarted.active?.cache.event(first[6])
        XCTAssertEqual(cached?.content.body, "", "the deleted text is gone from the cache")
        XCTAssertEqual(cached?.redacted, true)
        recorder.cancel()
        await fixture.close()
    }

    private func assertRelations(_ page: MessagePage, first: [String], second: [String], mine: String, peer: SynapseUser,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let ids = Set(page.messages.map(\.id.raw))
        let original = try XCTUnwrap(shown(first[0], in: page), file: file, line: line)
        XCTAssertEqual(original.content, .text("original line one\nline two"), file: file, line: line)
        XCTAssertEqual(original.reactions, [ReactionCount(key: "👍", count: 2, mine: true), ReactionCount(key: "❤", count: 1, mine: false)],
                       file: file, line: line)
        XCTAssertEqual(original.thread?.replyCount, 2, file: file, line: line)

        let quote = ReplySummary(parentID: MessageID(first[0]), parent: .message(senderNickname: peer.localpart, firstLine: "original line one"))
        XCTAssertEqual(shown(first[1], in: page)?.replyTo, quote, "a reply without the fallback quotes its original", file: file, line: line)
        XCTAssertEqual(shown(first[1], in: page)?.content, .text("answer without fallback"), file: file, line: line)
        XCTAssertEqual(shown(first[2], in: page)?.replyTo, quote, file: file, line: line)
        XCTAssertEqual(shown(first[2], in: page)?.content, .text("answer with fallback"), "the `> ` fallback is cut off", file: file, line: line)

        let fixed = shown(first[3], in: page)
        XCTAssertEqual(fixed?.content, .text("typo message fixed"), "the edit shows in place", file: file, line: line)
        XCTAssertEqual(fixed?.isEdited, true, file: file, line: line)
        XCTAssertEqual(fixed?.reactions, [], "a redacted reaction is removed", file: file, line: line)

        XCTAssertEqual(shown(first[6], in: page)?.content, .deleted(byModerator: false), file: file, line: line)
        XCTAssertEqual(shown(first[8], in: page)?.content, .emote("waves"), file: file, line: line)
        XCTAssertEqual(shown(first[9], in: page)?.content, .notice("a bot's notice"), file: file, line: line)

        let own = shown(mine, in: page)
        XCTAssertEqual(own?.content, .text("my own words"), "someone else's edit of my message does not apply", file: file, line: line)
        XCTAssertEqual(own?.isEdited, false, file: file, line: line)

        for notALine in [first[4], first[5], first[7]] + second {
            XCTAssertFalse(ids.contains(notALine), "reactions, edits, redactions and thread replies are no lines", file: file, line: line)
        }
        XCTAssertFalse(page.texts.contains { $0.contains("hijacked") || $0.hasPrefix("* typo") || $0.contains("thread") },
                       "\(page.texts)", file: file, line: line)
    }

    func testAReplyToAMessageNotCachedQuotesItFromTheServer() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let peer = NioPeer(user: owner, store: fixture.directory.file("nio"))
        let channel = ChannelID(try await owner.createRoom(name: "old \(SynapseServer.randomName())"))
        let oldest = try await owner.send("the very first message", to: channel.raw)
        try await owner.seed(60, prefix: "filler", to: channel.raw)
        let replies = try peer.send([
            .reply(to: .event(oldest), "answering the first", fallback: false),
            .reply(to: .event("$no-such-event"), "answering nothing", fallback: false),
        ], to: channel.raw)

        let (reader, _) = try await fixture.member("reader")
        let page = try await reader.latestMessages(in: channel, limit: 3)
        XCTAssertEqual(page.texts.suffix(2), ["answering the first", "answering nothing"])
        let cachedOriginal = try await reader.active?.cache.events(ids: [oldest]).first
        XCTAssertNil(cachedOriginal, "the original is not in the reader's timeline")
        XCTAssertEqual(shown(replies[0], in: page)?.replyTo,
                       ReplySummary(parentID: MessageID(oldest), parent: .message(senderNickname: owner.localpart, firstLine: "the very first message")))
        XCTAssertEqual(shown(replies[1], in: page)?.replyTo, ReplySummary(parentID: MessageID("$no-such-event"), parent: .unavailable))
        await fixture.close()
    }
}
