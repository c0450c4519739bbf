import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// Messages have relations on the embedded community (issue 17): replies quote their original,
/// edits show in place, reactions are counted once per person, deletions leave a placeholder,
/// emotes are actions — with the rules inside the store, and live in another instance.
final class CommunityRelationsTests: XCTestCase {
    var community: TestCommunity!

    override func setUpWithError() throws { community = try TestCommunity() }

    private func shown(_ id: MessageID, to store: LocalCommunity, in channel: ChannelID) async throws -> Message? {
        try await store.latestMessages(in: channel, limit: 50).messages.first { $0.id == id }
    }

    func testEveryRelationShowsAsMeantAndTheRulesHold() async throws {
        let alice = try community.open(as: "alice")
        let bob = try community.open(as: "bob")
        try await alice.signUpMember("alice")
        try await bob.signUpMember("bob")
        let help = try await alice.channel(named: "help").id

        let original = try await bob.send("original\nline two", to: help)
        let reply = try await alice.reply("my answer", to: original.id, in: help)
        XCTAssertEqual(reply.replyTo, ReplySummary(parentID: original.id, parent: .message(senderNickname: "bob", firstLine: "original")))
        let emote = try await alice.sendEmote("waves", to: help)
        XCTAssertEqual(emote.content, .emote("waves"))
        let typo = try await alice.send("tpyo", to: help)
        try await alice.edit(typo.id, in: help, to: "typo")
        await assertThrows(.invalidInput("Only its sender can edit a message.")) { try await alice.edit(original.id, in: help, to: "forged") }
        for _ in 0..<2 { try await alice.react(to: original.id, in: help, with: "👍") }
        try await bob.react(to: original.id, in: help, with: "👍")
        try await bob.react(to: original.id, in: help, with: "❤")
        await assertThrows(.invalidInput("A reaction is one emoji or a short word.")) {
            try await alice.react(to: original.id, in: help, with: String(repeating: "x", count: 100))
        }

        let edited = try await shown(typo.id, to: bob, in: help)
        XCTAssertEqual(edited?.content, .text("typo"))
        XCTAssertNotNil(edited?.editedAt)
        let aliceSees = try await shown(original.id, to: alice, in: help)
        XCTAssertEqual(aliceSees?.reactions, [ReactionCount(key: "👍", count: 2, mine: true), ReactionCount(key: "❤", count: 1, mine: false)])
        let bobSees = try await shown(original.id, to: bob, in: help)
        XCTAssertEqual(bobSees?.reactions.map(\.mine), [true, true])

        // On the file held directly every account is its holder's, who moderates (CommunityAccess.directFile):
        // a member's refusal to delete another's message is MessageModerationTests', through the service.
        let (events, task) = await recordEvents(of: alice)
        defer { task.cancel() }
        try await bob.delete(original.id, in: help)
        let live = await eventually { events.values.contains { event in
            if case .messageUpdated(let message) = event { return message.id == original.id && message.isDeleted }
            return false
        } }
        XCTAssertTrue(live, "another instance's deletion reaches the live stream: \(events.values)")
        let gone = try await shown(original.id, to: alice, in: help)
        XCTAssertEqual(gone?.content, .deleted(byModerator: false))
        XCTAssertEqual(gone?.reactions, [])
        let quote = try await shown(reply.id, to: alice, in: help)
        XCTAssertEqual(quote?.replyTo?.parent, .deleted(senderNickname: "bob"))
        await assertThrows(.noSuchMessage) { try await bob.react(to: original.id, in: help, with: "👍") }
        await assertThrows(.noSuchMessage) { _ = try await alice.reply("too late", to: original.id, in: help) }
    }

    /// Regression: a reply to a file quoted it as "[image]".
    func testAReplyToAFileQuotesTheFileByKindAndName() async throws {
        let alice = try community.open(as: "alice")
        try await alice.signUpMember("alice")
        let help = try await alice.channel(named: "help").id
        let file = try await alice.sendFile(FileUpload(fileName: "notes.pdf", mimeType: "application/pdf", data: Data("%PDF".utf8)), to: help)
        let reply = try await alice.reply("see page 2", to: file.id, in: help)
        XCTAssertEqual(reply.replyTo?.parent, .message(senderNickname: "alice", firstLine: "[file] notes.pdf"))
    }

    func testBlockedPeopleAndGuests() async throws {
        let alice = try community.open(as: "alice")
        let carol = try community.open(as: "carol")
        let account = try await carol.signUpMember("carol")
        try await alice.signUpMember("alice")
        let help = try await alice.channel(named: "help").id
        let mine = try await alice.send("hello", to: help)
        let theirs = try await carol.send("spam", to: help)
        let answer = try await alice.reply("what?", to: theirs.id, in: help)
        try await carol.react(to: mine.id, in: help, with: "💩")
        try await alice.block(account.id)
        let reacted = try await shown(mine.id, to: alice, in: help)
        XCTAssertEqual(reacted?.reactions, [], "a blocked person's reactions are not counted")
        let answered = try await shown(answer.id, to: alice, in: help)
        XCTAssertEqual(answered?.replyTo?.parent, .unavailable, "nor quoted")

        let guest = try community.open(as: "guest")
        try await guest.continueAsGuest()
        await assertThrows(.denied(.guest)) { try await guest.react(to: mine.id, in: help, with: "👍") }
        await assertThrows(.denied(.guest)) { _ = try await guest.sendEmote("waves", to: help) }
    }
}
