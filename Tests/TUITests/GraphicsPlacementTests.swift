import Foundation
import ImagePreview
import TestSupport
import TUI
import XCTest

/// Pictures in a graphics protocol on the canvas and through the screen's diff: placed over
/// reserved cells, drawn once, taken away and drawn again when they move, taken away when
/// something is drawn over them, drawn again after a reset.
@MainActor
final class GraphicsPlacementTests: XCTestCase {
    let picture = TerminalGraphic(id: 7, format: .kitty, size: Size(width: 4, height: 2), sequence: Array("\u{1B}_Ga=T;x\u{1B}\\".utf8))

    private func canvas(placingAt origin: Point?) -> Canvas {
        var canvas = Canvas(size: Size(width: 20, height: 6))
        canvas.draw("hello", style: .plain, row: 0, column: 0, in: canvas.bounds)
        if let origin { canvas.place(picture, at: origin) }
        return canvas
    }

    func testACanvasKeepsAPictureOnlyWhileNothingIsDrawnOverIt() {
        var canvas = canvas(placingAt: Point(row: 2, column: 5))
        XCTAssertEqual(canvas.graphics, [GraphicPlacement(graphic: picture, origin: Point(row: 2, column: 5))])
        canvas.put(Glyph(text: "x", width: 1), style: .plain, at: Point(row: 4, column: 5), clip: Rect(size: canvas.size))
        XCTAssertEqual(canvas.graphics.count, 1, "outside its cells")
        canvas.put(Glyph(text: "x", width: 1), style: .plain, at: Point(row: 3, column: 8), clip: Rect(size: canvas.size))
        XCTAssertEqual(canvas.graphics, [], "an overlay drawn over it takes it away")
        canvas.place(picture, at: Point(row: 5, column: 0))
        XCTAssertEqual(canvas.graphics, [], "a picture that does not fit whole is not placed")
    }

    func testTheScreenDrawsAPictureOnceAndMovesItWithTheFrame() {
        let terminal = RecordingTerminal(size: Size(width: 20, height: 6))
        let screen = Screen(backend: terminal, theme: .orange)
        screen.render(canvas(placingAt: Point(row: 2, column: 5)), cursor: nil)
        XCTAssertEqual(terminal.takeGraphicCalls(), [.draw(picture, at: Point(row: 2, column: 5))])
        screen.render(canvas(placingAt: Point(row: 2, column: 5)), cursor: nil)
        XCTAssertEqual(terminal.takeGraphicCalls(), [], "an unchanged frame draws nothing")

        screen.render(canvas(placingAt: Point(row: 1, column: 5)), cursor: nil)
        XCTAssertEqual(terminal.takeGraphicCalls(), [.remove(picture, from: Rect(row: 2, column: 5, width: 4, height: 2)),
                                                     .draw(picture, at: Point(row: 1, column: 5))], "scrolled: taken away, drawn anew")
        XCTAssertGreaterThan(terminal.flushCount, 0)

        var covered = canvas(placingAt: Point(row: 1, column: 5))
        covered.draw("alert", style: .plain, row: 2, column: 3, in: covered.bounds)
        screen.render(covered, cursor: nil)
        XCTAssertEqual(terminal.takeGraphicCalls(), [.remove(picture, from: Rect(row: 1, column: 5, width: 4, height: 2))])

        screen.render(canvas(placingAt: Point(row: 1, column: 5)), cursor: nil)
        _ = terminal.takeGraphicCalls()
        screen.reset()
        screen.render(canvas(placingAt: Point(row: 1, column: 5)), cursor: nil)
        XCTAssertEqual(terminal.takeGraphicCalls(), [.draw(picture, at: Point(row: 1, column: 5))], "a reset draws it again")
    }

    /// In the whole client: a kitty preview's cells are reserved (blank, the label beside), the
    /// picture is placed over them and drawn once; a new message scrolls it, so it is taken away
    /// and drawn one row up; a pane too short for it shows the symbols and places nothing.
    func testAChatPlacesAKittyPreviewOverItsCellsAndFollowsScrolling() async throws {
        let directory = try TemporaryDirectory(prefix: "tui-graphics")
        let harness = try await AppHarness.memberInLobby(images: ChafaImageRenderer(format: .kitty))
        let file = directory.file("photo.png")
        try TestImages.png(width: 64, height: 32).write(to: file)
        await harness.type("/image " + file.path)
        await harness.press(.enter)

        var frame = Canvas(size: Size(width: 1, height: 1))
        let placed = await eventually(seconds: 10) {
            frame = self.draw(harness)
            return !frame.graphics.isEmpty
        }
        XCTAssertTrue(placed, frame.lines.joined(separator: "\n"))
        let placement = try XCTUnwrap(frame.graphics.first)
        XCTAssertEqual(placement.graphic.size, Size(width: 32, height: 8))
        for row in placement.rect.row..<placement.rect.maxRow {
            for column in placement.rect.column..<placement.rect.maxColumn {
                XCTAssertEqual(frame[row, column], Cell.blank, "reserved cell \(row),\(column)")
            }
        }
        let label = frame.text(row: placement.origin.row - 1) + frame.text(row: placement.origin.row)
        XCTAssertTrue(label.contains("[image] photo.png"), "the label above or beside: \(label)")
        let calls = harness.terminal.takeGraphicCalls()
        XCTAssertEqual(calls.filter { if case .draw = $0 { return true } else { return false } }.last, .draw(placement.graphic, at: placement.origin))
        _ = draw(harness)
        XCTAssertEqual(harness.terminal.takeGraphicCalls(), [], "drawn once")

        await harness.type("after the photo")
        await harness.press(.enter)
        await harness.waitFor("after the photo")
        frame = draw(harness)
        let moved = try XCTUnwrap(frame.graphics.first)
        XCTAssertEqual(moved.origin, Point(row: placement.origin.row - 1, column: placement.origin.column), "one row up")
        let afterMove = harness.terminal.takeGraphicCalls()
        XCTAssertTrue(afterMove.contains(.remove(placement.graphic, from: placement.rect)), "\(afterMove)")
        XCTAssertEqual(afterMove.last, .draw(moved.graphic, at: moved.origin))

        harness.resize(Size(width: 100, height: 9))
        frame = draw(harness)
        XCTAssertEqual(frame.graphics, [], "a pane shorter than the picture places none")
        let coloured = frame.cells.contains { cell in
            [cell.style.foreground, cell.style.background].contains { if case .rgb = $0 { return true } else { return false } }
        }
        XCTAssertTrue(coloured, "the symbols show instead:\n\(frame.lines.joined(separator: "\n"))")
    }

    /// A frame as the app loop makes it: drawn, rendered through the screen, previews loaded.
    private func draw(_ harness: AppHarness) -> Canvas {
        harness.frame()
        return harness.screen.lastFrame ?? Canvas(size: harness.terminal.size)
    }
}
