import ChatCore

/// A reply's original as `read --json` prints it: `id`, and when it can be shown `nickname` and
/// `text` (its first line); `available` false when it cannot, `deleted` true when it was deleted.
struct ReplyRecord: Encodable, Sendable {
    let id: String
    let available: Bool
    let deleted: Bool
    let nickname: String?
    let text: String?
    /// For a room change quoted (`membership`, `roomName`, `topic`); absent for a message.
    let kind: String?

    init(_ reply: ReplySummary) {
        id = reply.parentID.raw
        kind = if case .roomChange(_, let change) = reply.parent { change.kind.rawValue } else { nil }
        switch reply.parent {
        case .message(let sender, let firstLine):
            (available, deleted, nickname, text) = (true, false, sender, firstLine)
        case .roomChange(let sender, let change):
            (available, deleted, nickname, text) = (true, false, sender, change.summary)
        case .deleted(let sender):
            (available, deleted, nickname, text) = (true, true, sender, nil)
        case .unavailable:
            (available, deleted, nickname, text) = (false, false, nil, nil)
        }
    }

    /// `Mina: first line` for text output.
    var summary: String {
        guard available else { return "original message unavailable" }
        if kind != nil { return "\(nickname ?? "") \(text ?? "")" }
        return "\(nickname ?? ""): \(deleted ? MessageContent.deletedPlaceholder : text ?? "")"
    }
}

/// One reaction key under a message: `key`, `count` (people), `mine`.
struct ReactionRecord: Encodable, Sendable {
    let key: String
    let count: Int
    let mine: Bool
}

/// A thread root's `replies` (and `unread`, those not yet seen in its view, when there are
/// any), or a thread reply's `root` id.
struct ThreadRecord: Encodable, Sendable {
    let root: String?
    let replies: Int?
    let unread: Int?

    init(_ position: ThreadPosition) {
        switch position {
        case .root(let count, let unread): (root, replies, self.unread) = (nil, count, unread > 0 ? unread : nil)
        case .reply(let root): (self.root, replies, unread) = (root.raw, nil, nil)
        }
    }
}
