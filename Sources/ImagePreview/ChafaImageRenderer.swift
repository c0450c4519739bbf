import ChatCore
import FoundationEssentials
import TUI

/// The TUI's `ImageRenderer` over libpng, libjpeg-turbo, giflib, libwebp and libchafa: symbols by default (every
/// terminal, tmux included); with `.kitty` or `.sixel` the preview also carries the picture in
/// that protocol, placed over its cells by the chat pane and written by the terminal backend.
public struct ChafaImageRenderer: ImageRenderer {
    public let format: ImageProtocol
    /// A cell's size in pixels, so a protocol's picture fills its cells (from the terminal's
    /// `TIOCGWINSZ`; 10×20 when it does not say).
    public let cellPixels: Size

    public init(format: ImageProtocol = .symbols, cellPixels: Size = Size(width: 10, height: 20)) {
        self.format = format
        self.cellPixels = cellPixels
    }

    public func readUpload(atPath path: String) throws -> ImageUpload {
        try ImageFileReader.upload(atPath: path)
    }

    public func preview(of data: Data, fitting size: Size) throws -> Canvas {
        // Before decoding, so a system without libchafa spends nothing on pictures it cannot show.
        try ImageLibrary.chafa.require()
        let image = try ImageDecoder.decode(data, name: "The image")
        let cells = PreviewGeometry.fit(width: image.width, height: image.height, into: size)
        // The symbols are kept under a protocol's picture: they show when it cannot be placed whole.
        var canvas = ChafaSymbols.cells(of: image, size: cells)
        if let graphic = ChafaGraphics.graphic(of: image, size: cells, format: format, cellPixels: cellPixels) {
            canvas.place(graphic, at: Point(row: 0, column: 0))
        }
        return canvas
    }
}
