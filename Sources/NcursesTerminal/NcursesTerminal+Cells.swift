import CNcurses
import TUI

extension NcursesTerminal {
    /// A part of a glyph that ncurses draws as one cell: a spacing scalar and the zero-width
    /// scalars riding on it. Most glyphs are one piece; a flag is two (one per regional indicator).
    struct CellPiece: Equatable {
        var scalars: [Unicode.Scalar]
        var width: Int
    }

    /// Splits a glyph into the cells ncurses can take, checked against the C library's
    /// `wcwidth` (which ncurses uses to move its cursor). Where the two disagree the glyph is
    /// replaced by U+FFFD (and a space), so ncurses' idea of the line never drifts from the canvas.
    nonisolated static func cellPieces(_ glyph: Glyph) -> [CellPiece] {
        var pieces: [CellPiece] = []
        for scalar in glyph.text.unicodeScalars {
            let width = DisplayWidth.of(scalar)
            if width == 0, !pieces.isEmpty {
                pieces[pieces.count - 1].scalars.append(scalar)
            } else {
                pieces.append(CellPiece(scalars: [scalar], width: width))
            }
        }
        let agrees = pieces.reduce(0) { $0 + $1.width } == glyph.width && pieces.allSatisfy { piece in
            Int(tteok_wcwidth(wchar_t(bitPattern: piece.scalars[0].value))) == piece.width
                && piece.scalars.dropFirst().allSatisfy { tteok_wcwidth(wchar_t(bitPattern: $0.value)) == 0 }
        }
        guard agrees, !pieces.isEmpty else {
            let replacement = CellPiece(scalars: ["\u{FFFD}"], width: 1)
            return glyph.width == 2 ? [replacement, CellPiece(scalars: [" "], width: 1)] : [replacement]
        }
        return pieces
    }

    /// The scalar of a glyph that is one scalar whose width `wcwidth` agrees with (nearly every
    /// glyph): written without splitting it into pieces (`cellPieces`, which makes arrays).
    nonisolated static func singleCell(_ glyph: Glyph) -> Unicode.Scalar? {
        guard let scalar = glyph.onlyScalar, DisplayWidth.of(scalar) == glyph.width, glyph.width > 0 else { return nil }
        // Printable ASCII is one column for every C library; the rest is asked.
        guard (0x20..<0x7F).contains(scalar.value) || Int(tteok_wcwidth(wchar_t(bitPattern: scalar.value))) == glyph.width else { return nil }
        return scalar
    }

    /// ncurses attribute bits for our attributes.
    static func attributes(_ attributes: TextAttributes) -> attr_t {
        var result = tteok_A_NORMAL()
        if attributes.contains(.bold) { result |= tteok_A_BOLD() }
        if attributes.contains(.dim) { result |= tteok_A_DIM() }
        if attributes.contains(.reverse) { result |= tteok_A_REVERSE() }
        if attributes.contains(.underline) { result |= tteok_A_UNDERLINE() }
        return result
    }

    /// One cell of a single scalar, as `addCell` below, without an array.
    func addCell(_ scalar: Unicode.Scalar, attributes: attr_t, pair: Int32, row: Int32, column: Int32) {
        var characters: (wchar_t, wchar_t) = (wchar_t(bitPattern: scalar.value), 0)
        var cell = cchar_t()
        var extendedPair = pair
        let made = withUnsafePointer(to: &characters) { pointer in
            pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { setcchar(&cell, $0, attributes, 0, &extendedPair) }
        }
        guard made == tteok_OK() else { return }
        _ = mvwadd_wch(tteok_stdscr(), row, column, &cell)
    }

    /// `setcchar` + `mvwadd_wch`: one cell, extended colour pair passed through `opts`.
    func addCell(_ scalars: [Unicode.Scalar], attributes: attr_t, pair: Int32, row: Int32, column: Int32) {
        var characters = scalars.prefix(Int(DisplayWidth.maxScalarsPerCell)).map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        var cell = cchar_t()
        var extendedPair = pair
        let made = characters.withUnsafeBufferPointer { buffer in
            withUnsafeMutablePointer(to: &extendedPair) { pairPointer in
                setcchar(&cell, buffer.baseAddress, attributes, 0, pairPointer)
            }
        }
        guard made == tteok_OK() else { return }
        // The bottom-right cell "fails" because the cursor cannot advance past it; it is drawn.
        _ = mvwadd_wch(tteok_stdscr(), row, column, &cell)
    }
}
