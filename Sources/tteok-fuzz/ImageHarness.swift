import ChatCore
import Foundation
import ImagePreview
import TUI

/// Any bytes a member might post as an image, down the exact path a reader's client takes:
/// sniff → header size and pixel budget → libpng / libjpeg-turbo / giflib / libwebp decode →
/// libchafa preview. Refusing is fine; crashing, or pixels that do not match the size, is not.
enum ImageHarness {
    static let renderer = ChafaImageRenderer()

    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let format = ImageFormat(sniffing: data)
        guard let image = try? ImageDecoder.decode(data, name: "fuzz") else { return }
        Invariant.require(format == image.format, "decoded as \(image.format), sniffed as \(String(describing: format))")
        Invariant.require(image.width > 0 && image.height > 0, "empty image decoded")
        Invariant.require(image.width * image.height <= ImageDecoder.maximumPixels, "over the pixel budget")
        Invariant.require(image.rgba.count == image.width * image.height * 4, "pixels do not match the size")
        // The preview as the chat pane asks for it; small pictures only, to keep runs fast.
        if image.width * image.height <= 1 << 16 {
            let canvas = try? renderer.preview(of: data, fitting: Size(width: 48, height: 8))
            Invariant.require(canvas.map { $0.width <= 48 && $0.height <= 8 } ?? false, "preview failed after a decode")
        }
    }
}
