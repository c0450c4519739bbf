import ChatCore

/// An account as `signup`, `login` and `whoami` print it.
struct AccountRecord: Encodable, Sendable {
    let id: String
    let email: String
    let nickname: String
    let region: String?
    let acceptedTermsVersion: Int?
    /// The version the community asks for: a newer one than accepted means agreeing again.
    let requiredTermsVersion: Int
    let termsAccepted: Bool
    /// A moderator's mute in force, if any.
    let mute: MuteRecord?

    init(_ account: Account) {
        id = account.id.raw
        email = account.email
        nickname = account.nickname
        region = account.region
        acceptedTermsVersion = account.acceptedTermsVersion
        requiredTermsVersion = max(account.requiredTermsVersion, CommunityTerms.currentVersion)
        termsAccepted = !account.needsTerms()
        mute = account.mute.map(MuteRecord.init)
    }

    /// `key: value` lines for a terminal; outside text made inert. A Matrix account's name is
    /// its user id, so it is labelled as what the backend names accounts by.
    func lines(_ console: Console, naming: AccountNaming) -> [String] {
        [
            "id: \(console.inert(id))",
            "\(naming == .email ? "email" : "username"): \(console.inert(email))",
            "nickname: \(nickname.isEmpty ? "(not set)" : console.inert(nickname))",
            "region: \(region.map(console.inert) ?? "(not set)")",
            "terms: \(termsAccepted ? "accepted" : acceptedTermsVersion == nil ? "not accepted" : "new terms to agree to (tteok terms accept)")",
        ] + (mute.map { ["muted: \($0.line(console))"] } ?? [])
    }
}
