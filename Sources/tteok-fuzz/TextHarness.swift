import ChatCore
import TUI

/// Any text made inert stays inert (and sanitising twice changes nothing); masking keeps it inert;
/// wrapping and truncating never exceed their width; drawing it on a canvas leaves every cell free
/// of controls and bidi marks, keeps wide glyphs whole, and touches nothing outside its region.
enum TextHarness {
    static let filter = WordFilter.standard()
    static let outside = Cell(glyph: Glyph(text: "#", width: 1), style: .plain)

    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for layout in [InertText.Layout.singleLine, .multiLine] {
            let inert = InertText.sanitize(text, layout: layout)
            Invariant.require(InertText.isInert(inert, layout: layout), "sanitised text is not inert")
            Invariant.require(InertText.sanitize(inert, layout: layout) == inert, "sanitising twice changed it")
            Invariant.require(InertText.pieces(text, layout: layout).map(\.string).joined() == inert, "pieces differ from sanitize")
            let masked = filter.mask(inert)
            Invariant.require(masked.count == inert.count, "masking changed the length")
            Invariant.require(InertText.isInert(masked, layout: layout), "masked text is not inert")
        }
        let width = Int(bytes.first ?? 0) % 50
        for line in TextLayout.wrap(text, width: width) {
            Invariant.require(TextLayout.width(line) <= max(width, 2), "a wrapped line is wider than \(width)")
        }
        Invariant.require(DisplayWidth.of(TextLayout.truncate(text, to: width)) <= width, "truncated text wider than \(width)")
        draw(text, bytes: bytes)
    }

    /// Draws the text every way a pane does into a region of a canvas filled with a sentinel.
    static func draw(_ text: String, bytes: [UInt8]) {
        let size = Size(width: 24, height: 8)
        var canvas = Canvas(size: size, fill: outside)
        let pick = { (index: Int) in bytes.count > index ? Int(bytes[index]) : 0 }
        let frame = Rect(row: pick(1) % 3, column: pick(2) % 5, width: pick(3) % 20, height: pick(4) % 6)
        let region = canvas.bounds.subregion(frame)
        canvas.draw(text, row: 0, column: pick(5) % 8 - 2, in: region)
        canvas.draw([Span(text, Style(attributes: .bold)), Span(text)], row: 1, in: region, overflow: pick(6) % 2 == 0 ? .clip : .ellipsis)
        canvas.drawWrapped(text, row: 2, in: region)
        check(canvas, region: region)
    }

    static func check(_ canvas: Canvas, region: Region) {
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                let cell = canvas[row, column]
                let point = Point(row: row, column: column)
                guard region.frame.contains(point) else {
                    Invariant.require(cell == outside, "drawn outside the region at \(row),\(column)")
                    continue
                }
                let scalars = cell.glyph.text.unicodeScalars
                Invariant.require(scalars.allSatisfy { InertText.replacement(for: $0) == nil && !InertText.isLayoutScalar($0) },
                                  "a cell holds a control or bidi scalar: \(scalars.map(\.value))")
                Invariant.require(scalars.count <= DisplayWidth.maxScalarsPerCell, "too many scalars in a cell")
                if cell.isContinuation {
                    Invariant.require(column > 0 && canvas[row, column - 1].glyph.width == 2, "continuation without a wide lead")
                } else {
                    Invariant.require((1...2).contains(cell.glyph.width), "glyph width \(cell.glyph.width)")
                }
                if cell.glyph.width == 2 {
                    Invariant.require(column + 1 < canvas.width && canvas[row, column + 1].isContinuation, "wide lead without continuation")
                    Invariant.require(region.frame.contains(Point(row: row, column: column + 1)), "wide glyph sticks out of the region")
                }
            }
        }
    }
}
