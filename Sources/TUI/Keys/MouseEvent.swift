/// A mouse report in xterm's SGR encoding (`ESC [ < b ; x ; y M` pressed, `m` released), which
/// tteok asks for when `mouse = on`: a click picks what is under it (a tab, a channel, a
/// conversation, a message), the wheel scrolls. Holding Shift makes the terminal keep the mouse
/// for its own selection, so nothing here ever sees those.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// The left button went down (a click; its release is dropped).
        case press
        case wheelUp
        case wheelDown
    }

    public var action: Action
    /// The cell, 0-based, as the canvas counts.
    public var point: Point

    public init(_ action: Action, at point: Point) {
        self.action = action
        self.point = point
    }

    /// The event of an SGR report's parameters (`b`, `x`, `y`, 1-based) and final byte; nil for
    /// what tteok does not use (releases, motion, other buttons) and for nonsense numbers.
    static func sgr(button: Int?, column: Int?, row: Int?, pressed: Bool) -> MouseEvent? {
        guard pressed, let button, let column, let row, (1...10_000).contains(column), (1...10_000).contains(row) else { return nil }
        let point = Point(row: row - 1, column: column - 1)
        // Bits 2–4 are Shift, Alt, Control; 32 is motion; 64 the wheel.
        guard button & 32 == 0 else { return nil }
        switch button & ~0b11100 {
        case 0: return MouseEvent(.press, at: point)
        case 64: return MouseEvent(.wheelUp, at: point)
        case 65: return MouseEvent(.wheelDown, at: point)
        default: return nil
        }
    }
}
