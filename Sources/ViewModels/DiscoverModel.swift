import ChatCore
import FoundationEssentials

/// One recommended channel: how active it was and its latest message.
public struct DiscoverRow: Hashable, Sendable, Identifiable {
    public let activity: ChannelActivity

    public var id: ChannelID { activity.channel.id }
    public var channel: Channel { activity.channel }
    public var messageCount: Int { activity.messageCount }
    public var latest: Message? { activity.latest }
}

/// The Discover tab: the most active channels of the last day. Fetched at load and pre-fetched on
/// every didDisappear, so returning never shows an empty or loading screen; the live subscription
/// is cancelled on leaving and bound once on return.
@MainActor
public final class DiscoverModel: Lifecycle {
    public let changes: ChangeSignal
    public private(set) var rows: Loadable<[DiscoverRow]> = .loading

    static let window: TimeInterval = 24 * 60 * 60
    static let limit = 20

    private let service: any ReadingService & LiveEventsService
    private let strings: Strings
    private let gate: NicknameGate
    private let live = LiveSubscription()
    private var stale = false

    init(context: ModelContext, gate: NicknameGate) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.gate = gate
    }

    /// Fetched when the app starts, possibly long before the tab is first shown: so the first
    /// appearance brings it up to date like every later one.
    public func load() async {
        await fetch()
        stale = true
    }

    /// Listens first, then brings the pre-fetched rows up to date before the screen is visible.
    public func willAppear() async {
        live.bind(to: service) { [weak self] event in await self?.handle(event) }
        if stale { await fetch() }
        stale = false
    }

    public func didDisappear() async {
        live.cancel()
        await fetch()
        stale = true
    }

    public func close() async {
        live.cancel()
        rows = .loading
    }

    /// Opens a recommended channel through the nickname gate.
    @discardableResult
    public func open(_ row: DiscoverRow) async -> GateOutcome {
        await gate.open(.channel(row.channel))
    }

    private func handle(_ event: ChatEvent) async {
        switch event {
        case .messagesAdded, .channelsChanged, .blocksChanged: await fetch()
        default: break
        }
    }

    /// Replaces the rows in one publish. A failed refresh keeps rows already shown.
    private func fetch() async {
        do {
            let since = Date().addingTimeInterval(-Self.window)
            let activity = try await service.activeChannels(since: since, limit: Self.limit)
            rows = .loaded(activity.map(DiscoverRow.init(activity:)))
        } catch {
            guard rows.value == nil else { return }
            rows = .failed(strings.error(error))
        }
        changes.publish()
    }
}
