import ChatCore
import Foundation
import TUI
import ViewModels

/// The client's real render path on the benchmark's pseudo-terminal: `TerminalApp` draws the
/// view models into a canvas, `Screen` diffs it against the previous frame and hands the changed
/// cells to `PTYTerminal`, which writes them to the pty. One `frame()` is one loop turn's redraw.
@MainActor
final class BenchFrontEnd {
    static let size = Size(width: 100, height: 30)

    let bench: BenchSession
    let app: TerminalApp
    let pty: PseudoTerminal
    let terminal: PTYTerminal
    let screen: Screen
    /// Set by the app whenever something visible changed.
    private(set) var isDirty = true
    /// The canvas of the last frame.
    private(set) var lastCanvas: Canvas?

    init(_ bench: BenchSession) throws {
        self.bench = bench
        pty = try PseudoTerminal(columns: Self.size.width, rows: Self.size.height)
        terminal = PTYTerminal(descriptor: pty.clientDescriptor, size: Self.size)
        screen = Screen(backend: terminal, theme: .orange)
        // The shipped word lists, as the app uses them: masking is part of the cost of a frame.
        app = TerminalApp(session: bench.session, strings: UIStrings(.english), text: .standard(environment: [:]))
        app.onDirty = { [weak self] in self?.isDirty = true }
    }

    /// Draws, diffs and flushes one frame; returns the cells written.
    @discardableResult
    func frame() -> Int {
        isDirty = false
        var canvas = screen.makeCanvas()
        let cursor = app.draw(&canvas)
        let written = screen.render(canvas, cursor: cursor)
        lastCanvas = canvas
        app.afterFrame()
        return written
    }

    /// The text of the last frame drawn, row by row (for checks that the frame is complete).
    var visibleText: String { lastCanvas?.lines.joined(separator: "\n") ?? "" }
}
