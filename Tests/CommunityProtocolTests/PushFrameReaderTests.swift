import ChatCore
@testable import CommunityProtocol
import FoundationEssentials
import XCTest

/// The pushed frames a live message brings are read by hand (`PushFrameReader`); every frame it
/// reads must come out exactly as `JSONDecoder` reads it, and anything it does not fully
/// understand — hostile or merely unusual — goes to `JSONDecoder`, which still refuses what is
/// malformed.
final class PushFrameReaderTests: XCTestCase {
    let channel = ChannelID("c-lobby")
    let sentAt = Date(timeIntervalSinceReferenceDate: 786_592_345.123_456_7)

    func message(_ text: String, id: String = "m1", content: ((String) -> MessageContent)? = nil, omitted: Int = 0) -> Message {
        Message(id: MessageID(id), channelID: channel, senderID: UserID("u-7"), senderNickname: "포스터 \"quoted\" \\ /",
                sentAt: sentAt, content: (content ?? MessageContent.text)(text), omittedBytes: omitted)
    }

    func payload(_ event: ChatEvent) throws -> Data {
        Data(try FrameCodec.encode(ServerFrame(.event(event))).dropFirst(FrameCodec.headerSize))
    }

    func decoded(_ payload: Data) -> ChatEvent? {
        guard let frame = try? JSONDecoder().decode(ServerFrame.self, from: payload), case .event(let event) = frame.body else { return nil }
        return event
    }

    func testTheFlatFramesAreReadAsJSONDecoderReadsThem() throws {
        let texts = ["cpu 12 떡볶이 먹으러 갈 사람?", "", "quote \" backslash \\ slash / tab \t newline \n cr \r",
                     "controls \u{0}\u{1}\u{8}\u{C}\u{1B}\u{7F}", "emoji 😀👨‍👩‍👧🇰🇷 e\u{301}", "\u{10FFFF}\u{FFFD}\u{2028}\u{202E}",
                     String(repeating: "가", count: 2_000)]
        var events: [ChatEvent] = [.messagesAdded(channel, []), .unreadCounts([:]), .unreadCounts([channel: 3, ChannelID("c-2"): 0])]
        for (index, text) in texts.enumerated() {
            events.append(.messagesAdded(channel, [message(text, id: "m\(index)")]))
        }
        events.append(.messagesAdded(channel, [message("a", id: "e", content: MessageContent.emote), message("b", id: "n", content: MessageContent.notice),
                                               message("c", id: "o", omitted: 123_456)]))
        for event in events {
            let bytes = try payload(event)
            XCTAssertEqual(PushFrameReader.event(in: bytes), event, String(decoding: bytes, as: UTF8.self))
            XCTAssertEqual(decoded(bytes), event)
            XCTAssertEqual(try FrameCodec.decode(ServerFrame.self, from: bytes).body, .event(event))
        }
    }

    /// A message with more than the flat fields travels whole: the frame is left to JSONDecoder.
    func testAMessageInItsWholeFormIsLeftToJSONDecoder() throws {
        let full = Message(id: MessageID("r"), channelID: channel, senderID: UserID("u"), senderNickname: "n", sentAt: sentAt,
                           content: .text("x"), delivery: .pending)
        for event in [ChatEvent.messagesAdded(channel, [full]), .typing(channel, .nobody)] {
            let bytes = try payload(event)
            XCTAssertNil(PushFrameReader.event(in: bytes))
            XCTAssertEqual(try FrameCodec.decode(ServerFrame.self, from: bytes).body, .event(event))
        }
    }

    /// Hostile and unusual frames: whatever the reader makes of one is what JSONDecoder makes of
    /// it, and a malformed one is refused as before.
    func testUnusualAndHostileFramesAreReadNoDifferently() throws {
        let v = WireVersion.current
        let valid = [
            "[\(v),\"u\",\"c\",2]", " [ \(v) , \"u\" , \"c\" , 2 ] ", "[\(v),\"u\",\"c\",-1]", "[\(v),\"u\",\"c\",1,\"c\",2]",
            "[\(v),\"m\",\"c\",1,0,\"i\",\"s\",\"n\",1.5e3,0,\"t\",0]", "[\(v),\"m\",\"c\",1,0,\"i\",\"s\",\"n\",-0.0,0,\"\\ud83d\\ude00\\u00e9\\/\",0]",
            "[\(v),\"u\",\"c\",1.0]", "[\(v),\"u\",\"c\",1e2]", "[\(v),\"u\",\"c\",0]",
            "[\(v),\"u\",\"c\",2,]",  // JSONDecoder takes a trailing comma; the reader leaves it to it
        ]
        let malformed = [
            "[\(v),\"m\",\"c\",1]", "[\(v),\"m\",\"c\",99999999999999999999]",
            "[\(v),\"u\",\"c\"]", "[\(v),\"u\",\"c\",2]x", "[\(v),\"u\",\"c\",01]", "[\(v),\"u\",\"\\udc00\",2]",
            "[\(v),\"u\",\"\\ud83d\",2]", "[\(v),\"u\",\"\\ud83d \\ude00\",2]", "[\(v),\"u\",\"a\u{1}b\",2]", "[\(v),\"u\",\"\\x\",2]",
            "[\(v),\"m\",\"c\",1,0,\"i\",\"s\",\"n\",1 .5,0,\"t\",0]", "[\(v),\"m\",\"c\",1,0,\"i\",\"s\",\"n\",1.,0,\"t\",0]",
            "[\(v),\"m\",\"c\",1,0,\"i\",\"s\",\"n\",1,7,\"t\",0]", "[\(v - 1),\"u\",\"c\",2]", "[\(v),\"z\",\"c\",2]", "[\(v),\"u\",\"c\",2",
            "", "[", "[\(v)", "[\(v),", "{}", "[\(v),\"u\",\"c\",\"2\"]",
        ]
        for text in valid + malformed {
            let bytes = Data(text.utf8)
            if let read = PushFrameReader.event(in: bytes) { XCTAssertEqual(read, decoded(bytes), text) }
        }
        for text in malformed {
            XCTAssertNil(PushFrameReader.event(in: Data(text.utf8)), text)
            XCTAssertThrowsError(try FrameCodec.decode(ServerFrame.self, from: Data(text.utf8)), text)
        }
        // A time too large for a Double: left to JSONDecoder, whatever it makes of it.
        XCTAssertNil(PushFrameReader.event(in: Data("[\(v),\"m\",\"c\",1,0,\"i\",\"s\",\"n\",1e400,0,\"t\",0]".utf8)))
        // Bytes that are not UTF-8 inside a string.
        var invalid = Data("[\(v),\"u\",\"".utf8)
        invalid.append(contentsOf: [0xFF, 0xC3])
        invalid.append(contentsOf: Data("\",2]".utf8))
        XCTAssertNil(PushFrameReader.event(in: invalid))
        XCTAssertThrowsError(try FrameCodec.decode(ServerFrame.self, from: invalid))
        // A count a hostile sender made huge costs only the bytes there are.
        XCTAssertNil(PushFrameReader.event(in: Data("[\(v),\"m\",\"c\",999999999999999999,0,\"i\",\"s\",\"n\",1,0,\"t\",0]".utf8)))
    }
}
