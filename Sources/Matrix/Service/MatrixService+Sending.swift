import ChatCore
import FoundationEssentials
import MatrixCrypto

/// Sending: the posting rule first (guests never reach the network), then the outbox: one
/// transaction id per message, saved before any request and reused for every retry, so the
/// server stores it once.
extension MatrixService {
    public func send(_ text: String, to channel: ChannelID) async throws -> Message {
        let active = try member()
        guard !text.trimmingWhitespaceAndNewlines().isEmpty else {
            throw ChatError.invalidInput("An empty message is not sent.")
        }
        return try await post(.typed(text), to: channel.raw, active)
    }

    public func sendImage(_ image: ImageUpload, to channel: ChannelID) async throws -> Message {
        let info = MessageEventContent.Info(mimetype: image.mimeType, size: image.data.count, w: image.width, h: image.height)
        return try await postAttachment(image.data, MessageEventContent(msgtype: "m.image", body: image.fileName, info: info), to: channel)
    }

    /// Sent as `m.file`, `m.video` or `m.audio` by the declared type (`FileUpload.kind`).
    public func sendFile(_ file: FileUpload, to channel: ChannelID) async throws -> Message {
        guard file.data.count <= FileUpload.maximumByteCount else { throw ChatError.tooLarge(limit: FileUpload.maximumByteCount) }
        guard !file.data.isEmpty else { throw ChatError.invalidInput("The file is empty.") }
        let name = PathText.lastComponent(file.fileName)
        let info = MessageEventContent.Info(mimetype: file.mimeType, size: file.data.count)
        return try await postAttachment(file.data, MessageEventContent(msgtype: "m." + file.kind.rawValue, body: name, info: info), to: channel)
    }

    public func imageData(_ image: ImageInfo) async throws -> Data {
        try await attachmentBytes(image.reference, try await reader())
    }

    public func fileData(_ file: FileInfo) async throws -> Data {
        try await attachmentBytes(file.reference, try await reader())
    }

    /// The bytes behind a reference; an encrypted room's attachment is checked against its
    /// sender's SHA-256 before it is decrypted, and refused in words when it does not match.
    private func attachmentBytes(_ reference: String, _ active: Active) async throws -> Data {
        let (mxc, secrets) = EncryptedMedia.parse(reference)
        let data = try await mapped { try await active.client.download(mxc) }
        guard let secrets else { return data }
        do {
            return try AttachmentCipher.decrypt(data, with: secrets)
        } catch AttachmentCipher.Failure.hashMismatch {
            throw ChatError.badResponse(Self.alteredAttachment)
        }
    }

    static let alteredAttachment = "the encrypted attachment does not match the hash its sender gave (SHA-256): it was changed after it was sent, so it is neither shown nor saved"

    /// Uploads `data` and posts `content` pointing at it. The rule is asked before the upload
    /// too: bytes for a room that refuses them never leave the machine. An encrypted room gets
    /// the bytes encrypted (`file`, the key inside the event the outbox encrypts); the media
    /// repository sees neither the bytes nor the file's name.
    private func postAttachment(_ data: Data, _ content: MessageEventContent, to channel: ChannelID) async throws -> Message {
        let active = try member()
        try await checkPermission(channel, active)
        var content = content
        try await mapped {
            if try await active.cache.room(channel.raw)?.membership != .joined { try await join(channel.raw, active) }
            if try await learnState(of: channel.raw, active) { try await checkPermission(channel, active) }
            if try await active.cache.room(channel.raw)?.encrypted == true {
                let (ciphertext, secrets) = try AttachmentCipher.encrypt(data)
                let uri = try await active.client.upload(ciphertext, fileName: nil, mimeType: "application/octet-stream")
                content.file = EncryptedMedia.file(mxc: uri, secrets: secrets)
            } else {
                content.url = try await active.client.upload(data, fileName: content.body, mimeType: content.info?.mimetype ?? "application/octet-stream")
            }
        }
        return try await post(content, to: channel.raw, active)
    }

    /// Sends a failed message again, with its saved transaction id.
    public func retry(_ message: MessageID) async throws {
        let active = try member()
        try await mapped {
            guard try await active.cache.requeue(message.raw), let entry = try await active.cache.outboxEntry(message.raw) else {
                throw ChatError.noSuchMessage
            }
            hub.publish(.messageUpdated(try await pendingMessage(entry, active)))
            _ = try await settle(entry.transactionID, active)
        }
    }

    /// Drops a failed or pending message from the outbox; it is never sent. Every open view of
    /// its channel is told at once, so it does not linger there until the next reload.
    public func discard(_ message: MessageID) async throws {
        let active = try member()
        try await mapped {
            guard let entry = try await active.cache.outboxEntry(message.raw),
                  try await active.cache.discardOutbox(message.raw) else { throw ChatError.noSuchMessage }
            hub.publish(.messageRemoved(ChannelID(entry.roomID), message))
        }
    }

    // MARK: Helpers

    func checkPermission(_ channel: ChannelID, _ active: Active) async throws {
        if case .denied(let denial) = await permission(in: channel) { throw ChatError.denied(denial) }
    }

    /// The one way a room message is made: the posting rule first (guests, power levels, and
    /// encrypted rooms, which never get plaintext), then joins if needed, writes the message to
    /// the outbox before any request, and gives it its first attempt. Returns it delivered, or
    /// pending when the server could not be reached (it is sent later, with the same
    /// transaction id); a refusal throws and leaves it failed. The outbox checks encryption
    /// again before it sends (`OutboxSender`).
    func post(_ content: MessageEventContent, to room: String, _ active: Active) async throws -> Message {
        try await checkPermission(ChannelID(room), active)
        return try await mapped {
            if try await active.cache.room(room)?.membership != .joined { try await join(room, active) }
            // A room this cache has no state for yet (just joined, or named by id before any
            // sync) may be encrypted: learn its state and ask the rule again before storing.
            if try await learnState(of: room, active) { try await checkPermission(ChannelID(room), active) }
            let content = try await addressed(content, in: room, active)
            let entry = try await active.cache.enqueue(content, to: room, transactionID: TransactionID.make(), at: Date())
            hub.publish(.messagesAdded(ChannelID(room), [try await pendingMessage(entry, active)]))
            return try await settle(entry.transactionID, active)
        }
    }

    /// Typed text (a post, reply, emote, direct or thread message) with the members it addresses
    /// (`Mentions`: `Name:` at a line's start, `@Name`) marked as Matrix mentions for other
    /// clients. Only the joined members whose names the text could hold are read.
    private func addressed(_ content: MessageEventContent, in room: String, _ active: Active) async throws -> MessageEventContent {
        guard content.msgtype == "m.text" || content.msgtype == "m.emote", content.mentions == nil, content.newContent == nil else { return content }
        let names = Mentions.candidates(in: content.body)
        guard !names.isEmpty else { return content }
        let members = try await active.cache.members(of: room, named: names)
        return content.mentioning(Mentions.find(in: content.body, members: members))
    }

    /// Fetches and stores the state of a joined room the cache has none for (every room has
    /// power levels once its state is known); true when it did. Offline it leaves the question
    /// to the outbox, which asks the server again before it sends.
    func learnState(of room: String, _ active: Active) async throws -> Bool {
        guard try await active.cache.room(room)?.powerLevels == nil else { return false }
        do {
            try await active.cache.storeJoinedRoom(room, state: try await active.client.roomState(room))
        } catch let error as MatrixError where error.isTransient {
            return false
        }
        return true
    }

    /// Lets the outbox attempt `transactionID` and reports where it stands.
    private func settle(_ transactionID: String, _ active: Active) async throws -> Message {
        await active.outbox.drain()
        if let event = active.outbox.takeDelivery(of: transactionID) { return active.message(event) }
        if let event = try await active.cache.sentEvent(transactionID) { return active.message(event) }
        guard let entry = try await active.cache.outboxEntry(transactionID) else { throw ChatError.noSuchMessage }
        if let failure = entry.failure { throw active.outbox.refusal(of: transactionID) ?? ChatError.badResponse(failure) }
        return try await pendingMessage(entry, active)
    }

    func pendingMessage(_ entry: OutboxEntry, _ active: Active) async throws -> Message {
        DomainMapping.message(entry, sender: active.userID, senderName: try await active.cache.meta("displayname"))
    }

    /// Announces what the outbox settled: the delivered event, or the failure, under the same id.
    func publish(_ outcome: OutboxSender.Outcome, from cache: MatrixCache) async {
        guard let active, active.cache === cache else { return }
        switch outcome {
        case .delivered(let event):
            hub.publish(.messageUpdated(active.message(event)))
        case .failed(var entry, let error):
            entry.failure = error.message
            if let message = try? await pendingMessage(entry, active) { hub.publish(.messageUpdated(message)) }
        }
    }
}
