/// The hooks every screen model gets, called by `Navigator` in the order a native app calls them.
///
/// | hook | when | for |
/// |---|---|---|
/// | `load` | once, before the first `willAppear` | first fetch |
/// | `willAppear` | every time the screen is about to show | re-read the viewer, refresh, bind the live subscription |
/// | `didDisappear` | every time the screen was hidden | cancel subscriptions, pre-fetch for the next appearance |
/// | `close` | once, after the last `didDisappear` | drop every piece of state, remove listeners |
///
/// The hooks are async so that a screen is shown only once its state for this appearance is ready:
/// the navigator makes a screen visible after its `willAppear` returned.
@MainActor
public protocol Lifecycle: AnyObject {
    /// Publishes every state change of this model.
    var changes: ChangeSignal { get }
    func load() async
    func willAppear() async
    func didDisappear() async
    func close() async
}

extension Lifecycle {
    public func load() async {}
    public func willAppear() async {}
    public func didDisappear() async {}
    public func close() async {}
}
