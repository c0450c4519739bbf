/// Spaces and the rooms they group, as one list: each space followed by its rooms, a space within
/// a space one level deeper. The links come from other people's rooms (a hostile server or space
/// admin writes what it likes), so the walk trusts none of their shape: a cycle, a channel that
/// names itself, a parent that is not listed, ten thousand children or a chain a million deep
/// each end in a forest, visited once per channel, without recursion.
public enum ChannelNesting {
    /// How deep a row is indented at most; deeper channels are drawn at this depth.
    public static let maxDepth = 4

    /// `sorted` (in display order among siblings) with every channel right after its parent, and
    /// `parent` rewritten to the one the list draws it under: nil for a channel whose parent is
    /// not listed, is itself, or was reached only through a cycle (the cycle's first channel in
    /// `sorted` order becomes a root). Every channel appears exactly once.
    public static func nested(_ sorted: [Channel]) -> [Channel] {
        let listed = Set(sorted.map(\.id))
        var children: [ChannelID: [Channel]] = [:]
        var roots: [Channel] = []
        for channel in sorted {
            if let parent = channel.parent, parent != channel.id, listed.contains(parent) {
                children[parent, default: []].append(channel)
            } else {
                roots.append(channel)
            }
        }
        var result: [Channel] = []
        result.reserveCapacity(sorted.count)
        var visited = Set<ChannelID>()
        visited.reserveCapacity(sorted.count)
        // Roots first; what remains unvisited after them hangs off a cycle, and its first channel
        // is taken as a root in turn.
        for start in roots + sorted {
            guard !visited.contains(start.id) else { continue }
            var stack = [(channel: start, parent: ChannelID?.none)]
            while let (channel, parent) = stack.popLast() {
                guard visited.insert(channel.id).inserted else { continue }
                var placed = channel
                placed.parent = parent
                result.append(placed)
                for child in (children[channel.id] ?? []).reversed() where !visited.contains(child.id) {
                    stack.append((child, channel.id))
                }
            }
        }
        return result
    }

    /// How many of `channel`'s ancestors are in `listed` (by id), at most `maxDepth`: the
    /// indentation of its row. Bounded, so a hostile chain costs each row `maxDepth` steps.
    public static func depth(of channel: Channel, in listed: [ChannelID: Channel]) -> Int {
        var depth = 0
        var current = channel
        while depth < maxDepth, let parent = current.parent, parent != channel.id, let next = listed[parent] {
            depth += 1
            current = next
        }
        return depth
    }
}
