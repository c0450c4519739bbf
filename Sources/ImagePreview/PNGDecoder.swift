import CPng

/// PNG through libpng 1.6, with its user limits: no side past `ImageDecoder.maximumSide`, no
/// ancillary chunk (text, ICC profile) allocating more than `chunkLimit`.
enum PNGDecoder: PixelDecoder {
    static let chunkLimit = 1024 * 1024
    static let library = ImageLibrary.png

    static func size(of bytes: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) -> (width: Int, height: Int) {
        try checkChunkLengths(bytes)
        var width: UInt32 = 0, height: UInt32 = 0
        try DecodeFailure.check { message, size in
            tteok_png_decode(bytes.baseAddress, bytes.count, UInt32(ImageDecoder.maximumSide), chunkLimit,
                             &width, &height, 0, 0, nil, message, size)
        }
        return (Int(width), Int(height))
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       into pixels: UnsafeMutableBufferPointer<UInt8>) throws(DecodeFailure) {
        try checkChunkLengths(bytes)
        var readWidth: UInt32 = 0, readHeight: UInt32 = 0
        try DecodeFailure.check { message, size in
            tteok_png_decode(bytes.baseAddress, bytes.count, UInt32(ImageDecoder.maximumSide), chunkLimit,
                             &readWidth, &readHeight, UInt32(width), UInt32(height), pixels.baseAddress, message, size)
        }
    }

    /// Every chunk up to IEND must fit in the bytes we hold. libpng 1.6 allocates and zeroes a
    /// chunk's declared length before reading it: a 194-byte file declaring a 391 MB unknown
    /// chunk cost a reader 2 GB and 4 s (found by `scripts/fuzz.sh`). The whole file is in
    /// memory, so no honest chunk is longer than what is left of it.
    static func checkChunkLengths(_ bytes: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) {
        var offset = 8  // the signature
        while offset + 8 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
            guard length <= bytes.count - offset - 12 else { throw DecodeFailure(reason: "a chunk is longer than the file") }
            if bytes[offset + 4] == 0x49, bytes[offset + 5] == 0x45, bytes[offset + 6] == 0x4E, bytes[offset + 7] == 0x44 { return }  // IEND
            offset += 12 + length
        }
    }
}
