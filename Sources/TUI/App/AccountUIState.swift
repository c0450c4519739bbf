import ChatCore
import ViewModels

/// Everything the terminal keeps for the account using it: where the keys go, the text being
/// typed and its history, each chat's draft, the lists' selections, the chat's scroll and the
/// pages of the community (Discover, the profile, the quick switcher) with their own state. One
/// value, so a log-out or an account switch drops all of it at once (`TerminalApp.syncPages`):
/// nothing one account typed is ever recalled for another.
struct AccountUIState {
    /// Where keys go: a list, a chat's input, the chat after Esc (reading), its selection mode,
    /// or the Direct tab's search field.
    enum Focus { case list, reading, selecting, input, search }

    var focus = Focus.list
    /// The chat's input line, with the history ↑/↓ recall.
    var input = LineEditor()
    /// Text typed in a chat and not sent, kept while another chat is open.
    var drafts: [ChatSubject: String] = [:]
    /// The Direct tab's search field.
    var directQuery = LineEditor()
    var channelSelection = ListSelection()
    var directSelection = ListSelection()
    /// Where the open chat is scrolled.
    var chatScroll = ChatScroll.newest
    var discover: DiscoverController?
    var profile: ProfileController?
    var switcher: QuickSwitcherController?
}
