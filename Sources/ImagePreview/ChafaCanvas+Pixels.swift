import CChafa

/// A chafa canvas for `config` with all of `image`'s pixels drawn on it, ready to be read as
/// symbols or printed in a graphics protocol. The caller releases it with `chafa_canvas_unref`.
func chafaCanvas(_ config: OpaquePointer?, drawing image: DecodedImage) -> OpaquePointer? {
    let chafa = chafa_canvas_new(config)
    image.rgba.withUnsafeBufferPointer { pixels in
        chafa_canvas_draw_all_pixels(chafa, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                     Int32(image.width), Int32(image.height), Int32(image.width * 4))
    }
    return chafa
}
