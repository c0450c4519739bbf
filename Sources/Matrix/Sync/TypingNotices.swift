/// Reading `m.typing` ephemeral events: who the server says is typing in a room (the whole set
/// each time it changes).
enum TypingNotices {
    /// The user ids of the newest `m.typing` event, each once, in the server's order; nil when
    /// this answer has none (nothing changed). Entries that are not user ids are skipped.
    static func userIDs(in ephemeral: [AccountDataEvent]) -> [String]? {
        guard let typing = ephemeral.last(where: { $0.type == "m.typing" }) else { return nil }
        guard case .array(let entries)? = typing.content["user_ids"] else { return [] }
        var seen = Set<String>()
        return entries.compactMap { entry in
            guard let id = entry.stringValue, id.hasPrefix("@"), seen.insert(id).inserted else { return nil }
            return id
        }
    }
}
