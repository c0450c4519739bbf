/// A change to a room shown in its timeline: someone joined, left, was invited, kicked or banned,
/// or the room was renamed or given a new topic. The message's sender is who made the change.
public enum RoomChange: Hashable, Sendable, Codable {
    case membership(MembershipChange)
    /// The room's new name (empty: the name was removed).
    case renamed(String)
    /// The room's new topic (empty: the topic was removed).
    case topic(String)
}

/// What happened to one member, as the timeline tells it.
public struct MembershipChange: Hashable, Sendable, Codable {
    public enum Action: String, Hashable, Sendable, Codable, CaseIterable {
        /// The sender joined (the target is the sender).
        case joined
        /// The sender left (or declined their invitation).
        case left
        /// The sender invited the target.
        case invited
        /// The sender removed the target.
        case kicked
        case banned
        case unbanned
    }

    public var action: Action
    /// Who it happened to: the sender for joined/left, someone else otherwise.
    public var target: UserID
    public var targetNickname: String
    /// The reason the sender gave (kicks and bans), another person's words.
    public var reason: String?

    public init(action: Action, target: UserID, targetNickname: String, reason: String? = nil) {
        self.action = action
        self.target = target
        self.targetNickname = targetNickname
        self.reason = reason
    }
}

extension MessageKind {
    /// The kinds of membership and room change lines.
    public var isRoomChange: Bool { self == .membership || self == .roomName || self == .topic }
}

extension MessageContent {
    /// A membership or room change line rather than anyone's words.
    public var isRoomChange: Bool {
        if case .roomChange = self { return true }
        return false
    }
}

extension RoomChange {
    /// Plain English for lists and scripts, after the sender's name: `joined`, `kicked Bob (spam)`,
    /// `renamed the room to Lobby`. The interactive client localises its own.
    public var summary: String {
        switch self {
        case .membership(let change):
            let reason = change.reason.map { $0.isEmpty ? "" : " (\($0))" } ?? ""
            switch change.action {
            case .joined: return "joined"
            case .left: return "left"
            case .invited: return "invited \(change.targetNickname)"
            case .kicked: return "removed \(change.targetNickname)" + reason
            case .banned: return "banned \(change.targetNickname)" + reason
            case .unbanned: return "unbanned \(change.targetNickname)"
            }
        case .renamed(let name): return name.isEmpty ? "removed the room's name" : "renamed the room to \(name)"
        case .topic(let topic): return topic.isEmpty ? "removed the topic" : "set the topic to \(topic)"
        }
    }

    /// `membership` for joins, leaves, invites, kicks and bans; `roomName` and `topic` otherwise.
    public var kind: MessageKind {
        switch self {
        case .membership: return .membership
        case .renamed: return .roomName
        case .topic: return .topic
        }
    }
}
