import ChatCore
import CommunityProtocol
import Foundation

/// Posting through the outbox: each post carries a client-made id, so the service stores it
/// once however often it is sent.
extension ServiceCommunity {
    public func send(_ text: String, to channel: ChannelID) async throws -> Message {
        try await post(text, .channel(channel), channel: channel) { .send(text, to: channel, clientID: $0) }
    }

    public func sendDirect(_ text: String, to user: UserID) async throws -> Message {
        let channel = try? await directChannel(with: user)
        return try await post(text, .person(user), channel: channel ?? ChannelID("direct-\(user.raw)")) {
            .sendDirect(text, to: user, clientID: $0)
        }
    }

    public func sendImage(_ image: ImageUpload, to channel: ChannelID) async throws -> Message {
        guard case .message(let message) = try await call(.sendImage(image, to: channel, clientID: Self.newClientID())) else { throw unexpected() }
        return message
    }

    public func sendFile(_ file: FileUpload, to channel: ChannelID) async throws -> Message {
        guard case .message(let message) = try await call(.sendFile(file, to: channel, clientID: Self.newClientID())) else { throw unexpected() }
        return message
    }

    /// Sends the pending post again (same client id).
    public func retry(_ message: MessageID) async throws {
        guard outbox.entry(placeholder: message) != nil else { return }
        await flushOutbox()
    }

    /// Drops a pending post: it is never sent.
    public func discard(_ message: MessageID) async throws {
        guard let entry = outbox.entry(placeholder: message), outbox.remove(entry.clientID) != nil else {
            throw ChatError.unsupported("The message is already delivered.")
        }
        hub.publish(.messageRemoved(entry.placeholder.channelID, message))
    }

    /// Tries to send what waits in the outbox, oldest first, once the link is back.
    func flushOutboxSoon() {
        guard !outbox.isEmpty else { return }
        Task { await self.flushOutbox() }
    }

    private func post(_ text: String, _ target: Outbox.Entry.Target, channel: ChannelID,
                      _ request: @escaping @Sendable (String) -> Request) async throws -> Message {
        let clientID = Self.newClientID()
        // Behind posts still waiting, a new one waits too: each sender's posts land in order.
        if keepsOutbox && !outbox.isEmpty { return enqueue(clientID, text, target, channel) }
        do {
            guard case .message(let message) = try await call(request(clientID)) else { throw unexpected() }
            return message
        } catch ChatError.offline(let why) {
            guard keepsOutbox else { throw ChatError.offline(why) }
            return enqueue(clientID, text, target, channel)
        }
    }

    /// Keeps the post in the outbox (same client id: if the service did store it before its
    /// answer was lost, the resend finds it) and shows it as `sending…` meanwhile.
    private func enqueue(_ clientID: String, _ text: String, _ target: Outbox.Entry.Target, _ channel: ChannelID) -> Message {
        let me = lastViewer.withLock { $0 } ?? UserID("")
        let placeholder = Message(id: MessageID("pending-\(clientID)"), channelID: channel, senderID: me, senderNickname: "",
                                  sentAt: Date(), content: .text(text), delivery: .pending)
        outbox.add(.init(clientID: clientID, text: text, target: target, placeholder: placeholder))
        retryLater()
        return placeholder
    }

    func flushOutbox() async {
        guard outbox.beginFlush() else { return }
        defer { outbox.endFlush() }
        while let entry = outbox.first {
            let request: Request = switch entry.target {
            case .channel(let channel): .send(entry.text, to: channel, clientID: entry.clientID)
            case .person(let user): .sendDirect(entry.text, to: user, clientID: entry.clientID)
            }
            do {
                _ = try await call(request)
                _ = outbox.remove(entry.clientID)
                hub.publish(.messageRemoved(entry.placeholder.channelID, entry.placeholder.id))
            } catch ChatError.offline {
                retryLater()
                return
            } catch {
                // Refused for good (e.g. blocked meanwhile): show it failed, keep nothing to resend.
                _ = outbox.remove(entry.clientID)
                var failed = entry.placeholder
                failed.delivery = .failed((error as? ChatError)?.message ?? String(describing: error))
                hub.publish(.messageUpdated(failed))
            }
        }
    }

    /// Another try in a second while posts wait (a waiting timer, not a busy loop).
    private func retryLater() {
        guard outbox.claimRetry() else { return }
        Task {
            try? await Task.sleep(for: .seconds(1))
            self.outbox.retryFired()
            if (try? await self.ready()) != nil { await self.flushOutbox() } else if !self.outbox.isEmpty { self.retryLater() }
        }
    }

    static func newClientID() -> String { UUID().uuidString.lowercased() }
}
