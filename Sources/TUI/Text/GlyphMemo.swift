import ChatCore

/// Glyphs of the short strings drawn lately, each glyph marked when it is part of a visible
/// control marker: a frame draws the same rows as the one before (a keystroke changes the input
/// line only), and segmenting and measuring every span again was a quarter of the frame.
/// Bounded in entries and in the length of what it keeps, so a flood of distinct or huge strings
/// costs at most a few megabytes.
enum GlyphMemo {
    static let capacity = 512
    /// Longer strings (rare: rows are cut to the terminal's width first) are not kept.
    static let longest = 256

    private static let entries = Mutex<[String: [(Glyph, isMarker: Bool)]]>([:])

    static func glyphs(of text: String, _ make: (String) -> [(Glyph, isMarker: Bool)]) -> [(Glyph, isMarker: Bool)] {
        guard text.utf8.count <= longest else { return make(text) }
        if let hit = entries.withLock({ $0[text] }) { return hit }
        let made = make(text)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = made
        }
        return made
    }
}
