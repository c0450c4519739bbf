import ChatCore
import ViewModels

/// Up, down and Enter on the list the router still keeps: the channels (alone or beside a
/// chat). Pages with a controller of their own (Discover, Direct, the profile) move themselves.
extension TerminalApp {
    /// The list that up/down/Enter act on now.
    private func activeList(_ community: Community) -> [ChannelRow]? {
        switch community.navigator.top {
        case .channels: return community.channels.rows.value ?? []
        case .chat where ui.focus == .list && isSplit: return community.channels.rows.value ?? []
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
        guard let rows = activeList(community) else { return }
        ui.channelSelection.move(by: step, count: rows.count)
    }

    func open(_ community: Community) async {
        guard let rows = activeList(community), !rows.isEmpty else { return }
        report(await community.channels.open(rows[ui.channelSelection.index(count: rows.count)]))
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
