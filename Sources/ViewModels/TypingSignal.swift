import ChatCore
import FoundationEssentials

/// When the viewer's typing notice goes out: the one rule of the throttle. A start when text
/// appears, a renewal at most every `TypingNotice.renewAfter` while keys keep coming, a stop when
/// the input empties (sent or cleared), the chat is left, or no key came for
/// `TypingNotice.idleAfter`. A slash command being typed is no message being written, and a key
/// that leaves the text as it was (a scroll, a cursor move) is no typing.
struct TypingSignal {
    private enum State {
        case idle
        /// The last start went out at `sent`; the last key came at `lastKey`.
        case typing(sent: Date, lastKey: Date)
    }

    private var state = State.idle
    private var text = ""

    /// The input now holds `text`: true to send a start, false a stop, nil nothing.
    mutating func input(_ text: String, now: Date) -> Bool? {
        guard text != self.text else { return nil }
        self.text = text
        let composing = !text.allSatisfy(\.isWhitespace) && !text.hasPrefix("/")
        switch (state, composing) {
        case (.idle, false):
            return nil
        case (.idle, true):
            state = .typing(sent: now, lastKey: now)
            return true
        case (.typing, false):
            state = .idle
            return false
        case (.typing(let sent, _), true):
            let renew = now.timeIntervalSince(sent) >= TypingNotice.renewAfter
            state = .typing(sent: renew ? now : sent, lastKey: now)
            return renew ? true : nil
        }
    }

    /// When the idle stop is due, if typing.
    var idleDeadline: Date? {
        guard case .typing(_, let lastKey) = state else { return nil }
        return lastKey.addingTimeInterval(TypingNotice.idleAfter)
    }

    /// The idle check or leaving the chat: false to send a stop, nil when none is due.
    mutating func stop(ifIdleAt now: Date? = nil) -> Bool? {
        guard case .typing = state else { return nil }
        if let now, let deadline = idleDeadline, now < deadline { return nil }
        state = .idle
        return false
    }
}
