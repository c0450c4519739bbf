import TUI

/// A `TerminalBackend` that writes nothing and records everything, for tests: the cells put
/// since the last `takeWrites()`, a model of the screen they add up to, cursor and flush calls.
@MainActor
public final class RecordingTerminal: TerminalBackend {
    /// One recorded `put`.
    public struct Write: Hashable, Sendable {
        public var point: Point
        public var glyph: Glyph
        public var style: ResolvedStyle
    }

    /// One recorded OSC 8 link: its address, where its first cell is, and the text of its cells.
    public struct HyperlinkCall: Hashable, Sendable {
        public var url: String
        public var point: Point
        public var text: String
    }

    /// One recorded picture call.
    public enum GraphicCall: Hashable, Sendable {
        case draw(TerminalGraphic, at: Point)
        case remove(TerminalGraphic, from: Rect)
    }

    public var size: Size
    public private(set) var writes: [Write] = []
    /// Pictures drawn and taken away, in order, since the last `takeGraphicCalls()`.
    public private(set) var graphicCalls: [GraphicCall] = []
    /// Links written (over cells already put), in order, since the last `takeHyperlinkCalls()`.
    public private(set) var hyperlinkCalls: [HyperlinkCall] = []
    public private(set) var cursor: Point?
    /// Bells and notification escapes written, in order.
    public private(set) var alerts: [[UInt8]] = []
    public private(set) var flushCount = 0
    public private(set) var clearCount = 0
    public private(set) var isStarted = false
    /// What the terminal shows: one string per column (empty in a wide glyph's second column).
    public private(set) var screen: [[String]]
    /// Moves cells itself when the screen asks (`scrollUp`), as the real terminal does; off, the
    /// screen writes every moved cell that changed.
    public var movesCells = false
    /// The moves made, in order, since the last `takeMoves()`.
    public private(set) var moves: [(rect: Rect, count: Int)] = []
    private var handler: (@MainActor (TerminalEvent) -> Void)?

    public init(size: Size) {
        self.size = size
        self.screen = Self.blank(size)
    }

    public func put(_ glyph: Glyph, style: ResolvedStyle, at point: Point) {
        writes.append(Write(point: point, glyph: glyph, style: style))
        guard point.row < size.height, point.column < size.width else { return }
        screen[point.row][point.column] = glyph.text
        if glyph.width == 2, point.column + 1 < size.width { screen[point.row][point.column + 1] = "" }
    }

    public func scrollUp(_ rect: Rect, by count: Int) -> Bool {
        guard movesCells, count > 0, count < rect.height, rect.intersection(Rect(size: size)) == rect else { return false }
        moves.append((rect, count))
        for row in rect.row..<(rect.maxRow - count) {
            screen[row].replaceSubrange(rect.column..<rect.maxColumn, with: screen[row + count][rect.column..<rect.maxColumn])
        }
        return true
    }

    /// The moves since the last call, and forgets them.
    public func takeMoves() -> [(rect: Rect, count: Int)] {
        defer { moves.removeAll() }
        return moves
    }

    public func drawGraphic(_ graphic: TerminalGraphic, at point: Point) { graphicCalls.append(.draw(graphic, at: point)) }
    public func removeGraphic(_ graphic: TerminalGraphic, from rect: Rect) { graphicCalls.append(.remove(graphic, from: rect)) }

    /// The picture calls since the last call, and forgets them.
    public func takeGraphicCalls() -> [GraphicCall] {
        defer { graphicCalls.removeAll() }
        return graphicCalls
    }

    public func drawHyperlink(_ url: String, cells: [HyperlinkCell], at point: Point) {
        hyperlinkCalls.append(HyperlinkCall(url: url, point: point, text: cells.map(\.glyph.text).joined()))
    }

    /// The link calls since the last call, and forgets them.
    public func takeHyperlinkCalls() -> [HyperlinkCall] {
        defer { hyperlinkCalls.removeAll() }
        return hyperlinkCalls
    }

    public func alert(_ sequence: [UInt8]) { alerts.append(sequence) }
    public func setCursor(_ point: Point?) { cursor = point }
    /// Called after each flush: a test that looks at every frame the screen showed.
    public var onFlush: (@MainActor () -> Void)?

    public func flush() {
        flushCount += 1
        onFlush?()
    }

    public func clearAll() {
        clearCount += 1
        screen = Self.blank(size)
    }

    public func start(_ handler: @escaping @MainActor (TerminalEvent) -> Void) throws {
        self.handler = handler
        isStarted = true
    }

    public func stop() { isStarted = false }

    /// The writes since the last call, and forgets them.
    public func takeWrites() -> [Write] {
        defer { writes.removeAll() }
        return writes
    }

    /// The screen's rows as text, trailing spaces trimmed.
    public var lines: [String] {
        screen.map { row in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Sends an event as the real terminal would (bytes typed, a resize).
    public func send(_ event: TerminalEvent) {
        if case .resized(let newSize) = event {
            size = newSize
            screen = Self.blank(newSize)
        }
        handler?(event)
    }

    private static func blank(_ size: Size) -> [[String]] {
        Array(repeating: Array(repeating: " ", count: size.width), count: size.height)
    }
}
