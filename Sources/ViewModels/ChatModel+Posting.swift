import ChatCore
import Foundation

/// Posting from a chat: text, images and files take one path, which the guest alert and the
/// posting rule guard before the service is asked.
extension ChatModel {
    /// Sends `text`. A guest gets the login alert and nothing is sent; so does anyone the posting
    /// rule refuses. Returns true when the message was stored.
    @discardableResult
    public func send(_ text: String) async -> Bool {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return false }
        return await post(.text(text))
    }

    func permission() async -> SendPermission {
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

    /// The one path every post takes: the guest alert, the posting rule, then the service.
    func post(_ outgoing: Outgoing) async -> Bool {
        if case .guest = viewer { return refuse(strings.guestCannotSend) }
        if case .disabled(let reason) = inputBar { return refuse(reason) }
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
