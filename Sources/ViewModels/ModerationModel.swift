import ChatCore

/// What came of a moderator's action, for the status line (done) or an alert (failed).
public enum ModerationOutcome: Hashable, Sendable {
    case done(String)
    case failed(String)
}

/// A moderator's work from the interactive client: create, rename and archive channels, mute and
/// ban members. Who may is decided by the backend inside each write (`ModerationService`), so a
/// member is refused in the backend's words ("Only the community's moderators can …") and
/// nothing changes; this only names the target and says what came of it. Matrix offers no
/// `ModerationService` (a room's power levels decide there): every action says so.
@MainActor
public final class ModerationModel {
    private let service: (any ModerationService)?
    private let strings: Strings

    init(service: any ChatService, strings: Strings) {
        self.service = service as? any ModerationService
        self.strings = strings
    }

    /// `/channel create NAME [--region REGION]`.
    public func createChannel(named name: String, region: String?) async -> ModerationOutcome {
        await act { try await $0.createChannel(named: name, region: region) } done: { self.strings.channelCreated($0.name) }
    }

    /// `/rename NAME`: the open channel takes `name`.
    public func rename(_ channel: ChannelID, to name: String) async -> ModerationOutcome {
        await act { try await $0.renameChannel(channel, to: name) } done: { self.strings.channelRenamed($0.name) }
    }

    /// `/archive`: the open channel stays readable; nobody posts there.
    public func archive(_ channel: ChannelID) async -> ModerationOutcome {
        await act { try await $0.setArchived(channel, true) } done: { self.strings.channelArchived($0.name) }
    }

    /// `/mute NICK [REASON]`, `/ban NICK [REASON]`, until a moderator lifts it. Without a reason
    /// the member reads that none was given.
    public func impose(_ kind: SanctionKind, on member: String, reason: String?) async -> ModerationOutcome {
        let reason = reason.flatMap { $0.isEmpty ? nil : $0 } ?? strings.noReasonGiven
        return await act { try await $0.impose(kind, on: member, reason: reason, until: nil) } done: {
            self.strings.sanctioned($0.kind, $0.member.nickname)
        }
    }

    private func act<T>(_ work: (any ModerationService) async throws -> T, done: (T) -> String) async -> ModerationOutcome {
        guard let service else { return .failed(strings.moderationUnavailable) }
        do {
            return .done(done(try await work(service)))
        } catch {
            return .failed(strings.error(error))
        }
    }
}
