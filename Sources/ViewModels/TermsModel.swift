import ChatCore

/// The community rules with a checkbox and Join. Join unticked answers "Please agree to the
/// terms." and stays; ticked, consent is stored with the account and the version the community
/// asks for — a newer one than the member agreed to when its moderators published new terms.
@MainActor
public final class TermsModel: Lifecycle {
    public let changes: ChangeSignal
    public let title: String
    /// The shipped rules, or the text the community's moderators published (after `load`).
    public private(set) var rules: [String]
    /// The version Join agrees to.
    public let version: Int
    public private(set) var isAgreed = false
    /// "Please agree to the terms." or a storage error.
    public private(set) var message: String?
    /// Who is asked: the status line names the member, who is not a guest while agreeing.
    public let memberName: String

    private let service: any SessionService
    /// Where published terms come from (the embedded community); nil on Matrix.
    private let moderation: (any ModerationService)?
    private let strings: Strings
    private let accepted: @MainActor (Account) async -> Void

    /// `account` is the member asked: the version shown and agreed to is the one it must accept.
    init(context: ModelContext, account: Account, accepted: @escaping @MainActor (Account) async -> Void) {
        service = context.service
        moderation = context.service as? any ModerationService
        strings = context.strings
        changes = ChangeSignal(forwardingTo: context.changes)
        self.accepted = accepted
        title = strings.termsTitle
        rules = strings.termsBody
        version = max(account.requiredTermsVersion, CommunityTerms.currentVersion)
        memberName = Viewer.member(account).displayName
    }

    /// Shows the published text of the version asked for; the shipped rules otherwise (or when it
    /// cannot be read: the version agreed to stays the one asked for).
    public func load() async {
        guard version > CommunityTerms.currentVersion, let terms = try? await moderation?.publishedTerms(), terms.version == version else { return }
        rules = terms.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        changes.publish()
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
            let account = try await service.acceptTerms(version: version)
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
