import ChatCore
import ViewModels

/// The status line: who is using the app, the connection, and a notice or the hints of the keys
/// that work now — generated from the key map's table for the current context.
extension TerminalApp {
    func drawStatus(on canvas: inout Canvas, in region: Region) {
        StatusLinePane(viewerName: viewerName, connection: session.connection, notice: session.statusNotice, hint: hint, strings: strings, text: text)
            .draw(on: &canvas, in: region)
    }

    /// "Guest" or the member's nickname, as the community keeps it live.
    var viewerName: String {
        if case .terms(let terms) = session.phase { return terms.memberName }
        guard let community else { return strings.shared.guestName }
        let viewer = community.viewer
        if case .guest = viewer { return strings.shared.guestName }
        return viewer.displayName
    }

    var viewerIsGuest: Bool {
        guard let community else { return false }
        return community.viewer == .guest
    }

    /// The channel list's highlighted row: while a chat is open and the keys are not on the list,
    /// the channel open (however it was opened), else the row the user moved to.
    func channelListSelection(count: Int) -> Int {
        if chat != nil, ui.focus != .list, let open = openChannelIndex { return open }
        return ui.channelSelection.index(count: count)
    }

    private var hint: String {
        switch session.phase {
        case .starting, .welcome: return strings.chooseHint
        case .logIn, .signUp: return strings.formHint
        case .terms: return strings.termsHint
        case .community:
            let context = keyContext
            let hint: String
            switch context {
            case .typing where chat == nil || commandLine != nil:
                hint = isSearchingDirect ? strings.directSearchHint : strings.commandHint
            case .typing where viewerIsGuest:
                // A guest's Enter sends nothing (it answers the login alert): not offered.
                hint = KeyMap.hints(for: .typing, strings, omitting: [.submit])
            case .browsing:
                // Esc on a list (no chat open) does nothing: not offered.
                hint = KeyMap.hints(for: .browsing, strings, omitting: [.leave])
            default:
                hint = KeyMap.hints(for: context, strings)
            }
            guard viewerIsGuest else { return hint }
            return (chat == nil ? strings.guestHint : strings.guestChatLogInHint) + " · " + hint
        }
    }
}
