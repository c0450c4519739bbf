import ChatCore

/// The log-in form: email and password. Used from the welcome screen and, for a guest, over the
/// community at any time.
@MainActor
public final class LogInFormModel: Lifecycle {
    public let changes: ChangeSignal
    public var email = ""
    /// Cleared after every try, so it never outlives the form's use.
    public var password = ""
    public private(set) var error: String?
    public private(set) var isSubmitting = false

    private let service: any ChatService
    private let strings: Strings
    private let signedIn: @MainActor (Account) async -> Void

    init(context: ModelContext, signedIn: @escaping @MainActor (Account) async -> Void) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.signedIn = signedIn
    }

    /// Logs in; on success the session continues (terms, then the community). Returns true then.
    @discardableResult
    public func submit() async -> Bool {
        let identifier = email.trimmingCharacters(in: .whitespacesAndNewlines)
        let secret = password
        password = ""
        guard !isSubmitting else { return false }
        guard !identifier.isEmpty, !secret.isEmpty else { return fail(strings.emailAndPasswordRequired) }
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
