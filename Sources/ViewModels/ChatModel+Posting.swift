import ChatCore
import FoundationEssentials

/// Posting from a chat: text, images and files take one path, which the guest alert and the
/// posting rule guard before the service is asked.
extension ChatModel {
    /// Sends `text`. A guest gets the login alert and nothing is sent; so does anyone the posting
    /// rule refuses. Returns true when the message was stored.
    @discardableResult
    public func send(_ text: String) async -> Bool {
        let text = text.trimmingWhitespaceAndNewlines()
        guard !text.isEmpty else { return false }
        return await post(.text(text))
    }

    /// Why the viewer may not post here now, in words (nil: they may). The posting rule's
    /// answer, kept by the chat: the input bar, sending, `/image` and the front end's alerts all
    /// read it, so the guest and may-post decision is made once.
    public var postingRefusal: String? {
        switch permission {
        case nil: return strings.loading
        case .allowed?: return nil
        case .denied(let denial)?: return strings.denial(denial)
        }
    }

    /// The posting rule's answer for this chat's channel. A guest is refused by the rule itself
    /// before the service is asked, so an unreachable service never words it otherwise.
    func askPermission() async -> SendPermission {
        if case .denied(let denial) = PostingRule.memberPermission(for: viewer) { return .denied(denial) }
        switch subject {
        case .channel(let channel):
            return await service.permission(in: channel.id)
        case .person(_, let id?):
            return await service.permission(in: id)
        case .person(let other, nil):
            let pending = Channel(id: ChannelID(""), name: other.nickname, kind: .direct(with: other.id))
            return PostingRule.permission(for: viewer, in: pending)
        }
    }

    /// What the viewer posts.
    enum Outgoing {
        case text(String)
        case image(ImageUpload)
        case file(FileUpload)
    }

    /// The one path every post takes: the posting rule (a guest's alert included), then the service.
    func post(_ outgoing: Outgoing) async -> Bool {
        if let refusal = postingRefusal { return refuse(refusal) }
        do {
            let message = try await deliver(outgoing)
            if case .person(let other, nil) = subject { subject = .person(other, message.channelID) }
            _ = timeline.merge([message], viewer: viewer)
            publishLines()
            return true
        } catch {
            return refuse(strings.error(error))
        }
    }

    private func deliver(_ outgoing: Outgoing) async throws -> Message {
        switch (outgoing, subject) {
        case (.text(let text), .channel(let channel)): return try await service.send(text, to: channel.id)
        case (.text(let text), .person(_, let id?)): return try await service.send(text, to: id)
        case (.text(let text), .person(let other, nil)): return try await service.sendDirect(text, to: other.id)
        case (.image(let image), _):
            // A conversation is created by its first text message; an attachment needs the channel.
            guard let channelID else { throw ChatError.invalidInput(strings.sayHelloFirst) }
            return try await service.sendImage(image, to: channelID)
        case (.file(let file), _):
            guard let channelID else { throw ChatError.invalidInput(strings.sayHelloFirst) }
            return try await service.sendFile(file, to: channelID)
        }
    }

    func refuse(_ message: String) -> Bool {
        alert = message
        changes.publish()
        return false
    }
}
