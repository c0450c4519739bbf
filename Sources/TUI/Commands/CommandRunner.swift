import ChatCore
import ViewModels

/// What slash commands reach besides the session's models: the chat page, the help, the theme
/// and quitting — the router's.
@MainActor
protocol CommandHost: AnyObject {
    /// The chat page while a chat is open.
    var openChat: ChatController? { get }
    func showHelp()
    func quit()
    func useTheme(_ theme: Theme)
}

/// Runs slash commands: parses a line (`CommandRegistry`) and does what it says, on the
/// community, the chat page or the app. A line that is not a known command is an alert, never a
/// message; a failed command says why in place and leaves the open chat as it was.
@MainActor
final class CommandRunner {
    let session: SessionModel
    let strings: UIStrings
    let modal: ModalLayer
    private let themes: ThemeLoader?
    private let moderation: ModerationRunner
    weak var host: CommandHost?

    init(session: SessionModel, strings: UIStrings, modal: ModalLayer, themes: ThemeLoader?) {
        self.session = session
        self.strings = strings
        self.modal = modal
        self.themes = themes
        moderation = ModerationRunner(session: session, strings: strings, modal: modal)
    }

    /// Runs a slash command line. True when the command was taken (it ran, or asked its
    /// question); false when it failed, so its line can stay to be corrected.
    func run(_ line: String) async -> Bool {
        switch CommandRegistry.parse(line) {
        case .failure(let problem):
            modal.alert = strings.describe(problem)
            return false
        case .success(let command):
            let done = await execute(command)
            // A refusal raised by the chat or the thread shown (a guest's reply, a failed edit)
            // fails it as well.
            return done && modal.alert == nil && host?.openChat?.model?.alert == nil && host?.openChat?.thread?.alert == nil
        }
    }

    /// `/join` and `/dm` open over the chat shown: it stays until the new one opened, so a
    /// failure (an alert) leaves the chat, its scroll and the typed text as they were.
    private func execute(_ command: SlashCommand) async -> Bool {
        switch command {
        case .join(let name):
            guard let community = inCommunity() else { return false }
            return modal.report(await community.join(name))
        case .dm(let name):
            guard let community = inCommunity() else { return false }
            return modal.report(await community.directMessage(name))
        case .nick(let name):
            guard let profile = inCommunity()?.profile else { return false }
            edited(await profile.setNickname(name), profile)
        case .region(let name):
            guard let profile = inCommunity()?.profile else { return false }
            edited(await profile.setRegion(name), profile)
        case .image(let path):
            guard let chat = inChat() else { return false }
            await chat.sendImage(atPath: path)
        case .login:
            if session.community != nil { await session.presentLogIn() } else { await session.showLogIn() }
        case .logout:
            modal.ask(strings.askLogOut(strings.name(of: session.community?.viewer)), confirm: strings.logOutChoice, strings: strings) { [session] in
                await session.logOut()
            }
        case .theme(let name):
            changeTheme(name)
        case .help:
            host?.showHelp()
        case .quit:
            // Typed out and sent with Enter: deliberate, so it does not ask (`q` does).
            host?.quit()
        case .report(let reason):
            guard let chat = inChat() else { return false }
            chat.askToReport(reason: reason)
        case .block(let name):
            return block(name)
        case .daily(let command):
            return await run(command)
        case .verify(let user):
            return verify(user)
        case .encrypt:
            guard let chat = inChat() else { return false }
            chat.askToEncrypt()
        case .reply, .edit, .react, .me, .delete, .file:
            guard let chat = inChat() else { return false }
            await relate(command, in: chat)
        case .unblock(let name):
            guard let community = inCommunity() else { return false }
            await community.safety.unblock(named: name)
            modal.show(community.safety, session: session)
        case .moderate(let command):
            guard let community = inCommunity() else { return false }
            return await moderation.run(command, in: community, openChat: host?.openChat?.model)
        }
        return true
    }

    /// The commands that add to the open chat: relations, actions, files.
    private func relate(_ command: SlashCommand, in chat: ChatController) async {
        switch command {
        case .reply(let text): await chat.replyCommand(text)
        case .edit(let text): await chat.editCommand(text)
        case .react(let key): await chat.reactCommand(key)
        case .me(let text): await chat.emoteCommand(text)
        case .delete: chat.deleteCommand()
        case .file(let path): await chat.sendFile(atPath: path)
        default: break
        }
    }

    /// `/block NAME` asks to block that member; `/block` alone acts in the chat open.
    private func block(_ name: String?) -> Bool {
        guard let community = inCommunity() else { return false }
        guard let name else {
            guard let chat = host?.openChat else { modal.alert = strings.missingArgument("/block NAME"); return false }
            chat.askToBlockHere()
            return true
        }
        modal.ask(strings.askBlock(name), confirm: strings.blockChoice, strings: strings) { [session, modal] in
            await community.safety.block(named: name)
            modal.show(community.safety, session: session)
        }
        return true
    }

    /// `/verify [USER]`: the verification screen for USER; alone, the person talked to in the
    /// direct conversation open, else this account's own other devices. The person of the open
    /// direct conversation is asked in it (in-room, as Element does), anyone else directly.
    private func verify(_ user: String?) -> Bool {
        guard let community = inCommunity() else { return false }
        var target = user ?? community.viewer.account?.id.raw
        var room: ChannelID?
        if case .person(let other, let channel)? = host?.openChat?.model?.subject, user == nil || user == other.id.raw {
            target = other.id.raw
            room = channel
        }
        guard let target, let model = session.verify(target, in: room) else {
            modal.alert = strings.shared.verificationUnavailable
            return false
        }
        modal.verification = VerificationController(model: model, strings: strings)
        return true
    }

    func inCommunity() -> Community? {
        if session.community == nil { modal.alert = strings.notInCommunity }
        return session.community
    }

    func inChat() -> ChatController? {
        if host?.openChat == nil { modal.alert = strings.notInCommunity }
        return host?.openChat
    }

    private func edited(_ succeeded: Bool, _ profile: ProfileModel) {
        if succeeded {
            session.show(notice: strings.saved)
        } else {
            modal.alert = profile.editError ?? strings.guestsCannotEdit
        }
    }

    private func changeTheme(_ name: String?) {
        guard let themes else { return }
        let available = themes.availableNames()
        guard let name else { return session.show(notice: strings.themesAvailable(available)) }
        do {
            host?.useTheme(try themes.load(named: name))
            session.show(notice: strings.themeChanged(name))
        } catch {
            modal.alert = strings.unknownTheme(name, available)
        }
    }
}
