/// Live changes a backend publishes. Typed, never strings; observers re-read what they need.
public enum ChatEvent: Hashable, Sendable, Codable {
    /// New messages in a channel, oldest first (already filtered for blocks). Others' new
    /// messages are followed by `countsChanged` (or `unreadCounts`) for their channels: badges
    /// wait for that.
    case messagesAdded(ChannelID, [Message])
    /// A message changed: delivery state (pending → delivered / failed), its sender's name, or
    /// its relations (edited, deleted, reacted to, a thread reply). Views update it where they
    /// show it and never add it because of this event.
    case messageUpdated(Message)
    /// A message that was never delivered left the channel (discarded from the outbox).
    case messageRemoved(ChannelID, MessageID)
    /// Channels were added, removed or renamed.
    case channelsChanged
    /// Unread counts may have changed for these channels: whoever shows them asks again.
    case countsChanged(Set<ChannelID>)
    /// The viewer's unread counts now, for the channels of new messages. The community service
    /// counts them with each push, so a client's badges follow without asking for them.
    case unreadCounts([ChannelID: Int])
    /// Conversations changed (new one, new message, read).
    case conversationsChanged
    /// Who the viewer is changed (login, logout, profile edit, terms).
    case viewerChanged(Viewer)
    /// The blocked-users set changed: everything shown may need re-reading.
    case blocksChanged
    /// Who is typing in a channel now, the viewer, ignored and blocked people left out (the
    /// whole set each time: `Typists.nobody` when no one is).
    case typing(ChannelID, Typists)
    /// Connection to the server changed (the embedded community is always online).
    case connection(ConnectionState)
}

/// What the status line shows about the link to the server.
public enum ConnectionState: Hashable, Sendable, Codable {
    case online
    case connecting
    /// Waiting before the next try; seconds until it.
    case reconnecting(afterSeconds: Double)
    case offline(String)
}
