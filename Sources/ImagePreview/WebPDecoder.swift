import CWebP

/// WebP through libwebp's simple API, decoding into our buffer (`WebPDecodeRGBAInto`).
enum WebPDecoder: PixelDecoder {
    static let library = ImageLibrary.webp

    static func size(of bytes: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        guard WebPGetInfo(bytes.baseAddress, bytes.count, &width, &height) != 0 else {
            throw DecodeFailure(reason: "WebP data unreadable")
        }
        return (Int(width), Int(height))
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       into pixels: UnsafeMutableBufferPointer<UInt8>) throws(DecodeFailure) {
        guard WebPDecodeRGBAInto(bytes.baseAddress, bytes.count, pixels.baseAddress, pixels.count, Int32(width * 4)) != nil else {
            throw DecodeFailure(reason: "WebP data unreadable")
        }
    }
}
