import ChatCore
import Foundation
import ViewModels

/// The interactive client without a terminal: it draws the session's view models into a canvas
/// and turns keys into intents for them. `AppLoop` (or a test) feeds it keys and asks for frames.
///
/// Keys are handled one after another: a key that starts an asynchronous action (log in, open a
/// chat) is finished before the next key is read, so typing ahead lands where it was meant to.
/// State it keeps is only what a terminal adds to the models: focus, selections, scroll, the
/// text being typed, overlays.
@MainActor
public final class TerminalApp: FrontEnd {
    public let session: SessionModel
    public let strings: UIStrings
    public let text: OutsideText
    public let themes: ThemeLoader?
    /// Told when something visible changed, with what: the loop schedules a redraw.
    public var onDamage: (@MainActor (Damage) -> Void)?
    /// Told on `/quit`, `q` and Ctrl-C: give the terminal back and exit.
    public var onQuit: (@MainActor () -> Void)?
    /// Told when `/theme NAME` found the theme.
    public var onThemeChange: (@MainActor (Theme) -> Void)?
    /// Image previews and `/image` (nil: images show as their name and size, `/image` is refused);
    /// set with `useImages`.
    public internal(set) var images: ImagePreviews?
    /// The command that shows an image file (`o` in a chat).
    public var imageOpener = ["xdg-open"]
    /// Where `s` saves an image from a chat.
    public var downloadDirectory = Paths().downloadDirectory
    /// The link to the server, for the status line.
    public var connection: ConnectionState = .online { didSet { markDirty() } }

    // Front-end state.
    /// What belongs to the account using the app; replaced whole when the account changes.
    var ui = AccountUIState()
    /// The community `ui` belongs to (held only while it is the session's).
    private var uiCommunity: Community?
    /// The command line (`/` outside the input, or `r`'s reason), and what it asks for.
    var commandLine: LineEditor? { didSet { if commandLine == nil { commandPrompt = nil } } }
    var commandPrompt: String?
    var showsHelp = false { didSet { helpScroll = 0 } }
    var helpScroll = 0
    var helpMaxScroll = 0
    /// The modal layer: an alert, or a question before an action that cannot be taken back.
    var alert: String?
    var question: Question?
    var notice: String? { didSet { if notice != oldValue { markDirty() } } }
    var form: FormFields?
    /// Which terms screen the focus belongs to, and whether it is on Join (else the checkbox).
    var termsFocus: (owner: ObjectIdentifier, onJoin: Bool)?
    var shownChat: ObjectIdentifier?
    var shownSubject: ChatSubject?
    var lastChatReport = ChatPane.Report()
    /// Where the last whole frame drew the chat's input bar with nothing over it (nil: it did
    /// not), so typing can redraw just that.
    var lastInputRegion: Region?
    /// What the key being handled changed on screen; everything unless its handler says less.
    var keyDamage = Damage.everything
    var lastListReport = ChannelListPane.Report()
    var askedBadges: Set<ChannelID> = []
    var pagingRequested: ObjectIdentifier?
    var lastSize = Size(width: 80, height: 24)
    var sidebarLive = false
    let transcriptCache = ChatTranscript.Cache()

    private var queue: [Key] = []
    private var consumer: Task<Void, Never>?

    public init(session: SessionModel, strings: UIStrings, text: OutsideText, themes: ThemeLoader? = nil) {
        self.session = session
        self.strings = strings
        self.text = text
        self.themes = themes
        session.changes.addObserver { [weak self] in
            self?.syncAccount()
            self?.markDirty()
        }
    }

    /// Queues a key; keys are handled in order, each after the previous one's action finished.
    public func receive(_ key: Key) {
        // Ctrl-C quits at once, even while an earlier key waits on the network.
        if key == .control("c") { return quit() }
        queue.append(key)
        guard consumer == nil else { return }
        consumer = Task { @MainActor in
            while !queue.isEmpty {
                let next = queue.removeFirst()
                keyDamage = .everything
                await handle(next)
                markDirty(keyDamage)
            }
            consumer = nil
        }
    }

    /// Returns once every queued key has been handled (tests).
    public func idle() async {
        while let consumer {
            await consumer.value
        }
    }

    func markDirty(_ damage: Damage = .everything) {
        onDamage?(damage)
    }

    // MARK: What is on screen

    var community: Community? { session.community }

    /// The chat on top of the selected tab, if any (also while a modal is over it).
    var chat: ChatModel? {
        guard let community, case .chat(let model) = community.navigator.top else { return nil }
        return model
    }

    /// Where keys go now, which decides how the key map reads them: the modal layer first.
    var keyContext: KeyContext {
        if question != nil { return .question }
        if alert != nil || chat?.alert != nil { return .alert }
        if commandLine != nil { return .typing }
        switch session.phase {
        case .logIn, .signUp: return .typing
        case .community(let community):
            if let modal = community.navigator.modal {
                if case .terms = modal { return .browsing }
                return .typing
            }
            guard chat != nil else { return isSearchingDirect ? .typing : .browsing }
            switch ui.focus {
            case .input: return .typing
            case .reading: return .reading
            case .selecting: return .selecting
            case .list: return .sidebar
            case .search: return .browsing
            }
        default: return .browsing
        }
    }

    /// The Direct tab is shown and its search field has the keys.
    var isSearchingDirect: Bool {
        guard ui.focus == .search, chat == nil, let community, case .conversations = community.navigator.top else { return false }
        return true
    }

    /// A new account (or none, after a log-out) starts with nothing of the previous one: its
    /// history, drafts, selections, scroll and overlays are dropped together.
    func syncAccount() {
        let current = session.community
        guard current !== uiCommunity else { return }
        // The first account of the run inherits the start-up notice (e.g. tmux cannot show
        // kitty pictures): it is about this terminal, not about anybody's account.
        let switching = uiCommunity != nil
        uiCommunity = current
        ui = AccountUIState()
        commandLine = nil
        question = nil
        alert = nil
        if switching { notice = nil }
        shownChat = nil
        shownSubject = nil
    }

    /// Keeps focus, scroll and the typed text with the chat they belong to; the text typed in the
    /// chat left is its draft until it opens again.
    func syncChat() {
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
        if let chat, case .channel(let channel) = chat.subject,
           let index = community?.channels.rows.value?.firstIndex(where: { $0.id == channel.id }) {
            ui.selections["channels"] = index
        }
    }

    func selection(_ key: String, count: Int) -> Int {
        guard count > 0 else { return 0 }
        return min(max(ui.selections[key] ?? 0, 0), count - 1)
    }

    func moveSelection(_ key: String, by step: Int, count: Int) {
        guard count > 0 else { return }
        ui.selections[key] = min(max(selection(key, count: count) + step, 0), count - 1)
    }
}
