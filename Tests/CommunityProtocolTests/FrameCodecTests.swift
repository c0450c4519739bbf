import ChatCore
@testable import CommunityProtocol
import Foundation
import Glibc
import XCTest

/// Frames round-trip, and hostile bytes get a clear error without allocating what they announce.
final class FrameCodecTests: XCTestCase {
    func testRequestAndEventRoundTrip() throws {
        let request = ClientFrame(id: 7, request: .send("떡볶이 🌶️", to: ChannelID("3"), clientID: "c-1"))
        let decoded = try FrameCodec.decode(ClientFrame.self, from: payload(of: FrameCodec.encode(request)))
        XCTAssertEqual(decoded, request)
        let message = Message(id: MessageID("9"), channelID: ChannelID("3"), senderID: UserID("2"), senderNickname: "Bob",
                              sentAt: Date(timeIntervalSince1970: 1_700_000_000), content: .text("hi"))
        let event = ServerFrame(.event(.messagesAdded(ChannelID("3"), [message])))
        XCTAssertEqual(try FrameCodec.decode(ServerFrame.self, from: payload(of: FrameCodec.encode(event))), event)
        let failure = ServerFrame(.response(id: 7, .failure(.denied(.notYourRegion("강남구")))))
        XCTAssertEqual(try FrameCodec.decode(ServerFrame.self, from: payload(of: FrameCodec.encode(failure))), failure)
    }

    func testAFourGigabyteLengthIsRefusedBeforeReading() {
        XCTAssertThrowsError(try FrameCodec.payloadLength(header: Data([0xFF, 0xFF, 0xFF, 0xFF]))) { error in
            XCTAssertEqual(error as? ProtocolError, .tooLarge(Int(UInt32.max)))
            XCTAssertTrue((error as? ProtocolError)?.message.contains("over the limit") ?? false)
        }
        XCTAssertNoThrow(try FrameCodec.payloadLength(header: Data([0x00, 0xFF, 0xFF, 0xFF])))
    }

    func testGarbageAndWrongShapesAreMalformed() {
        for garbage in ["not json", "{}", "[1,2]", #"{"v":\#(WireVersion.current),"id":1,"request":{"launchMissiles":{}}}"#, #"{"v":\#(WireVersion.current),"id":-1}"#] {
            XCTAssertThrowsError(try FrameCodec.decode(ClientFrame.self, from: Data(garbage.utf8)), garbage) { error in
                guard case .malformed = error as? ProtocolError else { return XCTFail("\(garbage): \(error)") }
            }
        }
    }

    func testAnotherVersionIsNamed() {
        XCTAssertThrowsError(try FrameCodec.decode(ClientFrame.self, from: Data(#"{"v":99,"id":1,"request":{"viewer":{}}}"#.utf8))) { error in
            XCTAssertEqual(error as? ProtocolError, .unknownVersion(99))
            XCTAssertTrue((error as? ProtocolError)?.message.contains("wire version 99") ?? false)
        }
    }

    func testAnOversizedFrameIsNotEncoded() {
        let image = ImageUpload(fileName: "big.png", mimeType: "image/png", data: Data(count: FrameCodec.maximumPayload))
        XCTAssertThrowsError(try FrameCodec.encode(ClientFrame(id: 1, request: .sendImage(image, to: ChannelID("1"), clientID: "x"))))
        // The largest image a member may send still fits.
        let allowed = ImageUpload(fileName: "ok.png", mimeType: "image/png", data: Data(count: ImageUpload.maximumByteCount))
        XCTAssertNoThrow(try FrameCodec.encode(ClientFrame(id: 1, request: .sendImage(allowed, to: ChannelID("1"), clientID: "x"))))
    }

    func testStreamReadsWholeFramesAndRefusesTruncatedOnes() throws {
        let (reader, writer) = try socketPair()
        defer { close(reader.descriptor) }
        let frame = try FrameCodec.encode(ClientFrame(id: 1, request: .viewer))
        XCTAssertTrue(writer.write(frame))
        XCTAssertTrue(writer.write(frame.prefix(6)))
        close(writer.descriptor)
        XCTAssertEqual(try reader.read(ClientFrame.self)?.request, .viewer)
        XCTAssertThrowsError(try reader.read(ClientFrame.self)) { XCTAssertEqual($0 as? ProtocolError, .truncated) }
    }

    func testStreamRefusesAHugeLengthWithoutWaitingForItsBytes() throws {
        let (reader, writer) = try socketPair()
        defer { close(reader.descriptor); close(writer.descriptor) }
        XCTAssertTrue(writer.write(Data([0xFF, 0xFF, 0xFF, 0xF0])))
        XCTAssertThrowsError(try reader.readPayload()) { XCTAssertEqual($0 as? ProtocolError, .tooLarge(0xFFFF_FFF0)) }
    }

    func testACleanEndBetweenFramesIsNil() throws {
        let (reader, writer) = try socketPair()
        defer { close(reader.descriptor) }
        close(writer.descriptor)
        XCTAssertNil(try reader.readPayload())
    }

    private func payload(of frame: Data) -> Data { frame.dropFirst(FrameCodec.headerSize) }
}
