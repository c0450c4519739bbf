import ChatCore
import Foundation
import ImagePreview
import TestSupport
import TUI
import XCTest

/// Real files written at test time, decoded by libpng, libjpeg-turbo, giflib and libwebp; the type
/// comes from the bytes.
final class DecodingTests: XCTestCase {
    func testPNGDecodesWithItsSizeAndColours() throws {
        let image = try ImageDecoder.decode(TestImages.png(width: 24, height: 16), name: "a.png")
        XCTAssertEqual(image.format, .png)
        XCTAssertEqual(image.width, 24)
        XCTAssertEqual(image.height, 16)
        XCTAssertEqual(Array(image.rgba.prefix(4)), [220, 30, 30, 255], "top-left quarter is red")
        XCTAssertEqual(Array(image.rgba.suffix(4)), [240, 220, 20, 255], "bottom-right quarter is yellow")
    }

    func testJPEGDecodesWithItsSizeAndColours() throws {
        let image = try ImageDecoder.decode(TestImages.jpeg(width: 32, height: 16), name: "b.jpg")
        XCTAssertEqual(image.format, .jpeg)
        XCTAssertEqual(image.width, 32)
        XCTAssertEqual(image.height, 16)
        let topLeft = Array(image.rgba.prefix(3)).map(Int.init)
        XCTAssertEqual(topLeft[0], 220, accuracy: 6, "red survives YCbCr: \(topLeft)")
        XCTAssertEqual(topLeft[1], 30, accuracy: 6)
        XCTAssertEqual(topLeft[2], 30, accuracy: 6)
    }

    func testTypeComesFromTheBytesNotTheName() throws {
        let jpeg = TestImages.jpeg(width: 8, height: 8)
        XCTAssertEqual(try ImageDecoder.decode(jpeg, name: "looks-like.png").format, .jpeg)
        XCTAssertEqual(ImageFormat(sniffing: Data("GIF89a......".utf8)), .gif)
        XCTAssertEqual(ImageFormat(sniffing: Data("RIFF\0\0\0\0WEBPVP8 ".utf8)), .webp)
        XCTAssertNil(ImageFormat(sniffing: Data("RIFF\0\0\0\0WAVEfmt ".utf8)))
        XCTAssertNil(ImageFormat(sniffing: Data("hello".utf8)))
    }

    func testTextIsNotAnImage() {
        XCTAssertThrowsError(try ImageDecoder.decode(Data("just some words\n".utf8), name: "notes.png")) { error in
            XCTAssertEqual((error as? ChatError)?.message, "notes.png is not an image (PNG, JPEG, GIF or WebP).")
        }
    }

    func testTruncatedPNGIsRefused() {
        let png = TestImages.png(width: 40, height: 40)
        for cut in [png.count / 2, png.count - 1, 40] {
            XCTAssertThrowsError(try ImageDecoder.decode(png.prefix(cut), name: "cut.png"), "cut at \(cut)") { error in
                XCTAssertTrue((error as? ChatError)?.message.hasPrefix("cut.png is damaged or cut short") == true, "\(error)")
            }
        }
    }

    func testBytesAfterThePNGsEndDoNoHarm() throws {
        var png = TestImages.png(width: 8, height: 8)
        png.append(Data("trailing bytes some tools append".utf8))
        XCTAssertEqual(try ImageDecoder.decode(png, name: "tail.png").width, 8)
    }

    func testTruncatedJPEGIsRefused() {
        let jpeg = TestImages.jpeg(width: 16, height: 16)
        XCTAssertThrowsError(try ImageDecoder.decode(jpeg.prefix(30), name: "cut.jpg")) { error in
            XCTAssertTrue((error as? ChatError)?.message.hasPrefix("cut.jpg is damaged or cut short") == true, "\(error)")
        }
    }

    func testHugeDimensionsAreRefusedBeforeDecoding() {
        // A valid PNG of 9000×9000 pixels: refused from the header, no 324 MB decode.
        let png = TestImages.blackPNG(width: 9000, height: 9000)
        XCTAssertThrowsError(try ImageDecoder.inspect(png, name: "big.png")) { error in
            XCTAssertEqual((error as? ChatError)?.message, "big.png is too big to show (9000×9000 pixels).")
        }
    }
}

/// GIF: the first frame, through giflib.
final class GIFDecodingTests: XCTestCase {
    func testGIFDecodesWithItsSizeAndColours() throws {
        let image = try ImageDecoder.decode(TestImages.gif(width: 20, height: 10), name: "c.gif")
        XCTAssertEqual(image.format, .gif)
        XCTAssertEqual(image.width, 20)
        XCTAssertEqual(image.height, 10)
        XCTAssertEqual(Array(image.rgba.prefix(4)), [220, 30, 30, 255], "top-left quarter is red")
        XCTAssertEqual(Array(image.rgba.suffix(4)), [240, 220, 20, 255], "bottom-right quarter is yellow")
    }

    func testGIFFileBecomesAnUpload() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        let file = directory.file("anim.gif")
        try TestImages.gif(width: 16, height: 16).write(to: file)
        let upload = try ImageFileReader.upload(atPath: file.path)
        XCTAssertEqual(upload.mimeType, "image/gif")
        XCTAssertEqual(upload.width, 16)
    }
}

/// WebP: through libwebp.
final class WebPDecodingTests: XCTestCase {
    func testWebPDecodesWithItsSizeAndColours() throws {
        let image = try ImageDecoder.decode(TestImages.webp(width: 12, height: 6), name: "d.webp")
        XCTAssertEqual(image.format, .webp)
        XCTAssertEqual(image.width, 12)
        XCTAssertEqual(image.height, 6)
        XCTAssertEqual(Array(image.rgba.prefix(4)), [220, 30, 30, 255], "left half is red")
        XCTAssertEqual(Array(image.rgba.suffix(4)), [30, 60, 220, 255], "right half is blue")
    }

    func testWebPPreviewAndUpload() throws {
        let directory = try TemporaryDirectory(prefix: "images")
        let file = directory.file("photo.webp")
        try TestImages.webp(width: 40, height: 20).write(to: file)
        let upload = try ImageFileReader.upload(atPath: file.path)
        XCTAssertEqual(upload.mimeType, "image/webp")
        XCTAssertEqual(upload.width, 40)
        let canvas = try ChafaImageRenderer().preview(of: upload.data, fitting: Size(width: 20, height: 10))
        XCTAssertEqual(canvas.size, Size(width: 20, height: 5))
    }

    func testTruncatedWebPIsRefused() {
        let webp = TestImages.webp(width: 40, height: 40)
        XCTAssertThrowsError(try ImageDecoder.decode(webp.prefix(webp.count - 20), name: "cut.webp")) { error in
            XCTAssertTrue((error as? ChatError)?.message.hasPrefix("cut.webp is damaged or cut short") == true, "\(error)")
        }
    }
}
