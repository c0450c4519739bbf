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

    /// Issue 14, finding 2: every image got its own detached task, so a chat full of big pictures
    /// decoded them all at once. Now one worker decodes one image at a time.
    func testPreviewsAreDecodedOneAtATime() async {
        final class SlowRenderer: ImageRenderer, @unchecked Sendable {
            let running = Mutex((now: 0, most: 0))
            func readUpload(atPath path: String) throws -> ImageUpload { throw ChatError.unsupported("not here") }
            func preview(of data: Data, fitting size: Size) throws -> Canvas {
                running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                usleep(30_000)
                running.withLock { $0.now -= 1 }
                return Canvas(size: size)
            }
        }
        let renderer = SlowRenderer()
        let previews = ImagePreviews(renderer: renderer)
        previews.setFetch { _ in Data("png".utf8) }
        let images = (0..<8).map { ImageInfo(fileName: "\($0).png", mimeType: "image/png", byteCount: 3, reference: "\($0)") }
        let size = Size(width: 4, height: 2)
        for image in images { _ = previews.preview(of: image, fitting: size) }
        previews.loadWanted()
        let done = await eventually(seconds: 10) { images.allSatisfy { previews.preview(of: $0, fitting: size) != .loading } }
        XCTAssertTrue(done)
        XCTAssertEqual(renderer.running.withLock { $0.most }, 1, "decodes overlapped")
        XCTAssertEqual(previews.renderCount, 8)
    }
}
