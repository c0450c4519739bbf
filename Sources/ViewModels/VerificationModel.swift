import ChatCore

/// One emoji verification as a front end shows it (`/verify`): the steps of the backend's
/// `DeviceVerification` as a state to draw, and the person's answers. It never answers by itself:
/// only `answer(match:)` confirms, and the front end calls it only on a deliberate choice.
@MainActor
public final class VerificationModel {
    public enum State: Hashable, Sendable {
        /// Asking the other side, or waiting for it; the text says for what.
        case waiting(String)
        /// The emoji to compare with the other device's screen.
        case compare([VerificationEmoji])
        /// Answered "they match"; the other side has yet to confirm.
        case confirmed
        case verified(user: String, device: String)
        case cancelled(String)
    }

    /// The person verified (a Matrix user id; this account's own for its other devices).
    public let user: String
    public private(set) var state: State
    /// Something the person must hear after the outcome (the signature not uploaded), until taken.
    public private(set) var warning: String?
    private let changes: ChangeSignal
    private let strings: Strings
    private var verification: (any DeviceVerification)?
    private var following: Task<Void, Never>?

    init(user: String, strings: Strings, changes: ChangeSignal) {
        self.user = user
        self.strings = strings
        self.changes = changes
        state = .waiting(strings.verificationAsking(user))
    }

    public var isFinished: Bool {
        switch state {
        case .verified, .cancelled: return true
        case .waiting, .compare, .confirmed: return false
        }
    }

    /// Asks `user`'s devices through `service` — in `room` when given (a conversation with
    /// them), else directly — and follows the steps until the end. A name that is not a Matrix
    /// user id (`@name:server`) is looked up among the members first.
    func start(_ service: any VerificationService, members: any ChatService, in room: ChannelID? = nil, timeout: Duration) {
        following = Task { [weak self, user] in
            do {
                let id = try await Self.userID(of: user, in: members)
                guard let id else {
                    self?.set(.cancelled(self?.strings.noMembersFound ?? ""))
                    return
                }
                let verification = if let room {
                    try await service.verify(user: id, in: room, timeout: timeout)
                } else {
                    try await service.verify(user: id, device: nil, timeout: timeout)
                }
                self?.verification = verification
                for await step in verification.steps() { self?.show(step) }
            } catch {
                self?.set(.cancelled(self?.strings.error(error) ?? ""))
            }
        }
    }

    /// Accepts another device's request and follows the steps until the end.
    func follow(accepting request: any VerificationRequest, timeout: Duration) {
        following = Task { [weak self] in
            let verification = await request.accept(timeout: timeout)
            self?.verification = verification
            for await step in verification.steps() { self?.show(step) }
        }
    }

    /// `user` itself when it is a Matrix id; else the one member a search by nickname finds (nil
    /// when none or several do: verifying the wrong person is worse than asking again).
    private static func userID(of user: String, in members: any ChatService) async throws -> String? {
        if user.hasPrefix("@"), user.contains(":") { return user }
        let found = try await members.searchMembers(MemberMatch.normalized(user))
        return MemberMatch.pick(user, from: found)?.id.raw
    }

    /// The person's answer to the emoji: match sends our confirmation, no match cancels on both sides.
    public func answer(match: Bool) async {
        guard case .compare = state, let verification else { return }
        if match { set(.confirmed) }
        await verification.answer(match: match)
    }

    /// Gives up: cancelled on both sides (before the request went out, nothing is sent).
    public func cancel() async {
        guard !isFinished else { return }
        if let verification {
            await verification.cancel()
        } else {
            following?.cancel()
            set(.cancelled(strings.verificationCancelledHere))
        }
    }

    /// The warning, once: a front end shows it as an alert.
    public func takeWarning() -> String? {
        defer { warning = nil }
        return warning
    }

    private func show(_ step: VerificationStep) {
        switch step {
        case .waiting(let text):
            if state != .confirmed { set(.waiting(text)) }
        case .compare(let emoji, _): set(.compare(emoji))
        case .verified(let user, let device): set(.verified(user: user, device: device))
        case .unpublished(let reason):
            warning = strings.verificationUnpublished(reason)
            changes.publish()
        case .cancelled(let reason, _, let byPeer):
            set(.cancelled(byPeer ? strings.verificationCancelledByPeer(reason) : strings.verificationCancelled(reason)))
        }
    }

    private func set(_ new: State) {
        guard !isFinished else { return }
        state = new
        changes.publish()
    }
}

extension SessionModel {
    /// `/verify`: starts an emoji verification of `user` — a Matrix id (this account's own: its
    /// other devices) or a member's nickname — in `room` when given (a direct conversation with
    /// them), or says why it cannot (another backend, a guest).
    public func verify(_ user: String, in room: ChannelID? = nil, timeout: Duration = .seconds(120)) -> VerificationModel? {
        guard let verifications = service as? any VerificationService else { return nil }
        let model = VerificationModel(user: user, strings: strings, changes: changes)
        model.start(verifications, members: service, in: room, timeout: timeout)
        return model
    }
}
