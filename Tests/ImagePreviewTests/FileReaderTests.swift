import ChatCore
import Foundation
import ImagePreview
import TestSupport
import XCTest

/// `/image PATH` and `post --image` read files through this: every refusal is a readable error.
final class FileReaderTests: XCTestCase {
    func testAPNGFileBecomesAnUploadWithTypeAndSize() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        let file = directory.file("photo.png")
        try TestImages.png(width: 12, height: 6).write(to: file)
        let upload = try ImageFileReader.upload(atPath: file.path)
        XCTAssertEqual(upload.fileName, "photo.png")
        XCTAssertEqual(upload.mimeType, "image/png")
        XCTAssertEqual(upload.width, 12)
        XCTAssertEqual(upload.height, 6)
        XCTAssertEqual(upload.data, try Data(contentsOf: file))
    }

    func testAJPEGNamedPNGIsSentAsJPEG() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        let file = directory.file("misnamed.png")
        try TestImages.jpeg(width: 8, height: 8).write(to: file)
        XCTAssertEqual(try ImageFileReader.upload(atPath: file.path).mimeType, "image/jpeg")
    }

    func testMissingFile() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        let path = directory.file("nowhere.png").path
        assertRefused(path, "No such file: \(path)")
    }

    func testAFolderIsNotAFile() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        assertRefused(directory.path, "\(directory.path) is not a file.")
    }

    func testTextFileNamedPNG() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        let file = directory.file("notes.png")
        try Data("shopping: rice cakes\n".utf8).write(to: file)
        assertRefused(file.path, "notes.png is not an image (PNG, JPEG, GIF or WebP).")
    }

    func testTruncatedPNG() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        let file = directory.file("cut.png")
        try TestImages.png(width: 30, height: 30).prefix(500).write(to: file)
        XCTAssertThrowsError(try ImageFileReader.upload(atPath: file.path)) { error in
            XCTAssertTrue((error as? ChatError)?.message.hasPrefix("cut.png is damaged or cut short") == true, "\(error)")
        }
    }

    func testTwentyMiBFileIsTooLarge() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        let file = directory.file("huge.png")
        var data = TestImages.png(width: 4, height: 4)
        data.append(Data(count: 20 * 1024 * 1024))
        try data.write(to: file)
        XCTAssertThrowsError(try ImageFileReader.upload(atPath: file.path)) { error in
            XCTAssertEqual(error as? ChatError, .tooLarge(limit: ImageUpload.maximumByteCount))
            XCTAssertTrue((error as? ChatError)?.message.hasPrefix("Too large: the limit is 10") == true, "\(error)")
        }
    }

    func testEmptyFile() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        let file = directory.file("empty.png")
        try Data().write(to: file)
        assertRefused(file.path, "empty.png is empty.")
    }

    private func assertRefused(_ path: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ImageFileReader.upload(atPath: path), file: file, line: line) { error in
            XCTAssertEqual((error as? ChatError)?.message, message, file: file, line: line)
        }
    }
}
