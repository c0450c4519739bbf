import ChatCore
import Dispatch
import FoundationEssentials

/// A gate that opens once; waiters are released when it opens, or when their deadline passes.
/// Lets readers wait for the first sync of a new session without polling.
final class OpenOnceGate: Sendable {
    private struct State {
        var open = false
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    var isOpen: Bool { state.withLock { $0.open } }

    /// Returns when the gate opens or after `seconds`, whichever is first (at once when the
    /// calling task is cancelled); true when it opened. The opening resumes the waiter itself: a
    /// task group racing a sleep cost a cold start's first screen three more hops between threads.
    @discardableResult
    func wait(seconds: Double) async -> Bool {
        if isOpen { return true }
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.open || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { return continuation.resume() }
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in resumeWaiter(id) }
            }
        } onCancel: {
            resumeWaiter(id)
        }
        return isOpen
    }

    /// Resumes the waiter `id` if it still waits (the gate, the deadline or a cancellation may each come first).
    private func resumeWaiter(_ id: UUID) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
}
