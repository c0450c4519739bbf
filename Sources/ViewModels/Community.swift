import ChatCore

/// Everything a signed-in member or a guest uses: the navigator with its four tabs, and the
/// nickname gate every path into a chat goes through. Built fresh for every session, so nothing
/// of a previous account can be shown by it.
@MainActor
public final class Community {
    public let navigator: Navigator
    public let gate: NicknameGate
    public let discover: DiscoverModel
    public let channels: ChannelListModel
    public let conversations: ConversationsModel
    public let profile: ProfileModel

    private let context: ModelContext

    /// Reports and blocks (`/report`, `/block NAME`, `/unblock NAME`) and their notice.
    public var safety: SafetyModel { context.safety }

    init(context: ModelContext, resolver: RegionResolver) {
        self.context = context
        gate = NicknameGate(context: context)
        discover = DiscoverModel(context: context, gate: gate)
        channels = ChannelListModel(context: context, resolver: resolver, gate: gate)
        conversations = ConversationsModel(context: context, gate: gate)
        profile = ProfileModel(context: context)
        navigator = Navigator(
            discover: .discover(discover), channels: .channels(channels),
            direct: .conversations(conversations), profile: .profile(profile), selected: .channels,
            forwardingTo: context.changes)
        gate.navigator = navigator
    }

    /// Shows the channel list, fetches Discover, and opens `channelName` (`--channel`) if given.
    func start(opening channelName: String?) async {
        await navigator.start()
        await navigator.preload(.discover)
        if let channelName { await gate.open(.channelNamed(channelName)) }
    }

    /// `/join NAME`.
    @discardableResult
    public func join(_ name: String) async -> GateOutcome {
        await gate.open(.channelNamed(name))
    }

    /// `/dm NAME`: a member by nickname or email.
    @discardableResult
    public func directMessage(_ nameOrEmail: String) async -> GateOutcome {
        await gate.open(.member(nameOrEmail))
    }

    /// Ctrl-K.
    public func showQuickSwitcher() async {
        await navigator.present(.quickSwitcher(QuickSwitcherModel(context: context, gate: gate)))
    }

    /// Hides and closes every screen: each drops what it held.
    func close() async {
        await navigator.closeAll()
    }
}
