import Dispatch

/// Main-actor work put off to the end of the hop under way: a live delivery's handlers mark the
/// screen dirty, and its redraw then runs in the same hop instead of as another item on the main
/// queue, which, run from the socket's reader thread (`EventHub.publishWaiting`), would wake a
/// worker thread of its own for every live message.
@MainActor
public enum MainTurn {
    /// The work put off while a `run` is under way; nil when none is.
    private static var putOff: [@MainActor () -> Void]?

    /// Runs `body`, then the work `soon` put off while it ran. Work put off by that work goes to
    /// the main queue, so a redraw that marks the screen again cannot keep the hop forever.
    public static func run(_ body: () -> Void) {
        guard putOff == nil else { return body() }
        putOff = []
        body()
        let work = putOff ?? []
        putOff = nil
        for item in work { item() }
    }

    /// `work` at the end of the `run` under way, or on the main queue's next turn when none is.
    public static func soon(_ work: @escaping @MainActor () -> Void) {
        if putOff != nil {
            putOff?.append(work)
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
        }
    }
}
