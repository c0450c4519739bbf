import CPng

/// PNG through libpng 1.6, with its user limits: no side past `ImageDecoder.maximumSide`, no
/// ancillary chunk (text, ICC profile) allocating more than `chunkLimit`.
enum PNGDecoder: PixelDecoder {
    static let chunkLimit = 1024 * 1024

    static func size(of bytes: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) -> (width: Int, height: Int) {
        var width: UInt32 = 0, height: UInt32 = 0
        try DecodeFailure.check { message, size in
            tteok_png_decode(bytes.baseAddress, bytes.count, UInt32(ImageDecoder.maximumSide), chunkLimit,
                             &width, &height, 0, 0, nil, message, size)
        }
        return (Int(width), Int(height))
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       into pixels: UnsafeMutableBufferPointer<UInt8>) throws(DecodeFailure) {
        var readWidth: UInt32 = 0, readHeight: UInt32 = 0
        try DecodeFailure.check { message, size in
            tteok_png_decode(bytes.baseAddress, bytes.count, UInt32(ImageDecoder.maximumSide), chunkLimit,
                             &readWidth, &readHeight, UInt32(width), UInt32(height), pixels.baseAddress, message, size)
        }
    }
}
