import ChatCore
import ViewModels

/// Which page controller is shown, and keeping them with the models they belong to. Runs when
/// the session's models change and after each key — never while drawing.
extension TerminalApp {
    /// The controller of the page shown now: a modal page over the community first, else the
    /// page on top of the navigator.
    var shownPage: PageController? {
        switch session.phase {
        case .starting: return nil
        case .welcome: return welcome
        case .logIn, .signUp: return form
        case .terms: return terms
        case .community(let community):
            switch community.navigator.modal {
            case .logIn?, .nicknamePrompt?: return form
            case .terms?: return terms
            case .quickSwitcher?: return ui.switcher
            case .search?: return ui.search
            default: break
            }
            switch community.navigator.top {
            case .chat: return openChat
            case .channels: return ui.channels
            case .discover: return ui.discover
            case .profile: return ui.profile
            case .conversations: return ui.direct
            case .logIn, .terms, .nicknamePrompt, .quickSwitcher, .search: return nil
            }
        }
    }

    /// Makes each page's controller for the model it shows when that model is new, and drops
    /// what belonged to an account that left.
    func syncPages() {
        syncAccount()
        switch session.phase {
        case .logIn(let model): keepForm(.logIn(model)) { [weak session] in await session?.showWelcome() }
        case .signUp(let model): keepForm(.signUp(model)) { [weak session] in await session?.showWelcome() }
        case .terms(let model): keepTerms(model) { [weak session] in await session?.logOut() }
        case .community(let community): syncCommunityPages(community)
        case .starting, .welcome: break
        }
    }

    private func syncCommunityPages(_ community: Community) {
        let navigator = community.navigator
        let dismiss: @MainActor () async -> Void = { [weak navigator] in await navigator?.dismiss() }
        let report: @MainActor (GateOutcome) -> Void = { [weak modal] in modal?.report($0) }
        switch navigator.modal {
        case .logIn(let model)?: keepForm(.logIn(model), back: dismiss)
        case .nicknamePrompt(let model)?: keepForm(.nickname(model), back: dismiss)
        case .terms(let model)?: keepTerms(model, back: dismiss)
        case .quickSwitcher(let model)? where ui.switcher?.model !== model:
            ui.switcher = QuickSwitcherController(model: model, strings: strings, text: text, dismiss: dismiss, report: report)
        case .search(let model)? where ui.search?.model !== model:
            ui.search = SearchController(model: model, strings: strings, text: text, time: timeFormat, dismiss: dismiss, report: report) {
                [weak self] in self?.openChat?.enterSelectionMode()
            }
        default: break
        }
        if ui.channels?.model !== community.channels {
            ui.channels = ChannelListController(model: community.channels, strings: strings, text: text, report: report)
        }
        let chatPage = ui.chat ?? ChatController(community: community, strings: strings, text: text, session: session,
                                                 modal: modal, files: files, host: self)
        chatPage.timeFormat = timeFormat
        ui.chat = chatPage
        syncChat(chatPage)
        if case .discover(let model) = navigator.top, ui.discover?.model !== model {
            ui.discover = DiscoverController(model: model, strings: strings, text: text, report: report)
        }
        if case .conversations(let model) = navigator.top, ui.direct?.model !== model {
            ui.direct = DirectController(model: model, invitations: community.invitations, strings: strings, text: text, transcript: chatPage.transcript,
                                         modal: modal, report: report)
        }
        if case .profile(let model) = navigator.top, ui.profile?.model !== model {
            ui.profile = ProfileController(model: model, strings: strings, text: text, times: timeFormat)
        }
    }

    private func keepForm(_ shown: FormController.Form, back: @escaping @MainActor () async -> Void) {
        guard form?.model !== shown.model else { return }
        form = FormController(shown, strings: strings, text: text, back: back)
    }

    private func keepTerms(_ model: TermsModel, back: @escaping @MainActor () async -> Void) {
        guard terms?.model !== model else { return }
        terms = TermsController(model: model, strings: strings, text: text, back: back)
    }

    /// A new account (or none, after a log-out) starts with nothing of the previous one: its
    /// history, drafts, selections, scroll, pages and overlays are dropped together.
    private func syncAccount() {
        let current = session.community
        guard current !== uiCommunity else { return }
        uiCommunity = current
        ui = AccountUIState()
        commandLine = nil
        modal.question = nil
        modal.alert = nil
        modal.listing = nil
        files.previews?.setFetch(nil)
    }

    /// The chat page shows the chat on top; the list beside it points at the channel open,
    /// however it was opened.
    private func syncChat(_ page: ChatController) {
        guard page.model !== chat else { return }
        page.show(chat)
        ui.channels?.highlight(openChannelID)
    }
}
