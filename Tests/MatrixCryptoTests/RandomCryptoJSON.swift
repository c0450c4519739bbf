import TestSupport
@testable import MatrixCrypto

extension SeededGenerator {
    /// A random JSON value: every kind, nested a few levels, strings from the whole range of
    /// Unicode (control characters, quotes and backslashes among them). `canonical`: only what
    /// canonical JSON holds (integers within ±2^53, no fractions).
    mutating func cryptoJSON(depth: Int = 0, canonical: Bool = false) -> CryptoJSON {
        switch below(depth > 3 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(below(2) == 0)
        case 2 where canonical:
            let largest = CanonicalJSON.largestInteger
            return .integer([-largest, largest, 0, -1, Int64(truncatingIfNeeded: next()) % largest][below(5)])
        case 2: return .integer([Int64.min, Int64.max, 0, -1, Int64(truncatingIfNeeded: next())][below(5)])
        case 3 where canonical: return .integer(Int64(below(1_000_000)) - 500_000)
        case 3: return .number(Double(Int64(truncatingIfNeeded: next()) % 1_000_000) + 0.5)
        case 4:
            let scalars = (0..<below(12)).compactMap { _ in
                Unicode.Scalar([UInt32(below(0x80)), UInt32(below(0x800)), UInt32(below(0x110000))][below(3)])
            }
            return .string(String(String.UnicodeScalarView(scalars)))
        case 5: return .array((0..<below(5)).map { _ in cryptoJSON(depth: depth + 1, canonical: canonical) })
        default:
            return .object(Dictionary((0..<below(5)).map { _ in (key(), cryptoJSON(depth: depth + 1, canonical: canonical)) },
                                      uniquingKeysWith: { first, _ in first }))
        }
    }

    /// Keys that sort differently by code point, by UTF-16 and by Swift's own `<`.
    private mutating func key() -> String {
        ["k\(below(1_000))", "K\(below(10))", "é\(below(10))", "e\u{301}\(below(10))", "｡\(below(10))", "😀\(below(10))", ""][below(7)]
    }
}
