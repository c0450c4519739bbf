import Dispatch

/// The run loop of the terminal client, on the main queue: terminal events in, keys out, and at
/// most one redraw per loop turn however many changes mark the screen dirty.
///
/// It knows no ncurses: it owns a `TerminalBackend`, the `KeyParser` the backend's bytes go
/// through, and the `Screen` that diffs frames. The app gives it a drawing closure (the root
/// frame: draws everything into a fresh canvas and returns where the cursor goes) and a key
/// handler (the key map). Nothing here polls: input, signals and timers wake the main queue.
@MainActor
public final class AppLoop {
    /// Draws the whole frame; returns the cursor position (nil hides the cursor).
    public typealias Draw = @MainActor (inout Canvas) -> Point?

    public let backend: TerminalBackend
    public let screen: Screen
    public var draw: Draw
    /// Receives every decoded key, in order.
    public var onKey: @MainActor (Key) -> Void
    /// Told about a resize after the screen has been reset (layouts may change, e.g. < 80 columns).
    public var onResize: (@MainActor (Size) -> Void)?
    /// Told when standard input ends (the terminal went away): the app should quit.
    public var onInputClosed: (@MainActor () -> Void)?
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
    public var escapeDelay: DispatchTimeInterval = .milliseconds(30)
    /// Frames rendered so far (tests and the benchmark read it).
    public private(set) var frameCount = 0

    private var parser = KeyParser()
    private var isDirty = false
    private var redrawScheduled = false
    private var escapeTimer: DispatchWorkItem?

    public init(backend: TerminalBackend, theme: Theme, draw: @escaping Draw, onKey: @escaping @MainActor (Key) -> Void) {
        self.backend = backend
        self.screen = Screen(backend: backend, theme: theme)
        self.draw = draw
        self.onKey = onKey
    }

    /// Takes over the terminal and draws the first frame.
    public func start() throws {
        try backend.start { [weak self] event in self?.handle(event) }
        markDirty()
    }

    /// Gives the terminal back. The caller then exits or goes on without a screen.
    public func stop() {
        escapeTimer?.cancel()
        backend.stop()
    }

    /// Something visible changed: one redraw follows on this loop turn, however often this is
    /// called before it.
    public func markDirty() {
        isDirty = true
        guard !redrawScheduled else { return }
        redrawScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated { self.redrawIfDirty() }
        }
    }

    /// Draws a frame now if one is due (the scheduled redraw calls this; tests may too).
    public func redrawIfDirty() {
        redrawScheduled = false
        guard isDirty else { return }
        isDirty = false
        var canvas = screen.makeCanvas()
        let cursor = draw(&canvas)
        screen.render(canvas, cursor: cursor)
        frameCount += 1
    }

    /// Handles one event from the backend.
    public func handle(_ event: TerminalEvent) {
        switch event {
        case .input(let bytes):
            escapeTimer?.cancel()
            deliver(parser.feed(bytes))
            if parser.hasPending { scheduleEscapeTimeout() }
        case .resized(let size):
            screen.reset()
            onResize?(size)
            markDirty()
        case .inputClosed:
            deliver(parser.flush())
            onInputClosed?()
        }
    }

    private func deliver(_ keys: [Key]) {
        for key in keys { onKey(key) }
    }

    /// A lone ESC (or half a sequence) that nothing followed is resolved after `escapeDelay`.
    private func scheduleEscapeTimeout() {
        let timer = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.deliver(self.parser.flush())
            }
        }
        escapeTimer = timer
        DispatchQueue.main.asyncAfter(deadline: .now() + escapeDelay, execute: timer)
    }
}
