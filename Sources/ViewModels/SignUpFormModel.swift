import ChatCore

/// The sign-up form: email (or Matrix user name), password, and optionally nickname and region (the nickname gate
/// asks later when it is left empty). The terms screen follows.
@MainActor
public final class SignUpFormModel: CredentialsFormModel, Lifecycle {
    public var nickname = ""
    public var region = ""

    init(context: ModelContext, signedUp: @escaping @MainActor (Account) async -> Void) {
        super.init(context: context, entered: signedUp)
    }

    /// Signs up; on success the session continues (terms, then the community). Returns true then.
    @discardableResult
    public func submit() async -> Bool {
        let nickname = nickname.trimmingWhitespaceAndNewlines()
        let region = region.trimmingWhitespaceAndNewlines()
        return await submit { [service] identifier, password in
            try await service.signUp(SignUpRequest(identifier: identifier, password: password, nickname: nickname, region: region.isEmpty ? nil : region))
        }
    }

    public func close() async {
        password = ""
    }
}
