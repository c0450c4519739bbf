import CChafa
import TUI

/// Pixels to cells with libchafa's symbols mode: each cell a block or border character with a
/// true-colour foreground and background. Works in every terminal and in tmux.
enum ChafaSymbols {
    /// Draws `image` stretched over exactly `size` cells (callers fit the size to the picture).
    static func cells(of image: DecodedImage, size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.width > 0, size.height > 0 else { return canvas }
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(size.width), Int32(size.height))
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
        let symbols = chafa_symbol_map_new()
        defer { chafa_symbol_map_unref(symbols) }
        // One-column symbols only: our canvas has no room for chafa's wide ones.
        chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_BORDER.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
        chafa_symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE)
        chafa_canvas_config_set_symbol_map(config, symbols)
        let chafa = chafaCanvas(config, drawing: image)
        defer { chafa_canvas_unref(chafa) }
        for row in 0..<size.height {
            for column in 0..<size.width {
                let cell = self.cell(chafa, column: column, row: row)
                canvas.put(cell.glyph, style: cell.style, at: Point(row: row, column: column), clip: Rect(size: size))
            }
        }
        return canvas
    }

    private static func cell(_ chafa: OpaquePointer?, column: Int, row: Int) -> Cell {
        let code = chafa_canvas_get_char_at(chafa, Int32(column), Int32(row))
        var foreground: Int32 = -1, background: Int32 = -1
        chafa_canvas_get_colors_at(chafa, Int32(column), Int32(row), &foreground, &background)
        var glyph = Glyph.space
        if let scalar = Unicode.Scalar(code), let drawn = DisplayWidth.glyph(for: Character(scalar)), drawn.width == 1 {
            glyph = drawn
        }
        return Cell(glyph: glyph, style: Style(foreground: color(foreground), background: color(background)))
    }

    /// chafa's packed 0xRRGGBB, or a negative value for "transparent": the terminal's own colour.
    private static func color(_ packed: Int32) -> Color {
        guard packed >= 0 else { return .terminalDefault }
        return .rgb(UInt8((packed >> 16) & 0xFF), UInt8((packed >> 8) & 0xFF), UInt8(packed & 0xFF))
    }
}
