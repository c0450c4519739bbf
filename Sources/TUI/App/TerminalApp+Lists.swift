import ChatCore
import ViewModels

/// Up, down and Enter on the lists the router still keeps: channels (alone or beside a chat)
/// and Direct. Pages with a controller of their own (Discover, the profile) move themselves.
extension TerminalApp {
    /// The list that up/down/Enter act on now.
    private enum ActiveList {
        case channels([ChannelRow]), direct([ConversationRow], members: [UserProfile])
    }

    private func activeList(_ community: Community) -> ActiveList? {
        switch community.navigator.top {
        case .channels: return .channels(community.channels.rows.value ?? [])
        case .chat where ui.focus == .list && isSplit: return .channels(community.channels.rows.value ?? [])
        case .conversations(let model): return .direct(model.shownRows, members: model.newContacts)
        default: return nil
        }
    }

    /// The row of the channel open in the chat, if the list has it.
    var openChannelIndex: Int? {
        guard let chat, case .channel(let channel) = chat.subject else { return nil }
        return community?.channels.rows.value?.firstIndex { $0.id == channel.id }
    }

    func move(_ community: Community, by step: Int) {
        if let page = shownPage as? ListPageController { return page.move(by: step) }
        switch activeList(community) {
        case .channels(let rows): ui.channelSelection.move(by: step, count: rows.count)
        case .direct(let rows, let members): ui.directSelection.move(by: step, count: rows.count + members.count)
        case nil: break
        }
    }

    func open(_ community: Community) async {
        switch activeList(community) {
        case .channels(let rows) where !rows.isEmpty:
            report(await community.channels.open(rows[ui.channelSelection.index(count: rows.count)]))
        case .direct(let rows, let members) where !(rows.isEmpty && members.isEmpty):
            let index = ui.directSelection.index(count: rows.count + members.count)
            if index < rows.count {
                report(await community.conversations.open(rows[index]))
            } else {
                report(await community.conversations.start(with: members[index - rows.count]))
                // The search did its job: back on the tab, every conversation shows again.
                ui.directQuery = LineEditor()
                community.conversations.filter("")
            }
        default:
            break
        }
    }

    /// A refusal is already on the status line (and the gate asks for a nickname); a failure
    /// (no such channel or member) is an alert. True when the chat opened.
    @discardableResult
    func report(_ outcome: GateOutcome) -> Bool {
        switch outcome {
        case .opened: return true
        case .refused: return false
        case .failed(let message):
            alert = message
            return false
        }
    }
}
