import ChatCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import XCTest
@testable import Matrix

/// The hostile corpus through Matrix: sent by one account and read back by another through the
/// real server unchanged; too-big ones refused; a lone surrogate escape in the server's JSON
/// neither crashes the decoder nor reaches the screen as anything but text.
final class HostileTextTests: XCTestCase {
    func testEveryAttackTravelsThroughTheServerUnchanged() async throws {
        let fixture = try MatrixFixture()
        defer { Task { await fixture.close() } }
        let (evil, _) = try await fixture.member("evil")
        let (reader, _) = try await fixture.member("reader")
        let (_, room) = try await fixture.openedRoom("hostile", for: evil)
        _ = try await reader.latestMessages(in: room, limit: 5)
        var sent: [String] = []
        for sample in HostileText.corpus where !sample.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            _ = try await evil.send(sample.text, to: room)
            sent.append(sample.text)
        }
        var texts: [String] = []
        let arrived = await eventually(seconds: 20) {
            texts = (try? await reader.latestMessages(in: room, limit: 200).texts) ?? []
            return texts.count >= sent.count
        }
        XCTAssertTrue(arrived, "read \(texts.count) of \(sent.count)")
        for text in sent {
            XCTAssertTrue(texts.contains(text), "changed on the way: \(text.debugDescription.prefix(80))")
        }
    }

    func testMessagesTooBigForAnEventAreRefused() async throws {
        let fixture = try MatrixFixture()
        defer { Task { await fixture.close() } }
        let (evil, _) = try await fixture.member("evil")
        let (_, room) = try await fixture.openedRoom("huge", for: evil)
        for sample in HostileText.huge {
            do {
                let message = try await evil.send(sample.text, to: room)
                XCTAssertNotEqual(message.delivery, .delivered, "\(sample.name) was delivered")
            } catch let error as ChatError {
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }

    /// JSON may spell a lone surrogate (`\ud800`), which no Swift string can hold.
    func testALoneSurrogateInServerJSONIsDecodedSafely() throws {
        let json = #"{"type":"m.room.message","sender":"@a:h","event_id":"$e","origin_server_ts":1,"content":{"msgtype":"m.text","body":"a\ud800b\u001b]0;t\u0007"}}"#
        let event: RoomEvent
        do {
            event = try JSONDecoder().decode(RoomEvent.self, from: Data(json.utf8))
        } catch {
            return  // refusing the event is as safe as repairing it
        }
        // Its content not read as a message (the body is no string Swift holds) shows nothing: as safe.
        guard let body = event.content.timeline?.message?.body else { return }
        let shown = InertText.sanitize(body)
        XCTAssertTrue(InertText.isInert(shown), shown.debugDescription)
        XCTAssertTrue(shown.hasSuffix("^[]0;t^G"), shown.debugDescription)
    }

    /// Another client may put `\ud800` in an event's JSON. Whatever the server does with it, the
    /// reader's sync must go on: the next message still arrives.
    func testALoneSurrogateSentByAnotherClientDoesNotStopTheReader() async throws {
        let fixture = try MatrixFixture()
        defer { Task { await fixture.close() } }
        let (reader, _) = try await fixture.member("reader")
        let (owner, room) = try await fixture.openedRoom("surrogate", for: reader)
        _ = try await reader.channels()
        let path = "rooms/\(room.raw)/send/m.room.message/\(UUID().uuidString)"
            .addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
        var request = URLRequest(url: URL(string: fixture.server.absoluteString + "/_matrix/client/v3/" + path)!)
        request.httpMethod = "PUT"
        request.setValue("Bearer \(owner.accessToken)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"msgtype":"m.text","body":"lone \ud800 surrogate"}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        try await owner.send("after the surrogate", to: room.raw)
        let arrived = await eventually(seconds: 20) {
            (try? await reader.latestMessages(in: room, limit: 20).messages.contains { $0.content.summary == "after the surrogate" }) == true
        }
        XCTAssertTrue(arrived, "the reader stopped reading after the server answered \(status) to a lone surrogate")
    }
}
