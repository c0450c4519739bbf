import ChatCore
import Foundation
import ImagePreview
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// Issue 14 in the whole client: images another member posts with a modified client (bytes and
/// names of their choosing, past every check the sending side makes), read by Mina with the
/// real decoders and libchafa.
@MainActor
final class UntrustedImageAppTests: XCTestCase {
    nonisolated(unsafe) private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tui-untrusted")
    }

    override func tearDown() {
        directory = nil
    }

    /// Mina in lobby; Joon posts `data` as an image named `name`, straight to the store.
    private func postedByJoon(_ data: Data, name: String) async throws -> AppHarness {
        let harness = try await AppHarness.memberInLobby(images: ChafaImageRenderer())
        harness.app.downloadDirectory = directory.file("Downloads")
        let joon = try harness.files.open(as: "joon")
        try await joon.signUpMember("joon", region: "강남구", nickname: "Joon")
        let upload = ImageUpload(fileName: name, mimeType: "image/png", data: data, width: 1, height: 1)
        _ = try await joon.sendImage(upload, to: joon.channel(named: "lobby").id)
        await harness.waitFor("Joon")
        return harness
    }

    /// Previews are made after a frame; waits until `text` is in the chat pane of a freshly
    /// drawn screen (spaces aside: the pane wraps it).
    private func waitForDrawn(_ harness: AppHarness, _ text: String, file: StaticString = #filePath, line: UInt = #line) async {
        let squeezed = { (text: String) in text.filter { !$0.isWhitespace } }
        let shown = await eventually(seconds: 15) { squeezed(harness.frame().map { String($0.split(separator: "│").last ?? "") }.joined()).contains(squeezed(text)) }
        XCTAssertTrue(shown, "\(text) not shown:\n\(harness.text)", file: file, line: line)
    }

    func testADamagedImageSaysItCouldNotBeShownAndTheClientGoesOn() async throws {
        let harness = try await postedByJoon(TestImages.png(width: 30, height: 30).prefix(300), name: "cut.png")
        await waitForDrawn(harness, "(image could not be shown: The image is damaged or cut short")
        await harness.type("still here")
        await harness.press(.enter)
        await harness.waitFor("still here")
    }

    func testA7000By7000PNGIsNotDecodedForThePreview() async throws {
        let harness = try await postedByJoon(TestImages.blackPNG(width: 7000, height: 7000), name: "bomb.png")
        await waitForDrawn(harness, "(image could not be shown: The image is too big to show (7000×7000")
    }

    func testTheFailureReadsInKorean() {
        XCTAssertEqual(UIStrings(.korean).imageNotShown("x"), "(이미지를 표시할 수 없습니다: x)")
        XCTAssertEqual(UIStrings(.english).imageNotShown("x"), "(image could not be shown: x)")
    }

    /// Finding 3 end to end: `o` and `s` on a desktop entry named `cat<RLO>gnp.desktop` start no
    /// viewer and save nothing; the status line (open) and an alert (save) say it is not an image.
    func testODoesNotOpenAndSDoesNotSaveADesktopFilePostedAsAnImage() async throws {
        let entry = Data("[Desktop Entry]\nType=Application\nExec=sh -c id\n".utf8)
        let harness = try await postedByJoon(entry, name: "cat\u{202E}gnp.desktop")
        let marker = directory.file("viewer-ran")
        harness.app.imageOpener = ["sh", "-c", "touch '\(marker.path)'"]
        await harness.pickMessages()  // selection mode: o and s ask first
        await harness.press(.character("o"))
        await harness.confirm()
        await harness.waitFor("Could not open the image:")
        await harness.waitFor("is not an image")
        // A failed open is a status-line notice, not an alert: nothing to dismiss, and Enter in
        // selection mode would start a reply.
        await harness.press(.character("s"))
        await harness.confirm()
        await harness.waitFor("Could not save the image:")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "the viewer was started")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("Downloads").path), "something was saved")
    }
}
