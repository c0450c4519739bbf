import CGif

/// GIF through giflib: the first frame only, drawn on the logical screen (transparent where the
/// frame does not reach), read record by record so the rest of an animation is never decoded.
enum GIFDecoder: PixelDecoder {
    static let library = ImageLibrary.gif

    static func size(of bytes: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) -> (width: Int, height: Int) {
        var width: UInt32 = 0, height: UInt32 = 0
        try DecodeFailure.check { message, size in
            tteok_gif_decode(bytes.baseAddress, bytes.count, &width, &height, 0, 0, nil, message, size)
        }
        return (Int(width), Int(height))
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       into pixels: UnsafeMutableBufferPointer<UInt8>) throws(DecodeFailure) {
        var readWidth: UInt32 = 0, readHeight: UInt32 = 0
        try DecodeFailure.check { message, size in
            tteok_gif_decode(bytes.baseAddress, bytes.count, &readWidth, &readHeight,
                             UInt32(width), UInt32(height), pixels.baseAddress, message, size)
        }
    }
}
