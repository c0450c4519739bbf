import ChatCore
import ViewModels

/// The Direct tab: the conversations, the search field that filters them and finds members to
/// start one with, the highlighted row, and whether the keys are in the search field.
@MainActor
final class DirectController: ListPageController {
    let model: ConversationsModel
    private let strings: UIStrings
    private let text: OutsideText
    /// Only for the time of each row's newest message.
    private let transcript: ChatTranscript
    /// Shows a failure to open a conversation (the router's alert).
    private let report: @MainActor (GateOutcome) -> Void
    private var query = LineEditor()
    private var selected = ListSelection()
    /// The keys are in the search field (a member's: a guest has none).
    private(set) var isSearching = false

    init(model: ConversationsModel, strings: UIStrings, text: OutsideText, transcript: ChatTranscript,
         report: @escaping @MainActor (GateOutcome) -> Void) {
        self.model = model
        self.strings = strings
        self.text = text
        self.transcript = transcript
        self.report = report
    }

    var keyContext: KeyContext { isSearching ? .typing : .browsing }

    /// Members find others to talk with; a guest has no search field.
    private var searchable: Bool { PostingRule.memberPermission(for: model.viewer).isAllowed }

    /// The rows ↑/↓ move through: the conversations shown, then the members a search found.
    private var count: Int { model.shownRows.count + model.newContacts.count }

    func handle(_ intent: Intent) async -> Bool {
        if isSearching { return await search(intent) }
        switch intent {
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .open: await open()
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
            selected.select(model.newContacts.isEmpty ? 0 : model.shownRows.count)
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
        selected.move(by: rows, count: count)
    }

    private func open() async {
        let rows = model.shownRows, members = model.newContacts
        guard !(rows.isEmpty && members.isEmpty) else { return }
        let index = selected.index(count: rows.count + members.count)
        if index < rows.count { return report(await model.open(rows[index])) }
        report(await model.start(with: members[index - rows.count]))
        // The search did its job: back on the tab, every conversation shows again.
        query = LineEditor()
        model.filter("")
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        let rows: Loadable<[ConversationRow]> = model.rows.value == nil ? model.rows : .loaded(model.shownRows)
        var pane = ConversationsPane(rows: rows, placeholder: model.placeholder, selected: selected.index(count: count),
                                     strings: strings, text: text, transcript: transcript)
        pane.searchable = searchable
        pane.query = query
        pane.searchFocused = isSearching
        pane.found = model.found
        return FrameReport(cursor: pane.draw(on: &canvas, in: region))
    }
}
