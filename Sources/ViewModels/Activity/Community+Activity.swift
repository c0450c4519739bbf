import ChatCore

extension Community {
    /// Alt-A and `/next`: opens the chat the hotlist names next (highlights first, then new
    /// messages, oldest first), through the nickname gate; nil when nothing else waits.
    @discardableResult
    public func openNextActivity() async -> GateOutcome? {
        guard let entry = activity.hotlist.next(after: navigator.chatOnScreen) else { return nil }
        return await openChat(entry.channelID)
    }

    /// Opens a chat known by its id (search results and the hotlist know chats by id): a direct
    /// conversation by its other person, else the channel.
    public func openChat(_ id: ChannelID) async -> GateOutcome {
        if let conversation = try? await context.service.conversations().first(where: { $0.channelID == id }) {
            return await gate.open(.person(conversation.other))
        }
        do {
            return await gate.open(.channel(try await context.service.channel(named: id.raw)))
        } catch {
            return .failed(context.strings.error(error))
        }
    }
}
