/// The order people expect of names in a list: case ignored, and runs of digits compared as
/// numbers (`chat-9` before `chat-10`), as Finder's "standard" order does.
///
/// Done here on Unicode scalars instead of Foundation's `localizedStandardCompare`, which goes to
/// ICU's collator: loading its collation data costs megabytes of resident memory for one sort of
/// the channel list. Scalars order Latin before Hangul, as the root collation does.
public enum NameOrder {
    /// True when `lhs` sorts before `rhs`.
    public static func ascending(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Negative, zero or positive as `lhs` sorts before, with or after `rhs`.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        compare(folded(lhs), folded(rhs))
    }

    /// A name as `compare` reads it, for sorting many: folding both names again in every
    /// comparison was most of its cost (callgrind: ~3.7 K instructions a comparison).
    public static func folded(_ name: String) -> [Unicode.Scalar] {
        Array(name.lowercased().unicodeScalars)
    }

    /// `compare` of two folded names.
    public static func compare(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
        var left = lhs[...]
        var right = rhs[...]
        while let a = left.first, let b = right.first {
            if isDigit(a), isDigit(b) {
                let order = compareNumbers(take(digitsFrom: &left), take(digitsFrom: &right))
                if order != 0 { return order }
            } else {
                if a != b { return a.value < b.value ? -1 : 1 }
                left.removeFirst()
                right.removeFirst()
            }
        }
        return left.isEmpty ? (right.isEmpty ? 0 : -1) : 1
    }

    /// A key whose UTF-8 bytes sort (as SQLite's default BINARY collation sorts text) exactly as
    /// `compare` orders names, so a store can keep it in an indexed column and page through a
    /// list of any size in this order. Lower-cased scalars stand for themselves; a run of digits
    /// becomes its length's digit count less one, its length, then its digits without leading
    /// zeros (`chat-9` → `chat-019`, `chat-10` → `chat-0210`): a longer number sorts later, and
    /// the run still starts with a digit, so it sorts against other characters as a digit does.
    public static func sortKey(_ name: String) -> String {
        var key = String.UnicodeScalarView()
        var scalars = Array(name.lowercased().unicodeScalars)[...]
        while let first = scalars.first {
            guard isDigit(first) else {
                key.append(first)
                scalars.removeFirst()
                continue
            }
            let number = take(digitsFrom: &scalars).drop { $0 == "0" }
            let length = String(number.count)
            key.append(contentsOf: String(length.count - 1).unicodeScalars)
            key.append(contentsOf: length.unicodeScalars)
            key.append(contentsOf: number)
        }
        return String(key)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    private static func take(digitsFrom scalars: inout ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        let end = scalars.firstIndex { !isDigit($0) } ?? scalars.endIndex
        defer { scalars = scalars[end...] }
        return scalars[..<end]
    }

    /// Two runs of ASCII digits as numbers, of any length (leading zeros ignored).
    private static func compareNumbers(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Int {
        let a = a.drop { $0 == "0" }
        let b = b.drop { $0 == "0" }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x.value < y.value ? -1 : 1 }
        return 0
    }
}
