import ChatCore
import CommunityProtocol
import FoundationEssentials

/// Moderation over the socket: each call one request; the engine behind the service decides
/// who moderates and answers everyone else with its refusal.
extension ServiceCommunity: ModerationService {
    /// The community's reports; the service answers only its moderators.
    public func reports() async throws -> [ReportRecord] {
        guard case .reports(let list) = try await call(.reports) else { throw unexpected() }
        return list
    }

    public func moderators() async throws -> [ModeratorEntry] {
        guard case .moderators(let list) = try await call(.moderators) else { throw unexpected() }
        return list
    }

    public func setModerator(email: String, _ isModerator: Bool) async throws {
        try await done(.setModerator(email: email, isModerator))
    }

    /// A moderator creates a channel (open, or `region`'s); others are refused by the service.
    public func createChannel(named name: String, region: String?) async throws -> Channel {
        try await channel(.createChannel(name: name, region: region))
    }

    public func renameChannel(_ channel: ChannelID, to name: String) async throws -> Channel {
        try await self.channel(.renameChannel(channel, to: name))
    }

    public func setArchived(_ channel: ChannelID, _ archived: Bool) async throws -> Channel {
        try await self.channel(.setArchived(channel, archived))
    }

    public func archivedChannels() async throws -> [Channel] {
        guard case .channels(let list) = try await call(.archivedChannels) else { throw unexpected() }
        return list
    }

    public func impose(_ kind: SanctionKind, on member: String, reason: String, until: Date?) async throws -> Sanction {
        guard case .sanction(let sanction) = try await call(.impose(kind, on: member, reason: reason, until: until)) else { throw unexpected() }
        return sanction
    }

    public func lift(_ kind: SanctionKind, from member: String) async throws { try await done(.lift(kind, from: member)) }

    public func sanctions() async throws -> [Sanction] {
        guard case .sanctions(let list) = try await call(.sanctions) else { throw unexpected() }
        return list
    }

    public func publishTerms(_ text: String) async throws -> PublishedTerms {
        guard case .terms(let terms?) = try await call(.publishTerms(text)) else { throw unexpected() }
        return terms
    }

    public func publishedTerms() async throws -> PublishedTerms? {
        guard case .terms(let terms) = try await call(.publishedTerms) else { throw unexpected() }
        return terms
    }

    public func sessionRefusal() async -> ChatError? {
        guard case .refusal(let refusal)? = try? await call(.sessionRefusal) else { return nil }
        return refusal
    }

    private func channel(_ request: Request) async throws -> Channel {
        guard case .channel(let channel) = try await call(request) else { throw unexpected() }
        return channel
    }
}
