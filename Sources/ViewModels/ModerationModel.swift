import ChatCore

/// What came of a moderator's action: done (for the status line), a list to read (reports,
/// sanctions), or failed (for an alert).
public enum ModerationOutcome: Hashable, Sendable {
    case done(String)
    /// A title and one line per entry, oldest or newest first as the service lists them. The
    /// lines hold other people's words: the front end draws them inert.
    case listed(title: String, lines: [String])
    case failed(String)
}

/// A moderator's work from the interactive client: create, rename, archive and restore channels,
/// mute and ban members and lift it, read reports and sanctions, publish terms. Who may is
/// decided by the backend inside each write (`ModerationService`), so a member is refused in the
/// backend's words ("Only the community's moderators can …") and nothing changes; this only
/// names the target and says what came of it. Matrix offers no `ModerationService` (a room's
/// power levels decide there): every action says so.
@MainActor
public final class ModerationModel {
    private let service: (any ModerationService)?
    private let channels: any ChatService
    private let strings: Strings

    init(service: any ChatService, strings: Strings) {
        self.service = service as? any ModerationService
        channels = service
        self.strings = strings
    }

    /// `/create NAME [--region REGION]`.
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

    /// `/unarchive NAME`: an archived channel, found by name, is written to again.
    public func unarchive(named name: String) async -> ModerationOutcome {
        await act { [channels] in
            try await $0.setArchived(channels.channel(named: name).id, false)
        } done: { self.strings.channelRestored($0.name) }
    }

    /// `/mute NICK [REASON]`, `/ban NICK [REASON]`, until a moderator lifts it. Without a reason
    /// the member reads that none was given.
    public func impose(_ kind: SanctionKind, on member: String, reason: String?) async -> ModerationOutcome {
        let reason = reason.flatMap { $0.isEmpty ? nil : $0 } ?? strings.noReasonGiven
        return await act { try await $0.impose(kind, on: member, reason: reason, until: nil) } done: {
            self.strings.sanctioned($0.kind, $0.member.nickname)
        }
    }

    /// `/unmute NICK`, `/unban NICK`.
    public func lift(_ kind: SanctionKind, from member: String) async -> ModerationOutcome {
        await act { try await $0.lift(kind, from: member) } done: { self.strings.lifted(kind, member) }
    }

    /// `/terms PATH`: `text` becomes the next terms version; every member agrees again.
    public func publishTerms(_ text: String) async -> ModerationOutcome {
        await act { try await $0.publishTerms(text) } done: { self.strings.termsPublished($0.version) }
    }

    /// `/reports`: every report, oldest first, one line each.
    public func reports() async -> ModerationOutcome {
        await act { try await $0.reports() } done: { reports in
            .listed(title: self.strings.reportsTitle(reports.count), lines: reports.map(self.strings.reportLine))
        }
    }

    /// `/sanctions`: the mutes and bans in force, newest first.
    public func sanctions() async -> ModerationOutcome {
        await act { try await $0.sanctions() } done: { sanctions in
            .listed(title: self.strings.sanctionsTitle(sanctions.count), lines: sanctions.map(self.strings.sanctionLine))
        }
    }

    private func act<T>(_ work: (any ModerationService) async throws -> T, done: (T) -> String) async -> ModerationOutcome {
        await act(work) { .done(done($0)) }
    }

    private func act<T>(_ work: (any ModerationService) async throws -> T, done: (T) -> ModerationOutcome) async -> ModerationOutcome {
        guard let service else { return .failed(strings.moderationUnavailable) }
        do {
            return done(try await work(service))
        } catch {
            return .failed(strings.error(error))
        }
    }
}
