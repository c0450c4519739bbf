import CJpeg

/// JPEG through libjpeg-turbo, its working memory capped (`max_memory_to_use`) and progressive
/// files limited in scans; CMYK files are refused (libjpeg-turbo converts only YCbCr and grey
/// to RGBA).
enum JPEGDecoder: PixelDecoder {
    /// libjpeg's own allocations beyond our output buffer: enough for a progressive 16 MP
    /// photo's coefficients, never the gigabytes a forged header could ask for.
    static let workingMemory = 160 * 1024 * 1024
    static let scanLimit: Int32 = 500
    static let library = ImageLibrary.jpeg

    static func size(of bytes: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) -> (width: Int, height: Int) {
        var width: UInt32 = 0, height: UInt32 = 0
        try DecodeFailure.check { message, size in
            tteok_jpeg_decode(bytes.baseAddress, bytes.count, workingMemory, scanLimit, &width, &height, 0, 0, nil, message, size)
        }
        return (Int(width), Int(height))
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       into pixels: UnsafeMutableBufferPointer<UInt8>) throws(DecodeFailure) {
        var readWidth: UInt32 = 0, readHeight: UInt32 = 0
        try DecodeFailure.check { message, size in
            tteok_jpeg_decode(bytes.baseAddress, bytes.count, workingMemory, scanLimit, &readWidth, &readHeight,
                              UInt32(width), UInt32(height), pixels.baseAddress, message, size)
        }
    }
}
