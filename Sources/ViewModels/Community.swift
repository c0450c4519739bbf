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
    /// The moderators' channel and member actions (`/create`, `/rename`, `/mute`…).
    public let moderation: ModerationModel
    /// Invitations waiting for an answer, live from the start (the status line says when one comes).
    public let invitations: InvitationsModel
    /// Other devices asking to verify this one, waiting for the person's answer.
    public let verificationRequests: IncomingVerifications
    /// The recovery key prompt, when the account's secret storage holds keys this device lacks.
    public let recovery: RecoveryModel

    /// Who is using tteok, kept live from the start for as long as this community is the
    /// session's: the status line reads it here, whatever page is shown (a page hidden behind
    /// another misses the viewer's changes until it appears again).
    public private(set) var viewer: Viewer = .guest

    let context: ModelContext
    private let live = LiveSubscription()
    /// Set by the session: the member's session ended under this community.
    var sessionEnded: (@MainActor () async -> Void)?

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
        moderation = ModerationModel(service: context.service, strings: context.strings)
        invitations = InvitationsModel(context: context, gate: gate)
        verificationRequests = IncomingVerifications(context: context)
        recovery = RecoveryModel(context: context)
        navigator = Navigator(
            discover: .discover(discover), channels: .channels(channels),
            direct: .conversations(conversations), profile: .profile(profile), selected: .channels,
            forwardingTo: context.changes)
        gate.navigator = navigator
        activity = ActivityModel(service: context.service, changes: context.changes, words: daily.highlightWords, settingsFile: daily.notifyFile)
        activity.onScreen = { [weak navigator] in navigator?.chatOnScreen }
        activity.listedPlace = { [weak channels, weak conversations] id in
            if let row = channels?.rows.value?.first(where: { $0.channel.id == id }) { return (row.channel.name, row.channel.isDirect) }
            return conversations?.rows.value?.first { $0.id == id }.map { ($0.other.nickname, true) }
        }
        channels.onScreen = { [weak navigator] in navigator?.chatOnScreen }
        navigator.changes.addObserver { [weak self] in self?.activity.seen(self?.navigator.chatOnScreen) }
    }

    /// The events the community's own listener acts on: the viewer, and what the activity and
    /// the invitations take (not the counts that come with every live message).
    static func handles(_ event: ChatEvent) -> Bool {
        if case .viewerChanged = event { return true }
        return ActivityModel.handles(event) || InvitationsModel.handles(event)
    }

    /// Shows the channel list, opens `channelName` (`--channel`) if given, and fetches Discover;
    /// `shown` is told once the list and that chat are there, before Discover's fetch.
    func start(opening channelName: String?, shown: @MainActor () -> Void = {}) async {
        // A new message is the activity's alone (invitations and the viewer ignore it).
        let now: @MainActor (ChatEvent) -> Bool = { [weak self] event in
            guard case .messagesAdded = event else { return false }
            return self?.activity.handleAtOnce(event) ?? true
        }
        live.bind(to: context.service, taking: Self.handles, now: now) { [weak self] event in
            if case .viewerChanged(let viewer) = event { await self?.follow(viewer) }
            await self?.activity.handle(event)
            await self?.invitations.handle(event)
        }
        await follow(await context.service.viewer())  // a change before the binding is not missed
        // The channel asked for is looked up while the list loads (one round trip for both); it
        // opens through the gate after the list, and before Discover's fetch: it is what the
        // first frame shows. A lookup that failed is made again by the gate, which says why.
        let lookup = channelName.map { name in Task { [service = context.service] in try? await service.channel(named: name) } }
        await navigator.start()
        if let channelName {
            let found: Channel? = await lookup?.value ?? nil
            await gate.open(found.map { ChatTarget.channel($0) } ?? .channelNamed(channelName))
        }
        shown()
        await navigator.preload(.discover)
        await invitations.start()
        verificationRequests.start()
        recovery.start()
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

    /// `/search TEXT` (everything) or Ctrl-R in a chat (that chat): results, and a jump to each.
    public func showSearch(_ text: String, in chat: ChatModel? = nil) async {
        let model = SearchModel(context: context, scope: chat?.channelID, scopeName: chat?.title, query: text) { [weak self] id in
            await self?.openChat(id) ?? .failed("")
        }
        await navigator.present(.search(model))
    }

    /// A new nickname or account: the status line and the list's nickname banner follow at once.
    /// A member who became a guest under this community was banned (or lost the session
    /// elsewhere): the session ends (`sessionEnded`). A member asked for newer terms (a
    /// moderator published them) is shown them over whatever is on screen.
    private func follow(_ viewer: Viewer) async {
        let was = self.viewer
        self.viewer = viewer
        channels.viewerChanged(viewer)
        activity.viewerChanged(viewer)
        context.changes.publish()
        switch viewer {
        case .guest:
            if case .member = was { await sessionEnded?() }
        case .member(let account):
            if account.termsChanged { await askForNewTerms(account) }
        }
    }

    private func askForNewTerms(_ account: Account) async {
        if case .terms? = navigator.modal { return }
        let terms = TermsModel(context: context, account: account) { [weak self] _ in await self?.navigator.dismiss() }
        await terms.load()
        await navigator.present(.terms(terms))
    }

    /// Hides and closes every screen: each drops what it held.
    func close() async {
        live.cancel()
        invitations.close()
        verificationRequests.close()
        recovery.stop()
        await navigator.closeAll()
    }
}
