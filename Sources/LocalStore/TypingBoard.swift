import Foundation

/// Who types where on the service, in memory only (typing is never stored): per channel, each
/// connection's member and until when the notice lasts. A connection counts once however often
/// it renews; a start that is not renewed runs out (`TypingNotice.lasts`), so a client that
/// vanished without a stop does not type for ever.
struct TypingBoard {
    struct Entry {
        let user: Int64
        let started: Date
        var until: Date
    }

    private var channels: [Int64: [Int: Entry]] = [:]

    /// Records `listener`'s start or stop in `channel`; true when who types there changed.
    mutating func set(_ typing: Bool, user: Int64, channel: Int64, listener: Int, until: Date, now: Date) -> Bool {
        if typing {
            let before = channels[channel]?[listener]
            channels[channel, default: [:]][listener] = Entry(user: user, started: before?.started ?? now, until: until)
            guard let before else { return true }
            return before.until < now
        }
        guard channels[channel]?.removeValue(forKey: listener) != nil else { return false }
        if channels[channel]?.isEmpty == true { channels[channel] = nil }
        return true
    }

    /// Drops every notice of a connection that left; the channels whose typists changed.
    mutating func remove(listener: Int) -> [Int64] {
        var changed: [Int64] = []
        for channel in Array(channels.keys) where channels[channel]?.removeValue(forKey: listener) != nil {
            changed.append(channel)
            if channels[channel]?.isEmpty == true { channels[channel] = nil }
        }
        return changed
    }

    /// Drops the notices of `channel` that ran out by `now`; true when any did.
    mutating func expire(_ channel: Int64, now: Date) -> Bool {
        guard let entries = channels[channel] else { return false }
        let kept = entries.filter { $0.value.until > now }
        channels[channel] = kept.isEmpty ? nil : kept
        return kept.count != entries.count
    }

    /// The members typing in `channel`, each once, the earliest start first.
    func typists(in channel: Int64) -> [Int64] {
        var seen = Set<Int64>()
        return (channels[channel] ?? [:]).values.sorted { $0.started < $1.started }.compactMap { seen.insert($0.user).inserted ? $0.user : nil }
    }
}
