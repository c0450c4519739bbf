import ChatCore
import FoundationEssentials

/// Reports, blocks (`m.ignored_user_list`, object form) and profiles.
extension MatrixService {
    public func report(_ message: MessageID, in channel: ChannelID, reason: String) async throws {
        let active = try member()
        try await mapped {
            let event = try await active.cache.eventID(of: message.raw)
            try await active.client.report(event: event, in: channel.raw, reason: reason)
        }
    }

    public func block(_ user: UserID) async throws {
        try await changeIgnored { $0[user.raw] = .init() }
    }

    /// The server never re-sends what it filtered while the user was ignored, so cached timelines
    /// are dropped and re-read: the unblocked user's messages come back, including recent ones.
    public func unblock(_ user: UserID) async throws {
        try await changeIgnored { $0.removeValue(forKey: user.raw) }
        let active = try member()
        try await mapped { try await active.cache.resetAllTimelines() }
        hub.publish(.blocksChanged)
    }

    public func blockedUsers() async throws -> [UserProfile] {
        let active = try await reader()
        return try await mapped {
            var result: [UserProfile] = []
            for user in try await active.cache.ignoredUsers() { result.append(try await cachedProfile(user, active)) }
            return result
        }
    }

    public func profile(of user: UserID) async throws -> UserProfile {
        let active = try await reader()
        return try await mapped {
            let name: String?
            do {
                name = try await active.client.profile(of: user.raw).displayname
            } catch MatrixError.unreachable {
                name = try await active.cache.displayName(of: user.raw)
            }
            // Region is private account data: only the viewer's own is known.
            let region = user.raw == active.userID
                ? try await active.cache.accountData(TteokProfileContent.type, as: TteokProfileContent.self)?.region : nil
            return UserProfile(id: user, nickname: DomainMapping.nickname(name, of: user.raw), region: region)
        }
    }

    public func messageCount(of user: UserID) async throws -> Int {
        let active = try await reader()
        return try await mapped { try await active.cache.eventCount(by: user.raw) }
    }

    public func recentMessages(by user: UserID, limit: Int) async throws -> [Message] {
        let active = try await reader()
        return try await mapped { try await active.cache.events(by: user.raw, limit: limit).map(active.message) }
    }

    /// Edits the ignored list on the server, then the cache, then tells listeners to re-read.
    private func changeIgnored(_ edit: (inout [String: IgnoredUsersContent.Entry]) -> Void) async throws {
        let active = try member()
        try await mapped {
            var content = try await active.cache.accountData("m.ignored_user_list", as: IgnoredUsersContent.self)
                ?? IgnoredUsersContent(ignored_users: [:])
            edit(&content.ignored_users)
            try await active.client.setAccountData("m.ignored_user_list", of: active.userID, to: content)
            try await active.cache.setAccountData("m.ignored_user_list", content)
            hub.publish(.blocksChanged)
        }
    }
}
