import ChatCore
import Foundation
import TestSupport
import TUI
import XCTest

/// Saving and opening image files: only image bytes, under safe names, in private folders.
final class ImageFilesTests: XCTestCase {
    private let png = TestImages.png(width: 2, height: 2)
    /// A 53-byte-class desktop entry: runs a command when "opened".
    private let desktopEntry = Data("[Desktop Entry]\nType=Application\nExec=sh -c id\n".utf8)

    func testSavingNeverOverwrites() throws {
        let directory = try TemporaryDirectory(prefix: "save")
        let folder = directory.file("Downloads")
        let names = try (0..<3).map { _ in try ImageFiles.save(png, as: "photo.png", in: folder).lastPathComponent }
        XCTAssertEqual(names, ["photo.png", "photo-1.png", "photo-2.png"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("photo.png")), png)
        XCTAssertEqual(try ImageFiles.save(png, as: "README", in: folder).lastPathComponent, "README.png")
    }

    func testNamesFromOthersStayInsideTheFolder() throws {
        let directory = try TemporaryDirectory(prefix: "save")
        for hostile in ["../../escape.png", "/etc/passwd", ".hidden.png", "..", "a\u{1B}[2Jb.png", ""] {
            let url = try ImageFiles.save(png, as: hostile, in: directory.url)
            XCTAssertEqual(url.deletingLastPathComponent().standardizedFileURL.path, directory.url.standardizedFileURL.path, hostile)
            XCTAssertFalse(url.lastPathComponent.hasPrefix("."), hostile)
            XCTAssertFalse(url.lastPathComponent.unicodeScalars.contains { $0.properties.generalCategory == .control }, hostile)
        }
    }

    /// Issue 14, finding 3: the name is the sender's stem without control and format characters
    /// (bidi overrides too) or path separators, plus the extension of what the bytes are.
    func testTheNameIsACleanStemWithTheSniffedTypesExtension() throws {
        let jpeg = TestImages.jpeg(width: 8, height: 8)
        let cases: [(String, Data, String)] = [
            ("photo\u{202E}gnp.desktop", png, "photognp.png"),
            ("holiday.png", jpeg, "holiday.jpg"),
            ("a\u{200B}b\u{2066}c\u{0007}d.gif", png, "abcd.png"),
            ("..\\..\\evil/name.png", png, "evilname.png"),
            ("\u{202E}", png, "image.png"),
            ("ok.photo.webp", TestImages.webp(width: 4, height: 4), "ok.photo.webp"),
        ]
        for (sent, data, expected) in cases {
            XCTAssertEqual(try ImageFiles.safeName(sent, for: data), expected, sent.debugDescription)
        }
    }

    /// Issue 14, finding 3: a `.desktop` file named with a right-to-left override (shown as
    /// `…gnp`) went to `xdg-open`. Bytes that are not an image are neither opened nor saved.
    func testADesktopFileNamedWithRLOIsNeitherOpenedNorSaved() throws {
        let directory = try TemporaryDirectory(prefix: "open")
        let marker = directory.file("viewer-ran")
        let name = "cat\u{202E}gnp.desktop"
        XCTAssertThrowsError(try ImageFiles.open(desktopEntry, as: name, with: ["sh", "-c", "touch '\(marker.path)'"],
                                                 temporaryDirectory: directory.url)) { error in
            XCTAssertTrue((error as? ChatError)?.message.contains("is not an image") == true, "\(error)")
        }
        XCTAssertThrowsError(try ImageFiles.save(desktopEntry, as: name, in: directory.file("Downloads")))
        usleep(200_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "the viewer ran")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("Downloads").path), "something was saved")
    }

    func testOpeningWritesAPrivateCopyAndStartsTheViewerOnIt() async throws {
        let directory = try TemporaryDirectory(prefix: "open")
        let marker = directory.file("viewer-ran")
        let file = try ImageFiles.open(png, as: "pic.gif", with: ["sh", "-c", "cp \"$0\" '\(marker.path)'"],
                                       temporaryDirectory: directory.url)
        XCTAssertEqual(try Data(contentsOf: file), png)
        XCTAssertTrue(file.lastPathComponent.hasSuffix("-pic.png"), file.lastPathComponent)
        let folder = file.deletingLastPathComponent()
        XCTAssertTrue(folder.lastPathComponent.hasPrefix("tteok-images-"))
        XCTAssertNotEqual(folder.lastPathComponent, "tteok-images-\(getuid())", "made by mkdtemp, not a name others can guess")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        XCTAssertEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o777 }, 0o700)
        let ran = await eventually(seconds: 10) { FileManager.default.fileExists(atPath: marker.path) }
        XCTAssertTrue(ran, "the viewer was started")
    }

    /// Issue 14, finding 3: `/tmp/tteok-images-<uid>` was used even when another user had made
    /// it first (0777): they could read or swap what the viewer opens. Now the folder is new
    /// (mkdtemp) and a base others may write in without the sticky bit is refused.
    func testAFolderAnotherUserMadeFirstIsNeverUsed() throws {
        let directory = try TemporaryDirectory(prefix: "open")
        let trap = directory.file("tteok-images-\(getuid())")
        try FileManager.default.createDirectory(at: trap, withIntermediateDirectories: false)
        try Self.giveToNobody(trap.path, mode: 0o777)
        let file = try ImageFiles.open(png, as: "pic.png", with: ["true"], temporaryDirectory: directory.url)
        XCTAssertNotEqual(file.deletingLastPathComponent().standardizedFileURL.path, trap.standardizedFileURL.path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trap.path), [], "nothing written in their folder")

        // Their folder as the base (a 0777 $XDG_RUNTIME_DIR, say): refused, with the reason.
        XCTAssertThrowsError(try ImageFiles.open(png, as: "pic.png", with: ["true"], temporaryDirectory: trap)) { error in
            let message = (error as? ChatError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("refusing to write the image in \(trap.standardizedFileURL.path)"), message)
            XCTAssertTrue(message.contains("others may write in it"), message)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trap.path), [])
    }

    /// A base that is a symbolic link is refused: lstat, never followed.
    func testABaseThatIsALinkIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "open")
        let link = directory.file("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: directory.url)
        XCTAssertThrowsError(try ImageFiles.open(png, as: "pic.png", with: ["true"], temporaryDirectory: link)) { error in
            XCTAssertTrue((error as? ChatError)?.message.contains("not a directory") == true, "\(error)")
        }
    }

    private static func giveToNobody(_ path: String, mode: mode_t) throws {
        guard let nobody = getpwnam("nobody") else { throw XCTSkip("no user nobody") }
        guard chown(path, nobody.pointee.pw_uid, nobody.pointee.pw_gid) == 0 else {
            throw XCTSkip("cannot chown (tests must run as root): \(String(cString: strerror(errno)))")
        }
        XCTAssertEqual(chmod(path, mode), 0)
    }
}
