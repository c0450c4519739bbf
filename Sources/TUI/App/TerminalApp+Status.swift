import ChatCore
import ViewModels

/// The status line: who is using the app, the connection, and a notice or the hints of the keys
/// that work now — generated from the key map's table for the current context.
extension TerminalApp {
    func drawStatus(on canvas: inout Canvas, in region: Region) {
        var pane = StatusLinePane(viewerName: viewerName, connection: session.connection, notice: session.statusNotice ?? activityNotice,
                                  hint: hint, strings: strings, text: text)
        pane.typing = chat.flatMap { strings.typing($0.typists, text) }
        pane.draw(on: &canvas, in: region)
    }

    /// "Guest" or the member's nickname, as the community keeps it live; on the terms page, the
    /// member agreeing (not a guest while agreeing).
    private var viewerName: String {
        if case .terms(let terms) = session.phase { return terms.memberName }
        return strings.name(of: community?.viewer)
    }

    /// The viewer may not act as a member (posting rule's first answer: a guest).
    private var viewerIsGuest: Bool {
        guard let community else { return false }
        return PostingRule.memberPermission(for: community.viewer) != .allowed
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
            case .typing:
                hint = isSearchingDirect ? strings.directSearchHint : strings.commandHint
            case .chatInput where chat?.permission.map({ $0 != .allowed }) == true:
                // Enter sends and ↑ edits nothing where the chat's posting decision refuses: not offered.
                hint = KeyMap.hints(for: .chatInput, strings, omitting: [.submit, .editLast])
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
