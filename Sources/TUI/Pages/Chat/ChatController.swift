import ChatCore
import ViewModels

/// What the chat page asks of the router: slash commands, the command line at the bottom, and a
/// redraw when something it waited for arrived.
@MainActor
protocol ChatPageHost: AnyObject {
    /// Runs a slash command line; false when it failed, so the line stays to be corrected.
    func run(_ line: String) async -> Bool
    func openCommandLine(_ line: CommandLine)
    func markDirty(_ damage: Damage)
}

/// The chat page: the transcript, the input line, selection mode, scrolling and the "new
/// messages" line of the chat open on the account's community, with the drafts of the chats
/// left. One per account, shown the chat on top of the navigator (`show`).
///
/// Four foci (`Focus`): the input (typing); reading, after Esc, where a printable key still types
/// into the input and ↑ enters selection mode; selection mode, where ↑/↓ pick a message and a
/// letter asks before acting on it; and the list beside the chat, whose keys are the list's
/// while text still goes to the input.
@MainActor
final class ChatController: PageController {
    enum Focus { case input, reading, selecting, list }

    let community: Community
    let strings: UIStrings
    let text: OutsideText
    let session: SessionModel
    let modal: ModalLayer
    let files: AttachmentSettings
    weak var host: ChatPageHost?
    private var transcriptCache = ChatTranscript.Cache()

    /// The chat shown, nil when none is open.
    private(set) var model: ChatModel?
    /// The thread open over the chat (→ in selection mode), nil when the chat itself is shown.
    var thread: ThreadModel?
    /// Where the chat was scrolled when its thread opened, back when the thread closes.
    var chatScroll: ChatScroll?
    private var shownSubject: ChatSubject?
    var focus = Focus.list
    /// The input line, with the history ↑/↓ recall (the account's, across its chats); Alt-Enter
    /// and Ctrl-J put newlines in it.
    var input = LineEditor.multiLine
    /// The Tab completion under way (Tab, Shift-Tab again cycle it); any other key ends it.
    var completion: Completion?
    /// Text typed in a chat and not sent, kept while another chat is open.
    private var drafts: [ChatSubject: String] = [:]
    /// The message the input answers or edits, shown above it until Enter or Esc.
    var composing: Composition?
    /// The member list beside the chat (Alt-N), on or off for every chat.
    var showsMembers = false
    /// Where the transcript is scrolled.
    var scroll = ChatScroll.newest
    /// What the last frame showed of the transcript (handed back by `afterFrame`).
    var shown = ChatPane.Report()
    /// Where the last frame drew the input bar with nothing over it.
    var inputRegion: Region?
    /// Where the last frame drew the chat's transcript (nil under a thread).
    var transcriptRegion: Region?
    var pagingRequested = false
    /// What the last intent changed on screen: typing changes only the input line.
    var damage = Damage.everything
    /// The new lines' rows laid out for this frame's partial redraw (`appendedLinesRect`), drawn
    /// by `drawAppended`; gone after every frame, so a plan never outlives the frame it was made for.
    var appendPlan: Appending?

    init(community: Community, strings: UIStrings, text: OutsideText, session: SessionModel, modal: ModalLayer,
         files: AttachmentSettings, host: ChatPageHost) {
        self.community = community
        self.strings = strings
        self.text = text
        self.session = session
        self.modal = modal
        self.files = files
        self.host = host
    }

    var keyContext: KeyContext {
        switch focus {
        case .input: return .chatInput
        case .reading: return .reading
        case .selecting: return .selecting
        case .list: return .sidebar
        }
    }

    /// How times are written (the config file's `time_format`); a new format lays rows out anew.
    var timeFormat = TimeFormat() {
        didSet { if timeFormat != oldValue { transcriptCache = ChatTranscript.Cache() } }
    }

    var transcript: ChatTranscript {
        ChatTranscript(strings: strings, text: text, cache: transcriptCache, previews: files.previews, times: timeFormat)
    }

    /// Keeps focus, scroll and the typed text with the chat they belong to: the text typed in
    /// the chat left is its draft until it opens again. A new chat opens at its first unread
    /// message with the keys in its input; no chat gives the keys to the list.
    func show(_ chat: ChatModel?) {
        guard chat !== model else { return }
        cancelComposing()
        thread?.close()
        thread = nil
        if let shownSubject { drafts[shownSubject] = input.text.isEmpty ? nil : input.text }
        model = chat
        shownSubject = chat?.subject
        files.previews?.setFetch(imageFetch(for: chat))
        scroll = .firstUnread
        input.setText(chat.flatMap { drafts[$0.subject] } ?? "")
        pagingRequested = false
        inputRegion = nil
        focus = chat == nil ? .list : .input
    }

    /// The intents of an open chat; false for those that mean the same on every page (and Esc
    /// while reading, which leaves the chat), so the router takes them.
    func handle(_ intent: Intent) async -> Bool {
        damage = .everything
        guard let model else { return false }
        // Whatever the key did to the input (typed, sent, cleared), the typing notice follows.
        defer { model.inputChanged(input.text) }
        if case .complete(let forward) = intent { return await complete(forward: forward) }
        completion = nil
        let list: any MessageList = shownList ?? model
        switch (intent, keyContext) {
        case (.submit, _): await submit(to: list, in: model)
        case (.edit(.end), .chatInput) where input.cursor == input.text.count:
            // End with nothing after the cursor to move over: the newest message.
            scrollToNewest()
        case (.edit(.home), .chatInput) where input.text.isEmpty: scrollToOldest()
        case (.editLast, .chatInput):
            // ↑ on the empty line edits my last message; with text in it (or nothing of mine
            // here), it walks the history as in any line editor.
            if input.text.isEmpty, composing == nil, let line = list.lastEditableLine {
                startEdit(line)
            } else {
                _ = input.handle(.up)
                damage = .areas([.inputLine])
            }
        case (.edit(let key), .chatInput):
            let rows = inputRows
            _ = input.handle(key)
            // A row more or less moves the transcript: only an edit within the rows is the line's.
            damage = inputRows == rows ? .areas([.inputLine]) : .everything
        case (.edit(let key), _):
            // Text typed after Esc (or on the list beside) goes into the input, as in any chat client.
            focus = .input
            _ = input.handle(key)
        case (.leave, .chatInput):
            // Esc always leaves the input (so Esc ↑ is always selection mode), ending a reply or
            // edit under way.
            cancelComposing()
            focus = .reading
        case (.leave, .reading) where thread != nil:
            // As Esc while reading leaves the chat, it leaves the thread for the chat.
            closeThread()
        case (.leave, .selecting): leaveSelectionMode()
        case (.focusInput, _): focus = .input
        case (.selectMessages, _): enterSelectionMode()
        case (.newest, _): scrollToNewest()
        case (.oldest, _): scrollToOldest()
        case (.up, .selecting), (.up, .reading): list.selectOlder()
        case (.down, .selecting), (.down, .reading): list.selectNewer()
        default: return await handleSelected(intent)
        }
        return true
    }

    /// The letters of selection mode: each asks first, naming its target. In a thread's view they
    /// act on the thread's picked line, as in the chat; → there says the thread is open already.
    private func handleSelected(_ intent: Intent) async -> Bool {
        guard focus == .selecting else { return false }
        switch intent {
        case .reply: startReply()
        case .openThread where thread != nil: session.show(notice: strings.alreadyInThread)
        case .openThread: await openThread()
        case .editPicked:
            guard let line = shownList?.selectedLine else { modal.alert = strings.shared.selectMessageFirst; break }
            startEdit(line)
        case .react: askToReact()
        case .delete: askToDeletePicked()
        case .report: promptReport()
        case .block: askToBlockSelectedSender()
        case .openImage: await askToOpenImage()
        case .saveImage: await askToSaveImage()
        case .retryUnsent: askAboutUnsent(retry: true)
        default: return false
        }
        return true
    }

    /// What selection mode picks in and acts on: the open thread, else the chat.
    var shownList: (any MessageList)? { thread ?? model }

    /// Selection mode starts on the newest message.
    func enterSelectionMode() {
        guard let list = shownList else { return }
        focus = .selecting
        if list.selectedLine == nil { list.selectOlder() }
    }

    /// A click on the transcript's screen row `row`: its message is picked (selection mode).
    /// False when no message is drawn there.
    func click(row: Int, column: Int) -> Bool {
        guard shown.columns.contains(column), let message = shown.rowMessages[row], let list = shownList else { return false }
        focus = .selecting
        list.select(message)
        return true
    }

    /// Back to the input; nothing stays picked.
    func leaveSelectionMode() {
        guard focus == .selecting else { return }
        shownList?.select(nil)
        focus = .input
    }

    /// Enter in the input, in the chat or in a thread's view alike: a slash command (run by the
    /// one dispatch, which acts on what is shown), or a message (`//text` sends `/text`) posted
    /// where the input is — the reply or edit under way, else the chat or the thread. Anyone the
    /// chat's posting decision refuses gets its alert and nothing is sent. A command or message
    /// that fails gets its line back in the input, to be corrected. The input is cleared before
    /// either goes: what they post can reach the screen before they return (its live event
    /// first), and a frame showed it above the line still typed.
    private func submit(to list: any MessageList, in model: ChatModel) async {
        let line = input.text
        if CommandRegistry.isCommand(line) {
            clearForSubmit()
            if await host?.run(line) != true { input.setText(line) }
            return
        }
        if line.allSatisfy(\.isWhitespace) {
            if let refusal = model.postingRefusal { modal.alert = refusal }
            return
        }
        if let composing {
            guard await sendComposed(CommandRegistry.messageText(line), composing) else { return }
            self.composing = nil
            if case .reply = composing {
                input.commit()
                scroll = .newest
            }
            return
        }
        clearForSubmit()
        if await list.send(.text(CommandRegistry.messageText(line))) {
            scroll = .newest
        } else {
            input.setText(line)
        }
    }

    /// Clears the input (into its history) and has it drawn so in the next frame, whatever else
    /// that frame redraws: the post's own line may come before the key's handling ends.
    private func clearForSubmit() {
        input.commit()
        host?.markDirty(.everything)
    }
}
