import ChatCore

/// The sign-up form: email (or Matrix user name), password, and optionally nickname and region (the nickname gate
/// asks later when it is left empty). The terms screen follows.
@MainActor
public final class SignUpFormModel {
    public let changes: ChangeSignal
    /// The email or user name, as the backend's `accountNaming` says.
    public var identifier = ""
    public var password = ""
    public var nickname = ""
    public var region = ""
    public private(set) var error: String?
    public private(set) var isSubmitting = false

    /// What names an account here: the form's first field asks for it.
    public let naming: AccountNaming
    private let service: any SessionService
    private let strings: Strings
    private let signedUp: @MainActor (Account) async -> Void

    init(context: ModelContext, signedUp: @escaping @MainActor (Account) async -> Void) {
        service = context.service
        naming = context.service.accountNaming
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.signedUp = signedUp
    }

    @discardableResult
    public func submit() async -> Bool {
        let identifier = self.identifier.trimmingWhitespaceAndNewlines()
        let secret = password
        password = ""
        guard !isSubmitting else { return false }
        guard !identifier.isEmpty, !secret.isEmpty else { return fail(strings.identifierAndPasswordRequired(naming)) }
        let region = region.trimmingWhitespaceAndNewlines()
        let request = SignUpRequest(
            identifier: identifier, password: secret,
            nickname: nickname.trimmingWhitespaceAndNewlines(),
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
