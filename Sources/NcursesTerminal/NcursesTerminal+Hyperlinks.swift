import CNcurses
import TUI

/// OSC 8 hyperlinks over cells ncurses already drew: the cursor and attributes are saved
/// (DECSC), the link's glyphs written again in their own colours between the escape's opening
/// and closing, and everything restored (DECRC), so ncurses' picture of the screen stays true.
extension NcursesTerminal {
    public func drawHyperlink(_ url: String, cells: [HyperlinkCell], at point: Point) {
        guard isRunning, let bytes = Self.hyperlinkBytes(url, cells: cells, at: point, mode: pairs.mode) else { return }
        writeDirect(bytes)
    }

    /// The bytes that write `cells` as a link to `url` at `point`, or nil when `url` holds any
    /// byte outside printable ASCII (ESC, BEL, C0, C1, DEL, space, UTF-8): then nothing is
    /// written, and a hostile message can never end the escape early or start one of its own.
    nonisolated static func hyperlinkBytes(_ url: String, cells: [HyperlinkCell], at point: Point, mode: ColorMode) -> [UInt8]? {
        let address = Array(url.utf8)
        guard !address.isEmpty, address.count <= 2048, address.allSatisfy({ (0x21...0x7E).contains($0) }), !cells.isEmpty else { return nil }
        var bytes = Array("\u{1B}7\u{1B}[\(point.row + 1);\(point.column + 1)H\u{1B}]8;;".utf8) + address + Array("\u{1B}\\".utf8)
        var current: ResolvedStyle?
        for cell in cells {
            if cell.style != current {
                bytes += Array(sgr(cell.style, mode: mode).utf8)
                current = cell.style
            }
            for piece in cellPieces(cell.glyph) {
                bytes += Array(String(String.UnicodeScalarView(piece.scalars)).utf8)
            }
        }
        return bytes + Array("\u{1B}]8;;\u{1B}\\\u{1B}8".utf8)
    }

    /// SGR for `style` in the colours ncurses would use in `mode`.
    nonisolated static func sgr(_ style: ResolvedStyle, mode: ColorMode) -> String {
        var codes = ["0"]
        if style.attributes.contains(.bold) { codes.append("1") }
        if style.attributes.contains(.dim) { codes.append("2") }
        if style.attributes.contains(.underline) { codes.append("4") }
        if style.attributes.contains(.reverse) { codes.append("7") }
        codes += colour(style.foreground, base: 30, mode: mode) + colour(style.background, base: 40, mode: mode)
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    nonisolated private static func colour(_ color: TerminalColor, base: Int, mode: ColorMode) -> [String] {
        let number = Int(mode.number(for: color))
        guard number >= 0 else { return [] }
        switch mode {
        case .none: return []
        case .basic: return [String(base + number)]
        case .palette256: return [String(base + 8), "5", String(number)]
        case .direct: return [String(base + 8), "2", String(number >> 16 & 0xFF), String(number >> 8 & 0xFF), String(number & 0xFF)]
        }
    }
}
