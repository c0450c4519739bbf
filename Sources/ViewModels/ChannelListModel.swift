import ChatCore

/// One row of the channel list. A value: a row can only ever show its own channel's data.
public struct ChannelRow: Hashable, Sendable, Identifiable {
    public let channel: Channel
    public let badge: CountBadge
    /// True for the one row pinned first as the viewer's region.
    public let isCurrentRegion: Bool
    /// How many spaces up the list this row is grouped under (`ChannelNesting.depth`): its indent.
    public let depth: Int

    public init(channel: Channel, badge: CountBadge, isCurrentRegion: Bool, depth: Int = 0) {
        self.channel = channel
        self.badge = badge
        self.isCurrentRegion = isCurrentRegion
        self.depth = depth
    }

    public var id: ChannelID { channel.id }
    public var name: String { channel.name }
}

/// The channel list: region pinned from the first published list, unread badges fetched together
/// and published once, live badge updates while shown, a pre-fetch when hidden.
///
/// The list is a window: the first page in display order, and the next page when the rows shown
/// come near its end (`rowsShown(through:)`), so a community with a million channels costs the
/// first frame one page of channels and counts, not a million.
@MainActor
public final class ChannelListModel: Lifecycle {
    public let changes: ChangeSignal
    public private(set) var rows: Loadable<[ChannelRow]> = .loading
    /// The region the list is pinned to, nil when none was found in time.
    public private(set) var region: String?
    public private(set) var viewer: Viewer = .guest
    /// Shown above the list for a member without a nickname ("Set your nickname first.").
    public private(set) var banner: String?

    private let service: any SessionService & ReadingService & LiveEventsService
    private let strings: Strings
    private let resolver: RegionResolver
    private let gate: NicknameGate
    private let live = LiveSubscription()
    /// The channels loaded so far, in display order: the first `loadedPages` pages.
    private var channels: [Channel] = [] { didSet { channelIDs = Set(channels.map(\.id)) } }
    /// The ids of `channels`: a live message asks whether its channel is listed, and on an account
    /// in a thousand rooms a walk through the list for it showed in the burst's profile.
    private var channelIDs: Set<ChannelID> = []
    private var pinned: ChannelID?
    private var next: Paging = .notStarted
    private var fetchingMore = false
    private var badges: [ChannelID: CountBadge] = [:]
    private var asking: Set<ChannelID> = []
    private var regionViewer: Viewer?
    /// The chat on screen (the community's navigator says), whose badge needs no asking.
    var onScreen: () -> ChannelID? = { nil }
    /// True once the channels were fetched: from then on `rows` is a list, never `.loading`.
    private var listed = false
    private var stale = false

    init(context: ModelContext, resolver: RegionResolver, gate: NicknameGate) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.resolver = resolver
        self.gate = gate
    }

    // MARK: Lifecycle

    /// Region first, then the list (already pinned, badges loading), then every badge in one go.
    public func load() async {
        await readViewer()
        guard await fetchChannels() else { return publishRows() }
        publishRows()
        await fetchBadges(for: channels.map(\.id))
        publishRows()
    }

    /// Listens first, then brings the list up to date if it was hidden: nothing falls between.
    public func willAppear() async {
        bindLive()
        if stale { await refresh() }
    }

    /// Stops listening and fetches again so the list is already fresh when it shows next.
    public func didDisappear() async {
        live.cancel()
        await refresh()
        stale = true
    }

    public func close() async {
        live.cancel()
        channels = []
        pinned = nil
        next = .notStarted
        badges = [:]
        rows = .loading
        listed = false
        region = nil
        regionViewer = nil
        viewer = .guest
        banner = nil
    }

    // MARK: Actions

    /// Opens the channel of `row` through the nickname gate.
    @discardableResult
    public func open(_ row: ChannelRow) async -> GateOutcome {
        await gate.open(.channel(row.channel))
    }

    /// A wide front end keeps the list on screen beside an open chat: while it says so, the list
    /// keeps listening (its badges stay live) although the navigator has hidden it. Binding
    /// twice is harmless; when the list shows again, `willAppear` takes over.
    public func setShownBesideChat(_ shown: Bool) {
        if shown {
            bindLive()
        } else {
            live.cancel()
        }
    }

    /// A front end drawing a row whose badge is still loading asks for that one count alone.
    public func rowWillShow(_ id: ChannelID) async {
        guard badges[id] == nil, !asking.contains(id), channelIDs.contains(id) else { return }
        await fetchBadges(for: [id])
        publishRows()
    }

    /// Channels fetched per page, and how near the end of the loaded ones the shown rows may come
    /// before the next page is fetched.
    public static let pageSize = 200

    /// A front end drew rows up to `index`: near the end of what is loaded, the next page is
    /// fetched, with its counts, and published once. Called after every frame, so it decides at
    /// once and starts work only when there is some; the task is returned for whoever waits.
    @discardableResult
    public func rowsShown(through index: Int) -> Task<Void, Never>? {
        guard index >= channels.count - Self.pageSize / 2, case .haveMore(let token) = next, !fetchingMore else { return nil }
        fetchingMore = true
        return Task { [weak self] in await self?.fetchPage(after: token) }
    }

    private func fetchPage(after token: PageToken) async {
        defer { fetchingMore = false }
        guard let page = try? await service.channelPage(region: region, after: token, limit: Self.pageSize),
              case .haveMore(token) = next else { return }
        channels += page.channels
        next = page.next
        await fetchBadges(for: page.channels.map(\.id))
        publishRows()
    }

    // MARK: Fetching

    /// Re-reads the viewer, channels and every badge, then publishes once.
    private func refresh() async {
        await readViewer()
        guard await fetchChannels() else { return publishRows() }
        await fetchBadges(for: channels.map(\.id))
        stale = false
        publishRows()
    }

    /// Re-reads the viewer; the region is resolved again only when the viewer changed.
    private func readViewer() async {
        setViewer(await service.viewer())
        guard regionViewer != viewer else { return }
        region = await resolver.resolve(for: viewer)
        regionViewer = viewer
    }

    /// The viewer changed while the list may be hidden (`Community` listens all the time): the
    /// nickname banner follows at once; the rest is re-read when the list appears.
    func viewerChanged(_ viewer: Viewer) {
        guard viewer.userID == self.viewer.userID else { return }
        setViewer(viewer)
    }

    private func setViewer(_ viewer: Viewer) {
        self.viewer = viewer
        if case .member(let account) = viewer, account.needsNickname {
            banner = strings.setNicknameFirst
        } else {
            banner = nil
        }
    }

    /// Fetches the list again from its first page, as many pages as were loaded (at least one).
    private func fetchChannels() async -> Bool {
        let wanted = max(channels.count, 1)
        var fetched: [Channel] = []
        var token: PageToken?
        do {
            repeat {
                let page = try await service.channelPage(region: region, after: token, limit: Self.pageSize)
                if token == nil { pinned = page.pinned }
                fetched += page.channels
                next = page.next
                token = if case .haveMore(let more) = page.next { more } else { nil }
            } while token != nil && fetched.count < wanted
        } catch {
            if rows.value == nil { rows = .failed(strings.error(error)) }
            return false
        }
        channels = fetched
        let known = Set(channels.map(\.id))
        badges = badges.filter { known.contains($0.key) }
        listed = true
        return true
    }

    /// Asks for these counts at once (the backend reads a page's in one go); the caller
    /// publishes once when all are in.
    private func fetchBadges(for ids: [ChannelID]) async {
        let wanted = ids.filter { !asking.contains($0) }
        asking.formUnion(wanted)
        let fetched = await service.unreadCounts(in: wanted)
        asking.subtract(wanted)
        badges.merge(fetched.mapValues { (try? $0.get()).map(CountBadge.init(count:)) ?? .error }) { _, new in new }
    }

    /// Publishes the rows; `change` is `.badges` when only those changed.
    private func publishRows(_ change: ModelChange = .anything) {
        if listed {
            let byID = Dictionary(channels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            rows = .loaded(channels.map { channel in
                // The pinned region channel leads the list, out of its space.
                let isPinned = channel.id == pinned
                return ChannelRow(channel: channel, badge: badges[channel.id] ?? .loading, isCurrentRegion: isPinned,
                                  depth: isPinned ? 0 : ChannelNesting.depth(of: channel, in: byID))
            })
        }
        changes.publish(change)
    }

    /// Publishes the rows, as a change of those rows alone, when a badge of `ids` is no longer
    /// what it was (`before`); nothing when none changed.
    private func publishBadges(changedSince before: [ChannelID: CountBadge?], among ids: Set<ChannelID>) {
        let changed = ids.filter { badges[$0] != before[$0] ?? nil }
        if !changed.isEmpty { publishRows(.badges(changed)) }
    }

    // MARK: Live

    /// The events `handle` acts on (not the messages themselves: their counts follow).
    static func handles(_ event: ChatEvent) -> Bool {
        switch event {
        case .countsChanged, .unreadCounts, .channelsChanged, .viewerChanged, .blocksChanged: true
        default: false
        }
    }

    /// Listens (once) for the events the list acts on; the pushed counts are taken at once.
    private func bindLive() {
        live.bind(to: service, taking: Self.handles, now: { [weak self] in self?.handleAtOnce($0) ?? true }) { [weak self] event in
            await self?.handle(event)
        }
    }

    /// Handles the counts pushed with a live message without suspending (nothing to ask);
    /// false leaves other events to `handle`.
    private func handleAtOnce(_ event: ChatEvent) -> Bool {
        guard case .unreadCounts(let counts) = event else { return false }
        // The service counted them with the messages: nothing to ask. The chat on screen is
        // being read (`ChatModel` sends its marker within three seconds), so its badge stays hidden.
        // Only the listed channels' are taken, looked up one by one: a push naming a million
        // channels costs no more than the list.
        let read = onScreen()
        var before: [ChannelID: CountBadge?] = [:]
        var taken = Set<ChannelID>()
        for channel in channels {
            guard let count = counts[channel.id] else { continue }
            if before.index(forKey: channel.id) == nil { before[channel.id] = badges[channel.id] }
            badges[channel.id] = channel.id == read ? .hidden : CountBadge(count: count)
            taken.insert(channel.id)
        }
        publishBadges(changedSince: before, among: taken)
        return true
    }

    func handle(_ event: ChatEvent) async {
        switch event {
        case .countsChanged(let ids):
            // Every backend follows others' new messages with this event for their channels, so
            // `messagesAdded` asks for nothing here (it asked for the same count a second time:
            // one more request per live message through the service).
            let listed = ids.filter(channelIDs.contains)
            // The chat on screen is being read (`ChatModel` sends its marker within three seconds):
            // its badge is hidden without asking, so a live message there costs no request.
            let read = onScreen().flatMap { listed.contains($0) ? $0 : nil }
            let asked = listed.filter { $0 != read }
            // Only these badges' old values: a copy of the whole dictionary (a thousand rooms)
            // made each live answer copy every entry once `read` was written into it.
            let before = Dictionary(uniqueKeysWithValues: listed.map { ($0, badges[$0]) })
            if let read, badges[read] != .hidden { badges[read] = .hidden }
            if !asked.isEmpty { await fetchBadges(for: Array(asked)) }
            publishBadges(changedSince: before, among: listed)
        case .unreadCounts:
            _ = handleAtOnce(event)
        case .channelsChanged:
            // New rows show at once; each then asks for its own count, as a row drawn early does.
            guard await fetchChannels() else { return }
            publishRows()
            for id in channels.map(\.id) where badges[id] == nil { await rowWillShow(id) }
        case .viewerChanged, .blocksChanged:
            await refresh()
        default:
            break
        }
    }
}
