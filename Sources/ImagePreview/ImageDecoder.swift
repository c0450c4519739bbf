import ChatCore
import FoundationEssentials

/// Decodes image bytes from anyone to pixels with Debian's security-supported libraries: libpng,
/// libjpeg-turbo, giflib (first frame) and libwebp. The type comes from the bytes
/// (`ImageFormat(sniffing:)`); the size comes from the header and is checked against a pixel
/// budget before any pixel memory exists; errors are `ChatError`s a user can read.
public enum ImageDecoder {
    /// Most pixels decoded for a preview: 16 MP, 64 MiB of RGBA. Every image a member posts is
    /// decoded for everyone who reads the chat, so this bounds what one post can cost a reader.
    public static let maximumPixels = 16 * 1024 * 1024
    /// Most pixels decoded when checking one's own file before posting it (`/image`,
    /// `tteok post --image`): a 24 MP camera photo may be sent, and others preview what fits.
    public static let maximumUploadPixels = 50_000_000
    /// Longest side decoded, whatever the budget: a 16384×1 strip still needs row buffers.
    public static let maximumSide = 16_384

    /// The format and size in pixels, read from the header without decoding; throws when the
    /// image is over `budget` pixels, or when the library for its format cannot be loaded.
    public static func inspect(_ data: Data, name: String, budget: Int = maximumPixels) throws -> (format: ImageFormat, width: Int, height: Int) {
        guard let format = ImageFormat(sniffing: data) else { throw notAnImage(name) }
        let decoder = decoder(format)
        try decoder.library.require()
        let size: (width: Int, height: Int)
        do {
            size = try withBytes(of: data) { bytes throws(DecodeFailure) in try decoder.size(of: bytes) }
        } catch {
            throw damaged(name, reason: error.reason)
        }
        guard size.width > 0, size.height > 0 else { throw damaged(name, reason: "no size") }
        guard size.width <= maximumSide, size.height <= maximumSide, size.width * size.height <= budget else {
            throw tooBig(name, width: size.width, height: size.height)
        }
        return (format, size.width, size.height)
    }

    /// Decodes the whole image, so a file cut short is found before anything is sent.
    public static func decode(_ data: Data, name: String, budget: Int = maximumPixels) throws -> DecodedImage {
        let (format, width, height) = try inspect(data, name: name, budget: budget)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        do {
            try withBytes(of: data) { bytes throws(DecodeFailure) in
                try pixels.withUnsafeMutableBufferPointer { output throws(DecodeFailure) in
                    try decoder(format).decode(bytes, width: width, height: height, into: output)
                }
            }
        } catch {
            throw damaged(name, reason: error.reason)
        }
        return DecodedImage(format: format, width: width, height: height, rgba: pixels)
    }

    private static func decoder(_ format: ImageFormat) -> any PixelDecoder.Type {
        switch format {
        case .png: return PNGDecoder.self
        case .jpeg: return JPEGDecoder.self
        case .gif: return GIFDecoder.self
        case .webp: return WebPDecoder.self
        }
    }

    private static func withBytes<T>(of data: Data, _ body: (UnsafeBufferPointer<UInt8>) throws(DecodeFailure) -> T) throws(DecodeFailure) -> T {
        var result: Result<T, DecodeFailure> = .failure(DecodeFailure(reason: "empty"))
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.baseAddress != nil else { return }
            result = Result { () throws(DecodeFailure) -> T in try body(bytes) }
        }
        return try result.get()
    }

    static func notAnImage(_ name: String) -> ChatError {
        .invalidInput("\(name) is not an image (\(ImageFormat.supportedList)).")
    }

    static func damaged(_ name: String, reason: String) -> ChatError {
        .invalidInput("\(name) is damaged or cut short (\(reason)).")
    }

    static func tooBig(_ name: String, width: Int, height: Int) -> ChatError {
        .invalidInput("\(name) is too big to show (\(width)×\(height) pixels).")
    }
}
