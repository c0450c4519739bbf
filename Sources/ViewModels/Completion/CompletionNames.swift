import ChatCore

/// The names Tab completes in an open chat beside who spoke there: every member of its channel
/// (`MembersService.memberNames` — on Matrix the room's joined members, fetched once when lazy
/// loading left some out) and the people talked with, in one `NameIndex`.
///
/// The index is built off the main actor when that set changes — the first Tab, another chat or
/// new conversation partners, a membership change in the channel, a new message under a name
/// the index lacks (a newcomer, someone renamed), a block — and never per Tab. A Tab while a rebuild for a change runs uses the index before it:
/// whoever just wrote is among the recent speakers, who rank first anyway.
@MainActor
public final class CompletionNames {
    /// What an index is built from.
    private struct Source: Equatable {
        var channel: ChannelID?
        var partners: [String]
    }

    private let service: (any MembersService)?
    private var source: Source?
    /// The last index built for `source` (nil until the first build for it finished).
    private var index: NameIndex?
    /// The build under way, if one is.
    private var build: Task<NameIndex, Never>?
    /// Counts builds started: a build finishing after a newer one started is dropped.
    private(set) var generation = 0
    /// The set changed while a build ran: build again after it.
    private var changedDuringBuild = false

    /// `service` nil: a backend without member lists (only the partners are indexed).
    public init(service: (any MembersService)?) {
        self.service = service
    }

    /// The index for `channel`'s members and `partners`: the one held when it was built for
    /// them, else (the first Tab, another chat, new partners) one built now.
    public func names(in channel: ChannelID?, partners: [String]) async -> NameIndex {
        let wanted = Source(channel: channel, partners: partners)
        if wanted != source {
            source = wanted
            index = nil
            startBuild()
        }
        if let index { return index }
        if build == nil { startBuild() }
        return await build?.value ?? NameIndex(partners)
    }

    /// Whether `messages` (new in the chat) change who is in it: a membership change, or a
    /// sender under a name the index does not know (a newcomer, a rename). Rebuilds if so. A
    /// name Tab cannot type (empty: a post still `sending…`) is never in the index and changes
    /// nothing in it.
    public func notice(_ messages: [Message]) {
        guard let index else { return }
        let changes = messages.contains { message in
            if case .roomChange(.membership) = message.content { return true }
            return NameIndex.completable(message.senderNickname) != nil && !index.contains(message.senderNickname)
        }
        if changes { membersChanged() }
    }

    /// Rebuilds the index for the source it is held for (not before a first Tab asked for one).
    public func membersChanged() {
        guard source != nil else { return }
        if build != nil {
            changedDuringBuild = true
        } else {
            startBuild()
        }
    }

    private func startBuild() {
        guard let source else { return }
        generation += 1
        let generation = generation
        let service = service
        build = Task { [weak self] in
            var names = source.partners
            if let service, let channel = source.channel {
                // A failed read completes the partners and who spoke; the next change asks again.
                names += (try? await service.memberNames(of: channel)) ?? []
            }
            let built = await Task.detached(priority: .userInitiated) { NameIndex(names) }.value
            self?.finished(built, generation: generation)
            return built
        }
    }

    private func finished(_ built: NameIndex, generation: Int) {
        guard generation == self.generation else { return }
        index = built
        build = nil
        if changedDuringBuild {
            changedDuringBuild = false
            startBuild()
        }
    }
}
