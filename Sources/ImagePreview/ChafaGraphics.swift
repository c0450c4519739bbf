import CImageLibraries
import ChatCore
import Glibc
import TUI

/// Pixels to a terminal graphics protocol with libchafa: a kitty or sixel sequence covering
/// exactly the cells given. The sequence carries no position: the terminal backend puts the
/// cursor at the preview's first cell and writes it there.
enum ChafaGraphics {
    /// Ids for kitty pictures, unique in this process (kitty deletes a picture by its id).
    private static let nextID = Mutex<UInt32>(1)

    static func graphic(of image: DecodedImage, size: Size, format: ImageProtocol, cellPixels: Size) -> TerminalGraphic? {
        guard size.width > 0, size.height > 0, let chafaProtocol = chafaProtocol(format) else { return nil }
        var length = 0
        let printed = image.rgba.withUnsafeBufferPointer { pixels in
            tteok_chafa_graphic(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(size.width), Int32(size.height),
                                Int32(max(cellPixels.width, 1)), Int32(max(cellPixels.height, 1)), chafaProtocol, &length)
        }
        guard let printed else { return nil }
        defer { free(printed) }
        var bytes = [UInt8](UnsafeBufferPointer(start: printed, count: length))
        let id = nextID.withLock { value -> UInt32 in
            defer { value = value == UInt32.max ? 1 : value + 1 }
            return value
        }
        if format == .kitty { bytes = identified(bytes, id: id) }
        return TerminalGraphic(id: id, format: format, size: size, sequence: bytes)
    }

    private static func chafaProtocol(_ format: ImageProtocol) -> tteok_chafa_protocol? {
        switch format {
        case .kitty: return TTEOK_CHAFA_KITTY
        case .sixel: return TTEOK_CHAFA_SIXEL
        case .symbols: return nil
        }
    }

    /// chafa's kitty sequence starts `ESC _G a=T,…`: give the picture our id (so it can be deleted
    /// when the preview moves), keep the cursor where it is (`C=1`) and ask for no answers
    /// (`q=2`: a reply would arrive as input).
    static func identified(_ bytes: [UInt8], id: UInt32) -> [UInt8] {
        let start = Array("\u{1B}_G".utf8)
        guard bytes.starts(with: start) else { return bytes }
        return start + Array("i=\(id),C=1,q=2,".utf8) + bytes.dropFirst(start.count)
    }
}
