import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Formatting beyond plain posts (issue 17): an edit's formatted `m.new_content`, a formatted
/// emote and a file with a caption (spec v1.10 `filename`) from nio show as meant; what tteok
/// sends as a reply, emote, edit or direct message carries the Markdown as `formatted_body`.
final class FormattingRelationsTests: XCTestCase {
    func testNiosFormattedEditEmoteAndCaptionShowAsMeant() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "formatting \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)
        let sent = try peer.send([
            .text("plain first"),                                                                           // 0
            .edit(of: .step(0), "now bold", html: "now <strong>bold</strong>"),                             // 1
            .emote("waves happily", html: "waves <em>happily</em>"),                                        // 2
            .captioned(msgtype: "m.file", name: "minutes.txt", caption: "the minutes, read before Monday",
                       mimetype: "text/plain", data: Data("minutes".utf8)),                                  // 3
        ], to: room.raw)
        var messages: [Message] = []
        let shown = await eventually(seconds: 20) {
            messages = (try? await tteok.latestMessages(in: room, limit: 20).messages) ?? []
            return messages.first { $0.id.raw == sent[0] }?.isEdited == true && messages.contains { $0.id.raw == sent[3] }
        }
        XCTAssertTrue(shown, "\(messages.map(\.content))")
        let edited = messages.first { $0.id.raw == sent[0] }
        XCTAssertEqual(edited?.content, .text("now bold"))
        XCTAssertEqual(edited?.formatted, FormattedText(runs: [.init("now "), .init("bold", .bold)]))
        let emote = messages.first { $0.id.raw == sent[2] }
        XCTAssertEqual(emote?.content, .emote("waves happily"))
        XCTAssertEqual(emote?.formatted, FormattedText(runs: [.init("waves "), .init("happily", .italic)]))
        guard case .file(let file) = messages.first(where: { $0.id.raw == sent[3] })?.content else { return XCTFail("\(messages)") }
        XCTAssertEqual(file.fileName, "minutes.txt", "the name is the filename, not the caption")
        XCTAssertEqual(file.caption, "the minutes, read before Monday")
        await fixture.close()
    }

    func testWhatTteokSendsCarriesItsMarkdownAsHTML() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "markdown \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)
        let theirs = try peer.send([.text("a question")], to: room.raw)[0]
        _ = try await tteok.reply("a **bold** answer", to: MessageID(theirs), in: room)
        _ = try await tteok.sendEmote("waves *slowly*", to: room)
        let mine = try await tteok.send("plain", to: room)
        try await tteok.edit(mine.id, in: room, to: "now `code`")

        let events = try peer.events(in: room.raw)
        func content(_ event: [String: Any]) -> [String: Any] { event["content"] as? [String: Any] ?? [:] }
        let reply = events.map(content).first { ($0["body"] as? String)?.contains("bold") == true }
        XCTAssertEqual(reply?["formatted_body"] as? String, "a <strong>bold</strong> answer")
        let emote = events.map(content).first { $0["msgtype"] as? String == "m.emote" }
        XCTAssertEqual(emote?["formatted_body"] as? String, "waves <em>slowly</em>")
        let edit = events.map(content).first { $0["m.new_content"] != nil }
        let new = edit?["m.new_content"] as? [String: Any]
        XCTAssertEqual(new?["formatted_body"] as? String, "now <code>code</code>")
        XCTAssertEqual(new?["format"] as? String, "org.matrix.custom.html")

        let shown = try await tteok.latestMessages(in: room, limit: 10).messages.first { $0.id == mine.id }
        XCTAssertEqual(shown?.formatted, FormattedText(runs: [.init("now "), .init("code", .code)]), "tteok shows its own edit formatted")
        await fixture.close()
    }
}
