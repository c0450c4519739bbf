import ChatCore
import Dispatch

/// The run loop of the terminal client, on the main queue: terminal events in, keys out, and at
/// most one redraw per loop turn however many changes mark the screen dirty.
///
/// It knows no ncurses: it owns a `TerminalBackend`, the `KeyParser` the backend's bytes go
/// through, and the `Screen` that diffs frames. It drives one `FrontEnd`: keys go to it, and each
/// frame is drawn, rendered, then reported back (`afterFrame`) here and nowhere else. The damage
/// the front end reports is added up until the frame: when only areas it can redraw alone
/// changed (the typed text), only they are drawn and compared. Nothing here polls: input,
/// signals and timers wake the main queue.
@MainActor
public final class AppLoop {
    public let backend: TerminalBackend
    public let screen: Screen
    /// Weak: whoever made the front end keeps it; a redraw already scheduled when it is gone
    /// draws nothing.
    public private(set) weak var frontEnd: FrontEnd?
    /// Told about a resize after the screen has been reset (layouts may change, e.g. < 80 columns).
    public var onResize: (@MainActor (Size) -> Void)?
    /// Told when standard input ends (the terminal went away): the app should quit.
    public var onInputClosed: (@MainActor () -> Void)?
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
    public var escapeDelay: DispatchTimeInterval = .milliseconds(30)
    /// Frames rendered so far, whole or partial (tests and the benchmark read it).
    public private(set) var frameCount = 0
    /// The longest a front end's `holdsFrames` keeps the terminal without a frame at start: a
    /// slow start (a loaded machine, a service still starting) shows what there is after this,
    /// as it comes in — about two and a half times the 40 ms a whole first screen takes.
    public var frameHoldLimit: DispatchTimeInterval = .milliseconds(100)
    /// True once a frame was drawn or the hold limit passed: frames are never held again.
    private var holdOver = false

    private var ownedFrontEnd: FrontEnd?
    private var parser = KeyParser()
    /// What changed since the last frame; nil when nothing did.
    private var damage: Damage?
    private var redrawScheduled = false
    private var escapeTimer: DispatchWorkItem?

    public init(backend: TerminalBackend, theme: Theme, frontEnd: FrontEnd) {
        self.backend = backend
        self.screen = Screen(backend: backend, theme: theme)
        self.frontEnd = frontEnd
        frontEnd.onDamage = { [weak self] damage in self?.markDirty(damage) }
    }

    /// A loop over a front end made of two closures (tools and tests that draw one canvas),
    /// which the loop keeps.
    public convenience init(backend: TerminalBackend, theme: Theme, draw: @escaping @MainActor (inout Canvas) -> Point?,
                            onKey: @escaping @MainActor (Key) -> Void) {
        let closures = ClosureFrontEnd(draw: draw, onKey: onKey)
        self.init(backend: backend, theme: theme, frontEnd: closures)
        ownedFrontEnd = closures
    }

    /// Takes over the terminal and draws the first frame.
    public func start() throws {
        try backend.start { [weak self] event in self?.handle(event) }
        markDirty()
        DispatchQueue.main.asyncAfter(deadline: .now() + frameHoldLimit) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, !self.holdOver else { return }
                self.holdOver = true
                self.redrawIfDirty()
            }
        }
    }

    /// Gives the terminal back. The caller then exits or goes on without a screen.
    public func stop() {
        escapeTimer?.cancel()
        backend.stop()
    }

    /// Something visible changed: one redraw follows on this loop turn, however often this is
    /// called before it.
    public func markDirty(_ damage: Damage = .everything) {
        self.damage = self.damage.map { $0.union(damage) } ?? damage
        guard !redrawScheduled else { return }
        redrawScheduled = true
        // In a live delivery's hop, at its end: no queue item (and thread wake-up) of its own.
        MainTurn.soon { self.redrawIfDirty() }
    }

    /// Draws a frame now if one is due (the scheduled redraw calls this; tests may too).
    public func redrawIfDirty() {
        redrawScheduled = false
        guard let damage, let frontEnd else { return }
        if !holdOver {
            // The damage is kept: the change that ends the hold marks the screen again.
            if frontEnd.holdsFrames { return }
            holdOver = true
        }
        self.damage = nil
        if case .areas(let areas) = damage {
            // Nothing visible changed, or only parts the front end redraws alone.
            guard !areas.isEmpty else { return }
            if let rects = frontEnd.rects(of: areas), screen.render(only: rects, { frontEnd.redraw(areas, on: &$0) }) != nil {
                frameCount += 1
                frontEnd.afterFrame()
                return
            }
        }
        drawWhole(frontEnd)
    }

    /// Draws a frame now, as the scheduled redraw would, and the whole frame when nothing is
    /// pending (tests that look at the screen after changing things themselves).
    public func redraw() {
        if damage == nil { damage = .everything }
        redrawIfDirty()
    }

    private func drawWhole(_ frontEnd: FrontEnd) {
        var canvas = screen.makeCanvas()
        let cursor = frontEnd.draw(&canvas)
        screen.render(canvas, cursor: cursor)
        frameCount += 1
        frontEnd.afterFrame()
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
        for key in keys { frontEnd?.receive(key) }
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

/// A front end that draws with one closure and takes keys with another; it redraws nothing
/// alone and has nothing to do after a frame.
@MainActor
final class ClosureFrontEnd: FrontEnd {
    var onDamage: (@MainActor (Damage) -> Void)?
    private let drawing: @MainActor (inout Canvas) -> Point?
    private let onKey: @MainActor (Key) -> Void

    init(draw: @escaping @MainActor (inout Canvas) -> Point?, onKey: @escaping @MainActor (Key) -> Void) {
        drawing = draw
        self.onKey = onKey
    }

    func receive(_ key: Key) { onKey(key) }
    func draw(_ canvas: inout Canvas) -> Point? { drawing(&canvas) }
    func rects(of areas: Set<ScreenArea>) -> [Rect]? { nil }
    func redraw(_ areas: Set<ScreenArea>, on canvas: inout Canvas) -> Point? { nil }
    func afterFrame() {}
}
