import ChatCore

/// What came of a report or a block, for the status line: a confirmation or why it failed.
public enum SafetyNotice: Hashable, Sendable {
    case done(String)
    case failed(String)

    public var text: String {
        switch self {
        case .done(let text), .failed(let text): return text
        }
    }
}

/// Reporting messages and blocking members, from wherever they are shown: a chat's selected
/// message, a person's chat, `/block NAME`, the blocked list on my profile.
///
/// One per session. It holds no account data, only the last notice: what a block hides is the
/// backend's business, and every screen re-reads on `ChatEvent.blocksChanged`, so a block shows
/// everywhere at once without this model telling anyone.
@MainActor
public final class SafetyModel {
    public let changes: ChangeSignal
    /// The last confirmation or failure; cleared by `clearNotice()` or the next action.
    public private(set) var notice: SafetyNotice?

    private let service: any SessionService & ReadingService & SafetyService
    let strings: Strings

    init(service: any SessionService & ReadingService & SafetyService, strings: Strings, changes parent: ChangeSignal) {
        self.service = service
        self.strings = strings
        changes = ChangeSignal(forwardingTo: parent)
    }

    // MARK: Reports

    /// Reports `message` with `reason`. Nothing else changes: the message stays where it is.
    @discardableResult
    public func report(_ message: Message, reason: String) async -> Bool {
        let reason = reason.trimmingWhitespaceAndNewlines()
        guard let viewer = await member() else { return false }
        guard !viewer.owns(message) else { return finish(.failed(strings.cannotReportOwnMessage)) }
        guard !reason.isEmpty else { return finish(.failed(strings.reportNeedsReason)) }
        do {
            try await service.report(message.id, in: message.channelID, reason: reason)
            return finish(.done(strings.reportSent))
        } catch {
            return finish(.failed(strings.error(error)))
        }
    }

    // MARK: Blocks

    /// Blocks `user`: their messages, conversations and badges vanish for me everywhere.
    @discardableResult
    public func block(_ user: UserProfile) async -> Bool {
        guard let viewer = await member() else { return false }
        guard viewer.userID != user.id else { return finish(.failed(strings.cannotBlockYourself)) }
        do {
            try await service.block(user.id)
            return finish(.done(strings.blocked(user.nickname)))
        } catch {
            return finish(.failed(strings.error(error)))
        }
    }

    @discardableResult
    public func unblock(_ user: UserProfile) async -> Bool {
        guard await member() != nil else { return false }
        do {
            try await service.unblock(user.id)
            return finish(.done(strings.unblocked(user.nickname)))
        } catch {
            return finish(.failed(strings.error(error)))
        }
    }

    /// `/block NAME`: a member by nickname or email (exact match first, else the only match).
    @discardableResult
    public func block(named name: String) async -> Bool {
        guard await member() != nil else { return false }
        do {
            let found = try await service.searchMembers(MemberMatch.normalized(name))
            guard let user = MemberMatch.pick(name, from: found) else { return finish(.failed(strings.noMembersFound)) }
            return await block(user)
        } catch {
            return finish(.failed(strings.error(error)))
        }
    }

    /// `/unblock NAME`: looked up among the people I blocked (a search no longer finds them).
    @discardableResult
    public func unblock(named name: String) async -> Bool {
        guard await member() != nil else { return false }
        do {
            let blocked = try await service.blockedUsers()
            guard let user = MemberMatch.pick(name, from: blocked.filter { Self.contains($0, name) }) else {
                return finish(.failed(strings.notBlocked(name)))
            }
            return await unblock(user)
        } catch {
            return finish(.failed(strings.error(error)))
        }
    }

    /// Shows a refusal decided by a screen (e.g. nothing selected to report).
    func fail(_ text: String) {
        _ = finish(.failed(text))
    }

    public func clearNotice() {
        guard notice != nil else { return }
        notice = nil
        changes.publish()
    }

    // MARK: Helpers

    /// The viewer when a member; a guest is told to log in (guests neither report nor block).
    private func member() async -> Viewer? {
        let viewer = await service.viewer()
        guard case .member = viewer else {
            _ = finish(.failed(strings.logInToReportOrBlock))
            return nil
        }
        return viewer
    }

    private static func contains(_ user: UserProfile, _ name: String) -> Bool {
        let wanted = MemberMatch.normalized(name)
        return user.nickname.lowercased().contains(wanted) || user.email?.lowercased().contains(wanted) == true
    }

    private func finish(_ notice: SafetyNotice) -> Bool {
        self.notice = notice
        changes.publish()
        if case .done = notice { return true }
        return false
    }
}
