extension Canvas {
    /// Draws what a line editor shows (its `LineView`) on the first row of `field`; returns the
    /// absolute cursor position. Every text field (input bar, forms, switcher, command line) uses it.
    @discardableResult
    public mutating func draw(_ view: LineView, style: Style, in field: Region) -> Point {
        var column = 0
        for glyph in view.glyphs {
            column += put(glyph, style: style, at: field.absolute(Point(row: 0, column: column)), clip: field.frame)
        }
        return field.absolute(Point(row: 0, column: view.cursorColumn))
    }
}
