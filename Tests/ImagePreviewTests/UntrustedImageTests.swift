import ChatCore
import Foundation
import ImagePreview
import TestSupport
import TUI
import XCTest

/// Issue 14, findings 1 and 2: every image a member posts is decoded by every reader, so the
/// decoders get hostile bytes. Regressions: a 142 KB-class 7000×7000 PNG took 337 MB to preview
/// (four of them 733 MB), and fuzzing stb_image 2.27 found crashes on bad Huffman tables, huge
/// sizes and files cut short.
final class UntrustedImageTests: XCTestCase {
    /// 7000×7000 black pixels in under a megabyte: 196 MB once decoded to RGBA.
    private static let bomb = TestImages.blackPNG(width: 7000, height: 7000)

    func testA7000By7000PNGIsRefusedFromItsHeaderBeforeDecoding() {
        XCTAssertLessThan(Self.bomb.count, 1_000_000)
        for attempt in [{ _ = try ImageDecoder.inspect(Self.bomb, name: "bomb.png") },
                        { _ = try ImageDecoder.decode(Self.bomb, name: "bomb.png") },
                        { _ = try ChafaImageRenderer().preview(of: Self.bomb, fitting: Size(width: 48, height: 8)) }] {
            XCTAssertThrowsError(try attempt()) { error in
                let message = (error as? ChatError)?.message ?? "\(error)"
                XCTAssertTrue(message.hasSuffix("is too big to show (7000×7000 pixels)."), message)
            }
        }
    }

    /// The finding's scene: four such posts in a chat. Peak memory (VmHWM, reset first) stays
    /// within a few megabytes: nothing the size of the pictures is ever allocated.
    func testFourBombsPreviewedKeepPeakMemoryLow() throws {
        let bomb = Self.bomb
        try ProcessMemory.resetPeak()
        let before = try ProcessMemory.kilobytes("VmRSS")
        var grownAfterOne = 0
        for index in 0..<4 {
            _ = try? ChafaImageRenderer().preview(of: bomb, fitting: Size(width: 48, height: 8))
            if index == 0 { grownAfterOne = try ProcessMemory.kilobytes("VmHWM") - before }
        }
        let grown = try ProcessMemory.kilobytes("VmHWM") - before
        // The figure for the README and the issue: swift test --filter testFourBombs
        print("peak RSS growth: one 7000×7000 PNG \(grownAfterOne) KB, four \(grown) KB")
        XCTAssertLessThan(grown, 32 * 1024, "peak grew by \(grown / 1024) MB previewing four 7000×7000 PNGs")
    }

    /// Within the budget a big picture still decodes, into exactly one buffer of its size.
    func testAPictureWithinTheBudgetDecodes() throws {
        let image = try ImageDecoder.decode(TestImages.blackPNG(width: 4000, height: 4000), name: "big.png")
        XCTAssertEqual(image.width * image.height, 16_000_000)
        XCTAssertEqual(image.rgba.count, 64_000_000)
        XCTAssertEqual(Array(image.rgba.prefix(4)), [0, 0, 0, 255])
    }

    /// Own files to post may be bigger (a 24 MP photo), previews of others' may not.
    func testPostingAllowsACameraSizedPhotoThePreviewBudgetDoesNot() throws {
        let photo = TestImages.blackPNG(width: 6000, height: 4000)
        XCTAssertThrowsError(try ImageDecoder.inspect(photo, name: "photo.png"))
        XCTAssertEqual(try ImageDecoder.inspect(photo, name: "photo.png", budget: ImageDecoder.maximumUploadPixels).width, 6000)
    }

    /// Every seed and regression input of the `image` fuzz target (bad JPEG Huffman counts, huge
    /// declared PNG/JPEG/GIF sizes, files cut short, a GIF frame outside its screen) decodes or
    /// is refused with a readable reason, here as in the fuzzer.
    func testTheFuzzSeedsAndCrashClassInputsDecodeSafely() throws {
        let folder = PackageRoot.url.appendingPathComponent("Fuzz/seeds/image")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertGreaterThanOrEqual(names.filter { $0.hasPrefix("regression-") }.count, 10)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let outcome = Result { try ImageDecoder.decode(data, name: name) }
            switch (name.hasPrefix("regression-"), outcome) {
            case (_, .success(let image)):
                // A frame reaching outside its GIF's screen is clipped to it, not refused.
                XCTAssertTrue(!name.hasPrefix("regression-") || name.hasSuffix("outside-screen.gif"), "\(name) decoded")
                XCTAssertEqual(image.rgba.count, image.width * image.height * 4, name)
            case (false, .failure(let error)):
                XCTFail("seed \(name) should decode: \(error)")
            case (true, .failure(let error)):
                let message = (error as? ChatError)?.message ?? ""
                XCTAssertTrue(message.contains("damaged or cut short") || message.contains("too big to show"), "\(name): \(error)")
            }
        }
    }

    /// Found by `scripts/fuzz.sh` (a CI run timed out on it): 194 bytes, a 16×12 PNG whose next
    /// chunk declares 391 MB. libpng allocated and zeroed it before reading: 2 GB and 4 s for
    /// every reader of the post. It is refused from its chunk lengths, with little memory.
    func testAChunkDeclaredLongerThanTheFileIsRefusedBeforeLibpngAllocatesIt() throws {
        let name = "regression-chunk-longer-than-file.png"
        let data = try Data(contentsOf: PackageRoot.url.appendingPathComponent("Fuzz/seeds/image/\(name)"))
        XCTAssertLessThan(data.count, 256)
        try ProcessMemory.resetPeak()
        let before = try ProcessMemory.kilobytes("VmRSS")
        for attempt in [{ _ = try ImageDecoder.inspect(data, name: name) }, { _ = try ImageDecoder.decode(data, name: name) },
                        { _ = try ChafaImageRenderer().preview(of: data, fitting: Size(width: 48, height: 8)) }] {
            XCTAssertThrowsError(try attempt()) { error in
                let message = (error as? ChatError)?.message ?? "\(error)"
                XCTAssertTrue(message.hasSuffix("is damaged or cut short (a chunk is longer than the file)."), message)
            }
        }
        let grown = try ProcessMemory.kilobytes("VmHWM") - before
        XCTAssertLessThan(grown, 16 * 1024, "peak grew by \(grown / 1024) MB on a 194-byte PNG")
    }

    func testAnAnimatedGIFShowsItsFirstFrameWithTransparency() throws {
        let data = try Data(contentsOf: PackageRoot.url.appendingPathComponent("Fuzz/seeds/image/animated-transparent.gif"))
        let image = try ImageDecoder.decode(data, name: "anim.gif")
        XCTAssertEqual(Array(image.rgba.prefix(4)), [220, 30, 30, 255], "first frame: red top-left")
        XCTAssertEqual(Array(image.rgba[(8 * 4)..<(8 * 4 + 4)]), [0, 0, 0, 0], "index 1 is transparent")
    }
}

/// This process's memory from /proc/self/status.
enum ProcessMemory {
    static func kilobytes(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let value = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw ChatError.storage("no \(field) in /proc/self/status")
        }
        return value
    }

    /// Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS (Linux 4.0+).
    static func resetPeak() throws {
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}
