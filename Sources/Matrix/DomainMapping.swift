import ChatCore
import Foundation

/// Cached Matrix values → tteok's domain values, in this one place.
enum DomainMapping {
    /// Our own events keep the transaction id as their id, so the pending message and the
    /// delivered one are the same message to everything above.
    static func message(_ event: CachedEvent) -> Message {
        Message(id: MessageID(event.transactionID ?? event.eventID), channelID: ChannelID(event.roomID), senderID: UserID(event.sender),
                senderNickname: nickname(event.senderName, of: event.sender),
                sentAt: Date(timeIntervalSince1970: TimeInterval(event.timestamp) / 1000), content: content(event.content),
                omittedBytes: event.omittedBytes)
    }

    /// An outbox entry as a pending (or failed) message of `sender`.
    static func message(_ entry: OutboxEntry, sender: String, senderName: String?) -> Message {
        Message(id: MessageID(entry.transactionID), channelID: ChannelID(entry.roomID), senderID: UserID(sender),
                senderNickname: nickname(senderName, of: sender),
                sentAt: Date(timeIntervalSince1970: TimeInterval(entry.created) / 1000), content: content(entry.content),
                delivery: entry.failure.map(DeliveryState.failed) ?? .pending)
    }

    static func content(_ content: MessageEventContent) -> MessageContent {
        if content.msgtype == MatrixCache.encryptedMsgtype { return .encrypted }
        guard content.msgtype == "m.image", let url = content.url else { return .text(content.body) }
        return .image(ImageInfo(fileName: content.body, mimeType: content.info?.mimetype ?? "application/octet-stream",
                                byteCount: content.info?.size ?? 0, width: content.info?.w, height: content.info?.h, reference: url))
    }

    /// A display name, else the user id's localpart.
    static func nickname(_ displayName: String?, of user: String) -> String {
        if let displayName, !displayName.trimmingCharacters(in: .whitespaces).isEmpty { return displayName }
        return MatrixUser.localpart(user)
    }

    /// A room as a channel; `directWith` is the other person when the room is a direct conversation.
    static func channel(_ room: CachedRoom, me: String, directWith: String?) -> Channel {
        if let directWith {
            return Channel(id: ChannelID(room.id), name: room.name ?? MatrixUser.localpart(directWith), kind: .direct(with: UserID(directWith)),
                           topic: room.topic, isEncrypted: room.encrypted)
        }
        let canPost = room.powerLevels?.canSendMessages(me) ?? true
        return Channel(id: ChannelID(room.id), name: room.displayName, kind: .room(canPost: canPost), topic: room.topic, isEncrypted: room.encrypted)
    }

    static func account(user: String, displayName: String?, profile: TteokProfileContent?) -> Account {
        Account(id: UserID(user), email: user, nickname: displayName ?? "", region: profile?.region,
                acceptedTermsVersion: profile?.accepted_terms_version)
    }
}
