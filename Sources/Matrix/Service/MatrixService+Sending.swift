import ChatCore
import Foundation

/// Sending: the posting rule first (guests never reach the network), then one transaction id
/// per message, reused for every retry so the server stores it once.
extension MatrixService {
    /// Attempts per message when the answer is lost (connection dropped, 5xx) before giving up.
    static let sendAttempts = 5

    public func send(_ text: String, to channel: ChannelID) async throws -> Message {
        let active = try member()
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ChatError.invalidInput("An empty message is not sent.")
        }
        try await checkPermission(channel, active)
        return try await post(MessageEventContent(msgtype: "m.text", body: text), to: channel.raw, active)
    }

    public func sendImage(_ image: ImageUpload, to channel: ChannelID) async throws -> Message {
        let active = try member()
        try await checkPermission(channel, active)
        let uri = try await mapped { try await active.client.upload(image.data, fileName: image.fileName, mimeType: image.mimeType) }
        let info = MessageEventContent.Info(mimetype: image.mimeType, size: image.data.count, w: image.width, h: image.height)
        return try await post(MessageEventContent(msgtype: "m.image", body: image.fileName, url: uri, info: info), to: channel.raw, active)
    }

    public func imageData(_ image: ImageInfo) async throws -> Data {
        let active = try await reader()
        return try await mapped { try await active.client.download(image.reference) }
    }

    /// Sends are acknowledged before `send` returns, so no message is ever left pending to retry.
    public func retry(_ message: MessageID) async throws {
        throw ChatError.noSuchMessage
    }

    /// Nothing is ever queued (see `retry`), so there is nothing to discard.
    public func discard(_ message: MessageID) async throws {
        throw ChatError.noSuchMessage
    }

    // MARK: Helpers

    func checkPermission(_ channel: ChannelID, _ active: Active) async throws {
        if case .denied(let denial) = await permission(in: channel) { throw ChatError.denied(denial) }
    }

    /// Joins if needed, sends with one transaction id (retried on lost answers), caches and publishes.
    func post(_ content: MessageEventContent, to room: String, _ active: Active) async throws -> Message {
        try await mapped {
            if try await active.cache.room(room)?.membership != .joined { try await join(room, active) }
            let transactionID = TransactionID.make()
            let eventID = try await sendRetrying(content, room: room, transactionID: transactionID, active)
            guard let event = try await active.cache.appendSent(eventID, content: content, room: room, at: Date()) else {
                throw ChatError.badResponse("the sent message could not be cached")
            }
            let message = DomainMapping.message(event.event)
            if event.isNew { hub.publish(.messagesAdded(ChannelID(room), [message])) }
            return message
        }
    }

    private func sendRetrying(_ content: MessageEventContent, room: String, transactionID: String, _ active: Active) async throws -> String {
        var attempt = 1
        while true {
            do {
                return try await active.client.send(content, to: room, transactionID: transactionID)
            } catch let error as MatrixError where attempt < Self.sendAttempts && error.isTransient {
                attempt += 1
                try await Task.sleep(nanoseconds: UInt64(SyncEngine.backoff(afterFailures: attempt - 1) * 1_000_000_000))
            }
        }
    }
}

extension MatrixError {
    /// Worth another try with the same request: the answer was lost or the server hiccuped.
    var isTransient: Bool {
        switch self {
        case .unreachable: return true
        case .http(let status, _): return status >= 500
        case .api(let status, _, _, _): return status >= 500
        default: return false
        }
    }
}
