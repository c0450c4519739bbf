import CImageLibraries
import TUI

/// Pixels to cells with libchafa's symbols mode: each cell a block or border character with a
/// true-colour foreground and background. Works in every terminal and in tmux.
enum ChafaSymbols {
    /// Draws `image` stretched over exactly `size` cells (callers fit the size to the picture).
    static func cells(of image: DecodedImage, size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.width > 0, size.height > 0 else { return canvas }
        let count = size.width * size.height
        var characters = [UInt32](repeating: 0, count: count)
        var foregrounds = [Int32](repeating: -1, count: count), backgrounds = [Int32](repeating: -1, count: count)
        image.rgba.withUnsafeBufferPointer { pixels in
            tteok_chafa_symbols(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(size.width), Int32(size.height),
                                &characters, &foregrounds, &backgrounds)
        }
        for row in 0..<size.height {
            for column in 0..<size.width {
                let index = row * size.width + column
                var glyph = Glyph.space
                if let scalar = Unicode.Scalar(characters[index]), let drawn = DisplayWidth.glyph(for: Character(scalar)), drawn.width == 1 {
                    glyph = drawn
                }
                let style = Style(foreground: color(foregrounds[index]), background: color(backgrounds[index]))
                canvas.put(glyph, style: style, at: Point(row: row, column: column), clip: Rect(size: size))
            }
        }
        return canvas
    }

    /// chafa's packed 0xRRGGBB, or a negative value for "transparent": the terminal's own colour.
    private static func color(_ packed: Int32) -> Color {
        guard packed >= 0 else { return .terminalDefault }
        return .rgb(UInt8((packed >> 16) & 0xFF), UInt8((packed >> 8) & 0xFF), UInt8(packed & 0xFF))
    }
}
