import ChatCore
import Foundation
import TUI

/// The TUI's `ImageRenderer` over stb_image, libwebp and libchafa (symbols mode).
public struct ChafaImageRenderer: ImageRenderer {
    public init() {}

    public func readUpload(atPath path: String) throws -> ImageUpload {
        try ImageFileReader.upload(atPath: path)
    }

    public func preview(of data: Data, fitting size: Size) throws -> Canvas {
        let image = try ImageDecoder.decode(data, name: "The image")
        return ChafaSymbols.cells(of: image, size: PreviewGeometry.fit(width: image.width, height: image.height, into: size))
    }
}
