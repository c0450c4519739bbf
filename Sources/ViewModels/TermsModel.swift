import ChatCore

/// The community rules with a checkbox and Join. Join unticked answers "Please agree to the
/// terms." and stays; ticked, consent is stored with the account and its terms version.
@MainActor
public final class TermsModel: Lifecycle {
    public let changes: ChangeSignal
    public let title: String
    public let rules: [String]
    public private(set) var isAgreed = false
    /// "Please agree to the terms." or a storage error.
    public private(set) var message: String?

    private let service: any SessionService
    private let strings: Strings
    private let accepted: @MainActor (Account) async -> Void

    init(context: ModelContext, accepted: @escaping @MainActor (Account) async -> Void) {
        service = context.service
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.accepted = accepted
        title = strings.termsTitle
        rules = strings.termsBody
    }

    public func toggleAgreement() {
        isAgreed.toggle()
        message = nil
        changes.publish()
    }

    /// Stores consent when the box is ticked, then the session continues. Returns true then.
    @discardableResult
    public func join() async -> Bool {
        guard isAgreed else { return fail(strings.agreeToTerms) }
        do {
            let account = try await service.acceptTerms(version: CommunityTerms.currentVersion)
            message = nil
            changes.publish()
            await accepted(account)
            return true
        } catch {
            return fail(strings.error(error))
        }
    }

    private func fail(_ text: String) -> Bool {
        message = text
        changes.publish()
        return false
    }
}
