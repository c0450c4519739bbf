/// Strings: plain runs are taken as they are (UTF-8 checked), escapes decoded.
extension JSONScanner {
    /// A string from its opening quote.
    mutating func stringBody() throws(JSONScanError) -> String {
        position += 1
        let start = position
        // The common case: no escape, so the text is the bytes between the quotes.
        guard let run = try plainRun() else { return try escapedBody(from: start) }
        position += 1
        return try validated(run.bytes, ascii: run.ascii, at: start)
    }

    /// The bytes from `position` to the closing quote (where it stops) when the string holds no
    /// escape, and whether they are all ASCII; nil at its first escape (`position` there).
    private mutating func plainRun() throws(JSONScanError) -> (bytes: UnsafeBufferPointer<UInt8>, ascii: Bool)? {
        let start = position
        var high: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { return (UnsafeBufferPointer(rebasing: bytes[start..<position]), high < 0x80) }
            if byte == UInt8(ascii: "\\") { return nil }
            if byte < 0x20 { throw failure("a control character inside a string must be escaped") }
            high |= byte
            position += 1
        }
        throw failure("a string is not closed")
    }

    /// The rest of a string that holds an escape, from its first character at `start`.
    private mutating func escapedBody(from start: Int) throws(JSONScanError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(position - start + 16)
        var run = start
        while true {
            guard position < bytes.count else { throw failure("a string is not closed") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                out.append(contentsOf: bytes[run..<position])
                position += 1
                return try out.withUnsafeBufferPointer { buffer throws(JSONScanError) in try validated(buffer, at: start) }
            case UInt8(ascii: "\\"):
                out.append(contentsOf: bytes[run..<position])
                try escape(into: &out)
                run = position
            case ..<0x20:
                throw failure("a control character inside a string must be escaped")
            default:
                position += 1
            }
        }
    }

    /// Steps over a string, checking it as `stringBody` does, without making its text when it
    /// has no escape.
    mutating func skipString() throws(JSONScanError) {
        position += 1
        let start = position
        guard let run = try plainRun() else {
            _ = try escapedBody(from: start)
            return
        }
        position += 1
        if !run.ascii { _ = try validated(run.bytes, ascii: false, at: start) }
    }

    /// The text of UTF-8 `run`, refused when it is not valid. ASCII needs no check; other text is
    /// decoded and compared with its bytes (decoding repairs what is invalid, so a difference
    /// means there was something to repair): `String(validating:as:)` is generic and was not
    /// specialized, and looked its metadata up for every string (0.5 ms of a 247 KB window).
    private func validated(_ run: UnsafeBufferPointer<UInt8>, ascii: Bool = false, at start: Int) throws(JSONScanError) -> String {
        let text = String(decoding: run, as: UTF8.self)
        guard ascii || text.utf8.elementsEqual(run) else { throw JSONScanError(.syntax, at: start, "a string is not valid UTF-8") }
        return text
    }

    /// One escape from its backslash, appended as UTF-8.
    private mutating func escape(into out: inout [UInt8]) throws(JSONScanError) {
        position += 1
        guard position < bytes.count else { throw failure("a string is not closed") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"): appendScalar(try unicodeEscape(), to: &out)
        default: throw JSONScanError(.syntax, at: position - 1, "unknown escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    /// The scalar of a `\uXXXX` escape after its `u`, with its low half when it is a high surrogate.
    private mutating func unicodeEscape() throws(JSONScanError) -> Unicode.Scalar {
        let value = UInt32(try hexQuad())
        switch value {
        case 0xD800..<0xDC00:
            if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                let mark = position
                position += 2
                let low = UInt32(try hexQuad())
                if (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) {
                    return scalar
                }
                // Not a low half: this one is lone (refused here, after both escapes), or replaced
                // and the next escape read on its own.
                try refuseLone()
                position = mark
            }
            try refuseLone()
            return "\u{FFFD}"
        case 0xDC00..<0xE000:
            try refuseLone()
            return "\u{FFFD}"
        default:
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
    }

    /// A lone surrogate is an error where the scanner stands, unless it is to be replaced.
    private func refuseLone() throws(JSONScanError) {
        guard replacesLoneSurrogates else { throw failure("a lone UTF-16 surrogate in a \\u escape") }
    }

    private func appendScalar(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }

    private mutating func hexQuad() throws(JSONScanError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw failure("a \\u escape needs four hex digits") }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }
}
