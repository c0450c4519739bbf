import ChatCore

/// One screen's live events, bound at most once at a time.
///
/// Screens bind in `willAppear` and cancel in `didDisappear`/`close`; binding an already bound
/// subscription does nothing, so appearing a hundred times still leaves one listener.
///
/// Events come in the backend's batches on the main actor (`listenOnMain`) and are handled one at
/// a time, in order. An event the screen's `now` handles goes no further: it is handled inside
/// the hop that brought the batch, so a live message starts no task (`Task.immediate` runs at
/// once only on the main thread, and tteok's main queue runs on dispatch's workers: each event
/// was a task put on the main queue, and, delivered from the socket's reader thread, a worker's
/// wake-up). The rest go to the async handler, which holds the events after it while it is
/// suspended, as a stream's loop did.
@MainActor
final class LiveSubscription {
    private var listener: LiveListener?
    private var handle: (@MainActor (ChatEvent) async -> Void)?
    /// Handles an event without suspending if it can; false leaves it to `handle`.
    private var now: (@MainActor (ChatEvent) -> Bool)?
    /// The events the handler acts on; others are dropped as they come.
    private var takes: (@MainActor (ChatEvent) -> Bool)?
    private var pending: [ChatEvent] = []
    /// The next of `pending` to handle: taking events from the front of the array one by one
    /// moved all the rest each time, so a burst of n events cost n² moves.
    private var next = 0
    /// The handling under way while it is suspended; its generation tells a handling begun
    /// before a `cancel` to stop.
    private var draining: Task<Void, Never>?
    private var isDraining = false
    private var generation = 0

    var isBound: Bool { listener != nil }

    /// Starts listening unless already listening. The listener is made here, synchronously, so
    /// the backend counts it from this moment on. Only events `takes` accepts reach `handle`: a
    /// live message comes with the unread counts, and handing each screen both (an async call
    /// each, most doing nothing) was a tenth of the message's CPU.
    func bind(to service: any LiveEventsService, taking takes: (@MainActor (ChatEvent) -> Bool)? = nil,
              now: (@MainActor (ChatEvent) -> Bool)? = nil, _ handle: @escaping @MainActor (ChatEvent) async -> Void) {
        guard listener == nil else { return }
        self.handle = handle
        self.now = now
        self.takes = takes
        listener = service.listenOnMain { [weak self] events in self?.receive(events) }
    }

    /// Stops listening; the backend drops the listener at once, and events not yet handled go.
    func cancel() {
        listener?.cancel()
        listener = nil
        handle = nil
        now = nil
        takes = nil
        pending.removeAll()
        next = 0
        draining?.cancel()
        draining = nil
        isDraining = false
        generation += 1
    }

    private func receive(_ events: [ChatEvent]) {
        var taken = (takes.map { events.filter($0) } ?? events)[...]
        // Handled at once only while no suspended handling holds earlier events: order is kept.
        if !isDraining {
            let mine = generation
            while let first = taken.first, generation == mine, let now, now(first) { taken.removeFirst() }
            guard generation == mine else { return }
        }
        guard !taken.isEmpty else { return }
        pending += taken
        guard !isDraining else { return }
        isDraining = true
        let task = Task.immediate { @MainActor [weak self] in _ = await self?.drain() }
        // Still under way: it suspended in a handler.
        if isDraining { draining = task }
    }

    private func drain() async {
        let mine = generation
        while generation == mine, next < pending.count, let handle {
            let event = pending[next]
            next += 1
            await handle(event)
        }
        guard generation == mine else { return }
        pending.removeAll(keepingCapacity: true)
        next = 0
        isDraining = false
        draining = nil
    }
}
