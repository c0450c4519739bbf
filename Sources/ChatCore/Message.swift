import FoundationEssentials

/// An image attached to a message. The bytes are fetched separately through the service.
public struct ImageInfo: Hashable, Sendable, Codable {
    public var fileName: String
    public var mimeType: String
    public var byteCount: Int
    public var width: Int?
    public var height: Int?
    /// Backend reference to the bytes (a row key, an `mxc://` URI).
    public var reference: String
    /// Words the sender wrote with it (Matrix v1.10: a `body` apart from `filename`); nil when none.
    public var caption: String?

    public init(fileName: String, mimeType: String, byteCount: Int, width: Int? = nil, height: Int? = nil, reference: String) {
        self.fileName = fileName
        self.mimeType = mimeType
        self.byteCount = byteCount
        self.width = width
        self.height = height
        self.reference = reference
    }
}

/// What a message says.
public enum MessageContent: Hashable, Sendable, Codable {
    case text(String)
    /// An action (`/me waves`), shown as `* Nick waves`.
    case emote(String)
    /// Written by a bot or a service, styled apart from people's messages.
    case notice(String)
    case image(ImageInfo)
    /// A file, video or sound: shown by name, size and type, saved on request.
    case file(FileInfo)
    /// A sticker (Matrix `m.sticker`): a picture, drawn as images are.
    case sticker(ImageInfo)
    /// A shared place.
    case location(LocationInfo)
    /// An end-to-end encrypted message this device has no key for; shown as a placeholder with
    /// why, in words, when known (the key has not arrived, the sender withheld it, …).
    case encrypted(reason: String? = nil)
    /// Deleted by its sender or a moderator: nothing of it is kept, a placeholder is shown, and it
    /// says when a moderator took it down (on Matrix the cache does not keep who redacted: false).
    case deleted(byModerator: Bool)
    /// A membership or room change (Matrix state events in the timeline), no one's words.
    case roomChange(RoomChange)

    /// Plain text for lists and scripts; an attachment shows as its kind and file name.
    public var summary: String {
        switch self {
        case .text(let text), .notice(let text): return text
        case .emote(let text): return "* " + text
        case .image(let info): return "[image] \(info.fileName)" + (info.caption.map { " " + $0 } ?? "")
        case .file(let info): return "[\(info.kind.rawValue)] \(info.fileName)" + (info.caption.map { " " + $0 } ?? "")
        case .sticker(let info): return "[sticker] \(info.fileName)"
        case .location(let place):
            return (["[location]", place.description] + [place.geoURI].compactMap { $0 }).filter { !$0.isEmpty }.joined(separator: " ")
        case .encrypted: return Self.encryptedPlaceholder
        case .deleted(let byModerator): return byModerator ? Self.deletedByModeratorPlaceholder : Self.deletedPlaceholder
        case .roomChange(let change): return change.summary
        }
    }

    public var kind: MessageKind {
        switch self {
        case .text: return .text
        case .emote: return .emote
        case .notice: return .notice
        case .image: return .image
        case .file(let info):
            switch info.kind {
            case .file: return .file
            case .video: return .video
            case .audio: return .audio
            }
        case .sticker: return .sticker
        case .location: return .location
        case .encrypted: return .encrypted
        case .deleted: return .deleted
        case .roomChange(let change): return change.kind
        }
    }

    /// What stands in for a deleted message (the UI localises it).
    public static let deletedPlaceholder = "message deleted"
    /// What stands in for a message a moderator deleted, so nobody takes it for the sender's choice.
    public static let deletedByModeratorPlaceholder = "deleted by a moderator"

    /// What stands in for a message tteok cannot decrypt (the UI localises it).
    public static let encryptedPlaceholder = "encrypted message — cannot be read on this device"

}

/// Where a message is on its way to the server.
public enum DeliveryState: Hashable, Sendable, Codable {
    /// Stored by the community (or acknowledged by the server).
    case delivered
    /// Written to the outbox, not yet acknowledged.
    case pending
    /// Refused for good; the reason is readable.
    case failed(String)
}

/// A message in a channel.
public struct Message: Hashable, Sendable, Codable, Identifiable {
    public var id: MessageID
    public var channelID: ChannelID
    public var senderID: UserID
    public var senderNickname: String
    public var sentAt: Date
    public var content: MessageContent
    public var delivery: DeliveryState
    /// Bytes of a text body over `ReadingCap` that were never read: `content` holds its first
    /// part, and front ends show "[… N KB more]" after it. 0 for a whole message.
    public var omittedBytes: Int
    /// The message this one answers, quoted; nil when it is no reply.
    public var replyTo: ReplySummary?
    /// When the sender last edited it (the content is the edited one); nil when never edited.
    public var editedAt: Date?
    /// Reactions under it, in the order they were first given.
    public var reactions: [ReactionCount] = []
    /// Its place in a thread; nil when it is in none.
    public var thread: ThreadPosition?
    /// The text's formatting (bold, links, quotes, …) when its sender formatted it; `content`
    /// keeps the plain text for lists, scripts and search.
    public var formatted: FormattedText?
    /// How far its sender's device is trusted; nil when it did not come end-to-end encrypted.
    public var senderTrust: SenderTrust?
    /// The id it was shown under while on its way (Matrix: my own message's transaction id), so
    /// a view swaps the pending line for the delivered one in place; nil when it had no other.
    /// `id` is always the server's id once delivered, the one other clients relate to.
    public var pendingID: MessageID?

    public var isEdited: Bool { editedAt != nil }
    /// True when `id` names this message: its own id, or the one it had while pending (a line or
    /// selection made before delivery still finds it).
    public func isNamed(_ id: MessageID) -> Bool { id == self.id || id == pendingID }
    public var isDeleted: Bool { content.kind == .deleted }

    public init(
        id: MessageID, channelID: ChannelID, senderID: UserID, senderNickname: String,
        sentAt: Date, content: MessageContent, delivery: DeliveryState = .delivered, omittedBytes: Int = 0
    ) {
        self.id = id
        self.channelID = channelID
        self.senderID = senderID
        self.senderNickname = senderNickname
        self.sentAt = sentAt
        self.content = content
        self.delivery = delivery
        self.omittedBytes = omittedBytes
    }
}

/// Where paging through older history stands. No "maybe more" flags: one of three states.
public enum Paging: Hashable, Sendable, Codable {
    case notStarted
    case haveMore(PageToken)
    case done
}

/// Opaque backend cursor for the next (older) page.
public struct PageToken: Hashable, Sendable, Codable {
    public let raw: String
    public init(_ raw: String) { self.raw = raw }
}

/// One page of history, oldest first, and where to continue.
public struct MessagePage: Hashable, Sendable, Codable {
    public var messages: [Message]
    public var next: Paging

    public init(messages: [Message], next: Paging) {
        self.messages = messages
        self.next = next
    }
}

/// What verification says about the device an end-to-end encrypted message came from.
public enum SenderTrust: String, Hashable, Sendable, Codable {
    /// The device was verified (by emoji) with the signing key it has now.
    case verified
    /// Never verified (or not known to this device yet): it may be anyone's the server added.
    case unverified
    /// Verified once, but its keys changed since: someone may be in between.
    case changed
}
