/// What the run loop drives: keys in, frames out. `tteok`'s loop, the benchmark and the tests
/// all drive a front end through `AppLoop`, so the contract below is wired in one place.
///
/// The contract of a frame: `draw` (or `redraw` of the damaged areas) changes nothing, and
/// returns where the cursor goes; what the frame showed (rows near the end of a list, the top of
/// a history) is acted on by `afterFrame`, which the loop calls once the frame is on the terminal.
@MainActor
public protocol FrontEnd: AnyObject {
    /// Told of every visible change with what it damaged; set by the loop.
    var onDamage: (@MainActor (Damage) -> Void)? { get set }
    /// One key, decoded by the loop's parser.
    func receive(_ key: Key)
    /// Draws the whole frame into a blank canvas; returns the cursor (nil hides it).
    func draw(_ canvas: inout Canvas) -> Point?
    /// Where `areas` lie on the last frame drawn, or nil when they cannot be redrawn alone now
    /// (not on screen, or covered by something drawn over them): then the whole frame is drawn.
    func rects(of areas: Set<ScreenArea>) -> [Rect]?
    /// Draws only `areas` over the last frame's canvas; returns the cursor.
    func redraw(_ areas: Set<ScreenArea>, on canvas: inout Canvas) -> Point?
    /// Acts on what the last frame showed, whole or partial (a partial frame moves what the
    /// last whole one reported along: the chat's newest line drawn).
    func afterFrame()
    /// True while frames should wait (the first screen still loading); the loop draws anyway
    /// once its `frameHoldLimit` has passed, and never holds again after a frame.
    var holdsFrames: Bool { get }
}

extension FrontEnd {
    public var holdsFrames: Bool { false }
}
