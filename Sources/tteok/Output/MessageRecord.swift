import ChatCore
import FoundationEssentials
import TUI

/// One message as `tteok read` and `tteok post --json` print it.
struct MessageRecord: Encodable, Sendable {
    struct Image: Encodable, Sendable {
        let fileName: String
        let mimeType: String
        let byteCount: Int
        /// Pixels, when the sender's client said.
        let width: Int?
        let height: Int?
    }

    /// A file, video, sound or sticker: what its sender declared, never checked against the bytes.
    struct Attachment: Encodable, Sendable {
        let name: String
        /// Bytes, as declared (0 when unknown).
        let size: Int
        let mimetype: String
        /// Words sent with it (Matrix v1.10: a body apart from the file's name); absent when none.
        let caption: String?
    }

    /// A shared place; the coordinates are absent when its `geo:` URI did not parse.
    struct Location: Encodable, Sendable {
        let description: String
        let latitude: Double?
        let longitude: Double?
        /// `geo:LAT,LON`, rebuilt from the coordinates.
        let geo: String?
    }

    let id: String
    /// The channel's name as given to the command.
    let channel: String
    let channelId: String
    let senderId: String
    let nickname: String
    /// Encoded as ISO 8601.
    let sentAt: Date
    /// `text`, `emote`, `notice`, `image`, `file`, `video`, `audio`, `sticker`, `location`,
    /// `encrypted` (an end-to-end encrypted message tteok cannot read), `deleted`, or a room change:
    /// `membership` (joined, left, invited, kicked, banned, unbanned), `roomName`, `topic`.
    let kind: String
    /// The text, for an emote `* TEXT`, for an attachment `[KIND] FILE`, for a place
    /// `[location] DESCRIPTION geo:…`, for an encrypted or deleted message a placeholder.
    let text: String
    /// An image or a sticker (a sticker has its `attachment` too).
    let image: Image?
    /// A file, video, sound, image or sticker.
    let attachment: Attachment?
    let location: Location?
    /// Who joined, left, was invited, removed or banned, for a `membership` line.
    let membership: MembershipRecord?
    /// The message this one answers; nil when it is no reply.
    let replyTo: ReplyRecord?
    /// Edited by its sender (the text is the edited one).
    let edited: Bool
    /// When, if edited.
    let editedAt: Date?
    let reactions: [ReactionRecord]
    /// Deleted by its sender or a moderator (the text is a placeholder).
    let deleted: Bool
    /// Deleted by a moderator: the placeholder says "deleted by a moderator" (on Matrix: unknown, false).
    let deletedByModerator: Bool
    /// Its place in a thread; nil when in none.
    let thread: ThreadRecord?
    /// Bytes of a text longer than tteok reads (`ReadingCap`, 64 KiB) left out of `text`; absent
    /// for a whole message.
    let truncatedBytes: Int?
    /// For an end-to-end encrypted message, its sending device: `verified`, `unverified` or
    /// `changed` (verified once, its keys changed since); absent for one that was not encrypted.
    let senderTrust: String?
    /// Why an `encrypted` message could not be decrypted, in words, when known.
    let undecryptableReason: String?

    init(_ message: Message, channelName: String) {
        id = message.id.raw
        channel = channelName
        channelId = message.channelID.raw
        senderId = message.senderID.raw
        nickname = message.senderNickname
        sentAt = message.sentAt
        text = message.content.summary
        truncatedBytes = message.omittedBytes > 0 ? message.omittedBytes : nil
        kind = message.content.kind.rawValue
        (image, attachment, location) = Self.attachment(of: message.content)
        membership = MembershipRecord(message.content)
        replyTo = message.replyTo.map(ReplyRecord.init)
        edited = message.isEdited
        editedAt = message.editedAt
        reactions = message.reactions.map { ReactionRecord(key: $0.key, count: $0.count, mine: $0.mine) }
        deleted = message.isDeleted
        deletedByModerator = message.content == .deleted(byModerator: true)
        thread = message.thread.map(ThreadRecord.init)
        senderTrust = message.senderTrust?.rawValue
        if case .encrypted(let reason) = message.content { undecryptableReason = reason } else { undecryptableReason = nil }
    }

    private static func attachment(of content: MessageContent) -> (Image?, Attachment?, Location?) {
        switch content {
        case .image(let info), .sticker(let info):
            return (Image(fileName: info.fileName, mimeType: info.mimeType, byteCount: info.byteCount, width: info.width, height: info.height),
                    Attachment(name: info.fileName, size: info.byteCount, mimetype: info.mimeType, caption: info.caption), nil)
        case .file(let info):
            return (nil, Attachment(name: info.fileName, size: info.byteCount, mimetype: info.mimeType, caption: info.caption), nil)
        case .location(let place):
            return (nil, nil, Location(description: place.description, latitude: place.latitude, longitude: place.longitude, geo: place.geoURI))
        default:
            return (nil, nil, nil)
        }
    }

    /// `2026-12-02 18:30  Mina: hello (edited)` for a terminal, in local time, with the quote of a
    /// reply, the reactions and a thread's count after it; a cut text ends `[… N KB more]`. A room
    /// change reads `2026-12-02 18:30  → Mina joined`.
    func line(_ console: Console) -> String {
        let sender = nickname.isEmpty ? senderId : nickname
        // A room change is no one's words: `→ Mina joined`, never `Mina: joined`.
        if MessageKind(rawValue: kind)?.isRoomChange == true { return "\(timeText)  → \(console.inert(sender)) \(console.inert(text))" }
        var line = "\(timeText)  \(console.inert(sender)): "
        if let replyTo { line += "[↱ \(console.inert(replyTo.summary))] " }
        line += console.inert(text)
        if let undecryptableReason { line += " (\(console.inert(undecryptableReason)))" }
        if let truncatedBytes { line += " [… \(ReadingCap.kilobytes(truncatedBytes)) KB more]" }
        if edited { line += " (edited)" }
        if !reactions.isEmpty {
            line += "  " + reactions.map { "\(console.inert($0.key)) \($0.count)\($0.mine ? "*" : "")" }.joined(separator: "  ")
        }
        if let replies = thread?.replies, replies > 0 { line += "  [\(replies) \(replies == 1 ? "reply" : "replies")]" }
        // Only the warning: most devices are unverified, and a mark on each line would be noise.
        if senderTrust == SenderTrust.changed.rawValue { line += "  [! sender's device keys changed since it was verified]" }
        return line
    }

    /// When it was sent, in local time, as the text lines show it.
    /// A fixed, locale-independent shape (`2026-12-02 09:05`), so scripts reading text output see
    /// the same everywhere.
    var timeText: String {
        let local = LocalTime(sentAt)
        return local.dateText + " " + local.timeText
    }
}
