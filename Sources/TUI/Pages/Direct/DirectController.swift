import ChatCore
import ViewModels

/// The Direct tab: the invitations waiting for an answer, the conversations, the search field
/// that filters them and finds members to start one with, the highlighted row, and whether the
/// keys are in the search field. Accepting (Enter) or declining (`x`) an invitation asks first.
@MainActor
final class DirectController: ClickableListController {
    let model: ConversationsModel
    let invitations: InvitationsModel
    private let strings: UIStrings
    private let text: OutsideText
    /// Only for the time of each row's newest message.
    private let transcript: ChatTranscript
    /// Shows a failure to open a conversation (the router's alert).
    private let report: @MainActor (GateOutcome) -> Void
    /// Asks before accepting or declining; shows a failure to decline.
    private let modal: ModalLayer
    private var query = LineEditor()
    private var selected = ListSelection()
    /// The keys are in the search field (a member's: a guest has none).
    private(set) var isSearching = false

    init(model: ConversationsModel, invitations: InvitationsModel, strings: UIStrings, text: OutsideText, transcript: ChatTranscript,
         modal: ModalLayer, report: @escaping @MainActor (GateOutcome) -> Void) {
        self.model = model
        self.invitations = invitations
        self.modal = modal
        self.strings = strings
        self.text = text
        self.transcript = transcript
        self.report = report
    }

    var keyContext: KeyContext { isSearching ? .typing : .browsing }

    /// Members find others to talk with; a guest has no search field.
    private var searchable: Bool { PostingRule.memberPermission(for: model.viewer).isAllowed }

    /// The rows ↑/↓ move through: the invitations, the conversations shown, then the members a
    /// search found.
    private var count: Int { invites.count + model.shownRows.count + model.newContacts.count }

    /// Invitations are listed unless a search filters the tab.
    private var invites: [Invite] { model.query.isEmpty ? invitations.invites : [] }

    /// What each row is, in order: the highlight stays on its row while conversations move up
    /// with new messages and invitations come and go.
    private enum Row: Hashable {
        case invite(ChannelID)
        case conversation(ChannelID)
        case member(UserID)
    }

    private var rowIDs: [AnyHashable] {
        invites.map { AnyHashable(Row.invite($0.channelID)) } + model.shownRows.map { AnyHashable(Row.conversation($0.id)) }
            + model.newContacts.map { AnyHashable(Row.member($0.id)) }
    }

    /// The highlighted row now.
    private var highlighted: Int {
        let ids = rowIDs
        return selected.index(count: ids.count) { ids[$0] }
    }

    private func select(_ index: Int) {
        let ids = rowIDs
        selected.select(index, count: ids.count) { ids[$0] }
    }

    func handle(_ intent: Intent) async -> Bool {
        if isSearching { return await search(intent) }
        switch intent {
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .open: await open()
        case .decline: askToDecline()
        // `i` or Tab: the keys go to the search field.
        case .focusInput, .nextPane, .previousPane: isSearching = searchable
        default: return false
        }
        return true
    }

    /// Keys in the search field: typing filters the conversations, Enter looks for members to
    /// start one with (and moves to the list), Esc or Tab goes back to the list.
    private func search(_ intent: Intent) async -> Bool {
        switch intent {
        case .edit(let key):
            _ = query.handle(key)
            model.filter(query.text)
            selected = ListSelection()
        case .submit:
            await model.search(query.text)
            isSearching = false
            select(model.newContacts.isEmpty ? 0 : invites.count + model.shownRows.count)
        case .leave, .nextPane, .previousPane:
            isSearching = false
        case .quickSwitcher:
            // Back on the list, where Ctrl-K is the router's.
            isSearching = false
            return false
        default:
            break
        }
        return true
    }

    func move(by rows: Int) {
        let ids = rowIDs
        selected.move(by: rows, count: ids.count) { ids[$0] }
    }

    /// A click on a row: the keys leave the search field, and the row opens as Enter opens it
    /// (an invitation asks first).
    func click(index: Int) async {
        guard index < count else { return }
        isSearching = false
        select(index)
        await open()
    }

    /// The highlighted invitation, if the highlight is on one.
    private var selectedInvite: Invite? {
        let invites = invites
        let index = highlighted
        return index < invites.count ? invites[index] : nil
    }

    /// Enter on an invitation: "Join Lobby? (Owner's invitation)", then joins and opens it.
    private func askToAccept(_ invite: Invite) {
        let question = strings.askAccept(room: TextLayout.truncate(invite.name, to: 40), inviter: TextLayout.truncate(invite.inviter.nickname, to: 24),
                                         direct: invite.isDirect)
        modal.ask(question, confirm: strings.acceptChoice, strings: strings) { [weak self] in
            guard let self else { return }
            report(await invitations.accept(invite))
        }
    }

    /// `x` on an invitation: "Decline Owner's invitation to Lobby?", then leaves the room.
    private func askToDecline() {
        guard let invite = selectedInvite else { return }
        let question = strings.askDecline(room: TextLayout.truncate(invite.name, to: 40), inviter: TextLayout.truncate(invite.inviter.nickname, to: 24),
                                          direct: invite.isDirect)
        modal.ask(question, confirm: strings.declineChoice, strings: strings) { [weak self] in
            guard let self else { return }
            if let failure = await invitations.decline(invite) { modal.alert = failure }
        }
    }

    private func open() async {
        if let invite = selectedInvite { return askToAccept(invite) }
        let rows = model.shownRows, members = model.newContacts
        guard !(rows.isEmpty && members.isEmpty) else { return }
        let index = highlighted - invites.count
        if index < rows.count { return report(await model.open(rows[index])) }
        report(await model.start(with: members[index - rows.count]))
        // The search did its job: back on the tab, every conversation shows again.
        query = LineEditor()
        model.filter("")
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        let rows: Loadable<[ConversationRow]> = model.rows.value == nil ? model.rows : .loaded(model.shownRows)
        var pane = ConversationsPane(rows: rows, placeholder: model.placeholder, selected: highlighted,
                                     strings: strings, text: text, transcript: transcript)
        pane.searchable = searchable
        pane.invites = invites
        pane.query = query
        pane.searchFocused = isSearching
        pane.found = model.found
        let drawn = pane.draw(on: &canvas, in: region)
        var report = FrameReport(cursor: drawn.cursor)
        report.rowTargets = drawn.rowTargets
        return report
    }
}
