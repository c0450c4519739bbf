import ChatCore
import ViewModels

/// The pages of the account using the app, each with its own state: the chat page (focus, the
/// typed text and its history, drafts, scroll), the channel list, Discover, Direct, the profile
/// and the quick switcher. One value, so a log-out or an account switch drops all of it at once
/// (`TerminalApp.syncPages`): nothing one account typed is ever recalled for another.
struct AccountUIState {
    var chat: ChatController?
    var channels: ChannelListController?
    var discover: DiscoverController?
    var direct: DirectController?
    var profile: ProfileController?
    var switcher: QuickSwitcherController?
    var search: SearchController?
}
