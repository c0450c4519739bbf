import ChatCore
import Foundation
import TUI
import ViewModels

/// The client as `tteok` runs it, on the benchmark's pseudo-terminal: `TerminalApp` (the app's
/// standard word filter) drawn by the real `AppLoop` — every model change marks the screen dirty,
/// one redraw per main-queue turn, `Screen` diffing against the previous frame (or only the
/// damaged areas) — into `PTYTerminal`, which writes the changed cells to the pty. Keys go in
/// through the loop's `KeyParser`. This front end passes everything to the app and records each
/// flushed frame with its start and flush times.
@MainActor
final class BenchFrontEnd: FrontEnd {
    static let size = Size(width: 100, height: 30)

    /// One flushed frame.
    struct Frame {
        var start: UInt64
        var end: UInt64
        /// What `mark` said about the models when this frame was drawn.
        var marked: Bool
        var milliseconds: Double { Double(end &- start) / 1e6 }
    }

    let bench: BenchSession
    let app: TerminalApp
    let pty: PseudoTerminal
    let terminal: PTYTerminal
    private(set) var loop: AppLoop!
    private(set) var frames: [Frame] = []
    var onDamage: (@MainActor (Damage) -> Void)? {
        get { app.onDamage }
        set { app.onDamage = newValue }
    }
    /// Asked while each frame is drawn (cheap model checks), recorded with the frame.
    var mark: (@MainActor () -> Bool)?
    private var drawing: (start: UInt64, marked: Bool)?

    init(_ bench: BenchSession) throws {
        self.bench = bench
        pty = try PseudoTerminal(columns: Self.size.width, rows: Self.size.height)
        terminal = PTYTerminal(descriptor: pty.clientDescriptor, size: Self.size)
        app = TerminalApp(session: bench.session, strings: UIStrings(.english), text: .standard(environment: [:]))
        loop = AppLoop(backend: terminal, theme: .orange, frontEnd: self)
        terminal.onFlush = { [weak self] in
            guard let self, let drawing else { return }
            frames.append(Frame(start: drawing.start, end: MonotonicClock.nanoseconds(), marked: drawing.marked))
            self.drawing = nil
        }
        try loop.start()
    }

    func receive(_ key: Key) { app.receive(key) }

    func draw(_ canvas: inout Canvas) -> Point? {
        let start = MonotonicClock.nanoseconds()
        let cursor = app.draw(&canvas)
        drawing = (start, mark?() ?? false)
        return cursor
    }

    func rects(of areas: Set<ScreenArea>) -> [Rect]? { app.rects(of: areas) }

    func redraw(_ areas: Set<ScreenArea>, on canvas: inout Canvas) -> Point? {
        let start = MonotonicClock.nanoseconds()
        let cursor = app.redraw(areas, on: &canvas)
        drawing = (start, mark?() ?? false)
        return cursor
    }

    func afterFrame() { app.afterFrame() }

    /// The text of the last frame on the terminal, row by row.
    var visibleText: String { loop.screen.lastFrame?.lines.joined(separator: "\n") ?? "" }

    /// Bytes typed at the terminal, through the loop's key parser to the app.
    func type(_ text: String) {
        loop.handle(.input(Array(text.utf8)))
    }

    /// Waits until a frame after the first `after` frames satisfies `condition`; returns it.
    func waitForFrame(after: Int, seconds: Double = 10, _ condition: (Frame) -> Bool = { _ in true }) async throws -> Frame {
        var found: Frame?
        try await waitUntil(seconds: seconds) {
            found = frames.dropFirst(after).first(where: condition)
            return found != nil
        }
        return found!
    }
}
