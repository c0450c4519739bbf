/// Channel list order: the viewer's region channel first, then every other channel by name, each
/// space followed by the rooms it groups (`ChannelNesting`).
public enum ChannelOrdering {
    /// Sorted channels, and which one (if any) is pinned as the current region.
    public static func ordered(_ channels: [Channel], region: String?) -> (channels: [Channel], pinned: ChannelID?) {
        // Each name and id folded once, not again in every comparison.
        let folded = channels.map { (channel: $0, name: NameOrder.folded($0.name), id: NameOrder.folded($0.id.raw)) }
        let sorted = folded.sorted { lhs, rhs in
            let order = NameOrder.compare(lhs.name, rhs.name)
            // Names equal but for case or leading zeros: by id, numbers as numbers (a store's
            // row ids), the tie-break its indexed (sort key, id) order gives.
            return order == 0 ? NameOrder.compare(lhs.id, rhs.id) < 0 : order < 0
        }.map(\.channel)
        let byName = ChannelNesting.nested(sorted)
        guard let region, let index = byName.firstIndex(where: { isRegion($0, region) }) else {
            return (byName, nil)
        }
        var result = byName
        let pinned = result.remove(at: index)
        result.insert(pinned, at: 0)
        return (result, pinned.id)
    }

    /// A region channel of that region; on a homeserver, where rooms carry no region, the room
    /// named after it (a community's 마포구 room), so the pin works on both backends.
    public static func isRegion(_ channel: Channel, _ region: String) -> Bool {
        switch channel.kind {
        case .region(let channelRegion): return PostingRule.sameRegion(region, channelRegion)
        case .room: return PostingRule.sameRegion(region, channel.name)
        case .open, .direct, .space: return false
        }
    }
}
