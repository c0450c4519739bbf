import ChatCore
import Foundation
import ImagePreview
import TestSupport
import TUI
import XCTest
@testable import Matrix

/// Images sent by other Matrix clients (here: the raw client-server API, as Element would send
/// them) show in tteok: the event maps to an image with its info, the bytes come down through
/// the authenticated media API, and they decode and preview.
final class ForeignImageTests: XCTestCase {
    func testAnImageFromAnotherClientShowsWithItsInfoAndPreview() async throws {
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let other = try await SynapseUser.register(on: fixture.server)
        let room = try await other.createRoom(name: "photos \(SynapseServer.randomName())")
        _ = try await alice.latestMessages(in: ChannelID(room), limit: 5)

        let png = TestImages.png(width: 24, height: 12)
        let uri = try await other.upload(png, fileName: "from-element.png", contentType: "image/png")
        try await other.sendMessage(["msgtype": "m.image", "body": "from-element.png", "url": uri,
                                     "info": ["mimetype": "image/png", "size": png.count, "w": 24, "h": 12]], to: room)

        let info = try await image(named: "from-element.png", in: room, of: alice)
        XCTAssertEqual(info.mimeType, "image/png")
        XCTAssertEqual(info.byteCount, png.count)
        XCTAssertEqual(info.width, 24)
        XCTAssertEqual(info.height, 12)
        let bytes = try await alice.imageData(info)
        XCTAssertEqual(bytes, png)
        let preview = try ChafaImageRenderer().preview(of: bytes, fitting: Size(width: 24, height: 10))
        XCTAssertEqual(preview.size, Size(width: 24, height: 6))
        await fixture.close()
    }

    func testAnImageWithoutInfoStillShows() async throws {
        // Some clients send no `info`: the preview sniffs the bytes, so it still shows.
        let fixture = try MatrixFixture()
        let (alice, _) = try await fixture.member("alice")
        let other = try await SynapseUser.register(on: fixture.server)
        let room = try await other.createRoom(name: "bare \(SynapseServer.randomName())")
        _ = try await alice.latestMessages(in: ChannelID(room), limit: 5)

        let jpeg = TestImages.jpeg(width: 16, height: 16)
        let uri = try await other.upload(jpeg, fileName: "bare.jpg", contentType: "image/jpeg")
        try await other.sendMessage(["msgtype": "m.image", "body": "bare.jpg", "url": uri], to: room)

        let info = try await image(named: "bare.jpg", in: room, of: alice)
        let preview = try ChafaImageRenderer().preview(of: try await alice.imageData(info), fitting: Size(width: 10, height: 10))
        XCTAssertEqual(preview.size, Size(width: 10, height: 5))
        await fixture.close()
    }

    func testAGuestSeesAnImagesPreviewButCannotSendOne() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = try await owner.createRoom(name: "open photos \(SynapseServer.randomName())", worldReadable: true, guestsCanJoin: true)
        let png = TestImages.png(width: 20, height: 20)
        let uri = try await owner.upload(png, fileName: "for-guests.png", contentType: "image/png")
        try await owner.sendMessage(["msgtype": "m.image", "body": "for-guests.png", "url": uri,
                                     "info": ["mimetype": "image/png", "size": png.count, "w": 20, "h": 20]], to: room)

        let guest = fixture.service("guest")
        try await guest.continueAsGuest()
        let info = try await image(named: "for-guests.png", in: room, of: guest)
        let bytes = try await guest.imageData(info)
        XCTAssertEqual(bytes, png, "guests download media too")
        let upload = ImageUpload(fileName: "mine.png", mimeType: "image/png", data: png, width: 20, height: 20)
        do {
            _ = try await guest.sendImage(upload, to: ChannelID(room))
            XCTFail("a guest sent an image")
        } catch let error as ChatError {
            XCTAssertEqual(error, .denied(.guest))
        }
        await fixture.close()
    }

    /// Waits (with a deadline) for the image message named `name` to reach `service`.
    private func image(named name: String, in room: String, of service: MatrixService) async throws -> ImageInfo {
        var found: ImageInfo?
        let arrived = try await eventually(seconds: 20) {
            let page = try await service.latestMessages(in: ChannelID(room), limit: 10)
            for message in page.messages {
                if case .image(let info) = message.content, info.fileName == name { found = info }
            }
            return found != nil
        }
        XCTAssertTrue(arrived, "\(name) never arrived")
        return try XCTUnwrap(found)
    }
}
