extension StringProtocol {
    /// Every `%XX` replaced by its byte, as Foundation's `removingPercentEncoding`: nil when a `%`
    /// is not followed by two hexadecimal digits or the bytes are not UTF-8. (Foundation's goes
    /// through NSString, which links CoreFoundation and ICU's 34 MB of data into the binary.)
    public var percentDecoded: String? {
        var bytes: [UInt8] = []
        var rest = Substring(self).utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = rest.popFirst().flatMap(Self.hexValue), let low = rest.popFirst().flatMap(Self.hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
