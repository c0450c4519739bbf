import ChatCore

/// One row of `tteok channels`.
struct ChannelRecord: Encodable, Sendable {
    let id: String
    let name: String
    /// `region`, `open`, `direct`, `room` or `space` (a Matrix space: it groups rooms, nobody posts in it).
    let kind: String
    let region: String?
    /// Unread messages; absent when the count could not be had.
    let unread: Int?
    /// The badge as drawn: absent when hidden, `1`…`9`, `10+` or `Error`.
    let badge: String?
    /// True for the viewer's region channel, pinned first.
    let currentRegion: Bool
    /// Archived by a moderator: readable, not writable, not in the default list.
    let archived: Bool
    /// The id of the space this channel is listed under; absent at the top of the list.
    let parent: String?

    init(_ channel: Channel, unread: Result<Int, ChatError>, currentRegion: Bool) {
        id = channel.id.raw
        name = channel.name
        kind = Self.kindName(channel.kind)
        region = channel.region
        self.unread = try? unread.get()
        badge = CountBadge(unread).label
        self.currentRegion = currentRegion
        archived = channel.isArchived
        parent = channel.parent?.raw
    }

    private static func kindName(_ kind: ChannelKind) -> String {
        switch kind {
        case .region: return "region"
        case .open: return "open"
        case .direct: return "direct"
        case .room: return "room"
        case .space: return "space"
        }
    }

    /// `name  [badge]  (current region)` for a terminal, indented two spaces per `depth` (the
    /// spaces it is listed under).
    func line(_ console: Console, depth: Int = 0) -> String {
        var parts = [String(repeating: "  ", count: depth) + console.inert(name)]
        if let badge { parts.append("[\(badge)]") }
        if currentRegion { parts.append("(current region)") }
        if kind == "space" { parts.append("(space)") }
        if archived { parts.append("(archived)") }
        return parts.joined(separator: "  ")
    }
}
