import ChatCore
import FoundationEssentials
import ViewModels

/// The interactive client without a terminal: a router over one controller per page, with the
/// modal layer (alerts, questions) over them. `AppLoop` drives it as a `FrontEnd`: keys in,
/// frames out.
///
/// A key goes to the modal layer first (which takes every key while it is up), then the help,
/// the command line, and the page shown. Keys are handled one after another: a key that starts
/// an asynchronous action (log in, open a chat) is finished before the next key is read, so
/// typing ahead lands where it was meant to. What the pages keep is only what a terminal adds to
/// the session's models — focus, selections, scroll, the text being typed — and it is dropped
/// with the account it belongs to.
@MainActor
public final class TerminalApp: FrontEnd {
    public let session: SessionModel
    public let strings: UIStrings
    public let text: OutsideText
    /// Told when something visible changed, with what: the loop schedules a redraw.
    public var onDamage: (@MainActor (Damage) -> Void)?
    /// Told on `/quit`, a confirmed `q` and Ctrl-C: give the terminal back and exit.
    public var onQuit: (@MainActor () -> Void)?
    /// Told when `/theme NAME` found the theme.
    public var onThemeChange: (@MainActor (Theme) -> Void)?
    /// Previews, the image viewer and the download folder of the chat page.
    let files = AttachmentSettings()
    /// How times are written (the config file's `time_format`).
    public var timeFormat = TimeFormat()

    /// Alerts and questions: every key is theirs while one is up.
    let modal = ModalLayer()
    let commands: CommandRunner
    /// The help over the page, while it is shown.
    var help: HelpController?
    /// The command line (`/` outside the input, or `r`'s reason), while it is open.
    var commandLine: CommandLine?
    let welcome: WelcomeController
    /// The form or terms page shown (before the community or over it), made for its model.
    var form: FormController?
    var terms: TermsController?
    /// The pages of the account using the app; replaced whole when the account changes.
    var ui = AccountUIState()
    /// The community `ui` belongs to (held only while it is the session's).
    var uiCommunity: Community?

    /// What the last whole frame showed, handed back in `afterFrame`.
    var lastFrame = FrameReports()
    /// What the key being handled changed on screen; everything unless its handler says less.
    var keyDamage = Damage.everything
    private var queue: [Key] = []
    private var consumer: Task<Void, Never>?

    public init(session: SessionModel, strings: UIStrings, text: OutsideText, themes: ThemeLoader? = nil) {
        self.session = session
        self.strings = strings
        self.text = text
        welcome = WelcomeController(session: session, strings: strings, text: text)
        commands = CommandRunner(session: session, strings: strings, modal: modal, themes: themes)
        commands.host = self
        session.changes.addObserver { [weak self] in
            guard let self else { return }
            syncPages()
            askAboutVerificationRequest()
            raiseVerificationWarning()
            askForRecoveryKey()
            markDirty(damage(of: session.changes.lastChange))
        }
    }

    /// Set by `tteok`: no frame until the session's first screen is whole (`SessionModel.isStarting`),
    /// within the loop's `frameHoldLimit` — the first frame is the list and the chat, not
    /// "Loading…" and the list filling in, each drawn and written for nothing.
    public var holdsFirstFrame = false

    public var holdsFrames: Bool { holdsFirstFrame && session.isStarting }

    /// Image previews and `/image` (nil: images show as their name and size, `/image` is refused);
    /// set with `useImages`.
    public var images: ImagePreviews? { files.previews }
    /// The command that shows an image file (`o` in a chat).
    public var imageOpener: [String] {
        get { files.opener }
        set { files.opener = newValue }
    }
    /// Where `s` saves an image from a chat.
    public var downloadDirectory: URL {
        get { files.downloadDirectory }
        set { files.downloadDirectory = newValue }
    }

    /// Turns on previews and `/image` with `renderer`; a finished preview redraws the screen.
    public func useImages(_ renderer: any ImageRenderer) {
        files.previews = ImagePreviews(renderer: renderer) { [weak self] in
            Task { @MainActor in self?.markDirty() }
        }
        files.previews?.setFetch(openChat?.imageFetch(for: chat))
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
                syncPages()
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

    /// Whose alert is up over the chat: the open thread's, else the chat's.
    var chatAlerts: (any MessageList)? {
        if let thread = ui.chat?.thread, thread.alert != nil { return thread }
        return chat
    }

    /// The chat page, while a chat is open.
    var openChat: ChatController? {
        guard let page = ui.chat, page.model != nil else { return nil }
        return page
    }

    var showsHelp: Bool { help != nil }

    /// The app's alert (the modal layer's): raised by a failed command or a refusal.
    var alert: String? {
        get { modal.alert }
        set { modal.alert = newValue }
    }

    /// Where keys go now, which decides how the key map reads them: the modal layer first.
    var keyContext: KeyContext {
        if let modal = modal.keyContext(chatAlert: chatAlerts?.alert) { return modal }
        if commandLine != nil { return .typing }
        if let page = shownPage { return page.keyContext }
        return .browsing
    }

    /// The Direct tab is shown and its search field has the keys.
    var isSearchingDirect: Bool {
        guard let direct = ui.direct, shownPage === direct else { return false }
        return direct.isSearching
    }
}

/// What the last whole frame showed, kept until `afterFrame` hands it back to the pages.
struct FrameReports {
    var size = Size(width: 80, height: 24)
    var chat: FrameReport?
    var list: FrameReport?
    var help: FrameReport?
    /// The list page drawn in the main region (Direct, Discover), for a click on its rows.
    var page: FrameReport?
    /// Where the tab bar was drawn, if it was.
    var tabBar: Region?
    /// The channel list was drawn in the sidebar (beside the page), not alone.
    var listInSidebar = false
    /// Where the frame left the cursor (a partial frame that does not touch the input keeps it).
    var cursor: Point?
    /// Something was drawn over the page (the help, a question, an alert, the command line).
    var covered = false
}
