import ChatCore
import FoundationEssentials
import Storage

/// History pages, sending text, images and files.
extension LocalCommunity {
    public func latestMessages(in channel: ChannelID, limit: Int) async throws -> MessagePage {
        try await page(in: channel, before: nil, limit: limit)
    }

    public func olderMessages(in channel: ChannelID, before token: PageToken, limit: Int) async throws -> MessagePage {
        guard let before = CommunitySQL.key(token.raw) else { throw ChatError.invalidInput("Bad page token.") }
        return try await page(in: channel, before: before, limit: limit)
    }

    /// Keyset paging on the message id through the (channel_id, id) index: newest `limit` before
    /// `before`, asking for one more row to know whether older ones remain. Thread replies are
    /// not lines of the chat: their root counts them.
    private func page(in channel: ChannelID, before: Int64?, limit: Int) async throws -> MessagePage {
        let viewer = state.viewerKey
        let limit = max(1, limit)
        return try await read { connection in
            let key = try CommunitySQL.key(self.visibleChannel(channel, connection).id.raw) ?? 0
            let rows = try connection.query(
                """
                \(CommunitySQL.message) WHERE m.channel_id = ?2 AND m.id < ?3 AND m.thread_root IS NULL AND \(CommunitySQL.notBlocked)
                ORDER BY m.id DESC LIMIT ?4
                """,
                [.integer(viewer), .integer(key), .integer(before ?? Int64.max), .integer(Int64(limit + 1))])
            let messages = try rows.prefix(limit).reversed().map { try CommunitySQL.message($0, connection) }
            let next: Paging = rows.count > limit ? .haveMore(PageToken(messages.first?.id.raw ?? "0")) : .done
            return MessagePage(messages: messages, next: next)
        }
    }

    public func send(_ text: String, to channel: ChannelID) async throws -> Message {
        try await send(text, to: channel, clientID: nil)
    }

    /// Posts text; a post whose `clientID` this sender already used returns the stored message
    /// instead of storing it twice (a client's outbox resends after a service restart).
    public func send(_ text: String, to channel: ChannelID, clientID: String?) async throws -> Message {
        let body = try MessageRules.text(text)
        return try await write { connection in
            let target = try self.writableChannel(channel, connection)
            if let stored = try self.storedPost(clientID, from: target.sender, connection) { return stored }
            return try self.insertMessage(in: target.channel, from: target.sender, body: body, image: nil, clientID: clientID, connection)
        }
    }

    public func sendImage(_ image: ImageUpload, to channel: ChannelID) async throws -> Message {
        try await sendImage(image, to: channel, clientID: nil)
    }

    /// Posts an image, once per `clientID` as `send(_:to:clientID:)`.
    public func sendImage(_ image: ImageUpload, to channel: ChannelID, clientID: String?) async throws -> Message {
        try MessageRules.check(image)
        return try await postAttachment(to: channel, clientID: clientID, [
            .text(MessageRules.fileName(image.fileName)), .text(image.mimeType), .integer(Int64(image.data.count)),
            SQLValue(image.width), SQLValue(image.height), .blob(image.data), .text("image"),
        ])
    }

    public func sendFile(_ file: FileUpload, to channel: ChannelID) async throws -> Message {
        try await sendFile(file, to: channel, clientID: nil)
    }

    /// Posts a file, once per `clientID` as `send(_:to:clientID:)`; its bytes go where an
    /// image's do, marked with the file's kind.
    public func sendFile(_ file: FileUpload, to channel: ChannelID, clientID: String?) async throws -> Message {
        try MessageRules.check(file)
        return try await postAttachment(to: channel, clientID: clientID, [
            .text(MessageRules.fileName(file.fileName)), .text(file.mimeType), .integer(Int64(file.data.count)),
            .null, .null, .blob(file.data), .text(file.kind.rawValue),
        ])
    }

    /// Stores an attachment row (`values` in the `images` columns' order) and its message.
    private func postAttachment(to channel: ChannelID, clientID: String?, _ values: [SQLValue]) async throws -> Message {
        try await write { connection in
            let target = try self.writableChannel(channel, connection)
            if let stored = try self.storedPost(clientID, from: target.sender, connection) { return stored }
            try connection.run("INSERT INTO images(file_name, mime_type, byte_count, width, height, data, kind) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               values)
            return try self.insertMessage(in: target.channel, from: target.sender, body: "", image: connection.lastInsertRowID,
                                          clientID: clientID, connection)
        }
    }

    public func imageData(_ image: ImageInfo) async throws -> Data {
        try await attachmentData(image.reference)
    }

    public func fileData(_ file: FileInfo) async throws -> Data {
        try await attachmentData(file.reference)
    }

    private func attachmentData(_ reference: String) async throws -> Data {
        guard let key = CommunitySQL.key(reference) else { throw ChatError.noSuchMessage }
        return try await read { connection in
            guard let data = try connection.scalar("SELECT data FROM images WHERE id = ?", [.integer(key)]).data else {
                throw ChatError.noSuchMessage
            }
            return data
        }
    }

    /// No outbox here: a stored message is already delivered, so there is nothing to resend.
    public func retry(_ message: MessageID) async throws {
        try await requireMessage(message)
    }

    /// No outbox here: a stored message is delivered and stays.
    public func discard(_ message: MessageID) async throws {
        try await requireMessage(message)
        throw ChatError.unsupported("The message is already delivered; the embedded community has no outbox to discard from.")
    }

    // MARK: Helpers

    /// The member and channel of a write the posting rule allows; otherwise the refusal.
    func writableChannel(_ id: ChannelID, _ connection: Connection) throws -> (sender: Account, channel: Channel) {
        let account = try requireMember(connection)
        let channel = try visibleChannel(id, connection)
        if case .denied(let denial) = try permission(account, channel, connection) { throw ChatError.denied(denial) }
        return (account, channel)
    }

    /// Appends a message with the channel's next sequence number (safe: writes are serialised by
    /// `BEGIN IMMEDIATE`).
    func insertMessage(in channel: Channel, from sender: Account, body: String, image: Int64?, kind: String = "text",
                       replyTo: Int64? = nil, threadRoot: Int64? = nil, clientID: String? = nil, _ connection: Connection) throws -> Message {
        let key = CommunitySQL.key(channel.id.raw) ?? 0
        let next = try ReadMarkers.latest(in: key, connection).seq + 1
        try connection.run("""
            INSERT INTO messages(channel_id, seq, sender_id, sent_at, body, image_id, kind, reply_to, thread_root, client_id, sender_nickname)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT NULLIF(nickname, '') FROM users WHERE id = ?))
            """,
                           [.integer(key), .integer(next), .integer(sender.key), .real(Date().timeIntervalSince1970), .text(body), SQLValue(image),
                            .text(kind), SQLValue(replyTo), SQLValue(threadRoot), SQLValue(clientID), .integer(sender.key)])
        let inserted = connection.lastInsertRowID
        // Posting means the sender has read the channel up to here (as a Matrix client's read
        // receipt on its own event): your own message never counts as unread for you.
        try ReadMarkers.mark(.init(id: inserted, seq: next), by: sender.key, in: key, connection)
        let row = try connection.queryRow("\(CommunitySQL.message) WHERE m.id = ?2", [.integer(sender.key), .integer(inserted)])
        guard let row else { throw ChatError.noSuchMessage }
        return try CommunitySQL.message(row, connection)
    }

    /// The message `sender` already posted with `clientID`, if any.
    func storedPost(_ clientID: String?, from sender: Account, _ connection: Connection) throws -> Message? {
        guard let clientID else { return nil }
        let row = try connection.queryRow("\(CommunitySQL.message) WHERE m.sender_id = ?2 AND m.client_id = ?3",
                                          [.integer(sender.key), .integer(sender.key), .text(clientID)])
        return try row.map { try CommunitySQL.message($0, connection) }
    }

    private func requireMessage(_ message: MessageID) async throws {
        guard let key = CommunitySQL.key(message.raw) else { throw ChatError.noSuchMessage }
        let exists = try await read { try $0.queryRow("SELECT 1 FROM messages WHERE id = ?", [.integer(key)]) != nil }
        if !exists { throw ChatError.noSuchMessage }
    }
}
