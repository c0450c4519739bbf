import Foundation

extension TestImages {
    /// A lossless WebP (VP8L) of `width`×`height`: left half red, right half blue. With two values
    /// per channel every Huffman code is a "simple" one: a bit per channel per pixel, no tables.
    public static func webp(width: Int, height: Int) -> Data {
        let left: [Int] = [220, 30, 30], right: [Int] = [30, 60, 220]  // red, green, blue
        var bits = LSBBits()
        bits.write(0x2F, count: 8)
        bits.write(width - 1, count: 14)
        bits.write(height - 1, count: 14)
        bits.write(0, count: 1)  // no alpha
        bits.write(0, count: 3)  // version 0
        bits.write(0, count: 1)  // no transform
        bits.write(0, count: 1)  // no colour cache
        bits.write(0, count: 1)  // no meta prefix codes
        // Codes in VP8L's order: green, red, blue (two symbols each), alpha, distance (one each).
        for channel in [1, 0, 2] {
            bits.write(1, count: 1)  // simple code
            bits.write(1, count: 1)  // two symbols
            bits.write(1, count: 1)  // 8-bit symbols
            bits.write(left[channel], count: 8)
            bits.write(right[channel], count: 8)
        }
        bits.write(0b1_0_1, count: 3)  // alpha: simple, one symbol, 8-bit
        bits.write(255, count: 8)
        bits.write(0b0_0_1, count: 3)  // distance: simple, one symbol, 1-bit
        bits.write(0, count: 1)
        for _ in 0..<height {
            for x in 0..<width {
                let colour = x < width / 2 ? left : right
                // Two-symbol codes are canonical: the smaller value is 0.
                for channel in [1, 0, 2] {
                    bits.write(colour[channel] == min(left[channel], right[channel]) ? 0 : 1, count: 1)
                }
            }
        }
        var payload = bits.bytes
        let chunkSize = payload.count
        if payload.count % 2 == 1 { payload.append(0) }
        let chunk = Array("VP8L".utf8) + littleEndian(chunkSize) + payload
        return Data(Array("RIFF".utf8) + littleEndian(4 + chunk.count) + Array("WEBP".utf8) + chunk)
    }

    private static func littleEndian(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
    }
}

/// Bits packed least significant first, as VP8L reads them.
private struct LSBBits {
    private(set) var bytes: [UInt8] = []
    private var used = 0

    mutating func write(_ value: Int, count: Int) {
        for index in 0..<count {
            if used % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8((value >> index) & 1) << (used % 8)
            used += 1
        }
    }
}
