import ChatCore
import FoundationEssentials

/// The rules of acting on a message — who may edit it, the checks before any relation, taking a
/// reaction back — in one place for the chat and a thread's view. Made afresh for each action
/// from what the screen model knows at that moment; it answers nil when done, else why not.
@MainActor
struct MessageActions {
    let service: any ChatService
    let strings: Strings
    let viewer: Viewer
    /// Why the chat refuses posts now (nil: it allows them).
    let postingRefusal: String?
    let channel: ChannelID?

    /// May the viewer edit `line`: their own text or action, stored (an unsent one is resent or
    /// discarded instead). The backend decides again; this keeps the keys from offering what it
    /// would refuse.
    static func mayEdit(_ line: ChatLine) -> Bool {
        guard line.isMine, line.message.delivery == .delivered else { return false }
        switch line.message.content {
        case .text, .emote: return true
        default: return false
        }
    }

    /// The line an unsent action (resend, discard) takes: the picked one when it is mine and
    /// undelivered; with nothing picked, my newest failed line, so the key works right after the
    /// failure shows. Nil when there is none.
    static func unsentLine(picked: ChatLine?, in lines: [ChatLine]) -> ChatLine? {
        if let picked { return picked.isMine && picked.message.delivery != .delivered ? picked : nil }
        return lines.last { line in
            guard line.isMine, case .failed = line.message.delivery else { return false }
            return true
        }
    }

    /// Sends my unsent `line` again with its saved transaction id; its line follows the service's
    /// update events, and a second refusal is the answer, leaving it failed.
    func retry(_ line: ChatLine?) async -> String? {
        guard let line else { return strings.nothingUnsent }
        return await attempt { try await service.retry(line.id) }
    }

    /// Drops my unsent `line`: it is never sent (the caller takes it off the screen at once).
    func discard(_ line: ChatLine?) async -> String? {
        guard let line else { return strings.nothingUnsent }
        return await attempt { try await service.discard(line.id) }
    }

    private func attempt(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch {
            return strings.error(error)
        }
    }

    /// Replaces the text of `line` (the viewer's own).
    func edit(_ line: ChatLine, to text: String) async -> String? {
        guard Self.mayEdit(line) else { return strings.editOnlyYours }
        return await run { relations, channel in try await relations.edit(line.id, in: channel, to: text) }
    }

    /// Reacts to `line` with `key`; a reaction of mine with that key is taken back instead, as a
    /// tap on a reaction does in phone messengers.
    func toggleReaction(_ key: String, on line: ChatLine) async -> String? {
        let key = key.trimmingWhitespaceAndNewlines()
        if line.message.reactions.contains(where: { $0.key == key && $0.mine }) {
            // Taking back adds nothing, so a greyed-out input does not stop it.
            return await run(posting: false) { relations, channel in try await relations.removeReaction(key, from: line.id, in: channel) }
        }
        return await run { relations, channel in try await relations.react(to: line.id, in: channel, with: key) }
    }

    /// Deletes `line`: mine, or anyone's for a moderator — the backend decides and says so when it refuses.
    func delete(_ line: ChatLine) async -> String? {
        // Deleting adds nothing, so a greyed-out input (an encrypted room) does not stop it.
        await run(posting: false) { relations, channel in try await relations.delete(line.id, in: channel) }
    }

    /// Why the viewer may not act here now (nil: they may); `posting` when the action adds a message.
    func refusal(posting: Bool) -> String? {
        if case .denied(let denial) = PostingRule.memberPermission(for: viewer) { return strings.denial(denial) }
        if posting, let postingRefusal { return postingRefusal }
        return channel == nil ? strings.sayHelloFirst : nil
    }

    /// The common checks, then `body`; a failure is the answer and changes nothing.
    func run(posting: Bool = true, _ body: @MainActor (any RelationsService, ChannelID) async throws -> Void) async -> String? {
        if let refusal = refusal(posting: posting) { return refusal }
        guard let relations = service as? any RelationsService else { return strings.relationsUnavailable }
        guard let channel else { return strings.sayHelloFirst }
        do {
            try await body(relations, channel)
            return nil
        } catch {
            return strings.error(error)
        }
    }
}
