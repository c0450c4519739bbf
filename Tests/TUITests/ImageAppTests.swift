import ChatCore
import Foundation
import ImagePreview
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// Images in the whole client on a real LocalStore with the real decoders and libchafa:
/// `/image PATH`, inline previews, open and save, and every refusal leaving nothing stored.
@MainActor
final class ImageAppTests: XCTestCase {
    nonisolated(unsafe) private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tui-images")
    }

    override func tearDown() {
        directory = nil
    }

    /// A member (Mina) in lobby, with images on.
    private func memberInLobby() async throws -> AppHarness {
        let harness = try await AppHarness.memberInLobby(images: ChafaImageRenderer())
        harness.app.downloadDirectory = directory.file("Downloads")
        return harness
    }

    private func write(_ data: Data, _ name: String) throws -> String {
        let file = directory.file(name)
        try data.write(to: file)
        return file.path
    }

    private func lobbyImages(_ harness: AppHarness) async throws -> [ImageInfo] {
        let lobby = try await harness.service.channel(named: "lobby")
        return try await harness.service.latestMessages(in: lobby.id, limit: 100).messages.compactMap {
            if case .image(let info) = $0.content { return info }
            return nil
        }
    }

    /// The preview's extent on a freshly drawn frame: rows holding true-colour cells, and the
    /// widest run of them.
    private func previewExtent(_ harness: AppHarness) -> Size {
        // As the app loop does: previews asked for are made after the frame.
        harness.frame()
        let canvas = harness.screen.lastFrame ?? Canvas(size: harness.terminal.size)
        var rows = 0, widest = 0
        for row in 0..<canvas.height {
            let coloured = (0..<canvas.width).filter { column in
                if case .rgb = canvas[row, column].style.background { return true }
                if case .rgb = canvas[row, column].style.foreground { return true }
                return false
            }.count
            if coloured > 0 { rows += 1 }
            widest = max(widest, coloured)
        }
        return Size(width: widest, height: rows)
    }

    private func waitForPreview(_ harness: AppHarness, _ expected: Size, file: StaticString = #filePath, line: UInt = #line) async {
        let shown = await eventually(seconds: 10) { self.previewExtent(harness) == expected }
        XCTAssertTrue(shown, "preview \(previewExtent(harness)) instead of \(expected):\n\(harness.text)", file: file, line: line)
    }

    func testSlashImageSendsAPNGThatShowsAsAPreviewWithNameAndSize() async throws {
        let harness = try await memberInLobby()
        let png = TestImages.png(width: 40, height: 20)
        await harness.type("/image " + (try write(png, "sunset.png")))
        await harness.press(.enter)
        await harness.waitFor("[image] sunset.png · " + harness.app.strings.byteSize(png.count))
        // 40×20 pixels in at most 48×8 cells, cells twice as tall as wide: 32×8.
        await waitForPreview(harness, Size(width: 32, height: 8))
        let stored = try await lobbyImages(harness)
        XCTAssertEqual(stored.map(\.fileName), ["sunset.png"])
        XCTAssertEqual(stored.first?.mimeType, "image/png")
        XCTAssertEqual(stored.first?.width, 40)
    }

    func testRedrawingAndScrollingNeverDecodeAgain() async throws {
        let harness = try await memberInLobby()
        await harness.type("/image " + (try write(TestImages.jpeg(width: 32, height: 32), "square.jpg")))
        await harness.press(.enter)
        await waitForPreview(harness, Size(width: 16, height: 8))
        let renders = harness.app.images?.renderCount
        for _ in 0..<5 {
            await harness.press(.escape, .pageUp)
            harness.frame()
            await harness.press(.pageDown)
            harness.frame()
        }
        XCTAssertEqual(harness.app.images?.renderCount, renders, "cached per image and size")
        XCTAssertEqual(renders, 1)
    }

    func testBadFilesAreRefusedWithAnAlertNothingIsStoredAndTheClientGoesOn() async throws {
        let harness = try await memberInLobby()
        var huge = TestImages.png(width: 4, height: 4)
        huge.append(Data(count: 20 * 1024 * 1024))
        let cases: [(String, String)] = [
            (directory.file("missing.png").path, "No such file"),
            (try write(Data("rice cakes\n".utf8), "notes.png"), "notes.png is not an image"),
            (try write(TestImages.png(width: 30, height: 30).prefix(400), "cut.png"), "cut.png is damaged or cut short"),
            (try write(huge, "huge.png"), "Too large"),
        ]
        for (path, reason) in cases {
            await harness.type("/image " + path)
            await harness.press(.enter)
            await harness.waitFor(reason)
            await harness.press(.enter)  // dismiss the alert
            await harness.waitUntil("the alert closes") { !$0.contains(reason) }
            await harness.waitFor("/image " + path)  // the failed command stays, to be corrected
            await harness.press(.control("u"))
        }
        let stored = try await lobbyImages(harness)
        XCTAssertEqual(stored, [], "nothing half-sent")
        await harness.type("still here")
        await harness.press(.enter)
        await harness.waitFor("still here")
    }

    func testAGuestGetsTheGuestAlertBeforeAnyFileIsRead() async throws {
        let harness = try AppHarness()
        harness.app.useImages(ChafaImageRenderer())
        await harness.session.start()
        await harness.waitFor("Continue as guest")
        await harness.press(.down, .down, .enter)
        await harness.waitFor("lobby")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("# lobby")
        await harness.type("/image " + (try write(TestImages.png(width: 8, height: 8), "guest.png")))
        await harness.press(.enter)
        await harness.waitFor("Login required — guests can't send messages.")
        let stored = try await lobbyImages(harness)
        XCTAssertEqual(stored, [])
    }

    func testAnImageFromAnotherMemberShowsLive() async throws {
        let harness = try await memberInLobby()
        let joon = try harness.files.open(as: "joon")
        try await joon.signUpMember("joon", region: "강남구", nickname: "Joon")
        let upload = try ImageFileReader.upload(atPath: try write(TestImages.png(width: 64, height: 32), "from-joon.png"))
        _ = try await joon.sendImage(upload, to: joon.channel(named: "lobby").id)
        await harness.waitFor("[image] from-joon.png")
        await harness.waitFor("Joon")
        await waitForPreview(harness, Size(width: 32, height: 8))
    }

    func testSaveNeverOverwritesAndOpenHandsAFileToTheViewer() async throws {
        let harness = try await memberInLobby()
        let png = TestImages.png(width: 10, height: 10)
        await harness.type("/image " + (try write(png, "dog.png")))
        await harness.press(.enter)
        await harness.waitFor("[image] dog.png")
        await harness.pickMessages()  // selection mode: letters act, each asking first
        await harness.press(.character("s"))
        await harness.waitFor("Save dog.png to")
        await harness.confirm()
        await harness.waitFor("Saved to")
        await harness.press(.character("s"))
        await harness.confirm()
        let downloads = directory.file("Downloads")
        let saved = try FileManager.default.contentsOfDirectory(atPath: downloads.path).sorted()
        XCTAssertEqual(saved, ["dog-1.png", "dog.png"])
        for name in saved { XCTAssertEqual(try Data(contentsOf: downloads.appendingPathComponent(name)), png) }

        let viewed = directory.file("viewed.png")
        harness.app.imageOpener = ["sh", "-c", "cp \"$0\" '\(viewed.path)'"]
        await harness.press(.character("o"))
        await harness.waitFor("Open dog.png in the image viewer?")
        await harness.confirm()
        let copied = await eventually(seconds: 10) { FileManager.default.fileExists(atPath: viewed.path) }
        XCTAssertTrue(copied, "the viewer was started on a temporary file")
        let whole = await eventually(seconds: 5) { (try? Data(contentsOf: viewed)) == png }
        XCTAssertTrue(whole, "the viewer got the image's bytes")
    }

    func testOpenOrSaveWithoutAnImageSaysSo() async throws {
        let harness = try await memberInLobby()
        await harness.pickMessages()
        await harness.press(.character("s"))
        await harness.waitFor("The picked message has no image or file.")
    }

    /// Regression: with no `xdg-open` on the machine, `o` said "Opening…" and nothing happened
    /// (the viewer's absence was only noticed by `env`, after the fact). Now the status line says
    /// so at once, and the client goes on.
    func testOpeningWithNoViewerInstalledSaysSoInTheStatusLineAndGoesOn() async throws {
        let harness = try await memberInLobby()
        await harness.type("/image " + (try write(TestImages.png(width: 10, height: 10), "cat.png")))
        await harness.press(.enter)
        await harness.waitFor("[image] cat.png")
        harness.app.imageOpener = ["tteok-no-such-viewer"]
        await harness.pickMessages()
        await harness.press(.character("o"))
        await harness.confirm()
        let message = "Could not open the image: tteok-no-such-viewer is not installed"
        await harness.waitUntil("the status line says why") { $0.split(separator: "\n").last?.contains(message) == true }
        XCTAssertFalse(harness.text.contains("Opening"), harness.text)
        await harness.press(.escape)  // out of selection mode, back to the input
        await harness.type("still here")
        await harness.press(.enter)
        await harness.waitFor("still here")
    }
}
