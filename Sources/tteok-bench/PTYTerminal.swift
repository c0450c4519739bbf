import Foundation
import TUI
#if canImport(Glibc)
import Glibc
#endif

/// A `TerminalBackend` that writes ANSI/VT sequences to a file descriptor (the benchmark's
/// pseudo-terminal), buffered per frame and written with one `write` on `flush()`: cursor moves
/// only where the next cell is not where the cursor already is, colours and attributes only when
/// they change, so the bytes per frame are what a diffed redraw really costs on the wire.
@MainActor
final class PTYTerminal: TerminalBackend {
    let size: Size
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the terminal's cursor is after what was buffered; nil when unknown.
    private var position: Point?
    private var currentStyle: ResolvedStyle?
    private var cursorShown: Bool?
    /// Bytes handed to the terminal by all flushes, and by the last one.
    private(set) var bytesWritten = 0
    private(set) var lastFlushBytes = 0
    /// Called after each flush that wrote something.
    var onFlush: (@MainActor () -> Void)?

    init(descriptor: Int32, size: Size) {
        self.descriptor = descriptor
        self.size = size
    }

    func put(_ glyph: Glyph, style: ResolvedStyle, at point: Point) {
        if position != point { append("\u{1B}[\(point.row + 1);\(point.column + 1)H") }
        if currentStyle != style { append(Self.sgr(style)); currentStyle = style }
        append(glyph.text)
        position = Point(row: point.row, column: point.column + glyph.width)
    }

    func setCursor(_ point: Point?) {
        if let point {
            if position != point { append("\u{1B}[\(point.row + 1);\(point.column + 1)H") }
            position = point
        }
        let shown = point != nil
        if cursorShown != shown { append(shown ? "\u{1B}[?25h" : "\u{1B}[?25l"); cursorShown = shown }
    }

    func flush() {
        lastFlushBytes = buffer.count
        bytesWritten += buffer.count
        var offset = 0
        while offset < buffer.count {
            let count = buffer[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
        }
        buffer.removeAll(keepingCapacity: true)
        if lastFlushBytes > 0 { onFlush?() }
    }

    func clearAll() {
        append("\u{1B}[0m\u{1B}[2J")
        currentStyle = nil
        position = nil
    }

    func start(_ handler: @escaping @MainActor (TerminalEvent) -> Void) throws {}
    func stop() {}

    private func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// Select Graphic Rendition for a whole style: reset, attributes, 24-bit colours.
    static func sgr(_ style: ResolvedStyle) -> String {
        var codes = ["0"]
        if style.attributes.contains(.bold) { codes.append("1") }
        if style.attributes.contains(.dim) { codes.append("2") }
        if style.attributes.contains(.underline) { codes.append("4") }
        if style.attributes.contains(.reverse) { codes.append("7") }
        if case .rgb(let r, let g, let b) = style.foreground { codes.append("38;2;\(r);\(g);\(b)") }
        if case .rgb(let r, let g, let b) = style.background { codes.append("48;2;\(r);\(g);\(b)") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
