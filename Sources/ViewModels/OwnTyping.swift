import ChatCore
import FoundationEssentials

/// The viewer's typing notices for one chat: `TypingSignal` decides, this sends — in order (a
/// stop never overtakes its start) and off the key path — and schedules the idle stop. Nothing
/// goes out when the backend has no typing notices or the config turned them off (`service`
/// nil). A failed notice is dropped: it only ever says "typing" a little wrong.
@MainActor
final class OwnTyping {
    private let service: (any TypingService)?
    private var signal = TypingSignal()
    /// The channel the last start went to (a stop goes there too).
    private var channel: ChannelID?
    private var sending: Task<Void, Never>?
    private var idleCheck: Task<Void, Never>?

    init(service: (any TypingService)?) {
        self.service = service
    }

    /// The input of `channel` now holds `text`.
    func input(_ text: String, in channel: ChannelID, now: Date = Date()) {
        guard service != nil, let notice = signal.input(text, now: now) else { return }
        self.channel = channel
        send(notice, to: channel)
        if notice { scheduleIdleCheck() }
    }

    /// The chat was left or closed: a stop if a start went out.
    func stop() {
        guard signal.stop() != nil, let channel else { return }
        send(false, to: channel)
    }

    private func send(_ typing: Bool, to channel: ChannelID) {
        guard let service else { return }
        let previous = sending
        sending = Task {
            await previous?.value
            try? await service.setTyping(typing, in: channel)
        }
        if !typing {
            idleCheck?.cancel()
            idleCheck = nil
        }
    }

    /// Wakes at the idle deadline (pushed on by each key) and stops the notice once it passed.
    private func scheduleIdleCheck() {
        guard idleCheck == nil else { return }
        idleCheck = Task { [weak self] in
            while let deadline = self?.signal.idleDeadline {
                let wait = deadline.timeIntervalSinceNow
                if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000) + 1_000_000) }
                if Task.isCancelled { return }
                guard let self else { return }
                if self.signal.stop(ifIdleAt: Date()) != nil, let channel = self.channel {
                    self.idleCheck = nil
                    self.send(false, to: channel)
                    return
                }
            }
        }
    }
}
