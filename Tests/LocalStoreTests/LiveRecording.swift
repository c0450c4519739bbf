import ChatCore
import Foundation
import LocalStore
import TestSupport

/// Collects what `store` publishes, once its live feed has a listener (a test then acts).
func recordEvents(of store: LocalCommunity) async -> (Collected<ChatEvent>, Task<Void, Never>) {
    let events = Collected<ChatEvent>()
    let stream = store.events()
    let task = Task { for await event in stream { events.append(event) } }
    _ = await eventually { await store.liveListenerCount() >= 1 }
    return (events, task)
}
