/// One C library's two steps over bytes in memory: the size from the header alone, then the
/// pixels into a buffer we allocated for exactly that size (RGBA, 8 bits a channel, rows packed).
/// The libraries never allocate the picture themselves, so the pixel budget is checked before
/// any of its memory exists.
protocol PixelDecoder {
    /// The library the two steps call, asked for before either (`ImageLibrary.require`).
    static var library: ImageLibrary { get }
    static func size(of bytes: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) -> (width: Int, height: Int)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       into pixels: UnsafeMutableBufferPointer<UInt8>) throws(DecodeFailure)
}

/// Why a library stopped, in its own words ("cut short", "Huffman table…").
struct DecodeFailure: Error {
    let reason: String

    /// Runs a C helper that fills `message` and returns non-zero when it fails.
    static func check(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(DecodeFailure) {
        var failure: DecodeFailure?
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 200) { buffer in
            let base = buffer.baseAddress!
            base.initialize(repeating: 0, count: buffer.count)
            if call(base, buffer.count) != 0 {
                let text = String(cString: base)
                failure = DecodeFailure(reason: text.isEmpty ? "unreadable" : text)
            }
        }
        if let failure { throw failure }
    }
}
