import ChatCore

/// What a chat is about: a channel, or a person (whose conversation may not exist yet).
public enum ChatSubject: Hashable, Sendable {
    case channel(Channel)
    /// A direct conversation; the channel id is nil until the first message creates it.
    case person(UserProfile, ChannelID?)
}
