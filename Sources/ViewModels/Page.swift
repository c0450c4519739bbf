/// A page the navigator can show: one screen and its model. A front end switches on this to pick
/// the pane to draw.
@MainActor
public enum Page {
    case discover(DiscoverModel)
    case channels(ChannelListModel)
    case conversations(ConversationsModel)
    case profile(ProfileModel)
    case chat(ChatModel)
    /// Log in over the community (a guest logging in), presented modally.
    case logIn(LogInFormModel)
    case terms(TermsModel)
    case nicknamePrompt(NicknamePromptModel)
    case quickSwitcher(QuickSwitcherModel)
    /// `/search`, Ctrl-R: results over everything, or over one chat.
    case search(SearchModel)

    /// The model whose lifecycle hooks the navigator calls.
    public var model: any Lifecycle {
        switch self {
        case .discover(let model): return model
        case .channels(let model): return model
        case .conversations(let model): return model
        case .profile(let model): return model
        case .chat(let model): return model
        case .logIn(let model): return model
        case .terms(let model): return model
        case .nicknamePrompt(let model): return model
        case .quickSwitcher(let model): return model
        case .search(let model): return model
        }
    }

    /// A short stable name, for traces and tests.
    public var name: String {
        switch self {
        case .discover: return "discover"
        case .channels: return "channels"
        case .conversations: return "conversations"
        case .profile: return "profile"
        case .chat(let model): return "chat:\(model.title)"
        case .logIn: return "logIn"
        case .terms: return "terms"
        case .nicknamePrompt: return "nicknamePrompt"
        case .quickSwitcher: return "quickSwitcher"
        case .search: return "search"
        }
    }

    /// A chat takes the whole screen: the tab bar hides while it is on top.
    public var hidesTabBar: Bool {
        if case .chat = self { return true }
        return false
    }

    func isSame(as other: Page) -> Bool { model === other.model }
}

/// One hook call the navigator made, as recorded by `Navigator.onHook`.
public struct HookCall: Hashable, Sendable, CustomStringConvertible {
    public enum Hook: String, Hashable, Sendable {
        case load, willAppear, didDisappear, close
    }

    public var screen: String
    public var hook: Hook

    public init(_ screen: String, _ hook: Hook) {
        self.screen = screen
        self.hook = hook
    }

    public var description: String { "\(screen).\(hook.rawValue)" }
}
