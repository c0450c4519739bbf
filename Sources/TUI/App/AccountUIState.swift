import ChatCore
import ViewModels

/// Everything the terminal keeps for the account using it: where the keys go, the text being
/// typed and its history, each chat's draft, the lists' selections, the chat's scroll and the
/// pages of the community (Discover, Direct, the profile, the quick switcher) with their own state. One
/// value, so a log-out or an account switch drops all of it at once (`TerminalApp.syncPages`):
/// nothing one account typed is ever recalled for another.
struct AccountUIState {
    /// Where keys go in a chat: the list beside it, its input, the chat after Esc (reading),
    /// or its selection mode.
    enum Focus { case list, reading, selecting, input }

    var focus = Focus.list
    /// The chat's input line, with the history ↑/↓ recall.
    var input = LineEditor()
    /// Text typed in a chat and not sent, kept while another chat is open.
    var drafts: [ChatSubject: String] = [:]
    var channelSelection = ListSelection()
    /// Where the open chat is scrolled.
    var chatScroll = ChatScroll.newest
    var discover: DiscoverController?
    var direct: DirectController?
    var profile: ProfileController?
    var switcher: QuickSwitcherController?
    var search: SearchController?
}
