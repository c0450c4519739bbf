import Foundation

/// Small real image files written at test time, so no binary fixtures are needed: a PNG with
/// stored (uncompressed) deflate blocks, and a baseline JPEG whose 8×8 blocks are each one colour
/// (only DC coefficients, with minimal Huffman tables of its own).
public enum TestImages {
    /// One pixel: red, green, blue, alpha.
    public typealias Pixel = (UInt8, UInt8, UInt8, UInt8)

    /// A picture `width`×`height` with four coloured quarters (red, green, blue, yellow).
    public static func quarters(width: Int, height: Int) -> [[Pixel]] {
        (0..<height).map { y in
            (0..<width).map { x in
                switch (x < width / 2, y < height / 2) {
                case (true, true): return (220, 30, 30, 255)
                case (false, true): return (30, 200, 40, 255)
                case (true, false): return (30, 60, 220, 255)
                case (false, false): return (240, 220, 20, 255)
                }
            }
        }
    }

    // MARK: PNG

    /// A PNG (RGBA, 8 bits) of `pixels`, rows top to bottom.
    public static func png(_ pixels: [[Pixel]]) -> Data {
        let height = pixels.count, width = pixels.first?.count ?? 0
        var raw: [UInt8] = []
        for row in pixels {
            raw.append(0)  // filter: none
            for (r, g, b, a) in row { raw += [r, g, b, a] }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
        return Data(file)
    }

    /// A PNG of `width`×`height` quarters.
    public static func png(width: Int, height: Int) -> Data { png(quarters(width: width, height: height)) }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    /// zlib stream of stored deflate blocks (no compression needed to be a valid PNG).
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
