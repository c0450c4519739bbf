import ChatCore

/// Asks a member for the nickname the gate needs; once set, the chat they wanted opens.
@MainActor
public final class NicknamePromptModel: Lifecycle {
    public let changes: ChangeSignal
    /// What the member typed so far.
    public var nickname = ""
    /// Why the last try failed.
    public private(set) var error: String?
    public let title: String

    private let service: any SessionService
    private let strings: Strings
    private let whenSet: @MainActor () async -> Void

    init(context: ModelContext, whenSet: @escaping @MainActor () async -> Void) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.whenSet = whenSet
        title = strings.nicknamePrompt
    }

    /// Saves the nickname, then continues to where the member was going. Returns true on success.
    @discardableResult
    public func submit() async -> Bool {
        let chosen = nickname.trimmingWhitespaceAndNewlines()
        guard !chosen.isEmpty else { return fail(strings.nicknameEmpty) }
        do {
            _ = try await service.updateProfile(nickname: chosen, region: nil)
        } catch {
            return fail(strings.error(error))
        }
        error = nil
        changes.publish()
        await whenSet()
        return true
    }

    private func fail(_ message: String) -> Bool {
        error = message
        changes.publish()
        return false
    }
}
