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

    private let service: any ChatService
    private let strings: Strings

    init(service: any ChatService, strings: Strings, resolver: RegionResolver) {
        self.service = service
        self.strings = strings
        gate = NicknameGate(service: service, strings: strings)
        discover = DiscoverModel(service: service, strings: strings, gate: gate)
        channels = ChannelListModel(service: service, strings: strings, resolver: resolver, gate: gate)
        conversations = ConversationsModel(service: service, strings: strings, gate: gate)
        profile = ProfileModel(service: service, strings: strings)
        navigator = Navigator(
            discover: .discover(discover), channels: .channels(channels),
            direct: .conversations(conversations), profile: .profile(profile), selected: .channels)
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
        await navigator.present(.quickSwitcher(QuickSwitcherModel(service: service, strings: strings, gate: gate)))
    }

    /// Hides and closes every screen: each drops what it held.
    func close() async {
        await navigator.closeAll()
    }
}
