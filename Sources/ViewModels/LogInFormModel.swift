import ChatCore

/// The log-in form: email (or Matrix user name) and password. Used from the welcome screen and, for a guest, over the
/// community at any time.
@MainActor
public final class LogInFormModel: Lifecycle {
    public let changes: ChangeSignal
    /// The email or user name, as the backend's `accountNaming` says.
    public var identifier = ""
    /// Cleared after every try, so it never outlives the form's use.
    public var password = ""
    public private(set) var error: String?
    public private(set) var isSubmitting = false

    /// What names an account here: the form's first field asks for it.
    public let naming: AccountNaming
    private let service: any SessionService
    private let strings: Strings
    private let signedIn: @MainActor (Account) async -> Void

    init(context: ModelContext, signedIn: @escaping @MainActor (Account) async -> Void) {
        service = context.service
        naming = context.service.accountNaming
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.signedIn = signedIn
    }

    /// Logs in; on success the session continues (terms, then the community). Returns true then.
    @discardableResult
    public func submit() async -> Bool {
        let identifier = self.identifier.trimmingWhitespaceAndNewlines()
        let secret = password
        password = ""
        guard !isSubmitting else { return false }
        guard !identifier.isEmpty, !secret.isEmpty else { return fail(strings.identifierAndPasswordRequired(naming)) }
        isSubmitting = true
        changes.publish()
        defer { isSubmitting = false }
        do {
            let account = try await service.logIn(identifier: identifier, password: secret)
            error = nil
            changes.publish()
            await signedIn(account)
            return true
        } catch {
            return fail(strings.error(error))
        }
    }

    public func close() async {
        password = ""
    }

    private func fail(_ message: String) -> Bool {
        error = message
        changes.publish()
        return false
    }
}
