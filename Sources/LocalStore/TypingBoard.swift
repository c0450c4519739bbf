import FoundationEssentials

/// Who types where on the service, in memory only (typing is never stored): per channel, each
/// connection's member and until when the notice lasts. A connection counts once however often
/// it renews; a start that is not renewed runs out (`TypingNotice.lasts`), so a client that
/// vanished without a stop does not type for ever.
///
/// Bounded whatever clients send: a connection types in at most `channelsPerListener` channels
/// (a start in one more ends its oldest notice, as a person moving on would), and a channel
/// keeps at most `listenersPerChannel` notices (later starts there are not kept). The board
/// holds at most `channelsPerListener` entries per connection, and each change costs its
/// channel's few entries, however many starts a hostile client makes.
struct TypingBoard {
    /// Channels one connection may type in at once: a person types in one (two with a thread open).
    static let channelsPerListener = 3
    /// Notices one channel keeps: more than any screen names (`Typists` shows three and a count).
    static let listenersPerChannel = 100

    struct Entry {
        let user: Int64
        let started: Date
        var until: Date
    }

    private var channels: [Int64: [Int: Entry]] = [:]
    /// The channels each connection types in, oldest start first.
    private var typingIn: [Int: [Int64]] = [:]

    /// Records `listener`'s start or stop in `channel`; the channels whose typists changed (a
    /// start may end the connection's oldest notice elsewhere).
    mutating func set(_ typing: Bool, user: Int64, channel: Int64, listener: Int, until: Date, now: Date) -> [Int64] {
        guard typing else { return stop(listener, in: channel) ? [channel] : [] }
        if let before = channels[channel]?[listener] {
            channels[channel]?[listener]?.until = until
            return before.until < now ? [channel] : []
        }
        guard (channels[channel]?.count ?? 0) < Self.listenersPerChannel else { return [] }
        var changed: [Int64] = []
        while let oldest = typingIn[listener]?.first, (typingIn[listener]?.count ?? 0) >= Self.channelsPerListener {
            if stop(listener, in: oldest) { changed.append(oldest) }
        }
        channels[channel, default: [:]][listener] = Entry(user: user, started: now, until: until)
        typingIn[listener, default: []].append(channel)
        return changed + [channel]
    }

    /// Ends `listener`'s notice in `channel`; true when there was one.
    private mutating func stop(_ listener: Int, in channel: Int64) -> Bool {
        typingIn[listener]?.removeAll { $0 == channel }
        if typingIn[listener]?.isEmpty == true { typingIn[listener] = nil }
        guard channels[channel]?.removeValue(forKey: listener) != nil else { return false }
        if channels[channel]?.isEmpty == true { channels[channel] = nil }
        return true
    }

    /// Drops every notice of a connection that left; the channels whose typists changed.
    mutating func remove(listener: Int) -> [Int64] {
        (typingIn[listener] ?? []).filter { stop(listener, in: $0) }
    }

    /// Drops the notices of `channel` that ran out by `now`; true when any did.
    mutating func expire(_ channel: Int64, now: Date) -> Bool {
        let ranOut = (channels[channel] ?? [:]).filter { $0.value.until <= now }.map(\.key)
        for listener in ranOut { _ = stop(listener, in: channel) }
        return !ranOut.isEmpty
    }

    /// The members typing in `channel`, each once, the earliest start first.
    func typists(in channel: Int64) -> [Int64] {
        var seen = Set<Int64>()
        return (channels[channel] ?? [:]).values.sorted { $0.started < $1.started }.compactMap { seen.insert($0.user).inserted ? $0.user : nil }
    }

    /// How many notices the board holds in all (what a flood would grow).
    var count: Int { channels.values.reduce(0) { $0 + $1.count } }
}
