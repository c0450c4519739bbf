import ChatCore

/// One message as a chat shows it: the message and whether the viewer wrote it.
public struct ChatLine: Hashable, Sendable, Identifiable {
    public let message: Message
    /// Computed from the viewer when the line was made; re-made whenever the viewer is re-read.
    public let isMine: Bool

    public var id: MessageID { message.id }
}

/// A chat's messages, oldest first, each id at most once however often it is delivered. A
/// delivered message that names the pending line it was (`Message.pendingID`) takes that line's
/// place, and the pending id keeps leading to it (a selection made while it was pending).
struct MessageTimeline {
    private(set) var lines: [ChatLine] = []
    private var ids: Set<MessageID> = []
    /// Pending ids → the delivered ids that replaced them.
    private var delivered: [MessageID: MessageID] = [:]

    var oldest: Message? { lines.first?.message }

    /// Adds messages not seen yet and replaces changed ones. Returns true when anything changed.
    mutating func merge(_ messages: [Message], viewer: Viewer) -> Bool {
        mergeTelling(messages, viewer: viewer) != .nothing
    }

    /// What a merge did to the lines: a front end can draw new lines at the end alone.
    enum Merge {
        case nothing
        /// Lines were added after the newest one, and no line before them changed.
        case appended
        /// Anything else: a line replaced, or one sorted in among the older ones.
        case changed
    }

    /// `merge`, saying what it did.
    mutating func mergeTelling(_ messages: [Message], viewer: Viewer) -> Merge {
        var changed = false
        var replaced = false
        var needsSort = false
        for message in messages {
            let line = ChatLine(message: message, isMine: viewer.owns(message))
            if let index = settle(message) {
                guard lines[index] != line else { continue }
                lines[index] = line
                replaced = true
            } else {
                if let last = lines.last, message.sentAt < last.message.sentAt { needsSort = true }
                ids.insert(message.id)
                lines.append(line)
            }
            changed = true
        }
        if needsSort { sortBySentTime() }
        guard changed else { return .nothing }
        return replaced || needsSort ? .changed : .appended
    }

    /// Replaces a shown message with its changed self (edited, deleted, reacted to, delivered);
    /// a message not shown is not added. Returns true when anything changed.
    mutating func update(_ message: Message, viewer: Viewer) -> Bool {
        guard let index = settle(message) else { return false }
        let line = ChatLine(message: message, isMine: viewer.owns(message))
        guard lines[index] != line else { return false }
        lines[index] = line
        return true
    }

    /// Puts an older page (oldest first) in front of what is shown, in the page's own order;
    /// messages already here are updated in place, never added twice. Returns true when anything
    /// changed. A page is never merged by time: messages sent in the same millisecond (a burst)
    /// would sort behind the newer ones already shown.
    mutating func prepend(_ page: [Message], viewer: Viewer) -> Bool {
        var older: [ChatLine] = []
        var changed = false
        for message in page {
            let line = ChatLine(message: message, isMine: viewer.owns(message))
            if let index = settle(message) {
                if lines[index] != line {
                    lines[index] = line
                    changed = true
                }
                continue
            }
            if let index = older.firstIndex(where: { $0.id == message.id }) {
                older[index] = line
                continue
            }
            ids.insert(message.id)
            older.append(line)
        }
        lines.insert(contentsOf: older, at: 0)
        return changed || !older.isEmpty
    }

    /// True when `page` connects to what is shown (it holds a message already here).
    func overlaps(_ page: [Message]) -> Bool {
        page.contains { ids.contains($0.id) || $0.pendingID.map(ids.contains) == true }
    }

    mutating func replaceAll(with messages: [Message], viewer: Viewer) {
        self = MessageTimeline()
        _ = merge(messages, viewer: viewer)
    }

    /// The line of a message, if shown (named by its id, or by the id it had while pending).
    func line(_ id: MessageID) -> ChatLine? {
        let id = delivered[id] ?? id
        guard ids.contains(id) else { return nil }
        return lines.first { $0.id == id }
    }

    /// The index of the line `message` replaces: its own, else the pending line it was, which
    /// then goes by the delivered id (a pending twin of a line already delivered is dropped).
    /// Nil when it is not shown.
    private mutating func settle(_ message: Message) -> Int? {
        if let pending = message.pendingID, pending != message.id, ids.contains(pending) {
            delivered[pending] = message.id
            if ids.contains(message.id) {
                _ = remove(pending)
            } else if let index = lines.firstIndex(where: { $0.id == pending }) {
                ids.remove(pending)
                ids.insert(message.id)
                return index
            }
        }
        guard ids.contains(message.id) else { return nil }
        return lines.firstIndex { $0.id == message.id }
    }

    /// Drops every line written by one of `senders` (people blocked). Returns true when any went.
    mutating func remove(sentBy senders: Set<UserID>) -> Bool {
        let kept = lines.filter { !senders.contains($0.message.senderID) }
        guard kept.count != lines.count else { return false }
        lines = kept
        ids = Set(kept.map(\.id))
        return true
    }

    /// Drops one line (a message discarded before delivery). Returns true when it was shown.
    mutating func remove(_ id: MessageID) -> Bool {
        guard ids.remove(id) != nil else { return false }
        lines.removeAll { $0.id == id }
        return true
    }

    /// Recomputes "mine" for every line after the viewer was re-read.
    mutating func relabel(for viewer: Viewer) -> Bool {
        let relabelled = lines.map { ChatLine(message: $0.message, isMine: viewer.owns($0.message)) }
        guard relabelled != lines else { return false }
        lines = relabelled
        return true
    }

    /// Keeps arrival order among messages sent at the same instant.
    private mutating func sortBySentTime() {
        lines = lines.enumerated()
            .sorted { ($0.element.message.sentAt, $0.offset) < ($1.element.message.sentAt, $1.offset) }
            .map(\.element)
    }
}
