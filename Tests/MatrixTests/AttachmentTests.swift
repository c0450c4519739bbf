import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Attachments as other clients send them (issue 17): matrix-nio uploads and sends `m.file`,
/// `m.video`, `m.audio`, an `m.sticker` and an `m.location`; tteok shows each with what it is,
/// its bytes come down unchanged, and what tteok sends nio reads as the same kind of message.
final class AttachmentTests: XCTestCase {
    private let pdf = Data("%PDF-1.4 not really a pdf, but bytes all the same\n".utf8)
    private let clip = Data((0..<3000).map { UInt8($0 % 251) })

    func testEveryAttachmentNioSendsShowsWithNameSizeAndType() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "files \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)
        let png = TestImages.png(width: 8, height: 8)
        let sent = try peer.send([
            .media(msgtype: "m.file", name: "report.pdf", mimetype: "application/pdf", data: pdf),
            .media(msgtype: "m.video", name: "clip.mp4", mimetype: "video/mp4", data: clip),
            .media(msgtype: "m.audio", name: "voice.ogg", mimetype: "audio/ogg", data: clip.prefix(1000)),
            .sticker(name: "happy tteok", mimetype: "image/png", data: png),
            .location("Seoul Station", geoURI: "geo:37.5547,126.9707;u=35"),
        ], to: room.raw)

        var page = MessagePage(messages: [], next: .done)
        let arrived = await eventually(seconds: 15) {
            page = (try? await tteok.latestMessages(in: room, limit: 20)) ?? page
            return sent.allSatisfy { id in page.messages.contains { $0.id.raw == id } }
        }
        XCTAssertTrue(arrived, "all five arrive: \(page.messages.map(\.content.summary))")
        let contents = sent.map { id in page.messages.first { $0.id.raw == id }?.content }
        guard case .file(let file)? = contents[0], case .file(let video)? = contents[1], case .file(let audio)? = contents[2],
              case .sticker(let sticker)? = contents[3], case .location(let place)? = contents[4] else {
            return XCTFail("shown as \(contents)")
        }
        XCTAssertEqual([file.kind, video.kind, audio.kind], [.file, .video, .audio])
        XCTAssertEqual(file.fileName, "report.pdf")
        XCTAssertEqual(file.mimeType, "application/pdf")
        XCTAssertEqual(file.byteCount, pdf.count)
        XCTAssertEqual(video.byteCount, clip.count)
        XCTAssertEqual(contents.map { $0?.kind }, [.file, .video, .audio, .sticker, .location])
        let downloaded = try await tteok.fileData(video)
        XCTAssertEqual(downloaded, clip, "the bytes come down as nio uploaded them")
        let stickerBytes = try await tteok.imageData(sticker)
        XCTAssertEqual(stickerBytes, png)
        XCTAssertEqual(sticker.fileName, "happy tteok")
        XCTAssertEqual(place.description, "Seoul Station")
        XCTAssertEqual(place.geoURI, "geo:37.5547,126.9707")
        XCTAssertEqual(place.coordinates, "37.5547, 126.9707")

        // After a restart the cache gives the same (the place's geo: URI is kept in the cache).
        _ = tteok.end()
        let restarted = fixture.service("tteok")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        let again = try await restarted.latestMessages(in: room, limit: 20)
        XCTAssertEqual(sent.map { id in again.messages.first { $0.id.raw == id }?.content }, contents)
        await fixture.close()
    }

    func testAFileTteokSendsIsAnMFileNioReadsWithItsBytes() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "uploads \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)

        let message = try await tteok.sendFile(FileUpload(fileName: "/home/me/notes/회의록.pdf", mimeType: "application/pdf", data: pdf), to: room)
        let video = try await tteok.sendFile(FileUpload(fileName: "clip.mp4", mimeType: "video/mp4", data: clip), to: room)
        guard case .file(let info) = message.content, case .file(let videoInfo) = video.content else {
            return XCTFail("sent \(message.content), \(video.content)")
        }
        XCTAssertEqual(info.fileName, "회의록.pdf", "only the last path component leaves the machine")
        XCTAssertEqual(videoInfo.kind, .video)

        let events = try peer.events(in: room.raw)
        let contents = events.filter { $0["type"] as? String == "m.room.message" }.compactMap { $0["content"] as? [String: Any] }
        let file = contents.first { $0["msgtype"] as? String == "m.file" }
        XCTAssertEqual(file?["body"] as? String, "회의록.pdf")
        XCTAssertEqual((file?["info"] as? [String: Any])?["mimetype"] as? String, "application/pdf")
        XCTAssertEqual((file?["info"] as? [String: Any])?["size"] as? Int, pdf.count)
        XCTAssertTrue((file?["url"] as? String)?.hasPrefix("mxc://") == true)
        XCTAssertTrue(contents.contains { $0["msgtype"] as? String == "m.video" && $0["body"] as? String == "clip.mp4" })
        let downloaded = try await tteok.fileData(info)
        XCTAssertEqual(downloaded, pdf)
        await fixture.close()
    }

    /// Once refused (attachments were not encrypted); now the bytes go encrypted, so the media
    /// repository never holds them in the clear (EncryptedAttachmentTests checks nio reads them).
    func testAFileIntoAnEncryptedRoomNeverReachesTheMediaRepositoryInTheClear() async throws {
        let fixture = try MatrixFixture()
        let (tteok, user) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try peer.createEncryptedRoom(name: "secret files", invite: [user.userID]).room)
        _ = try await tteok.latestMessages(in: room, limit: 5)
        let sent = try await tteok.sendFile(FileUpload(fileName: "secret.pdf", mimeType: "application/pdf", data: pdf), to: room)
        guard case .file(let info) = sent.content else { return XCTFail("\(sent.content)") }
        let active = try XCTUnwrap(tteok.active)
        let atRest = try await active.client.download(EncryptedMedia.parse(info.reference).mxc)
        XCTAssertNotEqual(atRest, pdf, "the media repository holds ciphertext")
        let stored = try await peer.user.storedTexts(in: room.raw).filter { $0.sender == user.userID }
        XCTAssertEqual(stored.map(\.body), [], "no plaintext event names the file")
        await fixture.close()
    }

    func testMediaComeThroughTheLegacyEndpointsWhenTheServerHasNoAuthenticatedOnes() async throws {
        let fixture = try MatrixFixture()
        let owner = try await SynapseUser.register(on: fixture.server)
        let room = try await owner.createRoom(name: "old server \(SynapseServer.randomName())")
        let uri = try await owner.upload(clip, fileName: "old.mp4", contentType: "video/mp4")
        try await owner.sendMessage(["msgtype": "m.video", "body": "old.mp4", "url": uri, "info": ["mimetype": "video/mp4", "size": clip.count]], to: room)

        let proxy = try FaultProxy(upstream: fixture.server)
        defer { proxy.stop() }
        proxy.set(.legacyMediaOnly)
        let user = try await SynapseUser.register(on: fixture.server)
        let tteok = MatrixService(homeserver: proxy.url, sessionFile: fixture.directory.file("old/session.json"),
                                  cacheDirectory: fixture.directory.file("old/cache"))
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        _ = try await tteok.acceptTerms(version: CommunityTerms.currentVersion)
        let page = try await tteok.latestMessages(in: ChannelID(room), limit: 10)
        guard case .file(let video)? = page.messages.said.last?.content else { return XCTFail("read \(page.messages.map(\.content))") }
        let bytes = try await tteok.fileData(video)
        XCTAssertEqual(bytes, clip)
        let media = proxy.requests.filter { $0.contains("/download/") }
        XCTAssertEqual(media.count, 2, "the authenticated endpoint first, then the legacy one: \(media)")
        XCTAssertTrue(media.first?.hasPrefix("/_matrix/client/v1/media/download/") == true)
        XCTAssertTrue(media.last?.hasPrefix("/_matrix/media/v3/download/") == true)
        _ = tteok.end()
    }
}

/// `formatted_body` from matrix-nio (issue 17): tteok keeps it in the cache and maps it to
/// styled runs from the allow-list; the plain body stays the message's text.
final class FormattedBodyTests: XCTestCase {
    func testNiosHTMLIsReadAsFormattedRunsLiveAndAfterARestart() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "html \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)
        let ids = try peer.send([
            .text("bold and link", html: "<strong>bold</strong> and <a href=\"https://tteok.example\">link</a><script>alert(1)</script>"),
            .text("no html"),
        ], to: room.raw)
        var page = MessagePage(messages: [], next: .done)
        let arrived = await eventually(seconds: 15) {
            page = (try? await tteok.latestMessages(in: room, limit: 10)) ?? page
            return ids.allSatisfy { id in page.messages.contains { $0.id.raw == id } }
        }
        XCTAssertTrue(arrived)
        let formatted = page.messages.first { $0.id.raw == ids[0] }
        XCTAssertEqual(formatted?.content, .text("bold and link"))
        XCTAssertEqual(formatted?.formatted?.runs.first, FormattedText.Run("bold", .bold))
        XCTAssertTrue(formatted?.formatted?.runs.contains { $0.link == "https://tteok.example" } == true)
        XCTAssertFalse(formatted?.formatted?.plain.contains("alert") == true)
        XCTAssertNil(page.messages.first { $0.id.raw == ids[1] }?.formatted)

        _ = tteok.end()
        let restarted = fixture.service("tteok")
        guard case .member = await restarted.restoreSession() else { return XCTFail("session not restored") }
        let again = try await restarted.latestMessages(in: room, limit: 10)
        XCTAssertEqual(again.messages.first { $0.id.raw == ids[0] }?.formatted, formatted?.formatted)
        await fixture.close()
    }

    func testMarkdownTteokSendsNioReadsAsFormattedBody() async throws {
        let fixture = try MatrixFixture()
        let (tteok, _) = try await fixture.member("tteok")
        let peer = NioPeer(user: try await SynapseUser.register(on: fixture.server), store: fixture.directory.file("nio"))
        let room = ChannelID(try await peer.user.createRoom(name: "markdown \(SynapseServer.randomName())"))
        _ = try await tteok.latestMessages(in: room, limit: 5)
        let sent = try await tteok.send("**떡** is *chewy* `<b>` [recipe](https://tteok.example/r)", to: room)
        _ = try await tteok.send("plain 2*3", to: room)
        let contents = try peer.events(in: room.raw).filter { $0["type"] as? String == "m.room.message" }.compactMap { $0["content"] as? [String: Any] }
        let formatted = contents.first { $0["body"] as? String == "**떡** is *chewy* `<b>` [recipe](https://tteok.example/r)" }
        XCTAssertEqual(formatted?["format"] as? String, "org.matrix.custom.html")
        XCTAssertEqual(formatted?["formatted_body"] as? String,
                       "<strong>떡</strong> is <em>chewy</em> <code>&lt;b&gt;</code> <a href=\"https://tteok.example/r\">recipe</a>")
        XCTAssertNil(contents.first { $0["body"] as? String == "plain 2*3" }?["format"], "plain text goes plain")
        let mine = try await tteok.latestMessages(in: room, limit: 5).messages.first { $0.id == sent.id }
        XCTAssertEqual(mine?.formatted?.runs.first, FormattedText.Run("떡", .bold), "tteok reads its own formatting back")
        await fixture.close()
    }
}
