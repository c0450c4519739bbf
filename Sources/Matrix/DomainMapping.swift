import ChatCore
import FoundationEssentials

/// Cached Matrix values → tteok's domain values, in this one place.
enum DomainMapping {
    /// A delivered message is known by its event id, the one other clients' replies, edits and
    /// reactions name; our own keeps its transaction id as `pendingID`, so views replace the
    /// pending line with it.
    /// Relations are resolved here: a deleted message is only a placeholder, an edit shows the
    /// sender's newest text in place, a reply's fallback quote gives way to the original's summary.
    /// `trust` tells how far the sending device of a decrypted event is trusted.
    static func message(_ event: CachedEvent, trust: SenderTrust? = nil) -> Message {
        let relations = event.relations
        let shown: MessageContent
        if event.redacted {
            // The cache keeps that an event was redacted, not by whom: the plain placeholder.
            shown = .deleted(byModerator: false)
        } else if let edit = relations.edit {
            shown = content(edit.content)
        } else if event.content.msgtype == MatrixCache.encryptedMsgtype {
            shown = .encrypted(reason: event.undecryptedReason)
        } else {
            var original = event.content
            if event.replyTo != nil { original.body = ReplyFallback.strippedBody(original.body) }
            shown = content(original)
        }
        var message = Message(id: MessageID(event.eventID), channelID: ChannelID(event.roomID),
                              senderID: UserID(event.sender), senderNickname: nickname(event.senderName, of: event.sender),
                              sentAt: date(event.timestamp), content: shown,
                              omittedBytes: event.redacted || relations.edit != nil ? 0 : event.omittedBytes)
        message.pendingID = event.transactionID.map(MessageID.init)
        // Before the deletion: a deleted root still leads to its thread, a deleted reply stays in it.
        if let root = event.threadRoot {
            message.thread = .reply(root: MessageID(root))
        } else if relations.threadReplies > 0 {
            message.thread = .root(replyCount: relations.threadReplies, unread: relations.threadUnread)
        }
        guard !event.redacted else { return message }
        message.senderTrust = trust
        // An edit's own formatting replaces the original's (or drops it: an edit to plain text is plain).
        let text = relations.edit?.content ?? event.content
        if ["m.text", "m.notice", "m.emote"].contains(text.msgtype), let html = text.html { message.formatted = HTMLText.formatted(html) }
        message.editedAt = relations.edit.map { date($0.timestamp) }
        message.reactions = relations.reactions
        message.replyTo = event.replyTo.map { ReplySummary(parentID: MessageID($0), parent: parent(relations.parent)) }
        return message
    }

    private static func parent(_ parent: CachedRelations.Parent?) -> ReplySummary.Parent {
        switch parent {
        case .event(let sender, let name, _, true): return .deleted(senderNickname: nickname(name, of: sender))
        case .event(let sender, let name, let body, false):
            return .message(senderNickname: nickname(name, of: sender), firstLine: ReplySummary.firstLine(of: body))
        case .roomChange(let sender, let name, let change): return .roomChange(senderNickname: nickname(name, of: sender), change)
        case .notCached, .unavailable, nil: return .unavailable
        }
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// An outbox entry as a pending (or failed) message of `sender`.
    static func message(_ entry: OutboxEntry, sender: String, senderName: String?) -> Message {
        var message = Message(id: MessageID(entry.transactionID), channelID: ChannelID(entry.roomID), senderID: UserID(sender),
                              senderNickname: nickname(senderName, of: sender),
                              sentAt: Date(timeIntervalSince1970: TimeInterval(entry.created) / 1000), content: content(entry.content),
                              delivery: entry.failure.map(DeliveryState.failed) ?? .pending)
        message.thread = entry.threadRoot.map { .reply(root: MessageID($0)) }
        return message
    }

    static func content(_ content: MessageEventContent) -> MessageContent {
        switch content.msgtype {
        case MatrixCache.encryptedMsgtype: return .encrypted()
        case "m.emote": return .emote(content.body)
        case "m.notice": return .notice(content.body)
        // Its body says the reader's client cannot verify in the room; tteok can (`/verify`).
        case VerificationRequestLine.msgtype: return .notice(VerificationRequestLine.text)
        case RoomChangeLines.msgtype: return RoomChangeLines.change(fromBody: content.body).map(MessageContent.roomChange) ?? .notice("")
        default: break
        }
        if content.msgtype == MatrixCache.locationMsgtype { return .location(LocationInfo(description: content.body, geoURI: content.geoURI)) }
        // Media without a URI have nothing to fetch: their body is all there is.
        guard let url = content.mediaReference else { return .text(content.body) }
        let type = content.info?.mimetype ?? "application/octet-stream", size = content.info?.size ?? 0
        // Spec v1.10: with a filename of its own, the body is a caption (unless it only repeats the name).
        let name = content.filename ?? content.body
        let caption = content.filename != nil && content.body != content.filename && !content.body.isEmpty ? content.body : nil
        switch content.msgtype {
        case "m.image", MatrixCache.stickerType:
            var image = ImageInfo(fileName: name, mimeType: type, byteCount: size, width: content.info?.w, height: content.info?.h,
                                  reference: url)
            image.caption = caption
            return content.msgtype == "m.image" ? .image(image) : .sticker(image)
        case "m.file", "m.video", "m.audio":
            let kind = FileInfo.Kind(rawValue: String(content.msgtype.dropFirst(2))) ?? .file
            var file = FileInfo(kind: kind, fileName: name, mimeType: type, byteCount: size, reference: url)
            file.caption = caption
            return .file(file)
        default:
            return .text(content.body)
        }
    }

    /// A display name, else the user id's localpart.
    static func nickname(_ displayName: String?, of user: String) -> String {
        if let displayName, !displayName.trimmingWhitespace().isEmpty { return displayName }
        return MatrixUser.localpart(user)
    }

    /// A room as a channel; `directWith` is the other person when the room is a direct conversation.
    static func channel(_ room: CachedRoom, me: String, directWith: String?) -> Channel {
        if let directWith {
            return Channel(id: ChannelID(room.id), name: room.name ?? MatrixUser.localpart(directWith), kind: .direct(with: UserID(directWith)),
                           topic: room.topic, isEncrypted: room.encrypted)
        }
        if room.isSpace { return Channel(id: ChannelID(room.id), name: room.displayName, kind: .space, topic: room.topic) }
        let canPost = room.powerLevels?.canSendMessages(me) ?? true
        return Channel(id: ChannelID(room.id), name: room.displayName, kind: .room(canPost: canPost), topic: room.topic, isEncrypted: room.encrypted)
    }

    static func account(user: String, displayName: String?, profile: TteokProfileContent?) -> Account {
        Account(id: UserID(user), email: user, nickname: displayName ?? "", region: profile?.region,
                acceptedTermsVersion: profile?.accepted_terms_version)
    }
}
