import ChatCore

extension ChatService {
    /// How many live listeners the backend has, for tests that hold only `any ChatService`.
    /// −1 when the backend cannot count them, so no "exactly one" or "none left" check passes
    /// by accident.
    public func liveListenerCount() async -> Int {
        guard let counting = self as? any ListenerCounting else { return -1 }
        return await counting.liveListenerCount()
    }
}
