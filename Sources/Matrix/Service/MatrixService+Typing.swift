import ChatCore

/// Typing notices on Matrix: `PUT /rooms/{id}/typing/{user}` out, the sync's `m.typing` in.
extension MatrixService: TypingService {
    public func setTyping(_ typing: Bool, in channel: ChannelID) async throws {
        let active = try await reader()
        // Synapse refuses typing from guests; tteok's guests do not post anyway.
        guard !active.isGuest else { return }
        try await mapped {
            try await active.client.setTyping(typing, room: channel.raw, user: active.userID,
                                              lasting: Int(TypingNotice.lasts * 1000))
        }
    }

    /// Publishes who types in each room this answer told of, the viewer and ignored people left
    /// out. Only the few named are looked up: a room claiming thousands of typists costs a set.
    func publishTyping(_ typing: [String: [String]], _ active: Active) async {
        guard !typing.isEmpty else { return }
        let ignored = Set((try? await active.cache.ignoredUsers()) ?? [])
        for (room, ids) in typing.sorted(by: { $0.key < $1.key }) {
            let others = ids.filter { $0 != active.userID && !ignored.contains($0) }
            let named = Array(others.prefix(Typists.namedAtMost))
            let names = (try? await active.cache.displayNames(of: named, in: room)) ?? [:]
            let typists = Typists(names: named.map { names[$0] ?? MatrixUser.localpart($0) }, total: others.count)
            hub.publish(.typing(ChannelID(room), typists))
        }
    }
}
