import Foundation

extension TestImages {
    /// A GIF89a of `width`×`height` quarters. The LZW stream is written without compression: a
    /// clear code every 100 pixels keeps every code 8 bits wide, which any decoder accepts.
    public static func gif(width: Int, height: Int) -> Data {
        let pixels = quarters(width: width, height: height)
        let palette: [[UInt8]] = [[220, 30, 30], [30, 200, 40], [30, 60, 220], [240, 220, 20]]
        var file = Array("GIF89a".utf8)
        file += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
        file += [0xF6, 0, 0]  // global colour table of 128 entries (2^(6+1)), 8 bits a channel
        for index in 0..<128 { file += index < palette.count ? palette[index] : [0, 0, 0] }
        file += [0x2C, 0, 0, 0, 0, UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0]
        let clear: UInt8 = 128, end: UInt8 = 129
        var codes: [UInt8] = []
        for (offset, pixel) in pixels.joined().enumerated() {
            if offset % 100 == 0 { codes.append(clear) }
            codes.append(UInt8(palette.firstIndex { $0 == [pixel.0, pixel.1, pixel.2] } ?? 0))
        }
        codes.append(end)
        file.append(7)  // minimum code size: 7 bits, so codes are 8 bits wide: one byte each
        for start in stride(from: 0, to: codes.count, by: 255) {
            let block = codes[start..<min(start + 255, codes.count)]
            file.append(UInt8(block.count))
            file += block
        }
        file += [0, 0x3B]
        return Data(file)
    }
}
