/// Numbers: the grammar checked byte by byte, the value converted only as the reader asks.
extension JSONScanner {
    struct NumberToken {
        let range: Range<Int>
        /// No fraction and no exponent.
        let integral: Bool
    }

    mutating func numberToken() throws(JSONScanError) -> NumberToken {
        skipWhitespace()
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard let first = digit() else {
            throw position == start ? wrongKind("expected a number") : failure("a number needs a digit")
        }
        if first == UInt8(ascii: "0"), position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            throw failure("a number must not start with 0")
        }
        skipDigits()
        var integral = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            integral = false
            position += 1
            guard digit() != nil else { throw failure("a fraction needs a digit") }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            integral = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digit() != nil else { throw failure("an exponent needs a digit") }
            skipDigits()
        }
        return NumberToken(range: start..<position, integral: integral)
    }

    /// The integer written in `range` (digits, maybe a minus); nil when it overflows 64 bits.
    func integer(_ range: Range<Int>) -> Int64? {
        var index = range.lowerBound
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64 = 0
        while index < range.upperBound {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            let digit = Int64(bytes[index] - UInt8(ascii: "0"))
            let (sum, carry) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !carry else { return nil }
            value = sum
            index += 1
        }
        return value
    }

    /// The nearest `Double` to the number in `range`; nil when it is out of `Double`'s range.
    func double(_ range: Range<Int>) -> Double? {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The digit at the scanner's position, read; nil (nothing read) when there is none.
    private mutating func digit() -> UInt8? {
        guard position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") else { return nil }
        position += 1
        return bytes[position - 1]
    }

    private mutating func skipDigits() {
        while digit() != nil {}
    }
}
