import ChatCore

/// Where a front end wants to go: every path into a chat names one of these.
public enum ChatTarget: Hashable, Sendable {
    /// A channel picked from a list, Discover or the quick switcher.
    case channel(Channel)
    /// A channel by name: `--channel` at start-up, `/join NAME`, a link.
    case channelNamed(String)
    /// A conversation with a member picked from a profile or a search.
    case person(UserProfile)
    /// `/dm NAME`: a member found by nickname or email.
    case member(String)
}

/// What came of trying to open a chat.
@MainActor
public enum GateOutcome {
    /// The chat was pushed on the navigator.
    case opened(ChatModel)
    /// The viewer may not enter; the reason (e.g. "Set your nickname first.").
    case refused(String)
    /// The target could not be found or fetched.
    case failed(String)
}

/// The one door into every chat. A member without a nickname is refused with "Set your nickname
/// first." and asked for one; the chat does not open. Guests are never asked.
///
/// `ChatModel` has no public initialiser: a chat exists only when this gate let it through.
@MainActor
public final class NicknameGate {
    public let changes: ChangeSignal
    /// The last refusal or failure, for the status line; cleared by the next success.
    public private(set) var notice: String?

    private let context: ModelContext
    private let service: any SessionService & ReadingService
    private let strings: Strings
    weak var navigator: Navigator?

    init(context: ModelContext) {
        self.context = context
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
    }

    /// Opens `target` for the current viewer (re-read now), or says why not.
    @discardableResult
    public func open(_ target: ChatTarget) async -> GateOutcome {
        let viewer = await service.viewer()
        if case .member(let account) = viewer, account.needsNickname {
            await askForNickname(then: target)
            return report(.refused(strings.setNicknameFirst))
        }
        let subject: ChatSubject
        do {
            subject = try await resolve(target, viewer: viewer)
        } catch let refusal as GateRefusal {
            return report(.refused(refusal.message))
        } catch {
            return report(.failed(strings.error(error)))
        }
        // A space only groups rooms: opening it as a chat would offer an input nobody may use.
        if case .channel(let channel) = subject, channel.isSpace {
            return report(.refused(strings.spaceIsNotAChat(channel.name)))
        }
        let chat = ChatModel(subject: subject, viewer: viewer, context: context)
        await navigator?.push(.chat(chat))
        return report(.opened(chat))
    }

    public func clearNotice() {
        guard notice != nil else { return }
        notice = nil
        changes.publish()
    }

    private struct GateRefusal: Error { let message: String }

    private func resolve(_ target: ChatTarget, viewer: Viewer) async throws -> ChatSubject {
        switch target {
        case .channel(let channel):
            return .channel(channel)
        case .channelNamed(let name):
            return .channel(try await service.channel(named: name))
        case .person(let other):
            guard case .member = viewer else { throw GateRefusal(message: strings.logInForConversations) }
            return .person(other, try await service.directChannel(with: other.id))
        case .member(let query):
            guard case .member = viewer else { throw GateRefusal(message: strings.logInForConversations) }
            let other = try await findMember(query)
            return .person(other, try await service.directChannel(with: other.id))
        }
    }

    /// An exact nickname or email match wins; otherwise the only member found.
    private func findMember(_ query: String) async throws -> UserProfile {
        let found = try await service.searchMembers(MemberMatch.normalized(query))
        guard let member = MemberMatch.pick(query, from: found) else { throw GateRefusal(message: strings.noMembersFound) }
        return member
    }

    private func askForNickname(then target: ChatTarget) async {
        let prompt = NicknamePromptModel(context: context) { [weak self] in
            await self?.open(target)
        }
        await navigator?.present(.nicknamePrompt(prompt))
    }

    private func report(_ outcome: GateOutcome) -> GateOutcome {
        switch outcome {
        case .opened: notice = nil
        case .refused(let message), .failed(let message): notice = message
        }
        changes.publish()
        return outcome
    }
}
