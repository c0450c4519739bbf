import ChatCore

/// The log-in form: email (or Matrix user name) and password. Used from the welcome screen and, for a guest, over the
/// community at any time.
@MainActor
public final class LogInFormModel: CredentialsFormModel, Lifecycle {
    init(context: ModelContext, signedIn: @escaping @MainActor (Account) async -> Void) {
        super.init(context: context, entered: signedIn)
    }

    /// Logs in; on success the session continues (terms, then the community). Returns true then.
    @discardableResult
    public func submit() async -> Bool {
        await submit { [service] identifier, password in try await service.logIn(identifier: identifier, password: password) }
    }

    public func close() async {
        password = ""
    }
}
