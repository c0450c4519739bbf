import ChatCore
@testable import CommunityProtocol
import Foundation
import XCTest

/// A pushed event travels in its compact form (wire version 9): a new message's fields and the
/// counts as flat arrays, anything more whole. Every event comes back equal, a plain message's
/// push carries no field names, and a hostile service's pushes are refused with a clear error.
final class PushedEventTests: XCTestCase {
    private let lobby = ChannelID("3")

    func testEveryEventComesBackEqual() throws {
        var reply = message("10", .text("a reply"))
        reply.replyTo = ReplySummary(parentID: MessageID("9"), parent: .message(senderNickname: "Bob", firstLine: "hi"))
        var threaded = message("11", .text("in a thread"))
        threaded.thread = .reply(root: MessageID("9"))
        var reacted = message("12", .notice("reacted to"))
        reacted.reactions = [ReactionCount(key: "👍", count: 2, mine: true)]
        var pending = message("13", .emote("waves"))
        pending.delivery = .pending
        var long = message("14", .text(String(repeating: "떡", count: 100)))
        long.omittedBytes = 40_000
        let picture = message("15", .image(ImageInfo(fileName: "a.png", mimeType: "image/png", byteCount: 9, reference: "r")))
        let plain = [message("9", .text("hi 🌶️ \"quoted\"\n")), message("16", .emote("* dances")), message("17", .notice("")), long]
        let events: [ChatEvent] = [
            .messagesAdded(lobby, plain + [reply, threaded, reacted, pending, picture]),
            .messagesAdded(lobby, []),
            .unreadCounts([lobby: 3, ChannelID("x y"): 0, ChannelID("7"): 1_000_000]),
            .unreadCounts([:]),
            .typing(lobby, Typists(names: ["민아"], total: 2)),
            .channelsChanged,
            .connection(.offline("gone")),
        ]
        for event in events {
            let frame = ServerFrame(.event(event))
            XCTAssertEqual(try FrameCodec.decode(ServerFrame.self, from: payload(of: FrameCodec.encode(frame))), frame)
        }
    }

    func testANewMessagesPushCarriesOnlyItsFields() throws {
        let frame = ServerFrame(.event(.messagesAdded(lobby, [message("9", .text("hi"))])))
        let text = String(decoding: payload(of: try FrameCodec.encode(frame)), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("[\(WireVersion.current),\"m\",\"3\",1,0,\"9\""), text)
        XCTAssertFalse(text.contains("senderNickname"), text)
        let counts = String(decoding: payload(of: try FrameCodec.encode(ServerFrame(.event(.unreadCounts([lobby: 4]))))), as: UTF8.self)
        XCTAssertEqual(counts, "[\(WireVersion.current),\"u\",\"3\",4]")
    }

    func testAHostileServicesPushesAreRefusedWithAClearError() {
        let version = WireVersion.current
        let message = #"{"id":{"raw":"9"},"channelID":{"raw":"4"},"senderID":{"raw":"2"},"senderNickname":"B","sentAt":0,"content":{"text":{"_0":"x"}},"delivery":{"delivered":{}},"omittedBytes":0,"reactions":[]}"#
        let hostile = [
            "[\(version),\"launch\"]",
            "[\(version),\"m\",\"3\",1,0,\"9\",\"2\",\"B\",0,7,\"x\",0]",
            "[\(version),\"m\",\"3\",1,5]",
            "[\(version),\"m\",\"3\",\(Int.max),0,\"9\",\"2\",\"B\",0,0,\"x\",0]",
            "[\(version),\"m\",\"3\",1,0,\"9\",\"2\",\"B\",\"yesterday\",0,\"x\",0]",
            "[\(version),\"m\",\"3\",1,1,\(message)]",
            "[\(version),\"u\",\"3\"]",
            "[\(version),\"u\",\"3\",\"many\"]",
            "[\(version)]",
            "[]",
        ]
        for text in hostile {
            XCTAssertThrowsError(try FrameCodec.decode(ServerFrame.self, from: Data(text.utf8)), text) { error in
                guard case .malformed(let why) = error as? ProtocolError else { return XCTFail("\(text): \(error)") }
                XCTAssertFalse(why.isEmpty)
            }
        }
    }

    func testAPushOfAnotherVersionIsNamed() {
        XCTAssertThrowsError(try FrameCodec.decode(ServerFrame.self, from: Data(#"[99,"z",1]"#.utf8))) { error in
            XCTAssertEqual(error as? ProtocolError, .unknownVersion(99))
        }
    }

    private func message(_ id: String, _ content: MessageContent) -> Message {
        Message(id: MessageID(id), channelID: lobby, senderID: UserID("2"), senderNickname: "Bob",
                sentAt: Date(timeIntervalSince1970: 1_700_000_000.123456), content: content)
    }

    private func payload(of frame: Data) -> Data { frame.dropFirst(FrameCodec.headerSize) }
}
