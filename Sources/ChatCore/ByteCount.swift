/// A byte count as people read it, written as Foundation's `ByteCountFormatter` writes it in
/// English ("1 byte", "1,000 bytes", "977 KB", "1.4 MB", "1.07 GB"; "Zero KB"), without
/// Foundation: its formatter sits on ICU, whose data alone is 34 MB of the binary.
/// `ByteCountTests` holds it against `ByteCountFormatter` itself.
public enum ByteCount {
    /// Powers of 1,024 (`.binary`, for limits stated in MiB) or of 1,000 (`.file`, sizes shown).
    public enum Base: Int128, Sendable {
        case binary = 1024
        case file = 1000
    }

    private static let units: [(name: String, decimals: Int)] = [("KB", 0), ("MB", 1), ("GB", 2), ("TB", 2), ("PB", 2), ("EB", 2)]

    public static func text(_ count: Int, base: Base) -> String {
        if count == 0 { return "Zero KB" }
        let magnitude = Int128(count).magnitude
        let step = UInt128(base.rawValue)
        if magnitude < step { return "\(count < 0 ? "-" : "")\(Int(magnitude).groupedDigits) \(magnitude == 1 ? "byte" : "bytes")" }
        var unit = 0
        var divisor = step
        while unit + 1 < units.count, magnitude >= divisor * step {
            unit += 1
            divisor *= step
        }
        // As ICU does: the quotient as a Double, its shortest decimal digits, rounded half-even.
        let value = Double(magnitude) / Double(divisor)
        let (whole, fraction) = roundedHalfEven("\(value)", decimals: units[unit].decimals)
        let digits = fraction.isEmpty ? whole.groupedDigits : whole.groupedDigits + "." + fraction
        return "\(count < 0 ? "-" : "")\(digits) \(units[unit].name)"
    }

    /// "123.456" (a Double's shortest digits) rounded half-even to `decimals` places: the whole
    /// part, and the fraction's digits without trailing zeros.
    private static func roundedHalfEven(_ shortest: String, decimals: Int) -> (whole: Int, fraction: String) {
        let parts = shortest.split(separator: ".", omittingEmptySubsequences: false)
        var kept = Array(parts[0]) + Array((parts.count > 1 ? String(parts[1]) : "").padding(decimals))
        let rest = kept.dropFirst(parts[0].count + decimals)
        kept = Array(kept.prefix(parts[0].count + decimals))
        let lastIsOdd = kept.last.flatMap { $0.wholeNumberValue }.map { $0 % 2 == 1 } ?? false
        let first = rest.first?.wholeNumberValue ?? 0
        let roundsUp = first > 5 || first == 5 && (rest.dropFirst().contains { $0 != "0" } || lastIsOdd)
        var number = Int(String(kept))! + (roundsUp ? 1 : 0)
        var fraction = ""
        for _ in 0..<decimals {
            fraction = String(number % 10) + fraction
            number /= 10
        }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (number, fraction)
    }
}

private extension String {
    /// Zeros added after the text up to `length` characters (a fraction's missing places).
    func padding(_ length: Int) -> String { count >= length ? self : self + String(repeating: "0", count: length - count) }
}

extension Int {
    /// The number with a comma between groups of three digits ("12,345"), as `formatted()` writes
    /// it in English, without Foundation's ICU-backed formatting.
    public var groupedDigits: String {
        let digits = String(magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
