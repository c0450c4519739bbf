import FoundationEssentials

/// Repairs JSON that spells a lone UTF-16 surrogate (`"\ud800"`), before it is decoded.
///
/// JSON's grammar allows any `\uXXXX`, but no Swift string can hold half a surrogate pair, and
/// Foundation's parser refuses the *whole document* when it meets one. One event written by
/// another client (or a server that let it through) must not cost us a whole `/sync` answer:
/// every unpaired surrogate escape becomes `\uFFFD` (the replacement character), the rest of the
/// bytes stay as they were. The replacement is as long as the escape, so it is made in place.
enum LoneSurrogates {
    private static let backslash = UInt8(ascii: "\\"), u = UInt8(ascii: "u")
    private static let replacement = Array(#"\uFFFD"#.utf8)

    /// `data` with every lone surrogate escape replaced; `data` itself (no copy) when there is none.
    static func repaired(_ data: Data) -> Data {
        let lone = data.withUnsafeBytes { positions(in: $0) }
        guard !lone.isEmpty else { return data }
        var bytes = [UInt8](data)
        for start in lone { bytes.replaceSubrange(start..<start + 6, with: replacement) }
        return Data(bytes)
    }

    /// Offsets of `\uXXXX` escapes naming a surrogate that is not half of a proper pair. A
    /// backslash only occurs inside strings in JSON, and `\\` is skipped whole, so `\\ud800`
    /// (a backslash, then text) is left alone.
    static func positions(in bytes: UnsafeRawBufferPointer) -> [Int] {
        var found: [Int] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == backslash else {
                index += 1
                continue
            }
            guard bytes[index + 1] == u, let value = hex(bytes, at: index + 2) else {
                index += 2
                continue
            }
            switch value {
            case 0xD800...0xDBFF:
                if index + 11 < bytes.count, bytes[index + 6] == backslash, bytes[index + 7] == u,
                   let low = hex(bytes, at: index + 8), (0xDC00...0xDFFF).contains(low) {
                    index += 12
                    continue
                }
                found.append(index)
            case 0xDC00...0xDFFF:
                found.append(index)
            default:
                break
            }
            index += 6
        }
        return found
    }

    /// The four hex digits at `offset` as a number, or nil when they are not there.
    private static func hex(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
