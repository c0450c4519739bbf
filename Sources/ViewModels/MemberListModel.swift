import ChatCore

/// The member list of the open chat (`/names`, the pane beside the chat): only as many members
/// as the front end shows are asked for and held, so a room of 10,000 costs one screen of rows;
/// the total comes with them.
@MainActor
public final class MemberListModel {
    public let changes: ChangeSignal
    /// Nil until first asked for.
    public private(set) var list: Loadable<MemberList>?
    /// The channel the list is of (the chat's, which a new direct conversation gets late).
    private var channel: ChannelID?
    /// How many rows were asked for: a taller pane asks again, a shorter one keeps what it has.
    private var asked = 0
    private let service: (any MembersService)?
    private let strings: Strings

    init(service: (any MembersService)?, strings: Strings, changes: ChangeSignal) {
        self.service = service
        self.strings = strings
        self.changes = changes
    }

    /// True when `rows` members of `channel` are more than the list holds or was asked for.
    public func needs(_ channel: ChannelID?, rows: Int) -> Bool {
        channel != self.channel || list == nil || MemberList.clamp(rows) > asked
    }

    /// Makes sure the first `rows` members of `channel` are loaded.
    public func show(_ channel: ChannelID?, rows: Int) async {
        guard needs(channel, rows: rows) else { return }
        await load(channel, rows: MemberList.clamp(rows))
    }

    /// The first `limit` members of `channel` for a one-off listing (`/names`), the rows held
    /// for the pane left as they are.
    public func firstMembers(_ channel: ChannelID?, limit: Int) async -> Loadable<MemberList> {
        guard let service else { return .failed(strings.noMemberList) }
        guard let channel else { return .loaded(MemberList(members: [], total: 0)) }
        do {
            return .loaded(try await service.members(of: channel, limit: limit))
        } catch {
            return .failed(strings.error(error))
        }
    }

    /// Reads the list again (someone new posted, `/members` fetched the rest).
    public func refresh() async {
        guard list != nil else { return }
        await load(channel, rows: asked)
    }

    /// Refreshes when someone outside the rows held posts, while the list is not full: a
    /// newcomer may belong among them. A full list of a big room is not re-read per message.
    func noticePoster(_ user: UserID) async {
        guard misses(poster: user) else { return }
        await refresh()
    }

    /// True when a post by `user` may bring a newcomer among the rows held: the list is not full
    /// and does not hold them (`noticePoster` then reads it again).
    func misses(poster user: UserID) -> Bool {
        guard let held = list?.value else { return false }
        return held.members.count < asked && !held.members.contains { $0.user == user }
    }

    /// Asks the server for every member of `channel` (Matrix lazy loading), then reads the
    /// list again; nil when it worked, else why not, readable.
    public func fetchAll(_ channel: ChannelID?) async -> String? {
        guard let service, let channel else { return strings.noMemberList }
        do {
            try await service.fetchMembers(of: channel)
        } catch {
            return strings.error(error)
        }
        await load(channel, rows: max(asked, 1))
        return nil
    }

    private func load(_ channel: ChannelID?, rows: Int) async {
        if channel != self.channel { list = nil }
        self.channel = channel
        asked = rows
        guard let service else {
            list = .failed(strings.noMemberList)
            changes.publish()
            return
        }
        guard let channel else {
            // A direct conversation not started yet has no channel to ask about.
            list = .loaded(MemberList(members: [], total: 0))
            changes.publish()
            return
        }
        if list == nil { list = .loading }
        do {
            list = .loaded(try await service.members(of: channel, limit: rows))
        } catch {
            list = .failed(strings.error(error))
        }
        changes.publish()
    }
}
