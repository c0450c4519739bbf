import Foundation

extension TestImages {
    /// A baseline JPEG (YCbCr, no subsampling) of `width`×`height` quarters. Width and height are
    /// multiples of 8; each 8×8 block takes the colour of its top-left pixel.
    public static func jpeg(width: Int, height: Int) -> Data {
        let pixels = quarters(width: width, height: height)
        var writer = JPEGBits()
        var predictors = [0, 0, 0]
        for blockRow in stride(from: 0, to: height, by: 8) {
            for blockColumn in stride(from: 0, to: width, by: 8) {
                let (r, g, b, _) = pixels[blockRow][blockColumn]
                for (component, value) in ycbcr(r, g, b).enumerated() {
                    // A flat block's only coefficient: DC = 8 × (value − 128) with a quantiser of 1.
                    let dc = 8 * (value - 128)
                    writer.dc(dc - predictors[component])
                    predictors[component] = dc
                    writer.bits(0, count: 1)  // AC table: end of block is the one-bit code 0
                }
            }
        }
        return Data(jpegHeaders(width: width, height: height) + writer.finished() + [0xFF, 0xD9])
    }

    private static func ycbcr(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> [Int] {
        let (r, g, b) = (Double(r), Double(g), Double(b))
        let y = 0.299 * r + 0.587 * g + 0.114 * b
        let cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b
        let cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b
        return [y, cb, cr].map { Int($0.rounded()) }
    }

    private static func jpegHeaders(width: Int, height: Int) -> [UInt8] {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        let quantiser = segment(0xDB, [0] + Array(repeating: 1, count: 64))
        let frame = segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
                                   1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0])
        // DC: categories 0–11, each a 4-bit code (0000…1011). AC: only end-of-block, code "0".
        var dcCounts = [UInt8](repeating: 0, count: 16)
        dcCounts[3] = 12
        let dcTable = segment(0xC4, [0x00] + dcCounts + Array(0...11))
        var acCounts = [UInt8](repeating: 0, count: 16)
        acCounts[0] = 1
        let acTable = segment(0xC4, [0x10] + acCounts + [0x00])
        let scan = segment(0xDA, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0])
        return [0xFF, 0xD8] + quantiser + frame + dcTable + acTable + scan
    }
}

/// The entropy-coded bits of a JPEG scan, with 0xFF bytes stuffed.
private struct JPEGBits {
    private var bytes: [UInt8] = []
    private var current: UInt32 = 0
    private var filled = 0

    mutating func bits(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            current = current << 1 | UInt32((value >> shift) & 1)
            filled += 1
            if filled == 8 { flushByte() }
        }
    }

    /// A DC difference: its category's 4-bit code, then the category's bits (negatives as JPEG
    /// writes them: value − 1 in that many bits).
    mutating func dc(_ difference: Int) {
        let magnitude = abs(difference)
        let category = magnitude == 0 ? 0 : Int.bitWidth - magnitude.leadingZeroBitCount
        bits(category, count: 4)
        guard category > 0 else { return }
        let value = difference >= 0 ? difference : difference + (1 << category) - 1
        bits(value, count: category)
    }

    mutating func finished() -> [UInt8] {
        while filled != 0 { bits(1, count: 1) }  // pad with ones
        return bytes
    }

    private mutating func flushByte() {
        let byte = UInt8(current & 0xFF)
        bytes.append(byte)
        if byte == 0xFF { bytes.append(0) }
        current = 0
        filled = 0
    }
}
