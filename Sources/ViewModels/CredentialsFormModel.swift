import ChatCore

/// What the log-in and sign-up forms share: the account's name and password as typed, one try
/// at a time, and the error of the last try. The password is taken out of the form at every
/// try, so it never outlives its use.
@MainActor
public class CredentialsFormModel {
    public let changes: ChangeSignal
    /// The email or user name, as the backend's `accountNaming` says.
    public var identifier = ""
    /// Cleared at every try and when the form closes.
    public var password = ""
    public private(set) var error: String?
    public private(set) var isSubmitting = false

    /// What names an account here: the form's first field asks for it.
    public let naming: AccountNaming
    let service: any SessionService
    let strings: Strings
    private let entered: @MainActor (Account) async -> Void

    init(context: ModelContext, entered: @escaping @MainActor (Account) async -> Void) {
        service = context.service
        naming = context.service.accountNaming
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.entered = entered
    }

    /// One try with the trimmed identifier and the password (both required): `attempt` asks the
    /// backend; on success the session continues. Returns true then.
    func submit(_ attempt: (_ identifier: String, _ password: String) async throws -> Account) async -> Bool {
        let identifier = self.identifier.trimmingWhitespaceAndNewlines()
        let secret = password
        password = ""
        guard !isSubmitting else { return false }
        guard !identifier.isEmpty, !secret.isEmpty else { return fail(strings.identifierAndPasswordRequired(naming)) }
        isSubmitting = true
        changes.publish()
        defer { isSubmitting = false }
        do {
            let account = try await attempt(identifier, secret)
            error = nil
            changes.publish()
            await entered(account)
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
