import CChafa
import ChatCore
import TUI

/// Pixels to a terminal graphics protocol with libchafa: a kitty or sixel sequence covering
/// exactly the cells given. The sequence carries no position: the terminal backend puts the
/// cursor at the preview's first cell and writes it there.
enum ChafaGraphics {
    /// Ids for kitty pictures, unique in this process (kitty deletes a picture by its id).
    private static let nextID = Mutex<UInt32>(1)

    static func graphic(of image: DecodedImage, size: Size, format: ImageProtocol, cellPixels: Size) -> TerminalGraphic? {
        guard size.width > 0, size.height > 0, let mode = pixelMode(format) else { return nil }
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(size.width), Int32(size.height))
        chafa_canvas_config_set_cell_geometry(config, Int32(max(cellPixels.width, 1)), Int32(max(cellPixels.height, 1)))
        chafa_canvas_config_set_pixel_mode(config, mode)
        let chafa = chafaCanvas(config, drawing: image)
        defer { chafa_canvas_unref(chafa) }
        // The fallback description knows every sequence chafa can emit, kitty's and sixel's.
        let info = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
        defer { chafa_term_info_unref(info) }
        guard let printed = chafa_canvas_print(chafa, info) else { return nil }
        defer { tteok_g_string_free_all(printed) }
        var bytes = [UInt8](UnsafeRawBufferPointer(start: printed.pointee.str, count: Int(printed.pointee.len)))
        let id = nextID.withLock { value -> UInt32 in
            defer { value = value == UInt32.max ? 1 : value + 1 }
            return value
        }
        if format == .kitty { bytes = identified(bytes, id: id) }
        return TerminalGraphic(id: id, format: format, size: size, sequence: bytes)
    }

    private static func pixelMode(_ format: ImageProtocol) -> ChafaPixelMode? {
        switch format {
        case .kitty: return CHAFA_PIXEL_MODE_KITTY
        case .sixel: return CHAFA_PIXEL_MODE_SIXELS
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
