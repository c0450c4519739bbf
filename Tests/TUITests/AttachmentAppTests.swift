import ChatCore
import Foundation
import ImagePreview
import LocalStore
import TestSupport
import TUI
import ViewModels
import XCTest

/// Files, videos and sounds in the whole client on a real LocalStore (issue 17): drawn with
/// name, size and type through the sanitiser; `s` and `o` act on the picked message's attachment
/// and never another's; a file is only saved, under a name that cannot pass for something else.
@MainActor
final class AttachmentAppTests: XCTestCase {
    nonisolated(unsafe) private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tui-files")
    }

    override func tearDown() {
        directory = nil
    }

    private var downloads: URL { directory.file("Downloads") }

    private func saved() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: downloads.path)) ?? []).sorted()
    }

    /// Mina in lobby with an image of her own, then a file Joon posts: the newest message.
    private func lobbyWithAnImageThenAFile(named name: String, data: Data, type: String = "application/pdf") async throws -> AppHarness {
        let harness = try await AppHarness.memberInLobby(images: ChafaImageRenderer())
        harness.app.downloadDirectory = downloads
        let png = directory.file("dog.png")
        try TestImages.png(width: 10, height: 10).write(to: png)
        await harness.type("/image " + png.path)
        await harness.press(.enter)
        await harness.waitFor("[image] dog.png")
        let joon = try harness.files.open(as: "joon")
        try await joon.signUpMember("joon", region: "강남구", nickname: "Joon")
        _ = try await joon.sendFile(FileUpload(fileName: name, mimeType: type, data: data), to: joon.channel(named: "lobby").id)
        return harness
    }

    /// Regression: `s` on a file saved the newest *image* instead (issue 17's table). The old code
    /// had no file messages at all (a file was a bare name as text), so this cannot run there;
    /// what it pins is the rule that the picked message alone is acted on.
    func testSaveOnAPickedFileSavesThatFileNeverTheImage() async throws {
        let pdf = Data("%PDF-1.4 minutes of the meeting".utf8)
        let harness = try await lobbyWithAnImageThenAFile(named: "회의록.pdf", data: pdf)
        await harness.waitFor("[file] 회의록.pdf · " + harness.app.strings.byteSize(pdf.count) + " · application/pdf")
        await harness.pickMessages()  // the newest message: Joon's file
        await harness.press(.character("s"))
        await harness.waitFor("Save 회의록.pdf to")
        await harness.confirm()
        await harness.waitFor("Saved to")
        XCTAssertEqual(saved(), ["회의록.pdf"])
        XCTAssertEqual(try Data(contentsOf: downloads.appendingPathComponent("회의록.pdf")), pdf)
    }

    func testOpenOnAFileNeverStartsTheViewerAndSaysToSaveIt() async throws {
        let harness = try await lobbyWithAnImageThenAFile(named: "clip.mp4", data: Data(repeating: 7, count: 300), type: "video/mp4")
        await harness.waitFor("[video] clip.mp4")
        let viewed = directory.file("viewed")
        harness.app.imageOpener = ["sh", "-c", "touch '\(viewed.path)'"]
        await harness.pickMessages()
        await harness.press(.character("o"))
        await harness.waitFor("Only images are opened; press s to save this file.")
        XCTAssertFalse(harness.text.contains("image viewer?"), "no question about opening: \(harness.text)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: viewed.path), "the viewer was never started")
    }

    func testAPickedTextMessageHasNothingToSaveEvenWithAnImageAbove() async throws {
        let harness = try await lobbyWithAnImageThenAFile(named: "a.pdf", data: Data("x".utf8))
        await harness.type("just words")
        await harness.press(.enter)
        await harness.waitFor("just words")
        await harness.pickMessages()
        await harness.press(.character("s"))
        await harness.waitFor("The picked message has no image or file.")
        XCTAssertEqual(saved(), [], "neither the image nor the file was taken instead")
    }

    func testAHostileFileNameIsDrawnInertAndSavedAsAnInertDocument() async throws {
        // Right-to-left override: shown as `invoice‮fdp.desktop` it would read "invoiceptop.pdf".
        let name = "invoice\u{202E}fdp.desktop"
        let harness = try await lobbyWithAnImageThenAFile(named: name, data: Data("[Desktop Entry]\nExec=rm -rf ~\n".utf8),
                                                          type: "application/pdf\u{1B}[31m")
        await harness.waitFor("[file] invoice")
        XCTAssertFalse(harness.text.contains("\u{202E}"), "no bidi override reaches a cell")
        XCTAssertFalse(harness.text.contains("\u{1B}"), "no escape reaches a cell")
        await harness.pickMessages()
        await harness.press(.character("s"))
        await harness.confirm()
        await harness.waitFor("Saved to")
        XCTAssertEqual(saved(), ["invoicefdp.desktop.download"])
        let mode = try FileManager.default.attributesOfItem(atPath: downloads.appendingPathComponent(saved()[0]).path)[.posixPermissions] as? Int
        XCTAssertEqual(mode.map { $0 & 0o111 }, 0, "never executable")
    }
}
