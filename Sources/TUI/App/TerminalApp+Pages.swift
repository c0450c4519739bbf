import ChatCore
import ViewModels

/// Which page controller is shown, and keeping them with the models they belong to. Runs when
/// the session's models change and after each key — never while drawing.
extension TerminalApp {
    /// The controller of the page shown now, when that page has one of its own (the channel
    /// list and the chat are still the router's).
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
            guard chat == nil else { return nil }
            switch community.navigator.top {
            case .discover: return ui.discover
            case .profile: return ui.profile
            case .conversations: return ui.direct
            default: return nil
            }
        }
    }

    /// Makes each page's controller for the model it shows when that model is new, and drops
    /// what belonged to an account that left.
    func syncPages() {
        syncAccount()
        syncChat()
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
        switch navigator.modal {
        case .logIn(let model)?: keepForm(.logIn(model), back: dismiss)
        case .nicknamePrompt(let model)?: keepForm(.nickname(model), back: dismiss)
        case .terms(let model)?: keepTerms(model, back: dismiss)
        case .quickSwitcher(let model)? where ui.switcher?.model !== model:
            ui.switcher = QuickSwitcherController(model: model, strings: strings, text: text, dismiss: dismiss) { [weak self] in
                self?.report($0)
            }
        case .search(let model)? where ui.search?.model !== model:
            ui.search = SearchController(model: model, strings: strings, text: text, time: timeFormat, dismiss: dismiss) { [weak self] in
                self?.report($0)
            }
        default: break
        }
        if case .discover(let model) = navigator.top, ui.discover?.model !== model {
            ui.discover = DiscoverController(model: model, strings: strings, text: text) { [weak self] in self?.report($0) }
        }
        if case .conversations(let model) = navigator.top, ui.direct?.model !== model {
            ui.direct = DirectController(model: model, strings: strings, text: text, transcript: transcript) { [weak self] in self?.report($0) }
        }
        if case .profile(let model) = navigator.top, ui.profile?.model !== model {
            ui.profile = ProfileController(model: model, strings: strings, text: text)
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
        shownChat = nil
        shownSubject = nil
    }

    /// Keeps focus, scroll and the typed text with the chat they belong to; the text typed in the
    /// chat left is its draft until it opens again.
    private func syncChat() {
        let current = chat.map(ObjectIdentifier.init)
        guard current != shownChat else { return }
        if let shownSubject { ui.drafts[shownSubject] = ui.input.text.isEmpty ? nil : ui.input.text }
        shownChat = current
        shownSubject = chat?.subject
        images?.setFetch(imageFetch(for: chat))
        ui.chatScroll = .firstUnread
        ui.input.setText(chat.flatMap { ui.drafts[$0.subject] } ?? "")
        pagingRequested = nil
        ui.focus = current == nil ? .list : .input
        // The list beside the chat points at the channel open, however it was opened.
        if let index = openChannelIndex { ui.channelSelection.select(index) }
    }
}
