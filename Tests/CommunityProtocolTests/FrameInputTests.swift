import ChatCore
import CommunityProtocol
import Foundation
import Glibc
import XCTest

/// Reading is buffered: frames that arrive in one write are taken with one `recv` and the reader
/// can tell another whole frame is already there (a push's frames reach the screens together);
/// a frame larger than the read chunk, cut into pieces, still arrives whole.
final class FrameInputTests: XCTestCase {
    func testFramesOfOneWriteAreAllBufferedAtOnce() throws {
        let (reader, writer) = try socketPair()
        defer { close(reader.descriptor); close(writer.descriptor) }
        let frames = try [Request.viewer, .subscribe, .channels].map { try FrameCodec.encode(ClientFrame(id: 1, request: $0)) }
        XCTAssertTrue(writer.write(frames.reduce(Data(), +)))
        XCTAssertFalse(reader.hasWholeFrame, "nothing is read before the first frame is asked for")
        XCTAssertEqual(try reader.read(ClientFrame.self)?.request, .viewer)
        XCTAssertTrue(reader.hasWholeFrame)
        XCTAssertEqual(try reader.read(ClientFrame.self)?.request, .subscribe)
        XCTAssertTrue(reader.hasWholeFrame)
        XCTAssertEqual(try reader.read(ClientFrame.self)?.request, .channels)
        XCTAssertFalse(reader.hasWholeFrame)
    }

    func testAFrameLargerThanAChunkArrivesWholeInPiecesAndAShortOneAfterIt() throws {
        let (reader, writer) = try socketPair()
        defer { close(reader.descriptor) }
        let image = ImageUpload(fileName: "big.png", mimeType: "image/png", data: Data((0..<(300 * 1024)).map { UInt8($0 % 251) }))
        let big = try FrameCodec.encode(ClientFrame(id: 7, request: .sendImage(image, to: ChannelID("1"), clientID: "x")))
        let small = try FrameCodec.encode(ClientFrame(id: 8, request: .viewer))
        let writing = Thread {
            var rest = big + small
            while !rest.isEmpty {
                _ = writer.write(rest.prefix(10_000))
                rest = rest.dropFirst(10_000)
                usleep(200)
            }
            close(writer.descriptor)
        }
        writing.start()
        let first = try XCTUnwrap(try reader.read(ClientFrame.self))
        XCTAssertEqual(first.id, 7)
        XCTAssertEqual(first.request, .sendImage(image, to: ChannelID("1"), clientID: "x"))
        XCTAssertEqual(try reader.read(ClientFrame.self)?.request, .viewer)
        XCTAssertNil(try reader.read(ClientFrame.self), "a clean end after the last frame")
    }

    func testAHeaderCutShortAtTheEndIsTruncated() throws {
        let (reader, writer) = try socketPair()
        defer { close(reader.descriptor) }
        XCTAssertTrue(writer.write(Data([0, 0])))
        close(writer.descriptor)
        XCTAssertThrowsError(try reader.readPayload()) { XCTAssertEqual($0 as? ProtocolError, .truncated) }
    }
}
