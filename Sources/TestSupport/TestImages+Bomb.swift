import Foundation

extension TestImages {
    /// A valid black RGB PNG of `width`×`height` that is small on disk and huge decoded (a
    /// "decompression bomb": 7000×7000 is about 0.9 MB here and 147 MB of pixels). The zlib
    /// stream is one fixed-Huffman deflate block of a zero byte followed by 258-byte repeats.
    public static func blackPNG(width: Int, height: Int) -> Data {
        let rawCount = height * (1 + 3 * width)  // a filter byte and RGB per row, all zero
        var bits = BitWriter()
        bits.write(0b011, count: 3)  // final block, fixed Huffman
        bits.writeCode(0x30, count: 8)  // literal 0
        var left = rawCount - 1
        while left >= 258 {
            bits.writeCode(0xC5, count: 8)  // length 258 (symbol 285)
            bits.write(0, count: 5)  // distance 1 (code 0)
            left -= 258
        }
        for _ in 0..<left { bits.writeCode(0x30, count: 8) }
        bits.writeCode(0, count: 7)  // end of block
        let adler = UInt32(rawCount % 65_521) << 16 | 1  // all zeros: a = 1, b = count
        let zlib = [0x78, 0x01] + bits.finished + bigEndian(adler)
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
        return Data(file)
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var filled = 0

        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count { push((value >> UInt32(bit)) & 1) }
        }

        mutating func writeCode(_ code: UInt32, count: Int) {
            for bit in (0..<count).reversed() { push((code >> UInt32(bit)) & 1) }
        }

        private mutating func push(_ bit: UInt32) {
            current |= bit << UInt32(filled)
            filled += 1
            if filled == 8 { flush() }
        }

        private mutating func flush() {
            bytes.append(UInt8(current))
            current = 0
            filled = 0
        }

        /// The last partial byte, padded with zeros.
        var finished: [UInt8] { filled == 0 ? bytes : bytes + [UInt8(current)] }
    }
}
