import Foundation
import ImagePreview
import TestSupport
import TUI
import XCTest

/// `--images kitty|sixel`: what libchafa produces for a preview — the protocol's introducer, a
/// picture sized to the preview's cells, nothing that moves the cursor or prints text — carried
/// by the preview canvas over the symbols (which stay for when the picture cannot be placed).
/// No terminal here shows these pictures (tmux does not pass them on); the bytes are checked.
final class GraphicsProtocolTests: XCTestCase {
    let cell = Size(width: 10, height: 20)

    private func graphic(_ format: ImageProtocol, _ png: Data, fitting space: Size) throws -> (Canvas, TerminalGraphic) {
        let canvas = try ChafaImageRenderer(format: format, cellPixels: cell).preview(of: png, fitting: space)
        XCTAssertEqual(canvas.graphics.count, 1, "one picture over the preview")
        let placement = try XCTUnwrap(canvas.graphics.first)
        XCTAssertEqual(placement.origin, Point(row: 0, column: 0))
        XCTAssertEqual(placement.graphic.size, canvas.size, "the picture covers exactly the preview's cells")
        XCTAssertEqual(placement.graphic.format, format)
        XCTAssertTrue(canvas.cells.contains { $0.glyph.text != " " }, "the symbols stay under it")
        return (canvas, placement.graphic)
    }

    func testKittyPicturesAreOneIdentifiedImageSizedToTheCells() throws {
        let (canvas, kitty) = try graphic(.kitty, TestImages.png(width: 40, height: 20), fitting: Size(width: 20, height: 10))
        XCTAssertEqual(canvas.size, Size(width: 20, height: 5))
        let text = String(decoding: kitty.sequence, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}_Gi=\(kitty.id),C=1,q=2,a=T,"), "kitty's APC, our id, cursor kept, no replies: \(text.prefix(60))")
        XCTAssertTrue(text.contains(",c=20,r=5"), "scaled by the terminal to 20×5 cells: \(text.prefix(80))")
        XCTAssertTrue(text.contains("s=200,v=100"), "200×100 pixels for 20×5 cells of 10×20: \(text.prefix(80))")
        assertOnlyStrings(kitty.sequence, introducer: "\u{1B}_G")
        let (_, again) = try graphic(.kitty, TestImages.png(width: 40, height: 20), fitting: Size(width: 20, height: 10))
        XCTAssertNotEqual(again.id, kitty.id, "each picture its own id: kitty deletes by id")
        XCTAssertNotEqual(kitty.id, 0)
    }

    func testSixelPicturesAreSizedToTheCells() throws {
        let (canvas, sixel) = try graphic(.sixel, TestImages.jpeg(width: 64, height: 64), fitting: Size(width: 30, height: 8))
        XCTAssertEqual(canvas.size, Size(width: 16, height: 8))
        let text = String(decoding: sixel.sequence, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}P"), "a DCS: \(text.prefix(20).debugDescription)")
        let raster = try XCTUnwrap(text.firstMatch(of: #/q"1;1;(\d+);(\d+)/#), "raster attributes: \(text.prefix(40).debugDescription)")
        let (width, height) = (Int(raster.output.1)!, Int(raster.output.2)!)
        XCTAssertEqual(width, 16 * cell.width, "as wide as its cells")
        XCTAssertTrue((8 * cell.height - 5...8 * cell.height).contains(height), "as tall as its cells, in whole sixel bands: \(height)")
        assertOnlyStrings(sixel.sequence, introducer: "\u{1B}P")
    }

    func testSymbolsCarryNoPicture() throws {
        let canvas = try ChafaImageRenderer().preview(of: TestImages.png(width: 40, height: 20), fitting: Size(width: 20, height: 10))
        XCTAssertEqual(canvas.graphics, [])
    }

    /// The bytes are nothing but protocol strings (each `introducer … ESC \`): no text, no cursor
    /// movement, no other sequence. Where the picture goes is for the terminal backend to say.
    private func assertOnlyStrings(_ bytes: [UInt8], introducer: String, file: StaticString = #filePath, line: UInt = #line) {
        var rest = bytes[...]
        var strings = 0
        while !rest.isEmpty {
            guard rest.starts(with: Array(introducer.utf8)),
                  let end = rest.indices.dropFirst().first(where: { rest[$0 - 1] == 0x1B && rest[$0] == UInt8(ascii: "\\") }) else {
                return XCTFail("stray bytes after \(strings) strings: \(String(decoding: rest.prefix(20), as: UTF8.self).debugDescription)", file: file, line: line)
            }
            let body = rest[rest.startIndex + introducer.utf8.count..<end - 1]
            XCTAssertFalse(body.contains(0x1B), "an escape inside a protocol string", file: file, line: line)
            strings += 1
            rest = rest[(end + 1)...]
        }
        XCTAssertGreaterThan(strings, 0, file: file, line: line)
    }
}
