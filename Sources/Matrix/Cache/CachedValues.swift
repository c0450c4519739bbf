import ChatCore
import FoundationEssentials
import Storage

/// A room as the cache knows it.
struct CachedRoom: Hashable, Sendable {
    enum Membership: String, Sendable { case joined = "join", invited = "invite", left = "leave", none = "" }
    /// Where older history comes from: the paging state of DESIGN.md, kept per room.
    enum Back: Hashable, Sendable {
        case fromLiveEnd
        case token(String)
        case atStart
    }

    var id: String
    var name: String?
    var alias: String?
    var topic: String
    var membership: Membership
    var inDirectory: Bool
    var worldReadable: Bool
    var guestCanJoin: Bool
    var powerLevels: PowerLevelsContent?
    var notificationCount: Int?
    var back: Back
    var readEventID: String?
    /// The newest event of the live timeline outside every thread, of any kind: where read
    /// markers go (a thread's own receipt goes in the thread).
    var newestEventID: String?
    /// Who invited the viewer, while the room is an invitation.
    var inviter: String?
    /// The invitation is to a direct conversation (`is_direct` on the invite).
    var inviteIsDirect: Bool
    /// The room has (or had) `m.room.encryption`: tteok sends nothing there.
    var encrypted: Bool
    /// A space (`m.room.create` type `m.space`): it groups rooms and is not a chat.
    var isSpace: Bool

    /// The name a person sees: room name, else alias, else the id.
    var displayName: String {
        if let name, !name.isEmpty { return name }
        if let alias, !alias.isEmpty { return alias }
        return id
    }

    init(row: Row) {
        id = row["room_id"].string ?? ""
        name = row["name"].string
        alias = row["alias"].string
        topic = row["topic"].string ?? ""
        membership = Membership(rawValue: row["membership"].string ?? "") ?? .none
        inDirectory = row["in_directory"].int == 1
        worldReadable = row["world_readable"].int == 1
        guestCanJoin = row["guest_can_join"].int == 1
        powerLevels = row["power_levels"].data.flatMap(PowerLevelsMemo.content(of:))
        notificationCount = row["notification_count"].int
        switch (row["back_state"].int, row["back_token"].string) {
        case (1, let token?): back = .token(token)
        case (2, _): back = .atStart
        default: back = .fromLiveEnd
        }
        readEventID = row["read_event_id"].string
        newestEventID = row["newest_event_id"].string
        inviter = row["inviter"].string
        inviteIsDirect = row["invite_direct"].int == 1
        encrypted = row["encrypted"].int == 1
        isSpace = row["room_type"].string == MatrixCache.spaceType
    }
}

/// A message event as cached, with its sender's display name when known.
struct CachedEvent: Hashable, Sendable {
    var eventID: String
    /// Set for our own events sent from this cache's account through tteok.
    var transactionID: String?
    var roomID: String
    var seq: Int64
    var sender: String
    var senderName: String?
    var timestamp: Int64
    var content: MessageEventContent
    /// The event this one answers (`m.in_reply_to`).
    var replyTo: String?
    /// The thread this one is a reply in.
    var threadRoot: String?
    /// Deleted: the content is gone.
    var redacted: Bool
    /// Edits, reactions, thread replies and the quoted original, filled in by the cache's reads.
    var relations = CachedRelations()
    /// Bytes of the body past `ReadingCap` that were not read (a homeserver can send any size).
    var omittedBytes: Int
    /// Why a placeholder is not decrypted yet, in words.
    var undecryptedReason: String?
    /// The sending device's curve25519 key, for an event decrypted here.
    var senderKey: String?

    /// An event of a `MatrixCache.selectEvents` row; its body is read through a blob handle, at
    /// most `ReadingCap.bytes` of it, so a huge body in the cache costs no more than that.
    init(row: Row, _ connection: Connection) throws {
        let prefix = try connection.prefix(of: "events", "body", row: row["event_row"].int64 ?? 0, maxBytes: ReadingCap.bytes)
        let body = ReadingCap.text(from: prefix.bytes, totalBytes: prefix.totalBytes)
        omittedBytes = body.omittedBytes
        eventID = row["event_id"].string ?? ""
        transactionID = row["txn_id"].string
        roomID = row["room_id"].string ?? ""
        seq = row["seq"].int64 ?? 0
        sender = row["sender"].string ?? ""
        senderName = row["display_name"].string
        timestamp = row["ts"].int64 ?? 0
        let info = MessageEventContent.Info(mimetype: row["mimetype"].string, size: row["size"].int, w: row["width"].int, h: row["height"].int)
        content = MessageEventContent(msgtype: row["msgtype"].string ?? "m.text", body: body.text,
                                      url: row["url"].string, info: row["url"].isNull ? nil : info)
        if let html = row["formatted"].string { (content.format, content.formattedBody) = (MessageEventContent.htmlFormat, html) }
        content.filename = row["filename"].string
        // A place keeps its geo: URI where media keep their mxc:// URI.
        if content.msgtype == MatrixCache.locationMsgtype { (content.geoURI, content.url, content.info) = (content.url, nil, nil) }
        replyTo = row["reply_to"].string
        threadRoot = row["thread_root"].string
        redacted = row["redacted"].int == 1
        undecryptedReason = row["undecrypted_reason"].string
        senderKey = row["sender_key"].string
    }
}

/// What other events say about a cached message, gathered when it is read.
struct CachedRelations: Hashable, Sendable {
    /// The newest edit by the message's own sender.
    struct Edit: Hashable, Sendable {
        var timestamp: Int64
        var content: MessageEventContent
    }

    /// The original a reply answers, as far as the cache knows it.
    enum Parent: Hashable, Sendable {
        /// Neither in the timeline nor fetched yet: worth asking the server.
        case notCached
        /// The server would not give it, or its sender is ignored.
        case unavailable
        case event(sender: String, senderName: String?, body: String, redacted: Bool)
        /// A membership or room change line (`RoomChangeLines`).
        case roomChange(sender: String, senderName: String?, RoomChange)
    }

    var edit: Edit?
    var reactions: [ReactionCount] = []
    var threadReplies = 0
    /// The server's count of the thread's replies since this account's receipt there.
    var threadUnread = 0
    var parent: Parent?
}

/// A message in the outbox: written before any request, removed when the server acknowledges it.
struct OutboxEntry: Hashable, Sendable {
    var transactionID: String
    var roomID: String
    var content: MessageEventContent
    var created: Int64
    /// Nil while pending; why the server refused it for good otherwise.
    var failure: String?
    /// The `m.room.encrypted` content it is sent as, in an encrypted room, once made (JSON text).
    var encrypted: String?

    init(row: Row) {
        transactionID = row["txn_id"].string ?? ""
        roomID = row["room_id"].string ?? ""
        content = row["content"].data.flatMap { try? JSONDecoder().decode(MessageEventContent.self, from: $0) }
            ?? MessageEventContent(msgtype: "m.text", body: "")
        created = row["created"].int64 ?? 0
        failure = row["failure"].string
        encrypted = row["encrypted"].string
    }
}
