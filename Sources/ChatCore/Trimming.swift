/// Trimming as Foundation's `trimmingCharacters(in:)` does it with `.whitespaces` and
/// `.whitespacesAndNewlines`, scalar by scalar and with the same members, written on the standard
/// library alone: Foundation's version goes through NSString, which links CoreFoundation and ICU's
/// 34 MB of data into the binary.
extension StringProtocol {
    /// Without leading and trailing spaces and tabs (`CharacterSet.whitespaces`).
    public func trimmingWhitespace() -> String {
        trimmingScalars(where: \.isWhitespaceScalar)
    }

    /// Without leading and trailing whitespace and line ends (`CharacterSet.whitespacesAndNewlines`).
    public func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars { $0.isWhitespaceScalar || $0.isNewlineScalar }
    }

    /// Without the leading and trailing scalars `drop` says yes to. Text with nothing to trim
    /// (most of it) is copied whole rather than rebuilt scalar by scalar: the rebuild was 8% of
    /// caching a cold start's window. Inlinable, so it is specialized where it is called.
    @inlinable
    public func trimmingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return String(self) }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension Unicode.Scalar {
    /// A member of `CharacterSet.whitespaces`: Zs, tab, and U+200B ZERO WIDTH SPACE (Zs in old
    /// Unicode versions, and still in CoreFoundation's set).
    var isWhitespaceScalar: Bool {
        value == 0x09 || value == 0x200B || properties.generalCategory == .spaceSeparator
    }

    /// A member of `CharacterSet.newlines`: U+000A–U+000D, U+0085, U+2028, U+2029.
    var isNewlineScalar: Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}
