/// The one sanitiser every string from outside passes before it reaches a terminal cell or a log line.
///
/// Message text, nicknames, channel names, topics, file names and server errors are written by
/// strangers. A terminal obeys control characters and escape sequences (set the title, write the
/// clipboard with OSC 52, redefine keys), and bidi overrides reorder what a reader sees. Here every
/// such scalar becomes a visible, printable stand-in, so the text can only ever be *shown*:
///
/// | input | shown as |
/// |---|---|
/// | C0 controls U+0000–U+001F | caret notation: `^@` … `^[` (ESC) … `^_` |
/// | DEL U+007F | `^?` |
/// | C1 controls U+0080–U+009F | caret notation of their 7-bit equivalent: U+009B (CSI) → `^[[` |
/// | bidi embeddings, overrides, isolates and marks | `<RLO>`, `<LRI>`, `<RLM>`, `<ALM>` … |
/// | noncharacters (U+FDD0–U+FDEF, U+xFFFE/U+xFFFF) | U+FFFD |
/// | line breaks (LF, CR, CRLF, U+2028, U+2029) | kept as `\n` (multi-line) or `⏎` (single-line) |
/// | tab | four spaces (multi-line) or `⇥` (single-line) |
///
/// An escape sequence therefore shows as its bytes (`ESC ] 0 ; title BEL` → `^[]0;title^G`) and is
/// never emitted. The output holds no scalar that a terminal interprets, and sanitising twice
/// changes nothing.
public enum InertText {
    /// How line breaks and tabs are treated.
    public enum Layout: Hashable, Sendable {
        /// Message bodies: line breaks are kept as `\n` (callers draw each line separately),
        /// tabs become four spaces (a cell grid has no tab stops).
        case multiLine
        /// Names, titles, topics, log fields: everything on one line, breaks and tabs shown visibly.
        case singleLine
    }

    /// A run of output: text to show as is, or a visible stand-in the UI may style apart
    /// (e.g. dim or reverse, as WeeChat shows control bytes).
    public enum Piece: Hashable, Sendable {
        case text(String)
        case marker(String)

        public var string: String {
            switch self {
            case .text(let text), .marker(let text): return text
            }
        }
    }

    /// Shown in place of a line break in single-line text.
    public static let lineBreakSymbol = "⏎"
    /// Shown in place of a tab in single-line text.
    public static let tabSymbol = "⇥"
    /// Tabs in multi-line text become this many spaces.
    public static let tabSpaces = "    "

    /// `text` made inert.
    public static func sanitize(_ text: String, layout: Layout = .singleLine) -> String {
        if isInert(text, layout: layout) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        visit(text, layout: layout) { piece in result += piece.string }
        return result
    }

    /// Multi-line text made inert and split into its lines (an empty text is one empty line).
    public static func lines(_ text: String) -> [String] {
        let inert = sanitize(text, layout: .multiLine)
        // One line (most text): no grapheme-by-grapheme search for a break that is not there.
        guard inert.utf8.contains(0x0A) else { return [inert] }
        return inert.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `text` made inert, as runs of plain text and markers, so a UI can style the markers.
    public static func pieces(_ text: String, layout: Layout = .singleLine) -> [Piece] {
        var pieces: [Piece] = []
        var plain = ""
        visit(text, layout: layout) { piece in
            switch piece {
            case .text(let text):
                plain += text
            case .marker:
                if !plain.isEmpty { pieces.append(.text(plain)); plain = "" }
                pieces.append(piece)
            }
        }
        if !plain.isEmpty { pieces.append(.text(plain)) }
        return pieces
    }

    /// Bytes from outside (a file, a socket) decoded as UTF-8, invalid sequences replaced by U+FFFD,
    /// then made inert.
    public static func decode<Bytes: Collection>(_ bytes: Bytes, layout: Layout = .singleLine) -> String
    where Bytes.Element == UInt8 {
        sanitize(String(decoding: bytes, as: UTF8.self), layout: layout)
    }

    /// True when `text` needs no change: the fast path for the common case.
    public static func isInert(_ text: String, layout: Layout = .singleLine) -> Bool {
        for scalar in text.unicodeScalars {
            if scalar == "\n", layout == .multiLine { continue }
            if replacement(for: scalar) != nil || isLayoutScalar(scalar) { return false }
        }
        return true
    }

    /// The visible stand-in for a scalar a terminal would act on, or nil when the scalar is safe.
    /// Line breaks and tabs are not covered here: they depend on the layout.
    public static func replacement(for scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        switch value {
        case 0x00...0x1F:
            return "^" + String(Unicode.Scalar(UInt8(value + 0x40)))
        case 0x7F:
            return "^?"
        case 0x80...0x9F:
            // A C1 control is the 8-bit form of ESC followed by U+0040–U+005F.
            return "^[" + String(Unicode.Scalar(UInt8(value - 0x40)))
        case 0xFDD0...0xFDEF:
            return "\u{FFFD}"
        case _ where value & 0xFFFE == 0xFFFE:
            return "\u{FFFD}"
        case 0x061C...0x2069:
            return bidiMarkers[value]
        default:
            // Checked for every scalar of every string drawn: no table look-up outside the
            // markers' range.
            return nil
        }
    }

    /// Names of the invisible scalars that change the direction text is shown in.
    static let bidiMarkers: [UInt32: String] = [
        0x061C: "<ALM>", 0x200E: "<LRM>", 0x200F: "<RLM>",
        0x202A: "<LRE>", 0x202B: "<RLE>", 0x202C: "<PDF>", 0x202D: "<LRO>", 0x202E: "<RLO>",
        0x2066: "<LRI>", 0x2067: "<RLI>", 0x2068: "<FSI>", 0x2069: "<PDI>",
    ]

    /// True for the scalars whose treatment depends on the layout: tab and the line breaks.
    public static func isLayoutScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Walks `text` once, handing out plain runs and markers in order.
    static func visit(_ text: String, layout: Layout, _ emit: (Piece) -> Void) {
        var plain = String.UnicodeScalarView()
        func flush() {
            if !plain.isEmpty { emit(.text(String(plain))); plain = String.UnicodeScalarView() }
        }
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n", previousWasCR { continue }  // CRLF is one break, already emitted
            if isLayoutScalar(scalar) {
                let isTab = scalar == "\t"
                switch layout {
                case .multiLine:
                    plain.append(contentsOf: (isTab ? tabSpaces : "\n").unicodeScalars)
                case .singleLine:
                    flush()
                    emit(.marker(isTab ? tabSymbol : lineBreakSymbol))
                }
            } else if let marker = replacement(for: scalar) {
                flush()
                emit(.marker(marker))
            } else {
                plain.append(scalar)
            }
        }
        flush()
    }
}
