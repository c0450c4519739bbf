import ChatCore
import Foundation
import TestSupport
import TUI
import XCTest

/// The name a file from someone else is saved under (`s` on a file): never a path, never a
/// bidi trick, never a launcher a double-click would run, and an image's real type wins.
final class FileAttachmentNameTests: XCTestCase {
    private let bytes = Data("plain bytes".utf8)

    func testNamesAreMadeInert() {
        XCTAssertEqual(ImageFiles.safeFileName("report.pdf", for: bytes), "report.pdf")
        XCTAssertEqual(ImageFiles.safeFileName("../../.bashrc", for: bytes), "bashrc.bin")
        XCTAssertEqual(ImageFiles.safeFileName("/etc/passwd", for: bytes), "etcpasswd.bin")
        XCTAssertEqual(ImageFiles.safeFileName("invoice\u{202E}fdp.exe", for: bytes), "invoicefdp.exe.download")
        XCTAssertEqual(ImageFiles.safeFileName("run.DESKTOP", for: bytes), "run.desktop.download")
        XCTAssertEqual(ImageFiles.safeFileName("a.t\u{0}xt", for: bytes), "a.txt")
        XCTAssertEqual(ImageFiles.safeFileName("archive.tar.gz", for: bytes), "archive.tar.gz")
        XCTAssertEqual(ImageFiles.safeFileName("weird.확장자", for: bytes), "weird.bin")
        XCTAssertEqual(ImageFiles.safeFileName("", for: bytes), "file.bin")
        XCTAssertEqual(ImageFiles.safeFileName("photo.pdf", for: TestImages.png(width: 2, height: 2)), "photo.png",
                       "bytes that are an image are saved as the image they are")
        XCTAssertLessThanOrEqual(ImageFiles.safeFileName(String(repeating: "가", count: 5000) + ".txt", for: bytes).count, 130)
    }
}
