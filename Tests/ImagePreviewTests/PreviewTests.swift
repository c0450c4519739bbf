import ChatCore
import Foundation
import ImagePreview
import TestSupport
import TUI
import XCTest

/// Previews drawn by libchafa into a canvas: the expected size in cells, not blank, the colours
/// of the picture.
final class PreviewTests: XCTestCase {
    let renderer = ChafaImageRenderer()

    func testPNGPreviewFillsTheExpectedCellsWithThePicturesColours() throws {
        // 40×20 pixels: twice as wide as tall, so 20 columns × 5 rows once cells are 2:1.
        let canvas = try renderer.preview(of: TestImages.png(width: 40, height: 20), fitting: Size(width: 20, height: 10))
        XCTAssertEqual(canvas.size, Size(width: 20, height: 5))
        assertNotBlank(canvas)
        XCTAssertTrue(shows(canvas, near: (220, 30, 30), row: 0, column: 0), "top-left is red")
        XCTAssertTrue(shows(canvas, near: (240, 220, 20), row: 4, column: 19), "bottom-right is yellow")
    }

    func testJPEGPreviewFillsTheExpectedCells() throws {
        let canvas = try renderer.preview(of: TestImages.jpeg(width: 64, height: 64), fitting: Size(width: 30, height: 8))
        XCTAssertEqual(canvas.size, Size(width: 16, height: 8), "a square picture is twice as many columns as rows")
        assertNotBlank(canvas)
        XCTAssertTrue(shows(canvas, near: (30, 60, 220), row: 7, column: 0), "bottom-left is blue")
    }

    func testGeometryKeepsProportionsAndNeverExceedsTheSpace() {
        XCTAssertEqual(PreviewGeometry.fit(width: 100, height: 100, into: Size(width: 40, height: 10)), Size(width: 20, height: 10))
        XCTAssertEqual(PreviewGeometry.fit(width: 1000, height: 10, into: Size(width: 40, height: 10)), Size(width: 40, height: 1))
        XCTAssertEqual(PreviewGeometry.fit(width: 10, height: 1000, into: Size(width: 40, height: 10)), Size(width: 1, height: 10))
        XCTAssertEqual(PreviewGeometry.fit(width: 16, height: 16, into: Size(width: 80, height: 12)), Size(width: 24, height: 12))
        XCTAssertEqual(PreviewGeometry.fit(width: 16, height: 16, into: Size(width: 0, height: 12)), Size(width: 0, height: 0))
    }

    func testEveryPreviewCellIsOneColumnWide() throws {
        let canvas = try renderer.preview(of: TestImages.png(width: 33, height: 17), fitting: Size(width: 25, height: 9))
        for cell in canvas.cells {
            XCTAssertEqual(cell.glyph.width, 1, "chafa's wide symbols are left out: \(cell.glyph.text)")
        }
    }

    func testDamagedDataHasNoPreview() {
        XCTAssertThrowsError(try renderer.preview(of: Data("not a picture".utf8), fitting: Size(width: 10, height: 5)))
    }

    // MARK: Helpers

    private func assertNotBlank(_ canvas: Canvas, file: StaticString = #filePath, line: UInt = #line) {
        let coloured = canvas.cells.filter { $0.style.background != .terminalDefault || $0.style.foreground != .terminalDefault }
        XCTAssertEqual(coloured.count, canvas.cells.count, "every cell of an opaque picture has colour", file: file, line: line)
    }

    /// True when the cell's visible colour (background behind a space, else either) is near `rgb`.
    private func shows(_ canvas: Canvas, near rgb: (Int, Int, Int), row: Int, column: Int) -> Bool {
        let cell = canvas[row, column]
        let colours = cell.glyph.text == " " ? [cell.style.background] : [cell.style.foreground, cell.style.background]
        return colours.contains { colour in
            guard case .rgb(let r, let g, let b) = colour else { return false }
            return abs(Int(r) - rgb.0) + abs(Int(g) - rgb.1) + abs(Int(b) - rgb.2) < 30
        }
    }
}
