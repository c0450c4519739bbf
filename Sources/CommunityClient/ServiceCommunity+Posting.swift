import ChatCore
import CommunityProtocol
import FoundationEssentials

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

    /// A script's post goes straight to the service. The interactive client's is written to the
    /// outbox first (on disk: a kill loses nothing typed), then sent behind any older pending
    /// ones: each sender's posts land in order, once. A refusal is thrown as before; a service
    /// that is away leaves it `sending…` and retried.
    private func post(_ text: String, _ target: Outbox.Entry.Target, channel: ChannelID,
                      _ request: @escaping @Sendable (String) -> Request) async throws -> Message {
        let clientID = Self.newClientID()
        guard keepsOutbox else {
            guard case .message(let message) = try await call(request(clientID)) else { throw unexpected() }
            return message
        }
        let placeholder = enqueue(clientID, text, target, channel)
        // Behind older pending posts it waits its turn, without holding up the caller.
        guard outbox.first(of: lastViewer.withLock({ $0 }))?.clientID == clientID else {
            flushOutboxSoon()
            return placeholder
        }
        await flushOutbox()
        switch outbox.outcome(of: clientID) {
        case .delivered(let message)?: return message
        case .refused(let error)?: throw error
        case nil: return placeholder
        }
    }

    /// Keeps the post in the outbox (same client id: if the service did store it before its
    /// answer was lost, the resend finds it) and shows it as `sending…` meanwhile.
    private func enqueue(_ clientID: String, _ text: String, _ target: Outbox.Entry.Target, _ channel: ChannelID) -> Message {
        let me = lastViewer.withLock { $0 } ?? UserID("")
        let placeholder = Message(id: MessageID("pending-\(clientID)"), channelID: channel, senderID: me, senderNickname: "",
                                  sentAt: Date(), content: .text(text), delivery: .pending)
        outbox.add(.init(clientID: clientID, text: text, target: target, placeholder: placeholder), awaited: true)
        return placeholder
    }

    func flushOutbox() async {
        guard outbox.beginFlush() else { return }
        defer { outbox.endFlush() }
        while let entry = outbox.first(of: lastViewer.withLock({ $0 })) {
            let request: Request = switch entry.target {
            case .channel(let channel): .send(entry.text, to: channel, clientID: entry.clientID)
            case .person(let user): .sendDirect(entry.text, to: user, clientID: entry.clientID)
            }
            do {
                guard case .message(let message) = try await call(request) else { throw unexpected() }
                outbox.finish(entry.clientID, .delivered(message))
                hub.publish(.messageRemoved(entry.placeholder.channelID, entry.placeholder.id))
            } catch ChatError.offline {
                retryLater()
                return
            } catch {
                // Refused for good (e.g. blocked meanwhile): show it failed, keep nothing to resend.
                let refusal = (error as? ChatError) ?? .storage(String(describing: error))
                outbox.finish(entry.clientID, .refused(refusal))
                var failed = entry.placeholder
                failed.delivery = .failed(refusal.message)
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
