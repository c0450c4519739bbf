import ChatCore
import Foundation
import TestSupport
import TUI
import XCTest

/// The preview cache on its own, with a renderer that counts and a fetch that can fail.
final class ImagePreviewsTests: XCTestCase {
    /// Draws every preview as a canvas of `#` the size asked for, counting calls.
    private final class CountingRenderer: ImageRenderer, @unchecked Sendable {
        let calls = Mutex(0)
        func readUpload(atPath path: String) throws -> ImageUpload { throw ChatError.unsupported("not here") }
        func preview(of data: Data, fitting size: Size) throws -> Canvas {
            calls.withLock { $0 += 1 }
            guard data != Data("bad".utf8) else { throw ChatError.invalidInput("bad bytes") }
            return Canvas(size: size, fill: Cell(glyph: Glyph(text: "#", width: 1), style: .plain))
        }
    }

    private let image = ImageInfo(fileName: "a.png", mimeType: "image/png", byteCount: 3, reference: "1")

    private func ready(_ previews: ImagePreviews, _ size: Size) async -> ImagePreviewState {
        var state = previews.preview(of: image, fitting: size)
        _ = await eventually(seconds: 5) {
            previews.loadWanted()
            state = previews.preview(of: image, fitting: size)
            return state != .loading
        }
        return state
    }

    func testOneFetchAndOneRenderPerImageAndSizeHoweverOftenAsked() async {
        let renderer = CountingRenderer()
        let fetches = Mutex(0)
        let previews = ImagePreviews(renderer: renderer)
        previews.setFetch { _ in fetches.withLock { $0 += 1 }; return Data("png".utf8) }
        XCTAssertEqual(previews.preview(of: image, fitting: Size(width: 4, height: 2)), .loading)
        XCTAssertEqual(fetches.withLock { $0 }, 0, "drawing starts nothing")
        let state = await ready(previews, Size(width: 4, height: 2))
        guard case .ready(let canvas) = state else { return XCTFail("\(state)") }
        XCTAssertEqual(canvas.size, Size(width: 4, height: 2))
        for _ in 0..<50 {
            _ = previews.preview(of: image, fitting: Size(width: 4, height: 2))
            previews.loadWanted()
        }
        XCTAssertEqual(renderer.calls.withLock { $0 }, 1)

        _ = await ready(previews, Size(width: 8, height: 4))
        XCTAssertEqual(renderer.calls.withLock { $0 }, 2, "a new size is drawn again")
        XCTAssertEqual(fetches.withLock { $0 }, 1, "from the bytes already fetched")
        let bytes = await previews.data(of: image)
        XCTAssertEqual(bytes, Data("png".utf8))
        XCTAssertEqual(fetches.withLock { $0 }, 1, "open and save reuse them too")
    }

    func testAFailedFetchIsTriedAgainWhenAChatOpensNotOnEveryFrame() async {
        let previews = ImagePreviews(renderer: CountingRenderer())
        let fetches = Mutex(0)
        previews.setFetch { _ in fetches.withLock { $0 += 1 }; return nil }
        let failed = await ready(previews, Size(width: 4, height: 2))
        XCTAssertEqual(failed, .failed("no preview"))
        for _ in 0..<20 {
            _ = previews.preview(of: image, fitting: Size(width: 4, height: 2))
            previews.loadWanted()
        }
        XCTAssertEqual(fetches.withLock { $0 }, 1)

        previews.setFetch { _ in Data("png".utf8) }
        guard case .ready = await ready(previews, Size(width: 4, height: 2)) else { return XCTFail("not retried") }
    }

    func testUndecodableBytesSayWhy() async {
        let previews = ImagePreviews(renderer: CountingRenderer())
        previews.setFetch { _ in Data("bad".utf8) }
        let state = await ready(previews, Size(width: 4, height: 2))
        XCTAssertEqual(state, .failed("bad bytes"))
    }
}

/// Saving and opening image files.
final class ImageFilesTests: XCTestCase {
    func testSavingNeverOverwrites() throws {
        let directory = try TemporaryDirectory(prefix: "save")
        let folder = directory.file("Downloads")
        let names = try (0..<3).map { try ImageFiles.save(Data([UInt8($0)]), as: "photo.png", in: folder).lastPathComponent }
        XCTAssertEqual(names, ["photo.png", "photo-1.png", "photo-2.png"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("photo.png")), Data([0]))
        XCTAssertEqual(try ImageFiles.save(Data(), as: "README", in: folder).lastPathComponent, "README")
        XCTAssertEqual(try ImageFiles.save(Data(), as: "README", in: folder).lastPathComponent, "README-1")
    }

    func testNamesFromOthersStayInsideTheFolder() throws {
        let directory = try TemporaryDirectory(prefix: "save")
        for hostile in ["../../escape.png", "/etc/passwd", ".hidden.png", "..", "a\u{1B}[2Jb.png", ""] {
            let url = try ImageFiles.save(Data([1]), as: hostile, in: directory.url)
            XCTAssertEqual(url.deletingLastPathComponent().standardizedFileURL.path, directory.url.standardizedFileURL.path, hostile)
            XCTAssertFalse(url.lastPathComponent.hasPrefix("."), hostile)
            XCTAssertFalse(url.lastPathComponent.unicodeScalars.contains { $0.properties.generalCategory == .control }, hostile)
        }
    }

    func testOpeningWritesAPrivateCopyAndStartsTheViewerOnIt() throws {
        let directory = try TemporaryDirectory(prefix: "open")
        let marker = directory.file("viewer-ran")
        let file = try ImageFiles.open(Data([7, 8, 9]), as: "pic.png", with: ["sh", "-c", "cp \"$0\" '\(marker.path)'"],
                                       temporaryDirectory: directory.url)
        XCTAssertEqual(try Data(contentsOf: file), Data([7, 8, 9]))
        XCTAssertTrue(file.lastPathComponent.hasSuffix("-pic.png"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)
        XCTAssertEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o777 }, 0o700)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: marker.path), Date() < deadline { usleep(10_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker.path), "the viewer was started")
    }
}
