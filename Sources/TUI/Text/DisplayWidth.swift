import ChatCore

/// How many terminal columns text takes: one rule per grapheme (Swift's `Character`).
///
/// Summing `wcwidth` per scalar is wrong for emoji sequences, and terminals disagree about them.
/// So each grapheme is first *normalised* to a form every terminal shows at a known width, and
/// the canvas stores and emits that form (checked in tmux 3.3a; see docs/display-width.md):
///
/// - printable ASCII: 1; East Asian Wide/Fullwidth (Hangul, CJK, emoji presentation): 2
///   (table generated from Unicode data by `scripts/gen-width-table.py`, never the locale);
/// - combining marks and format characters: 0 (they ride on their base, up to 4 per cell —
///   ncurses holds 5 scalars per cell, so a combining flood is cut);
/// - conjoining jamo are composed (NFC) into a syllable: 2;
/// - VS15/VS16 are dropped: `❤️` is shown as `❤` at width 1 (tmux ignores VS16; terminals
///   that honour it would draw 2 columns where others draw 1);
/// - a ZWJ emoji sequence is shown as its first emoji (👨‍👩‍👧 → 👨, 2 columns);
/// - an emoji modifier (skin tone) is dropped (👍🏽 → 👍; tmux draws the pair as 4 columns);
/// - a pair of regional indicators (a flag) is kept: 2; tag sequences keep their base;
/// - control characters never reach a cell: they are shown as InertText's visible symbols;
/// - a grapheme wider than 2 columns (e.g. a run of spacing marks) is cut to 2.
public enum DisplayWidth {
    /// Scalars a single cell may hold (ncurses' CCHARW_MAX).
    public static let maxScalarsPerCell = 5

    /// Columns of one scalar on its own: 0, 1 or 2. Controls count as 0 here (they are never drawn
    /// as themselves).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if contains(zeroWidthRanges, value) { return 0 }
        return contains(wideRanges, value) ? 2 : 1
    }

    /// Columns the text takes once made inert and drawn on one line.
    public static func of(_ text: String) -> Int {
        var total = 0
        for character in InertText.sanitize(text) {
            total += glyph(for: character)?.width ?? 0
        }
        return total
    }

    /// Columns one grapheme takes when drawn (controls: the width of their visible symbol).
    public static func of(_ character: Character) -> Int {
        of(String(character))
    }

    /// The form of `character` that is sent to the terminal, or nil when it takes no column
    /// (a lone combining mark, a zero-width space). A control character yields U+FFFD: callers
    /// sanitise first (the canvas does), this only keeps controls out of cells whatever happens.
    public static func glyph(for character: Character) -> Glyph? {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let only = scalars.first {
            if InertText.replacement(for: only) != nil || InertText.isLayoutScalar(only) {
                return Glyph(text: "\u{FFFD}", width: 1)
            }
            let width = of(only)
            return width == 0 ? nil : Glyph(text: String(character), width: width)
        }
        return normalised(Array(Normalization.nfc(String(character)).unicodeScalars))
    }

    /// Applies the sequence rules above to the scalars of one (multi-scalar) grapheme.
    static func normalised(_ scalars: [Unicode.Scalar]) -> Glyph? {
        if scalars.count >= 2, isRegionalIndicator(scalars[0]), isRegionalIndicator(scalars[1]) {
            return Glyph(text: String(String.UnicodeScalarView(scalars[0...1])), width: 2)
        }
        var kept = String.UnicodeScalarView()
        var count = 0
        var width = 0
        for scalar in scalars {
            if InertText.replacement(for: scalar) != nil || InertText.isLayoutScalar(scalar) {
                return Glyph(text: "\u{FFFD}", width: 1)
            }
            if scalar == zeroWidthJoiner {
                if let base = kept.first, base.properties.isEmoji { break }
                continue
            }
            if isDropped(scalar, afterBase: count > 0) { continue }
            let scalarWidth = of(scalar)
            if count == 0, scalarWidth == 0 { continue }
            if width + scalarWidth > 2 { break }
            if count == maxScalarsPerCell { break }
            kept.append(scalar)
            count += 1
            width += scalarWidth
        }
        return count == 0 ? nil : Glyph(text: String(kept), width: width)
    }

    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    /// Variation selectors, skin-tone modifiers after a base, and tag characters.
    static func isDropped(_ scalar: Unicode.Scalar, afterBase: Bool) -> Bool {
        switch scalar.value {
        case 0xFE0E, 0xFE0F, 0xE0020...0xE007F: return true
        case 0x1F3FB...0x1F3FF: return afterBase
        default: return false
        }
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Binary search in sorted, disjoint ranges.
    static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
