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
    /// Activity in the chats not on screen: the hotlist, the direct-message notice, announcements.
    public let activity: ActivityModel

    /// Who is using tteok, kept live from the start for as long as this community is the
    /// session's: the status line reads it here, whatever page is shown (a page hidden behind
    /// another misses the viewer's changes until it appears again).
    public private(set) var viewer: Viewer = .guest

    private let context: ModelContext
    private let live = LiveSubscription()

    /// Reports and blocks (`/report`, `/block NAME`, `/unblock NAME`) and their notice.
    public var safety: SafetyModel { context.safety }

    /// `viewer`: who the session is for, so that no frame names anyone else while screens load.
    init(context: ModelContext, resolver: RegionResolver, viewer: Viewer, daily: ActivitySettings = ActivitySettings()) {
        self.context = context
        self.viewer = viewer
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
        activity = ActivityModel(service: context.service, changes: context.changes, words: daily.highlightWords, settingsFile: daily.notifyFile)
        activity.onScreen = { [weak navigator] in navigator?.chatOnScreen }
        navigator.changes.addObserver { [weak self] in self?.activity.seen(self?.navigator.chatOnScreen) }
    }

    /// Shows the channel list, fetches Discover, and opens `channelName` (`--channel`) if given.
    func start(opening channelName: String?) async {
        live.bind(to: context.service) { [weak self] event in
            if case .viewerChanged(let viewer) = event { self?.viewerChanged(viewer) }
        }
        viewerChanged(await context.service.viewer())  // a change before the binding is not missed
        activity.start(viewer: viewer)
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
        await navigator.present(.quickSwitcher(QuickSwitcherModel(context: context, gate: gate) { [weak self] in self?.activity.hotlist ?? Hotlist() }))
    }

    /// A new nickname or account: the status line and the list's nickname banner follow at once.
    private func viewerChanged(_ viewer: Viewer) {
        self.viewer = viewer
        channels.viewerChanged(viewer)
        activity.viewerChanged(viewer)
        context.changes.publish()
    }

    /// Hides and closes every screen: each drops what it held.
    func close() async {
        live.cancel()
        activity.stop()
        await navigator.closeAll()
    }
}
