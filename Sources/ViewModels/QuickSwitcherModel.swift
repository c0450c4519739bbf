import ChatCore

/// Ctrl-K: jump to any channel by typing part of its name. Opens through the nickname gate.
@MainActor
public final class QuickSwitcherModel: Lifecycle {
    public let changes: ChangeSignal
    public private(set) var query = ""
    /// Channels whose name contains the query, by name.
    public private(set) var matches: Loadable<[Channel]> = .loading

    private let service: any ReadingService
    private let strings: Strings
    private let gate: NicknameGate
    private var channels: [Channel] = []

    init(context: ModelContext, gate: NicknameGate) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.gate = gate
    }

    public func load() async {
        do {
            channels = ChannelOrdering.ordered(try await service.channels(), region: nil).channels
            filter()
        } catch {
            matches = .failed(strings.error(error))
            changes.publish()
        }
    }

    public func setQuery(_ text: String) {
        query = text
        filter()
    }

    /// Opens `channel` (replacing the switcher) if the gate lets the viewer in.
    @discardableResult
    public func choose(_ channel: Channel) async -> GateOutcome {
        await gate.open(.channel(channel))
    }

    private func filter() {
        let needle = query.trimmingCharacters(in: .whitespaces)
        matches = .loaded(needle.isEmpty ? channels : channels.filter { $0.name.localizedCaseInsensitiveContains(needle) })
        changes.publish()
    }
}
