/// One page of the channel list, in display order.
public struct ChannelPage: Hashable, Sendable {
    public var channels: [Channel]
    /// The viewer's region channel, first on the first page only; nil when none matched.
    public var pinned: ChannelID?
    /// `.haveMore(token)` to ask for the next page, `.done` at the end.
    public var next: Paging

    public init(channels: [Channel], pinned: ChannelID?, next: Paging) {
        self.channels = channels
        self.pinned = pinned
        self.next = next
    }
}

extension ChatService {
    /// Orders every channel in memory and hands out a slice (the token is an offset): right for a
    /// backend whose list is already in memory, as a homeserver's joined rooms are. The embedded
    /// community pages in SQL instead.
    public func channelPage(region: String?, after token: PageToken?, limit: Int) async throws -> ChannelPage {
        let (all, pinned) = ChannelOrdering.ordered(try await channels(), region: region)
        let start = token.flatMap { Int($0.raw) }.map { min(max($0, 0), all.count) } ?? 0
        let end = min(all.count, start + max(1, limit))
        return ChannelPage(channels: Array(all[start..<end]), pinned: start == 0 ? pinned : nil,
                           next: end < all.count ? .haveMore(PageToken(String(end))) : .done)
    }

    /// Each channel's `unreadCount`, asked concurrently.
    public func unreadCounts(in channels: [ChannelID]) async -> [ChannelID: Result<Int, ChatError>] {
        await withTaskGroup(of: (ChannelID, Result<Int, ChatError>).self) { group in
            for id in channels {
                // The do/catch lives in a function of its own: in the child closure itself, a release
                // build (Swift 6.3.1) crashed the task group ("pure virtual method called").
                group.addTask { (id, await self.unreadResult(in: id)) }
            }
            var counts: [ChannelID: Result<Int, ChatError>] = [:]
            for await (id, result) in group { counts[id] = result }
            return counts
        }
    }

    private func unreadResult(in channel: ChannelID) async -> Result<Int, ChatError> {
        do {
            return .success(try await unreadCount(in: channel))
        } catch let error as ChatError {
            return .failure(error)
        } catch {
            return .failure(.storage(String(describing: error)))
        }
    }
}
