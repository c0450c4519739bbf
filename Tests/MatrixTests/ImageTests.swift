import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Images go up through the media API and come back byte for byte through the authenticated download.
final class ImageTests: XCTestCase {
    func testImageSentByOneAccountIsReadByAnother() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let (bob, bobUser) = try await fixture.member("bob")
        let room = ChannelID(try await bobUser.createRoom(name: "pictures \(SynapseServer.randomName())"))
        _ = try await alice.latestMessages(in: room, limit: 5)
        let bytes = Data((0..<3000).map { UInt8($0 % 251) })
        let sent = try await alice.sendImage(ImageUpload(fileName: "떡.png", mimeType: "image/png", data: bytes, width: 4, height: 3), to: room)
        guard case .image(let info) = sent.content else { return XCTFail("sent \(sent.content)") }
        XCTAssertTrue(info.reference.hasPrefix("mxc://"))

        let page = try await bob.latestMessages(in: room, limit: 5)
        guard case .image(let received)? = page.messages.last?.content else { return XCTFail("bob read \(page.texts)") }
        XCTAssertEqual(received.fileName, "떡.png")
        XCTAssertEqual(received.byteCount, 3000)
        XCTAssertEqual(received.width, 4)
        let downloaded = try await bob.imageData(received)
        XCTAssertEqual(downloaded, bytes)
        await fixture.close()
    }
}
