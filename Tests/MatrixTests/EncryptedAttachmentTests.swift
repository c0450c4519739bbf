import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Attachments in end-to-end encrypted rooms (issue 17): what nio sends as an encrypted file
/// (`file`: AES-256-CTR key and counter, SHA-256 of the ciphertext) tteok downloads, checks and
/// decrypts; bytes that do not match their hash are refused in words; what tteok sends the media
/// repository holds only as ciphertext, and nio decrypts it to the same bytes.
final class EncryptedAttachmentTests: XCTestCase {
    func testNiosEncryptedFilesAreDecryptedAndAlteredOnesRefused() async throws {
        let fixture = try MatrixFixture()
        let setUp = try await fixture.encryptedRoomWithPeer("e2e files")
        let (tteok, peer, room) = (setUp.tteok, setUp.peer, setUp.room)
        let notes = Data("the minutes of the meeting\n".utf8)
        let picture = TestImages.png(width: 3, height: 2)
        let sent = try peer.send([
            .encryptedMedia(msgtype: "m.file", name: "minutes.txt", mimetype: "text/plain", data: notes),
            .encryptedMedia(msgtype: "m.image", name: "dog.png", mimetype: "image/png", data: picture),
            .encryptedMedia(msgtype: "m.file", name: "altered.txt", mimetype: "text/plain", data: notes, tamper: true),
        ], to: setUp.made.room)

        var messages: [Message] = []
        let shown = await eventually(seconds: 30) {
            messages = (try? await tteok.latestMessages(in: room, limit: 10).messages) ?? []
            return messages.filter { sent.contains($0.id.raw) }.count == 3
        }
        XCTAssertTrue(shown, "\(messages.map(\.content))")
        func message(_ index: Int) -> Message? { messages.first { $0.id.raw == sent[index] } }
        guard case .file(let file) = message(0)?.content, case .image(let image) = message(1)?.content,
              case .file(let altered) = message(2)?.content else {
            return XCTFail("shown as a file, an image and a file: \(messages.map(\.content))")
        }
        XCTAssertEqual(file.fileName, "minutes.txt")
        XCTAssertEqual(image.fileName, "dog.png")
        let fileBytes = try await tteok.fileData(file)
        XCTAssertEqual(fileBytes, notes, "decrypted to what nio sent")
        let imageBytes = try await tteok.imageData(image)
        XCTAssertEqual(imageBytes, picture)
        do {
            _ = try await tteok.fileData(altered)
            XCTFail("an attachment whose hash does not match was handed over")
        } catch ChatError.badResponse(let why) {
            XCTAssertEqual(why, MatrixService.alteredAttachment)
        }
        await fixture.close()
    }

    func testWhatTteokSendsIsEncryptedAtRestAndNioDecryptsIt() async throws {
        let fixture = try MatrixFixture()
        let setUp = try await fixture.encryptedRoomWithPeer("e2e sending files")
        let (tteok, peer, room) = (setUp.tteok, setUp.peer, setUp.room)
        let active = try XCTUnwrap(tteok.active)
        let secret = Data("a secret plan, 비밀 계획\n".utf8)
        let picture = TestImages.png(width: 4, height: 4)
        let file = try await tteok.sendFile(FileUpload(fileName: "plan.txt", mimeType: "text/plain", data: secret), to: room)
        let image = try await tteok.sendImage(ImageUpload(fileName: "map.png", mimeType: "image/png", data: picture, width: 4, height: 4), to: room)
        XCTAssertEqual([file.delivery, image.delivery], [.delivered, .delivered])

        // The server holds only ciphertext: the event is m.room.encrypted, the media are not the bytes.
        let fromTteok = try await active.client.messages(in: setUp.made.room, from: nil, limit: 20).chunk
            .filter { $0.sender == setUp.user.userID && $0.type != "m.room.member" }
        XCTAssertEqual(Set(fromTteok.map(\.type)), ["m.room.encrypted"])
        let raw = String(decoding: try JSONEncoder().encode(fromTteok.map(\.content.json)), as: UTF8.self)
        XCTAssertFalse(raw.contains("plan.txt") || raw.contains("map.png"), raw)
        guard case .file(let shownFile) = file.content else { return XCTFail("\(file.content)") }
        let atRest = try await active.client.download(EncryptedMedia.parse(shownFile.reference).mxc)
        XCTAssertEqual(atRest.count, secret.count)
        XCTAssertNotEqual(atRest, secret, "the media repository holds ciphertext")
        let back = try await tteok.fileData(shownFile)
        XCTAssertEqual(back, secret, "tteok reads its own attachment back")

        var seen: [NioPeer.Attachment] = []
        let decrypted = await eventually(seconds: 30) {
            seen = (try? peer.attachments(in: setUp.made.room)) ?? []
            return seen.count == 2
        }
        XCTAssertTrue(decrypted, "nio found both attachments: \(seen.map(\.body))")
        XCTAssertEqual(seen.map(\.encrypted), [true, true])
        XCTAssertEqual(seen.first { $0.body == "plan.txt" }?.data, secret)
        XCTAssertEqual(seen.first { $0.body == "plan.txt" }?.msgtype, "m.file")
        XCTAssertEqual(seen.first { $0.body == "map.png" }?.data, picture)
        await fixture.close()
    }
}
