import ChatCore

/// The sign-up form: email, password, and optionally nickname and region (the nickname gate
/// asks later when it is left empty). The terms screen follows.
@MainActor
public final class SignUpFormModel {
    public let changes: ChangeSignal
    public var email = ""
    public var password = ""
    public var nickname = ""
    public var region = ""
    public private(set) var error: String?
    public private(set) var isSubmitting = false

    private let service: any ChatService
    private let strings: Strings
    private let signedUp: @MainActor (Account) async -> Void

    init(context: ModelContext, signedUp: @escaping @MainActor (Account) async -> Void) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.signedUp = signedUp
    }

    @discardableResult
    public func submit() async -> Bool {
        let identifier = email.trimmingCharacters(in: .whitespacesAndNewlines)
        let secret = password
        password = ""
        guard !isSubmitting else { return false }
        guard !identifier.isEmpty, !secret.isEmpty else { return fail(strings.emailAndPasswordRequired) }
        let region = region.trimmingCharacters(in: .whitespacesAndNewlines)
        let request = SignUpRequest(
            identifier: identifier, password: secret,
            nickname: nickname.trimmingCharacters(in: .whitespacesAndNewlines),
            region: region.isEmpty ? nil : region)
        isSubmitting = true
        changes.publish()
        defer { isSubmitting = false }
        do {
            let account = try await service.signUp(request)
            error = nil
            changes.publish()
            await signedUp(account)
            return true
        } catch {
            return fail(strings.error(error))
        }
    }

    private func fail(_ message: String) -> Bool {
        error = message
        changes.publish()
        return false
    }
}
