import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix
@testable import ViewModels

/// Typing notices on Matrix (issue 17), with matrix-nio as the other client on Synapse: nio's
/// `m.typing` shows in the open chat (never an ignored person's), what the chat types nio reads
/// as typing — and not at all with `typing = off`; a hostile server's flood of typists is cut
/// down to three short names and a count.
@MainActor
final class TypingTests: XCTestCase {
    func testNioTypingShowsInTheOpenChatButAnIgnoredPersonsNever() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = try await owner.createRoom(name: "typing \(SynapseServer.randomName())")
        let eve = try await SynapseUser.register(on: fixture.server)
        try await eve.join(room)
        let chat = try await fixture.openedChat(room, as: "mina")
        try await chat.service.block(UserID(eve.userID))
        let ignoring = await eventually(seconds: 20) { (try? await chat.service.blockedUsers())?.contains { $0.id.raw == eve.userID } == true }
        XCTAssertTrue(ignoring, "mina ignores eve")

        try await eve.setTyping(true, in: room)
        let nio = NioPeer(user: owner, store: fixture.directory.file("nio"))
        try nio.type(true, in: room)
        let shown = await eventually(seconds: 20) { chat.typists == Typists(names: [owner.localpart], total: 1) }
        XCTAssertTrue(shown, "the chat shows nio typing, eve left out: \(chat.typists)")

        try nio.type(false, in: room)
        let ended = await eventually(seconds: 20) { chat.typists.isEmpty }
        XCTAssertTrue(ended, "nio stopped (eve, ignored, still types): \(chat.typists)")
        await fixture.close()
    }

    func testWhatTheChatTypesNioSeesStartAndStop() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = try await owner.createRoom(name: "typed \(SynapseServer.randomName())")
        let chat = try await fixture.openedChat(room, as: "mina")
        let mina = try XCTUnwrap(chat.viewer.account?.id.raw)
        let nio = NioPeer(user: owner, store: fixture.directory.file("nio"))

        chat.inputChanged("hel")
        chat.inputChanged("hello")
        let onServer = await eventually(seconds: 20) { (try? await owner.typingUsers(in: room))?.contains(mina) == true }
        XCTAssertTrue(onServer, "the server has mina typing")
        let started = try nio.waitForTyping(of: mina, in: room)
        XCTAssertTrue(started.seen, "nio reads mina typing: \(started.typists)")
        chat.inputChanged("")  // sent or cleared
        let stopped = try nio.waitForTyping(of: mina, in: room, typing: false)
        XCTAssertTrue(stopped.seen, "nio reads mina stopped: \(stopped.typists)")
        await fixture.close()
    }

    /// `typing = off`: the chat sends no typing notice, while one with the default does.
    func testTypingOffSendsNothing() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = try await owner.createRoom(name: "quiet \(SynapseServer.randomName())")
        let quiet = RecordingTransport(), chatty = RecordingTransport()
        let quietChat = try await fixture.openedChat(room, as: "quiet", transport: quiet, sendsTyping: false)
        let chattyChat = try await fixture.openedChat(room, as: "chatty", transport: chatty)

        quietChat.inputChanged("shh")
        chattyChat.inputChanged("hi")
        quietChat.inputChanged("")
        chattyChat.inputChanged("")
        let typed = { (transport: RecordingTransport) in transport.requests.filter { $0.url?.path.contains("/typing/") == true }.count }
        let chattySent = await eventually(seconds: 20) { typed(chatty) == 2 }
        XCTAssertTrue(chattySent, "the default sends a start and a stop: \(typed(chatty))")
        XCTAssertEqual(typed(quiet), 0, "typing = off sends nothing")
        await fixture.close()
    }

    /// A server claiming ten thousand typists (one named with a megabyte of escapes, one twice,
    /// entries that are no user ids, the viewer and an ignored person among them) costs three
    /// names of at most forty characters and a count.
    nonisolated func testAHostileFloodOfTypistsIsBounded() async throws {
        let fixture = try MatrixFixture()
        let (mina, user) = try await fixture.member("mina")
        let (_, room) = try await fixture.openedRoom("flood", for: mina)
        let active = try XCTUnwrap(mina.active)
        let recorder = EventRecorder(mina)
        let flood = (0..<10_000).map { #""@u\#($0):evil""# }.joined(separator: ",")
        let huge = "\\u001b]0;pwned\\u0007" + String(repeating: "\\u202e", count: 200_000)
        let member = { (id: String, name: String) in
            #"{"event_id":"$m\#(id)","type":"m.room.member","sender":"\#(id)","state_key":"\#(id)","origin_server_ts":1,"content":{"membership":"join","displayname":"\#(name)"}}"#
        }
        let json = #"""
            {"next_batch":"hostile","account_data":{"events":[{"type":"m.ignored_user_list","content":{"ignored_users":{"@eve:evil":{}}}}]},
             "rooms":{"join":{"\#(room.raw)":{"state":{"events":[\#(member("@h0:evil", huge)),\#(member("@eve:evil", "Eve"))]},
               "ephemeral":{"events":[{"type":"m.typing","content":{"user_ids":["@eve:evil","\#(user.userID)","@h0:evil","@h0:evil",42,"not-a-user",null,\#(flood)]}}]}}}}}
            """#
        let sync = try JSONDecoder().decode(SyncResponse.self, from: Data(json.utf8))
        let outcome = try await active.cache.apply(sync, movingPosition: false)
        await mina.publish(outcome, from: active.cache)

        let told = await recorder.first(within: 20) { event in
            if case .typing(room, let typists) = event { return !typists.isEmpty }
            return false
        }
        guard case .typing(_, let typists)? = told?.event else { return XCTFail("no typing event") }
        XCTAssertEqual(typists.names.count, 3)
        XCTAssertTrue(typists.names[0].hasPrefix("\u{1B}]0;pwned"), "the name as the server gave it (the front end makes it inert)")
        XCTAssertEqual(typists.names[0].count, Typists.nameLength)
        XCTAssertEqual(Array(typists.names.dropFirst()), ["u0", "u1"], "no display name: the id's localpart")
        XCTAssertEqual(typists.others, 10_001 - 3, "h0 once and the ten thousand, mina and eve left out, three named")
        await fixture.close()
    }
}
