import CStbImage
import CWebP
import ChatCore
import Foundation

/// Decodes image bytes to pixels: stb_image for PNG, JPEG and GIF (first frame), libwebp for WebP.
/// The type comes from the bytes (`ImageFormat(sniffing:)`); errors are `ChatError`s a user can read.
public enum ImageDecoder {
    /// Most pixels decoded at once (about 200 MB of RGBA): a 10 MiB file can claim far more.
    public static let maximumPixels = 50_000_000

    /// The format and size in pixels, read from the header without decoding.
    public static func inspect(_ data: Data, name: String) throws -> (format: ImageFormat, width: Int, height: Int) {
        guard let format = ImageFormat(sniffing: data) else { throw notAnImage(name) }
        let size: (Int, Int)?
        switch format {
        case .webp: size = webpSize(data)
        case .png, .jpeg, .gif: size = stbSize(data)
        }
        guard let (width, height) = size, width > 0, height > 0 else { throw damaged(name, reason: reason(format)) }
        guard width * height <= maximumPixels else {
            throw ChatError.invalidInput("\(name) is too big to show (\(width)×\(height) pixels).")
        }
        return (format, width, height)
    }

    /// Decodes the whole image, so a file cut short is found before anything is sent.
    public static func decode(_ data: Data, name: String) throws -> DecodedImage {
        let (format, width, height) = try inspect(data, name: name)
        if format == .png, !hasPNGEnd(data) { throw damaged(name, reason: "no end marker") }
        let pixels: [UInt8]?
        switch format {
        case .webp: pixels = webpPixels(data)
        case .png, .jpeg, .gif: pixels = stbPixels(data)
        }
        guard let pixels, pixels.count == width * height * 4 else { throw damaged(name, reason: reason(format)) }
        return DecodedImage(format: format, width: width, height: height, rgba: pixels)
    }

    // MARK: stb_image

    private static func stbSize(_ data: Data) -> (Int, Int)? {
        bytes(of: data) { base, count in
            var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0
            guard stbi_info_from_memory(base, count, &width, &height, &components) == 1 else { return nil }
            return (Int(width), Int(height))
        }
    }

    private static func stbPixels(_ data: Data) -> [UInt8]? {
        bytes(of: data) { base, count in
            var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0
            guard let pixels = stbi_load_from_memory(base, count, &width, &height, &components, 4) else { return nil }
            defer { stbi_image_free(pixels) }
            return Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
        }
    }

    /// stb_image says why it stopped; libwebp only that it did.
    private static func reason(_ format: ImageFormat) -> String {
        guard format != .webp else { return "WebP data unreadable" }
        return stbi_failure_reason().map { String(cString: $0) } ?? "unreadable"
    }

    // MARK: libwebp

    private static func webpSize(_ data: Data) -> (Int, Int)? {
        bytes(of: data) { base, count in
            var width: Int32 = 0, height: Int32 = 0
            guard WebPGetInfo(base, Int(count), &width, &height) != 0 else { return nil }
            return (Int(width), Int(height))
        }
    }

    private static func webpPixels(_ data: Data) -> [UInt8]? {
        bytes(of: data) { base, count in
            var width: Int32 = 0, height: Int32 = 0
            guard let pixels = WebPDecodeRGBA(base, Int(count), &width, &height) else { return nil }
            defer { WebPFree(pixels) }
            return Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
        }
    }

    // MARK: Helpers

    /// Walks the PNG's chunks to its IEND: stb_image accepts some files cut short after their
    /// pixels, and bytes appended after IEND (some tools add them) do no harm.
    static func hasPNGEnd(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if bytes[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { return offset + 12 <= bytes.count }
            offset += 12 + length  // length, type, data, CRC
        }
        return false
    }

    private static func bytes<T>(of data: Data, _ body: (UnsafePointer<UInt8>, Int32) -> T?) -> T? {
        guard data.count <= Int(Int32.max) else { return nil }
        return data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return body(base, Int32(raw.count))
        }
    }

    static func notAnImage(_ name: String) -> ChatError {
        .invalidInput("\(name) is not an image (\(ImageFormat.supportedList)).")
    }

    static func damaged(_ name: String, reason: String) -> ChatError {
        .invalidInput("\(name) is damaged or cut short (\(reason)).")
    }
}
