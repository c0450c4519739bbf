import ChatCore
import FoundationEssentials
import ViewModels

/// Runs the moderators' slash commands on the community's `ModerationModel`. What cannot be
/// taken back at once (a rename, an archive, a mute, a ban, new terms) asks first, naming its
/// target. Whether the person may is the service's decision, made when the action runs: a member
/// reads its refusal as an alert, and nothing changes. Done is a status-line notice; a list
/// (reports, sanctions) is shown over the page until Enter.
@MainActor
final class ModerationRunner {
    private let session: SessionModel
    private let strings: UIStrings
    private let modal: ModalLayer

    init(session: SessionModel, strings: UIStrings, modal: ModalLayer) {
        self.session = session
        self.strings = strings
        self.modal = modal
    }

    /// Runs `command` in `community`, over the open chat's channel when it names none. False
    /// when it could not start (no channel open, an unreadable file).
    func run(_ command: ModerationCommand, in community: Community, openChat: ChatModel?) async -> Bool {
        let moderation = community.moderation
        switch command {
        case .create(let name, let region):
            show(await moderation.createChannel(named: name, region: region))
        case .rename(let name):
            guard let channel = openChannel(openChat, usage: "/rename NAME") else { return false }
            ask(strings.askRename(channel.name, name), confirm: strings.renameChoice) { await moderation.rename(channel.id, to: name) }
        case .archive:
            guard let channel = openChannel(openChat, usage: "/archive") else { return false }
            ask(strings.askArchive(channel.name), confirm: strings.archiveChoice) { await moderation.archive(channel.id) }
        case .unarchive(let name):
            show(await moderation.unarchive(named: name))
        case .impose(let kind, let member, let reason):
            ask(strings.askSanction(kind, member, reason), confirm: strings.sanctionChoice(kind)) {
                await moderation.impose(kind, on: member, reason: reason)
            }
        case .lift(let kind, let member):
            show(await moderation.lift(kind, from: member))
        case .reports:
            show(await moderation.reports())
        case .sanctions:
            show(await moderation.sanctions())
        case .publishTerms(let path):
            guard let text = termsText(at: path) else { return false }
            ask(strings.askPublishTerms(path), confirm: strings.publishChoice) { await moderation.publishTerms(text) }
        }
        return true
    }

    private func ask(_ question: String, confirm: String, _ action: @escaping @MainActor () async -> ModerationOutcome) {
        modal.ask(question, confirm: confirm, strings: strings) { [weak self] in
            let outcome = await action()
            self?.show(outcome)
        }
    }

    private func show(_ outcome: ModerationOutcome) {
        switch outcome {
        case .done(let text): session.show(notice: text)
        case .listed(let title, let lines): modal.listing = Listing(title: title, lines: lines)
        case .failed(let text): modal.alert = text
        }
    }

    /// The channel the chat page shows; a direct conversation or none is refused with the usage.
    private func openChannel(_ chat: ChatModel?, usage: String) -> Channel? {
        guard case .channel(let channel)? = chat?.subject else {
            modal.alert = strings.openAChannelFirst(usage)
            return nil
        }
        return channel
    }

    /// The terms file's text (UTF-8, not empty), or nil with an alert saying why.
    private func termsText(at path: String) -> String? {
        let expanded = PathText.expandingTilde(path)
        guard let data = FileManager.default.contents(atPath: expanded), let text = String(data: data, encoding: .utf8) else {
            modal.alert = strings.unreadableTerms(path)
            return nil
        }
        guard !text.trimmingWhitespaceAndNewlines().isEmpty else {
            modal.alert = strings.unreadableTerms(path)
            return nil
        }
        return text
    }
}
